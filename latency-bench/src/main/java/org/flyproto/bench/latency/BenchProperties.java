package org.flyproto.bench.latency;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code flyproto.bench.*} system properties the latency harnesses share, read in one place, with each harness's
 * defaults side by side: {@code library}, {@code rate}, {@code warmup.seconds}, {@code seconds} and
 * {@code output.dir}. ({@link LatencyConfig} and {@link PingPongConfig} add their own: fixtures; rounds, forking, the
 * ponger's idle strategy.)
 */
final class BenchProperties {
    /** Prefix of every property. */
    static final String PREFIX = "flyproto.bench.";

    /**
     * One harness's defaults.
     *
     * @param libraries {@code library}: comma-separated, empty for all.
     * @param rate {@code rate}: operations per second.
     * @param warmupSeconds {@code warmup.seconds}: at the rate, unrecorded, before recording.
     * @param seconds {@code seconds}: recorded.
     * @param outputDir {@code output.dir}: where the files go.
     */
    record Defaults(String libraries, long rate, int warmupSeconds, int seconds, String outputDir) {}

    /**
     * {@link LatencyHarness}: encode + decode on one thread, which every library sustains at 50,000/s on 2 cores for
     * the small fixtures.
     */
    static final Defaults LATENCY = new Defaults("", 50_000, 5, 20, "target/bench-results");

    /**
     * {@link AeronPingPong}: a round trip through two spinning threads and the driver; 20,000/s leaves it room on 2
     * cores, and the longer warm-up covers the JIT of both ends and the first pass over the term buffers.
     */
    static final Defaults PING_PONG = new Defaults("flyproto,protobuf-java", 20_000, 10, 20, "target/pingpong");

    /**
     * Rate and durations of fixed-rate runs, and where their files go.
     *
     * @param rate operations per second.
     * @param warmupSeconds unrecorded seconds before each recorded run.
     * @param seconds recorded seconds.
     * @param outputDir where the files go.
     */
    record Timing(long rate, int warmupSeconds, int seconds, Path outputDir) {
        /**
         * @return operations of a warm-up.
         */
        long warmupOperations() {
            return rate * warmupSeconds;
        }

        /**
         * @return operations recorded.
         */
        long operations() {
            return rate * seconds;
        }
    }

    private BenchProperties() {}

    /**
     * @param defaults the harness's defaults.
     * @return the timing properties, or their defaults.
     * @throws IllegalArgumentException on a value that does not parse or is out of range.
     */
    static Timing timing(final Defaults defaults) {
        final long rate = Long.parseLong(get("rate", Long.toString(defaults.rate())));
        final int warmupSeconds = Integer.parseInt(get("warmup.seconds", Integer.toString(defaults.warmupSeconds())));
        final int seconds = Integer.parseInt(get("seconds", Integer.toString(defaults.seconds())));
        if (rate <= 0 || warmupSeconds < 0 || seconds <= 0) {
            throw new IllegalArgumentException("rate and seconds must be positive, warmup.seconds not negative");
        }
        return new Timing(rate, warmupSeconds, seconds, Path.of(get("output.dir", defaults.outputDir())));
    }

    /**
     * @param defaults the harness's defaults.
     * @return the labels of the {@code library} property, or of its default; empty for all.
     */
    static List<String> libraries(final Defaults defaults) {
        return list(get("library", defaults.libraries()));
    }

    /**
     * @param name property name without the prefix.
     * @param defaultValue its value when unset.
     * @return the value, trimmed.
     */
    static String get(final String name, final String defaultValue) {
        return System.getProperty(PREFIX + name, defaultValue).trim();
    }

    /**
     * @param value a comma-separated list.
     * @return its non-blank items, trimmed.
     */
    static List<String> list(final String value) {
        final List<String> items = new ArrayList<>();
        for (final String item : value.split(",")) {
            if (!item.isBlank()) {
                items.add(item.trim());
            }
        }
        return items;
    }
}
