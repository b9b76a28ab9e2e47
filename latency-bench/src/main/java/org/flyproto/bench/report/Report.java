package org.flyproto.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.flyproto.bench.CrossCheck;
import org.flyproto.bench.fixture.Fixture;

/**
 * Entry point of the report: reads a results directory and writes, into it, {@code results.csv} (every JMH benchmark,
 * tidy), {@code summary.md} (tables), {@code throughput-ratios-*.svg} and {@code latency-*.svg}.
 *
 * <p>Input: every {@code jmh*.json} in the directory (JMH's {@code -rf json} output), the latency harness's
 * {@code latency.csv} and {@code latency_*.hdr}, and an optional {@code run-info.txt} quoted at the top of the summary.
 * The encoded sizes are computed afresh ({@link CrossCheck}), so the JVM needs Agrona's
 * {@code --add-exports java.base/jdk.internal.misc=ALL-UNNAMED}.
 */
public final class Report {
    private Report() {}

    /**
     * Writes the report.
     *
     * @param args the results directory.
     * @throws IOException if a file cannot be read or written.
     */
    public static void main(final String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: Report <results directory>");
            System.exit(2);
        }
        final Path directory = Path.of(args[0]);
        final List<Measurement> measurements = new ArrayList<>();
        try (Stream<Path> files = Files.list(directory)) {
            for (final Path file : files.filter(p -> p.getFileName().toString().matches("jmh.*\\.json"))
                    .sorted()
                    .toList()) {
                measurements.addAll(JmhJson.read(file));
            }
        }
        final Results results = new Results(measurements);
        final List<String> order = new ArrayList<>();
        final List<CrossCheck.Sizes> sizes = new ArrayList<>();
        for (final Fixture fixture : Fixture.values()) {
            order.add(fixture.label());
            sizes.add(CrossCheck.verify(fixture));
        }
        final List<String> fixtures = results.fixtures(order);

        final StringBuilder csv = new StringBuilder(Measurement.CSV_HEADER).append('\n');
        for (final Measurement m : measurements) {
            csv.append(m.csv()).append('\n');
        }
        Files.writeString(directory.resolve("results.csv"), csv, StandardCharsets.UTF_8);

        final Path runInfo = directory.resolve("run-info.txt");
        final String info = Files.exists(runInfo) ? Files.readString(runInfo, StandardCharsets.UTF_8) : "";
        final List<Map<String, String>> latency = LatencyResults.rows(directory);
        Files.writeString(
                directory.resolve("summary.md"),
                new MarkdownReport(results, fixtures).write(info, sizes, latency),
                StandardCharsets.UTF_8);

        for (final String mode : List.of("on", "off")) {
            if (!results.hasBoundsChecks(mode) || fixtures.isEmpty()) {
                continue;
            }
            final String suffix = mode.equals("on") ? "" : "-unchecked";
            final String title = mode.equals("on") ? "" : ", Agrona bounds checks off";
            chart(
                    directory.resolve("throughput-ratios-encode" + suffix + ".svg"),
                    "Encode: flyproto ÷ peer" + title,
                    Comparison.ENCODE,
                    results,
                    fixtures,
                    mode);
            chart(
                    directory.resolve("throughput-ratios-decode" + suffix + ".svg"),
                    "Decode, every field read: flyproto ÷ peer" + title,
                    Comparison.DECODE,
                    results,
                    fixtures,
                    mode);
        }

        final Map<String, List<PercentileChart.Curve>> curves = new LinkedHashMap<>();
        for (final LatencyResults.Run run : LatencyResults.runs(directory)) {
            curves.computeIfAbsent(run.fixture(), f -> new ArrayList<>())
                    .add(new PercentileChart.Curve(run.library(), run.histogram()));
        }
        for (final Map.Entry<String, List<PercentileChart.Curve>> entry : curves.entrySet()) {
            Files.writeString(
                    directory.resolve("latency-" + entry.getKey() + ".svg"),
                    PercentileChart.draw(
                            "Latency of encode + decode, " + entry.getKey() + ", from the intended send time",
                            entry.getValue()),
                    StandardCharsets.UTF_8);
        }
        System.out.println("report written to " + directory.toAbsolutePath().normalize() + "/summary.md");
    }

    private static void chart(
            final Path file,
            final String title,
            final List<Comparison> comparisons,
            final Results results,
            final List<String> fixtures,
            final String mode)
            throws IOException {
        final List<String> series = new ArrayList<>();
        final double[][] ratios = new double[comparisons.size()][fixtures.size()];
        for (int s = 0; s < comparisons.size(); s++) {
            series.add(comparisons.get(s).label());
            for (int f = 0; f < fixtures.size(); f++) {
                ratios[s][f] = results.ratio(comparisons.get(s), fixtures.get(f), mode);
            }
        }
        Files.writeString(file, RatioChart.draw(title, fixtures, series, ratios), StandardCharsets.UTF_8);
    }
}
