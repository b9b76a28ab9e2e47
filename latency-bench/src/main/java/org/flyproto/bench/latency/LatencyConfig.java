package org.flyproto.bench.latency;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.flyproto.bench.fixture.Fixture;

/**
 * The harness's settings, from system properties:
 *
 * <table>
 *   <caption>properties</caption>
 *   <tr><th>property</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>{@code flyproto.bench.fixture}</td><td>{@code order}</td><td>fixtures, comma-separated (labels such as
 *       {@code person-1KB}, or constant names)</td></tr>
 *   <tr><td>{@code flyproto.bench.library}</td><td>all</td><td>contenders, comma-separated: {@code flyproto},
 *       {@code flyproto-trusted}, {@code protobuf-java}, {@code quickbuf}, {@code lightproto}, {@code sbe}</td></tr>
 *   <tr><td>{@code flyproto.bench.rate}</td><td>50000</td><td>operations per second</td></tr>
 *   <tr><td>{@code flyproto.bench.warmup.seconds}</td><td>5</td><td>run at the rate, unrecorded, first</td></tr>
 *   <tr><td>{@code flyproto.bench.seconds}</td><td>20</td><td>recorded run</td></tr>
 *   <tr><td>{@code flyproto.bench.output.dir}</td><td>{@code target/bench-results}</td><td>where the
 *       {@code .hdr}, {@code .hgrm} and {@code latency.csv} files go</td></tr>
 * </table>
 *
 * @param fixtures fixtures to run.
 * @param contenders contenders to run on each.
 * @param rate operations per second.
 * @param warmupSeconds unrecorded seconds before each run.
 * @param seconds recorded seconds.
 * @param outputDir where results go.
 */
public record LatencyConfig(
        List<Fixture> fixtures, List<Contender> contenders, long rate, int warmupSeconds, int seconds, Path outputDir) {
    /** Prefix of every property. */
    public static final String PREFIX = "flyproto.bench.";

    /**
     * Reads the settings from the system properties.
     *
     * @return the settings.
     * @throws IllegalArgumentException on a value that does not parse.
     */
    public static LatencyConfig fromSystemProperties() {
        final List<Fixture> fixtures = new ArrayList<>();
        for (final String label : list(property("fixture", "order"))) {
            fixtures.add(Fixture.of(label));
        }
        final List<Contender> contenders = new ArrayList<>();
        final String libraries = property("library", "");
        if (libraries.isEmpty()) {
            contenders.addAll(List.of(Contender.values()));
        } else {
            for (final String label : list(libraries)) {
                contenders.add(Contender.of(label));
            }
        }
        final long rate = Long.parseLong(property("rate", "50000"));
        final int warmupSeconds = Integer.parseInt(property("warmup.seconds", "5"));
        final int seconds = Integer.parseInt(property("seconds", "20"));
        if (rate <= 0 || warmupSeconds < 0 || seconds <= 0) {
            throw new IllegalArgumentException("rate and seconds must be positive, warmup.seconds not negative");
        }
        final Path outputDir = Path.of(property("output.dir", "target/bench-results"));
        return new LatencyConfig(fixtures, contenders, rate, warmupSeconds, seconds, outputDir);
    }

    private static String property(final String name, final String defaultValue) {
        return System.getProperty(PREFIX + name, defaultValue).trim();
    }

    private static List<String> list(final String value) {
        final List<String> items = new ArrayList<>();
        for (final String item : value.split(",")) {
            if (!item.isBlank()) {
                items.add(item.trim());
            }
        }
        return items;
    }
}
