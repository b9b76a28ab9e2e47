package org.flyproto.bench.latency;

import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.flyproto.bench.codec.ChecksumSink;

/**
 * Runs an operation at a fixed rate on the calling thread and records its latency from the intended start: operation
 * {@code i} is due at {@code start + i * interval}; the thread spins until then (or starts at once if it is late), runs
 * the operation, and records {@code end - due}. A slow operation makes the following ones late, and their latency says
 * so, as a sender at that rate would see it. Nothing is allocated while recording.
 */
final class FixedRateRunner {
    /** Latencies above this are recorded as this. */
    private static final long HIGHEST_TRACKABLE_NANOS = TimeUnit.SECONDS.toNanos(60);

    private static final int SIGNIFICANT_DIGITS = 3;

    private final long rate;

    /**
     * @param rate operations per second.
     */
    FixedRateRunner(final long rate) {
        this.rate = rate;
    }

    /**
     * Warms up, unrecorded, then records.
     *
     * @param operation the operation.
     * @param sink the sink the operation's decode reads into.
     * @param warmupSeconds seconds of warm-up.
     * @param seconds seconds recorded.
     * @return the histograms and counters of the recorded part.
     */
    RunResult run(final Runnable operation, final ChecksumSink sink, final int warmupSeconds, final int seconds) {
        final Histogram discard = newHistogram();
        run(operation, TimeUnit.SECONDS.toNanos(warmupSeconds), discard, new Histogram[] {discard});

        final Histogram total = newHistogram();
        final Histogram[] intervals = new Histogram[seconds];
        for (int i = 0; i < seconds; i++) {
            intervals[i] = newHistogram();
        }
        final com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        final long gcCountBefore = GcCounter.count();
        final long gcMillisBefore = GcCounter.millis();
        final long allocatedBefore = threads.getCurrentThreadAllocatedBytes();
        final long startMillis = System.currentTimeMillis();

        run(operation, TimeUnit.SECONDS.toNanos(seconds), total, intervals);

        final long allocated = threads.getCurrentThreadAllocatedBytes() - allocatedBefore;
        final long gcCount = GcCounter.count() - gcCountBefore;
        final long gcMillis = GcCounter.millis() - gcMillisBefore;
        for (int i = 0; i < seconds; i++) {
            intervals[i].setStartTimeStamp(startMillis + 1000L * i);
            intervals[i].setEndTimeStamp(startMillis + 1000L * (i + 1));
        }
        total.setStartTimeStamp(startMillis);
        total.setEndTimeStamp(startMillis + 1000L * seconds);
        return new RunResult(total, intervals, startMillis, gcCount, gcMillis, allocated, sink.checksum());
    }

    private void run(
            final Runnable operation, final long durationNanos, final Histogram total, final Histogram[] intervals) {
        final double intervalNanos = 1e9 / rate;
        final long operations = (long) (durationNanos / intervalNanos);
        final long intervalLength = durationNanos / intervals.length;
        final long start = System.nanoTime() + 1_000_000;
        for (long i = 0; i < operations; i++) {
            final long offset = (long) (i * intervalNanos);
            final long due = start + offset;
            while (System.nanoTime() < due) {
                Thread.onSpinWait();
            }
            operation.run();
            final long latency = Math.min(System.nanoTime() - due, HIGHEST_TRACKABLE_NANOS);
            total.recordValue(latency);
            intervals[(int) Math.min(intervals.length - 1, offset / intervalLength)].recordValue(latency);
        }
    }

    private static Histogram newHistogram() {
        return new Histogram(HIGHEST_TRACKABLE_NANOS, SIGNIFICANT_DIGITS);
    }
}
