package org.flyproto.bench.latency;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

/** Garbage collections so far, over every collector of the JVM. */
final class GcCounter {
    private GcCounter() {}

    /**
     * @return collections so far.
     */
    static long count() {
        long count = 0;
        for (final GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            count += Math.max(0, collector.getCollectionCount());
        }
        return count;
    }

    /**
     * @return milliseconds spent collecting so far.
     */
    static long millis() {
        long millis = 0;
        for (final GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            millis += Math.max(0, collector.getCollectionTime());
        }
        return millis;
    }
}
