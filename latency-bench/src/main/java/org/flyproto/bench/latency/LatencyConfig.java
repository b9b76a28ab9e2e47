package org.flyproto.bench.latency;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.flyproto.bench.fixture.Fixture;

/**
 * The harness's settings, from system properties (the defaults of the shared ones are {@link BenchProperties#LATENCY}):
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
    public static final String PREFIX = BenchProperties.PREFIX;

    /**
     * Reads the settings from the system properties ({@link BenchProperties#LATENCY} for the defaults).
     *
     * @return the settings.
     * @throws IllegalArgumentException on a value that does not parse.
     */
    public static LatencyConfig fromSystemProperties() {
        final List<Fixture> fixtures = new ArrayList<>();
        for (final String label : BenchProperties.list(BenchProperties.get("fixture", "order"))) {
            fixtures.add(Fixture.of(label));
        }
        final List<Contender> contenders = new ArrayList<>();
        final List<String> libraries = BenchProperties.libraries(BenchProperties.LATENCY);
        if (libraries.isEmpty()) {
            contenders.addAll(List.of(Contender.values()));
        } else {
            for (final String label : libraries) {
                contenders.add(Contender.of(label));
            }
        }
        final BenchProperties.Timing timing = BenchProperties.timing(BenchProperties.LATENCY);
        return new LatencyConfig(
                fixtures, contenders, timing.rate(), timing.warmupSeconds(), timing.seconds(), timing.outputDir());
    }
}
