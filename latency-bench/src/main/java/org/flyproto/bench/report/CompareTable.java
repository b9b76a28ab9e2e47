package org.flyproto.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.flyproto.bench.Library;

/**
 * The tables of {@code bin/compare}'s {@code summary.md}, from the JMH results of several rounds. Every ratio is
 * computed per round (flyproto and its peer from the same round, measured minutes apart) and then summarised as the
 * median over the rounds with min–max: a ratio survives a machine whose speed drifts over a session better than
 * either throughput does. A cell whose median misses its target ({@link Target}) is bold and listed at the end.
 */
final class CompareTable {
    private static final String FLYPROTO = Library.FLYPROTO.label();
    private static final List<String> MODES = List.of("on", "off");
    /** {@code gc.alloc.rate.norm} below this is JMH's own per-iteration bookkeeping, not the code (see the docs). */
    private static final double ZERO_BYTES = 0.5;
    /** The operations of the ns/op and B/op table, in its order ({@link Measurement#operation()}). */
    private static final List<String> OPERATIONS =
            List.of("decode", "decode-trusted", "encode", "encode-prebuilt", "size", "claim", "encode-and-copy");

    private final List<Results> rounds;
    private final List<String> misses = new ArrayList<>();

    /**
     * @param rounds the results of each round, in order.
     */
    CompareTable(final List<Results> rounds) {
        this.rounds = List.copyOf(rounds);
    }

    /**
     * The ratio flyproto ÷ peer of one cell, per round, summarised.
     *
     * @param column the peer column.
     * @param kind the benchmark kind.
     * @param fixture fixture label.
     * @param mode Agrona bounds checks of flyproto (and SBE): {@code on} or {@code off}.
     * @return the spread over the rounds that measured both sides; {@link Spread#NONE} if none did.
     */
    Spread ratio(final Target column, final BenchmarkKind kind, final String fixture, final String mode) {
        final double[] perRound = new double[rounds.size()];
        for (int r = 0; r < rounds.size(); r++) {
            final Results round = rounds.get(r);
            final double flyproto = RoundStats.ops(round, FLYPROTO, kind.operation(), fixture, mode);
            double peer = Double.NaN;
            for (final String library : column.peers()) {
                final double ops = RoundStats.ops(round, library, column.peerOperation(kind), fixture, mode);
                if (!Double.isNaN(ops) && !(ops <= peer)) {
                    peer = ops;
                }
            }
            perRound[r] = flyproto / peer;
        }
        return Spread.of(perRound);
    }

    /**
     * @return nanoseconds per operation of one benchmark over the rounds.
     */
    Spread nanos(final String library, final String operation, final String fixture, final String mode) {
        return RoundStats.nanos(rounds, library, operation, fixture, mode);
    }

    /**
     * @return the largest bytes per operation of one benchmark over the rounds, NaN if never measured.
     */
    double maxBytes(final String library, final String operation, final String fixture, final String mode) {
        return RoundStats.maxBytes(rounds, library, operation, fixture, mode);
    }

    /**
     * Writes the ratio table and the ns/op and B/op table of each fixture, then the cells that miss their target.
     *
     * @param fixtures fixture labels, in order.
     * @param sizes encoded size in bytes of each fixture (protobuf-java's canonical encoding), if known.
     * @return markdown.
     */
    String render(final List<String> fixtures, final Map<String, Integer> sizes) {
        misses.clear();
        final StringBuilder out = new StringBuilder();
        if (fixtures.isEmpty()) {
            return out.append("No JMH result in any round.\n").toString();
        }
        for (final String fixture : fixtures) {
            out.append("## ").append(fixture);
            final Integer size = sizes.get(fixture);
            if (size != null) {
                out.append(String.format(Locale.ROOT, " (%,d bytes)", size));
            }
            out.append("\n\n");
            ratios(out, fixture);
            benchmarks(out, fixture);
        }
        out.append("## Cells that miss their target\n\n");
        return misses(out, misses).toString();
    }

    private void ratios(final StringBuilder out, final String fixture) {
        final List<Target> columns = new ArrayList<>();
        for (final Target column : Target.COLUMNS) {
            if (hasAny(column, fixture)) {
                columns.add(column);
            }
        }
        final List<String> modes = modes(fixture);
        if (columns.isEmpty() || modes.isEmpty()) {
            out.append("No flyproto result with a peer to compare.\n\n");
            return;
        }
        out.append("| benchmark | bounds checks |");
        for (final Target column : columns) {
            out.append(' ').append(column.label()).append(" |");
        }
        out.append("\n|---|---|").append("---:|".repeat(columns.size())).append('\n');
        for (final BenchmarkKind kind : BenchmarkKind.values()) {
            for (final String mode : modes) {
                final StringBuilder row = new StringBuilder();
                boolean any = false;
                for (final Target column : columns) {
                    final String cell = cell(column, kind, fixture, mode);
                    any |= !cell.isEmpty();
                    row.append(' ').append(cell).append(" |");
                }
                if (any) {
                    out.append("| ")
                            .append(kind.label())
                            .append(" | ")
                            .append(mode)
                            .append(" |")
                            .append(row)
                            .append('\n');
                }
            }
        }
        out.append('\n');
    }

