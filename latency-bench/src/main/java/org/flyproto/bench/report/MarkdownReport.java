package org.flyproto.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.flyproto.bench.CrossCheck;
import org.flyproto.bench.Library;

/** Writes {@code summary.md}: sizes, ratio tables, the cells where flyproto is not ahead, every benchmark, latency. */
final class MarkdownReport {
    private static final String ON = "on";
    private static final String OFF = "off";

    private final Results results;
    private final List<String> fixtures;
    private final StringBuilder out = new StringBuilder();

    MarkdownReport(final Results results, final List<String> fixtures) {
        this.results = results;
        this.fixtures = fixtures;
    }

    String write(final String runInfo, final List<CrossCheck.Sizes> sizes, final List<Map<String, String>> latency) {
        out.append("# flyproto benchmark results\n\n");
        if (!runInfo.isBlank()) {
            out.append("```\n").append(runInfo.strip()).append("\n```\n\n");
        }
        out.append("Throughput ratios are flyproto's operations per second divided by the peer's: above 1 flyproto is ")
                .append(
                        "faster. **Bold**: flyproto is not ahead. Decode reads every field: scalars, counts, each string's length and middle char. ")
                .append(
                        "protobuf-java, QuickBuffers and LightProto do not use Agrona, so their numbers serve both bounds-check ")
                .append("modes. B/op is JMH's `gc.alloc.rate.norm`; a few B/op in a benchmark of a few thousand ")
                .append("ops/s is JMH's own per-iteration bookkeeping, not the code (docs/performance.md).\n\n");
        sizes(sizes);
        for (final String mode : List.of(ON, OFF)) {
            if (results.hasBoundsChecks(mode)) {
                ratios(mode);
            }
        }
        notAhead();
        everyBenchmark();
        latency(latency);
        return out.toString();
    }

    private void sizes(final List<CrossCheck.Sizes> sizes) {
        out.append("## Encoded sizes (bytes)\n\n");
        out.append("| fixture | protobuf-java (canonical) | flyproto | QuickBuffers | LightProto | SBE |\n"
                + "|---|---:|---:|---:|---:|---:|\n");
        for (final CrossCheck.Sizes size : sizes) {
            out.append("| ").append(size.fixture().label());
            for (final Library library : List.of(
                    Library.PROTOBUF_JAVA, Library.FLYPROTO, Library.QUICKBUF, Library.LIGHTPROTO, Library.SBE)) {
                final Integer bytes = size.sizes().get(library);
                out.append(" | ").append(bytes == null ? "" : String.format(Locale.ROOT, "%,d", bytes));
            }
            out.append(" |\n");
        }
        out.append('\n');
    }

    private void ratios(final String mode) {
        out.append("## Throughput ratios flyproto ÷ peer, Agrona bounds checks ")
                .append(mode)
                .append("\n\n");
        final List<Comparison> columns = new ArrayList<>(Comparison.ENCODE);
        columns.addAll(Comparison.DECODE);
        out.append("| fixture |");
        for (final Comparison column : columns) {
            out.append(' ').append(column.label()).append(" |");
        }
        out.append(" flyproto B/op encode / decode / trusted |\n|---|");
        out.append("---:|".repeat(columns.size())).append("---:|\n");
        for (final String fixture : fixtures) {
            out.append("| ").append(fixture).append(" |");
            for (final Comparison column : columns) {
                out.append(' ')
                        .append(ratio(results.ratio(column, fixture, mode)))
                        .append(" |");
            }
            out.append(' ')
                    .append(bytes(results.flyprotoBytesPerOp("encode", fixture, mode)))
                    .append(" / ")
                    .append(bytes(results.flyprotoBytesPerOp("decode", fixture, mode)))
                    .append(" / ")
                    .append(bytes(results.flyprotoBytesPerOp("decode-trusted", fixture, mode)))
                    .append(" |\n");
        }
        out.append('\n');
        final String order = org.flyproto.bench.fixture.Fixture.ORDER.label();
        if (results.find(Library.SBE.label(), "encode", order, mode).isPresent()) {
            out.append("Order against SBE (fixed layout, no tags or varints: the lower bound), bounds checks ")
                    .append(mode)
                    .append(":\n\n| fixture |");
            for (final Comparison column : Comparison.SBE_ORDER) {
                out.append(' ').append(column.label()).append(" |");
            }
            out.append("\n|---|")
                    .append("---:|".repeat(Comparison.SBE_ORDER.size()))
                    .append('\n');
            out.append("| ").append(order).append(" |");
            for (final Comparison column : Comparison.SBE_ORDER) {
                out.append(' ')
                        .append(ratio(results.ratio(column, order, mode)))
                        .append(" |");
            }
            out.append("\n\n");
        }
    }

