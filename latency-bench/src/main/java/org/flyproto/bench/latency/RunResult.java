package org.flyproto.bench.latency;

import org.HdrHistogram.Histogram;

/**
 * The outcome of one fixed-rate run.
 *
 * @param total latencies of every recorded operation, nanoseconds from intended start to end.
 * @param intervals the same, one histogram per second of the run.
 * @param startMillis wall-clock start of the recorded run.
 * @param gcCount garbage collections during the recorded run.
 * @param gcMillis milliseconds spent in them.
 * @param allocatedBytes bytes the running thread allocated during the recorded run.
 * @param checksum of everything the decodes read (printed, so that nothing is optimised away).
 */
public record RunResult(
        Histogram total,
        Histogram[] intervals,
        long startMillis,
        long gcCount,
        long gcMillis,
        long allocatedBytes,
        long checksum) {
    /**
     * @param recording the recorded part of a run of {@link FixedRateRunner}.
     * @param checksum of everything its decodes read.
     * @return the result.
     */
    static RunResult of(final FixedRateRunner.Recording recording, final long checksum) {
        return new RunResult(
                recording.total(),
                recording.intervals(),
                recording.startMillis(),
                recording.gcCount(),
                recording.gcMillis(),
                recording.allocatedBytes(),
                checksum);
    }
}
