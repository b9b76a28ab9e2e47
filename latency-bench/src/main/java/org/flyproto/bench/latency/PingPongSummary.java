package org.flyproto.bench.latency;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The Markdown summary of a ping-pong session: a percentile table with every run, then, when both flyproto and
 * protobuf-java ran, the ratio flyproto ÷ protobuf-java per percentile, round by round and for the medians over the
 * rounds.
 */
final class PingPongSummary {
    private static final String[] COLUMNS = {"p50", "p90", "p99", "p99.9", "p99.99", "max", "mean"};

    private PingPongSummary() {}

    /**
     * @param rows the runs, in the order they ran.
     * @return the summary, Markdown.
     */
    static String markdown(final List<PingPongRow> rows) {
        return markdown(rows, "Aeron IPC");
    }

    /**
     * @param rows the runs, in the order they ran.
     * @param path what the round trips went through, e.g. {@code Aeron IPC}.
     * @return the summary, Markdown.
     */
    static String markdown(final List<PingPongRow> rows, final String path) {
        final StringBuilder out = new StringBuilder();
        if (rows.isEmpty()) {
            return "No runs.\n";
        }
        final PingPongRow first = rows.get(0);
        out.append(String.format(
                Locale.ROOT,
                "Round trips over %s, `order` fixture (%d B request, %d B reply), %,d round trips/s, %d s recorded"
                        + " per run, ponger idle `%s`, Agrona bounds checks %s. Latency in µs from the intended send"
                        + " time; GCs during the recorded part; bytes allocated per round trip by the pinger + the"
                        + " ponger thread.%n%n",
                path,
                first.requestBytes(),
                first.replyBytes(),
                first.rate(),
                first.seconds(),
                first.pongerIdle(),
                first.boundsChecks() ? "on" : "off"));
        out.append("| round | library | p50 | p90 | p99 | p99.9 | p99.99 | max | mean | GCs | B/round trip |\n");
        out.append("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (final PingPongRow row : rows) {
            out.append("| ").append(row.round()).append(" | ").append(row.library());
            for (final double value : row.latencies()) {
                out.append(" | ").append(micros(value));
            }
            out.append(" | ")
                    .append(row.gcCount())
                    .append(" | ")
                    .append(bytes(row.pingerAllocPerRoundTrip()))
                    .append(" + ")
                    .append(bytes(row.pongerAllocPerRoundTrip()))
                    .append(" |\n");
        }
        final List<PingPongRow> flyproto = of(rows, PingPongLibrary.FLYPROTO);
        final List<PingPongRow> protobuf = of(rows, PingPongLibrary.PROTOBUF_JAVA);
        if (!flyproto.isEmpty() && !protobuf.isEmpty()) {
            out.append("\nflyproto ÷ protobuf-java per percentile (below 1: flyproto's round trip is shorter)\n\n");
            out.append("| round |");
            for (final String column : COLUMNS) {
                out.append(' ').append(column).append(" |");
            }
            out.append("\n|---:|");
            out.append("---:|".repeat(COLUMNS.length)).append('\n');
            for (final PingPongRow fly : flyproto) {
                for (final PingPongRow pb : protobuf) {
                    if (pb.round() == fly.round()) {
                        appendRatios(out, Integer.toString(fly.round()), fly.latencies(), pb.latencies());
                    }
                }
            }
            appendRatios(out, "median of rounds", medians(flyproto), medians(protobuf));
        }
        return out.toString();
    }

    private static void appendRatios(
            final StringBuilder out, final String label, final double[] numerator, final double[] denominator) {
        out.append("| ").append(label);
        for (int i = 0; i < numerator.length; i++) {
            final double ratio = numerator[i] / denominator[i];
            // Two decimals, or two significant digits below 0.1 (a queue on a busy machine gives ratios of 0.0004).
            out.append(" | ").append(String.format(Locale.ROOT, ratio < 0.1 ? "%.2g" : "%.2f", ratio));
        }
        out.append(" |\n");
    }

    private static List<PingPongRow> of(final List<PingPongRow> rows, final PingPongLibrary library) {
        final List<PingPongRow> selected = new ArrayList<>();
        for (final PingPongRow row : rows) {
            if (row.library().equals(library.label())) {
                selected.add(row);
            }
        }
        return selected;
    }

    /** Per column, the median over the runs (the mean of the middle two for an even number). */
    private static double[] medians(final List<PingPongRow> rows) {
        final double[] medians = new double[COLUMNS.length];
        final double[] column = new double[rows.size()];
        for (int c = 0; c < COLUMNS.length; c++) {
            for (int r = 0; r < rows.size(); r++) {
                column[r] = rows.get(r).latencies()[c];
            }
            Arrays.sort(column);
            final int middle = column.length / 2;
            medians[c] = column.length % 2 == 1 ? column[middle] : (column[middle - 1] + column[middle]) / 2;
        }
        return medians;
    }

    /** Nanoseconds as microseconds, three significant digits or whole microseconds. */
    static String micros(final double nanos) {
        final double micros = nanos / 1000;
        if (micros < 10) {
            return String.format(Locale.ROOT, "%.2f", micros);
        }
        if (micros < 100) {
            return String.format(Locale.ROOT, "%.1f", micros);
        }
        return String.format(Locale.ROOT, "%,.0f", micros);
    }

    private static String bytes(final double value) {
        if (value == 0) {
            return "0";
        }
        return value < 10 ? String.format(Locale.ROOT, "%.2f", value) : String.format(Locale.ROOT, "%,.0f", value);
    }
}
