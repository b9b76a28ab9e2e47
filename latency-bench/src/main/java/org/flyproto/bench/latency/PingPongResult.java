package org.flyproto.bench.latency;

import org.HdrHistogram.Histogram;

/**
 * The outcome of the recorded part of one ping-pong run.
 *
 * @param total round-trip latencies, nanoseconds from each request's intended send time to the decoded reply.
 * @param intervals the same, one histogram per second of the run.
 * @param startMillis wall-clock start of the recorded part.
 * @param gcCount garbage collections during the recorded part (the whole JVM).
 * @param gcMillis milliseconds spent in them.
 * @param pingerAllocatedBytes bytes the pinger thread allocated during the recorded part.
 * @param pongerAllocatedBytes bytes the ponger thread allocated during the recorded part.
 * @param requestLength encoded length of the last request.
 * @param replyLength encoded length of the last reply.
 */
public record PingPongResult(
        Histogram total,
        Histogram[] intervals,
        long startMillis,
        long gcCount,
        long gcMillis,
        long pingerAllocatedBytes,
        long pongerAllocatedBytes,
        int requestLength,
        int replyLength) {
    /**
     * @return round trips recorded.
     */
    public long roundTrips() {
        return total.getTotalCount();
    }

    /**
     * @param allocatedBytes bytes allocated during the recorded part.
     * @return those bytes per recorded round trip.
     */
    public double perRoundTrip(final long allocatedBytes) {
        final long count = roundTrips();
        return count == 0 ? 0 : (double) allocatedBytes / count;
    }
}
