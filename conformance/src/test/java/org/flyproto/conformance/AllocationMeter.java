package org.flyproto.conformance;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;

/** Bytes allocated on the calling thread by repeated work, as the allocation gates measure them. */
final class AllocationMeter {
    /** The most attempts: the JVM's own allocations while it compiles the work can span several. */
    private static final int ATTEMPTS = 10;

    private AllocationMeter() {}

    /**
     * Bytes allocated by {@code iterations} runs of {@code work} after {@code warmUp} runs: the lowest of up to
     * {@value #ATTEMPTS} attempts, stopping at the first that allocates nothing. While the JIT compiles the work the
     * JVM allocates a few bytes at a time on the calling thread, once per site (seen: the String constants of an
     * exception message in a branch never taken, 56 to 400 bytes, in one attempt in three of the first ten of 25,000
     * iterations each; none with C1 alone); an allocation in the work itself shows up in every attempt.
     */
    static long allocatedBy(final Runnable work, final int warmUp, final int iterations) {
        final ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        final long thread = Thread.currentThread().getId();
        for (int i = 0; i < warmUp; i++) {
            work.run();
        }
        long lowest = Long.MAX_VALUE;
        for (int attempt = 0; attempt < ATTEMPTS && lowest > 0; attempt++) {
            final long before = threads.getThreadAllocatedBytes(thread);
            for (int i = 0; i < iterations; i++) {
                work.run();
            }
            lowest = Math.min(lowest, threads.getThreadAllocatedBytes(thread) - before);
        }
        return lowest;
    }
}