    private void notAhead() {
        out.append("## Cells where flyproto is not ahead\n\n");
        int count = 0;
        for (final String mode : List.of(ON, OFF)) {
            if (!results.hasBoundsChecks(mode)) {
                continue;
            }
            final List<Comparison> columns = new ArrayList<>(Comparison.ENCODE);
            columns.addAll(Comparison.DECODE);
            columns.addAll(Comparison.SBE_ORDER);
            for (final String fixture : fixtures) {
                for (final Comparison column : columns) {
                    final double ratio = results.ratio(column, fixture, mode);
                    if (ratio < 1) {
                        out.append(String.format(
                                Locale.ROOT,
                                "- %s, %s, bounds checks %s: %.2f×%s%n",
                                fixture,
                                column.label(),
                                mode,
                                ratio,
                                ratio >= 0.95 ? " (within 5%: noise on this machine)" : ""));
                        count++;
                    }
                }
            }
        }
        if (count == 0) {
            out.append("None.\n");
        }
        out.append('\n');
    }

    private void everyBenchmark() {
        out.append("## Every benchmark\n\n");
        out.append("| library | operation | fixture | bounds checks | ops/s | ± (99.9%) | ns/op | B/op |\n");
        out.append("|---|---|---|---|---:|---:|---:|---:|\n");
        for (final String fixture : fixtures) {
            for (final Measurement m : results.all()) {
                if (!m.fixture().equals(fixture)) {
                    continue;
                }
                out.append(String.format(
                        Locale.ROOT,
                        "| %s | %s | %s | %s | %,.0f | %s | %,.1f | %s |%n",
                        m.library(),
                        m.operation(),
                        m.fixture(),
                        m.boundsChecks(),
                        m.opsPerSecond(),
                        Double.isNaN(m.error()) ? "" : String.format(Locale.ROOT, "%,.0f", m.error()),
                        m.nanosPerOp(),
                        bytes(m.bytesPerOp())));
            }
        }
        out.append('\n');
    }

    private void latency(final List<Map<String, String>> rows) {
        if (rows.isEmpty()) {
            return;
        }
        out.append("## Latency of encode + decode at a fixed rate (µs, from the intended send time)\n\n");
        out.append(
                "| fixture | library | bounds checks | rate (ops/s) | p50 | p90 | p99 | p99.9 | p99.99 | max | GCs | "
                        + "B/op |\n|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (final Map<String, String> row : rows) {
            out.append("| ")
                    .append(row.get("fixture"))
                    .append(" | ")
                    .append(row.get("library"))
                    .append(" | ")
                    .append(row.get("bounds_checks"))
                    .append(" | ")
                    .append(row.get("rate"));
            for (final String column : List.of("p50_ns", "p90_ns", "p99_ns", "p999_ns", "p9999_ns", "max_ns")) {
                out.append(" | ").append(micros(row.get(column)));
            }
            out.append(" | ")
                    .append(row.get("gc_count"))
                    .append(" | ")
                    .append(row.get("alloc_bytes_per_op"))
                    .append(" |\n");
        }
        out.append('\n');
    }

    private static String ratio(final double ratio) {
        if (Double.isNaN(ratio)) {
            return "";
        }
        final String text = String.format(Locale.ROOT, "%.2f×", ratio);
        return ratio < 1 ? "**" + text + "**" : text;
    }

    private static String bytes(final double bytes) {
        if (Double.isNaN(bytes)) {
            return "–";
        }
        // gc.alloc.rate.norm of an allocation-free benchmark reads a few thousandths (JMH's own bookkeeping).
        return bytes < 0.5 ? "0" : String.format(Locale.ROOT, "%,.0f", bytes);
    }

    private static String micros(final String nanos) {
        try {
            final double value = Double.parseDouble(nanos) / 1e3;
            return String.format(Locale.ROOT, value >= 100 ? "%,.0f" : "%.2f", value);
        } catch (final NumberFormatException | NullPointerException ex) {
            return "";
        }
    }
}
