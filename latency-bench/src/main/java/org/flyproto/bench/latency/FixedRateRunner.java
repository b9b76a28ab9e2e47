package org.flyproto.bench.latency;

import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * The fixed-rate measurement both latency harnesses share ({@link LatencyHarness}, {@link AeronPingPong}): operation
 * {@code i} is due at {@code start + i / rate}; the calling thread spins until then (or starts at once if it is
 * late), runs it, and records {@code end - due} into an HdrHistogram, the whole run's and one per second. A slow
 * operation makes the following ones late, and their latency says so, as a sender at that rate would see it (no
 * coordinated omission). Nothing is allocated while recording.
 *
 * <p>One place for what a run measures besides latency: the garbage collections of the JVM ({@link GcCounter}) and
 * the bytes allocated by the measuring thread and by any other thread named, over the recorded part only. And one
 * warm-up: at the rate, unrecorded, in calls of about 50 ms of the same loop that then records, so that the loop
 * method itself (not only its on-stack replacement) is compiled before the recorded call enters it. (One long warm-up
 * call left the recording to start in C1 code; its recompilation, at 20,000/s on 2 cores, showed as stalls of tens of
 * milliseconds at the start of the recording.)
 */
final class FixedRateRunner {
    /** Latencies above this are recorded as this. */
    static final long HIGHEST_TRACKABLE_NANOS = TimeUnit.SECONDS.toNanos(60);

    private static final int SIGNIFICANT_DIGITS = 3;
    /** Warm-up calls per second of warm-up: about 50 ms each. */
    private static final int WARMUP_CALLS_PER_SECOND = 20;

    /** What is timed. */
    @FunctionalInterface
    interface Operation {
        /**
         * @param index the operation's number in the run, from 0, counting the warm-up's (so an operation can make
         *     each of its messages distinct).
         */
        void run(long index);
    }

    /**
     * The recorded part of a run.
     *
     * @param total latencies of every recorded operation, nanoseconds from its due time to its end.
     * @param intervals the same, one histogram per second.
     * @param startMillis wall-clock start of the recorded part.
     * @param gcCount garbage collections during it (the whole JVM).
     * @param gcMillis milliseconds spent in them.
     * @param allocatedBytes bytes the measuring thread allocated during it.
     * @param otherAllocatedBytes bytes each of the other threads named allocated during it, in their order.
     */
    record Recording(
            Histogram total,
            Histogram[] intervals,
            long startMillis,
            long gcCount,
            long gcMillis,
            long allocatedBytes,
            long[] otherAllocatedBytes) {
        /**
         * @param bytes bytes allocated during the recorded part.
         * @return per recorded operation.
         */
        double perOperation(final long bytes) {
            final long count = total.getTotalCount();
            return count == 0 ? 0 : (double) bytes / count;
        }
    }

    private final long rate;

    /**
     * @param rate operations per second.
     */
    FixedRateRunner(final long rate) {
        if (rate <= 0) {
            throw new IllegalArgumentException("rate must be positive: " + rate);
        }
        this.rate = rate;
    }

    /**
     * Warms up, unrecorded, then records.
     *
     * @param operation the operation.
     * @param warmupOperations operations of the warm-up.
     * @param operations operations recorded.
     * @param otherThreadIds threads (besides the calling one) whose allocation to measure, e.g. the other end of a
     *     ping-pong.
     * @return the histograms and counters of the recorded part.
     */
    Recording run(
            final Operation operation,
            final long warmupOperations,
            final long operations,
            final long... otherThreadIds) {
        final Histogram discard = newHistogram();
        final Histogram[] discards = {discard};
        final long chunk = Math.max(1, rate / WARMUP_CALLS_PER_SECOND);
        for (long done = 0; done < warmupOperations; done += chunk) {
            loop(operation, done, Math.min(chunk, warmupOperations - done), discard, discards);
        }

        final int seconds = (int) Math.max(1, (operations + rate - 1) / rate);
        final Histogram total = newHistogram();
        final Histogram[] intervals = new Histogram[seconds];
        for (int i = 0; i < seconds; i++) {
            intervals[i] = newHistogram();
        }
        final com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        final long[] othersBefore = new long[otherThreadIds.length];
        for (int i = 0; i < otherThreadIds.length; i++) {
            othersBefore[i] = threads.getThreadAllocatedBytes(otherThreadIds[i]);
        }
        final long gcCountBefore = GcCounter.count();
        final long gcMillisBefore = GcCounter.millis();
        final long allocatedBefore = threads.getCurrentThreadAllocatedBytes();
        final long startMillis = System.currentTimeMillis();

        loop(operation, warmupOperations, operations, total, intervals);

        final long allocated = threads.getCurrentThreadAllocatedBytes() - allocatedBefore;
        final long gcCount = GcCounter.count() - gcCountBefore;
        final long gcMillis = GcCounter.millis() - gcMillisBefore;
        final long[] othersAllocated = new long[otherThreadIds.length];
        for (int i = 0; i < otherThreadIds.length; i++) {
            othersAllocated[i] = threads.getThreadAllocatedBytes(otherThreadIds[i]) - othersBefore[i];
        }
        for (int i = 0; i < seconds; i++) {
            intervals[i].setStartTimeStamp(startMillis + 1000L * i);
            intervals[i].setEndTimeStamp(startMillis + 1000L * (i + 1));
        }
        total.setStartTimeStamp(startMillis);
        total.setEndTimeStamp(startMillis + 1000L * seconds);
        return new Recording(total, intervals, startMillis, gcCount, gcMillis, allocated, othersAllocated);
    }

    private void loop(
            final Operation operation,
            final long firstIndex,
            final long count,
            final Histogram total,
            final Histogram[] intervals) {
        final double intervalNanos = 1e9 / rate;
        final long start = System.nanoTime() + 1_000_000;
        for (long i = 0; i < count; i++) {
            final long offset = (long) (i * intervalNanos);
            final long due = start + offset;
            while (System.nanoTime() < due) {
                Thread.onSpinWait();
            }
            operation.run(firstIndex + i);
            final long latency = Math.min(System.nanoTime() - due, HIGHEST_TRACKABLE_NANOS);
            total.recordValue(latency);
            intervals[(int) Math.min(intervals.length - 1, offset / 1_000_000_000L)].recordValue(latency);
        }
    }

    private static Histogram newHistogram() {
        return new Histogram(HIGHEST_TRACKABLE_NANOS, SIGNIFICANT_DIGITS);
    }
}
