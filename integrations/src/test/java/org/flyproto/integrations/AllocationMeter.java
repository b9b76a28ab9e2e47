package org.flyproto.integrations;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;

/** Bytes allocated on the calling thread by repeated work, after warm-up. */
final class AllocationMeter {
    private AllocationMeter() {}

    /**
     * Bytes allocated by {@code iterations} runs of {@code work} after {@code warmUp} runs: the lowest of up to three
     * attempts, because the JVM itself occasionally allocates a few bytes once on a thread; an allocation in the work
     * shows up in every attempt, once per iteration.
     */
    static long allocatedBy(final Runnable work, final int warmUp, final int iterations) {
        final ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        final long thread = Thread.currentThread().getId();
        for (int i = 0; i < warmUp; i++) {
            work.run();
        }
        long lowest = Long.MAX_VALUE;
        for (int attempt = 0; attempt < 3 && lowest > 0; attempt++) {
            final long before = threads.getThreadAllocatedBytes(thread);
            for (int i = 0; i < iterations; i++) {
                work.run();
            }
            lowest = Math.min(lowest, threads.getThreadAllocatedBytes(thread) - before);
        }
        return lowest;
    }
}
