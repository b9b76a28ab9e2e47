package org.flyproto.bench.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.flyproto.bench.Library;
import org.flyproto.bench.fixture.Fixture;

/** Reads JMH's CSV output ({@code -rf csv}) of the benchmarks in {@code org.flyproto.bench.jmh}. */
final class JmhResults {
    private static final String PACKAGE = "org.flyproto.bench.jmh.";
    private static final String ALLOC_NORM = ":gc.alloc.rate.norm";

    private JmhResults() {}

    /**
     * Reads a file.
     *
     * @param file JMH's CSV.
     * @return one measurement per benchmark and parameter combination.
     * @throws IOException if it cannot be read.
     */
    static List<Measurement> read(final Path file) throws IOException {
        final Map<String, Double> allocations = new HashMap<>();
        final List<Map<String, String>> primary = new ArrayList<>();
        for (final Map<String, String> row : Csv.read(file)) {
            final String benchmark = row.get("Benchmark");
            if (benchmark.endsWith(ALLOC_NORM)) {
                final String name = benchmark.substring(0, benchmark.length() - ALLOC_NORM.length());
                allocations.put(key(name, row), parse(row.get("Score")));
            } else if (!benchmark.contains(":")) {
                primary.add(row);
            }
        }
        final List<Measurement> measurements = new ArrayList<>();
        for (final Map<String, String> row : primary) {
            final String benchmark = row.get("Benchmark");
            final String name = benchmark.startsWith(PACKAGE) ? benchmark.substring(PACKAGE.length()) : benchmark;
            final int dot = name.indexOf('.');
            final String benchmarkClass = name.substring(0, dot);
            final String method = name.substring(dot + 1);
            final String fixture = param(row, "fixture");
            final String boundsChecks = param(row, "boundsChecks");
            measurements.add(new Measurement(
                    library(benchmarkClass),
                    operation(method),
                    fixture.isEmpty()
                            ? Fixture.ORDER.label()
                            : Fixture.of(fixture).label(),
                    boundsChecks.isEmpty() ? "n/a" : boundsChecks,
                    parse(row.get("Score")),
                    parse(row.get("Score Error (99.9%)")),
                    allocations.getOrDefault(key(benchmark, row), Double.NaN)));
        }
        return measurements;
    }

    private static String key(final String benchmark, final Map<String, String> row) {
        return benchmark + '|' + param(row, "fixture") + '|' + param(row, "boundsChecks");
    }

    private static String param(final Map<String, String> row, final String name) {
        final String value = row.get("Param: " + name);
        return value == null ? "" : value.trim();
    }

    private static String library(final String benchmarkClass) {
        return switch (benchmarkClass) {
            case "FlyprotoBenchmark" -> Library.FLYPROTO.label();
            case "ProtobufJavaBenchmark" -> Library.PROTOBUF_JAVA.label();
            case "QuickbufBenchmark" -> Library.QUICKBUF.label();
            case "LightprotoBenchmark" -> Library.LIGHTPROTO.label();
            case "SbeBenchmark" -> Library.SBE.label();
            default -> benchmarkClass;
        };
    }

    private static String operation(final String method) {
        return switch (method) {
            case "encodePrebuilt" -> "encode-prebuilt";
            case "decodeTrusted" -> "decode-trusted";
            default -> method;
        };
    }

    private static double parse(final String value) {
        if (value == null || value.isBlank()) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(value.trim());
        } catch (final NumberFormatException ex) {
            return Double.NaN;
        }
    }
}