    private String cell(final Target column, final BenchmarkKind kind, final String fixture, final String mode) {
        final Double target = column.target(kind);
        if (target == null) {
            return "";
        }
        final Spread ratio = ratio(column, kind, fixture, mode);
        if (!ratio.isPresent()) {
            return "";
        }
        if (!target.isNaN() && ratio.median() < target) {
            misses.add(String.format(
                    Locale.ROOT,
                    "%s, %s, bounds checks %s, %s: %s, target ≥ %.2f",
                    fixture,
                    kind.label(),
                    mode,
                    column.label(),
                    ratio.ratio(),
                    target));
            return "**" + ratio.ratio() + "**";
        }
        return ratio.ratio();
    }

    private void benchmarks(final StringBuilder out, final String fixture) {
        out.append("| library | benchmark | bounds checks | ns/op, median (min–max) | B/op, max |\n");
        out.append("|---|---|---|---:|---:|\n");
        for (final Key key : keys(fixture)) {
            final Spread nanos = nanos(key.library(), key.operation(), fixture, key.boundsChecks());
            final double bytes = maxBytes(key.library(), key.operation(), fixture, key.boundsChecks());
            String bytesCell = bytes(bytes);
            if (key.library().equals(FLYPROTO) && bytes >= ZERO_BYTES) {
                misses.add(String.format(
                        Locale.ROOT,
                        "%s, flyproto %s, bounds checks %s: %s B/op, target 0",
                        fixture,
                        key.operation(),
                        key.boundsChecks(),
                        bytesCell));
                bytesCell = "**" + bytesCell + "**";
            }
            out.append(String.format(
                    Locale.ROOT,
                    "| %s | %s | %s | %s | %s |%n",
                    key.library(),
                    key.operation(),
                    key.boundsChecks(),
                    nanos(nanos),
                    bytesCell));
        }
        out.append('\n');
    }

    /** One benchmark of a fixture, as measured in any round. */
    private record Key(String library, String operation, String boundsChecks) {}

    private List<Key> keys(final String fixture) {
        final Set<Key> keys = new LinkedHashSet<>();
        for (final Library library : Library.values()) {
            for (final String operation : OPERATIONS) {
                for (final String mode : List.of("on", "off", "n/a")) {
                    final Key key = new Key(library.label(), operation, mode);
                    for (final Results round : rounds) {
                        if (round.all().stream()
                                .anyMatch(m -> m.library().equals(key.library())
                                        && m.operation().equals(operation)
                                        && m.fixture().equals(fixture)
                                        && m.boundsChecks().equals(mode))) {
                            keys.add(key);
                        }
                    }
                }
            }
        }
        return List.copyOf(keys);
    }

    private boolean hasAny(final Target column, final String fixture) {
        for (final BenchmarkKind kind : BenchmarkKind.values()) {
            if (column.target(kind) == null) {
                continue;
            }
            for (final String mode : MODES) {
                if (ratio(column, kind, fixture, mode).isPresent()) {
                    return true;
                }
            }
        }
        return false;
    }

    private List<String> modes(final String fixture) {
        final List<String> modes = new ArrayList<>();
        for (final String mode : MODES) {
            for (final Results round : rounds) {
                if (round.all().stream()
                        .anyMatch(m -> m.library().equals(FLYPROTO)
                                && m.fixture().equals(fixture)
                                && m.boundsChecks().equals(mode))) {
                    modes.add(mode);
                    break;
                }
            }
        }
        return modes;
    }

    /** Appends the cells that miss their target, one a line, or "None.". */
    static StringBuilder misses(final StringBuilder out, final List<String> misses) {
        if (misses.isEmpty()) {
            return out.append("None.\n");
        }
        for (final String miss : misses) {
            out.append("- ").append(miss).append('\n');
        }
        return out;
    }

    /** ns/op as {@code median (min–max)}, empty without values; shared with {@link DynamicTable}. */
    static String nanos(final Spread nanos) {
        if (!nanos.isPresent()) {
            return "";
        }
        final String format = nanos.median() >= 100 ? "%,.0f" : "%.1f";
        final String median = String.format(Locale.ROOT, format, nanos.median());
        if (nanos.rounds() == 1) {
            return median;
        }
        return median + " (" + String.format(Locale.ROOT, format, nanos.min()) + "–"
                + String.format(Locale.ROOT, format, nanos.max()) + ")";
    }

    /** B/op, {@code 0} below JMH's bookkeeping, {@code –} if not measured; shared with {@link DynamicTable}. */
    static String bytes(final double bytes) {
        if (Double.isNaN(bytes)) {
            return "–";
        }
        return bytes < ZERO_BYTES ? "0" : String.format(Locale.ROOT, "%,.0f", bytes);
    }
}
