package org.flyproto.buffers;

import java.util.SplittableRandom;

/** Seeds for property tests: fresh each run unless {@code -Dflyproto.test.seed=N} replays a failure. */
final class TestSeeds {
    private static final SplittableRandom SEEDS = new SplittableRandom();

    private TestSeeds() {}

    static synchronized long seed() {
        final String fixed = System.getProperty("flyproto.test.seed");
        return fixed != null ? Long.parseLong(fixed) : SEEDS.nextLong();
    }
}
