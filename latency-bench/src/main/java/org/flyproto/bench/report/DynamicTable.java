package org.flyproto.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The section of {@code bin/compare}'s {@code summary.md} for {@code DynamicBenchmark} (library {@code dynamic}):
 * flyproto's schema-driven codec against protobuf-java's {@code DynamicMessage} and against flyproto's generated
 * flyweights, per fixture and operation, each ratio computed per round and summarised as median (min–max), as
 * {@link CompareTable} does. Targets: ≥ 5 × {@code DynamicMessage}, within 2 × of the generated code (≥ 0.5), 0 B/op.
 */
final class DynamicTable {
    /** flyproto's {@code DynamicDecoder} / {@code DynamicEncoder}. */
    static final String DYNAMIC = "flyproto-dynamic";
    /** protobuf-java's {@code DynamicMessage}. */
    static final String DYNAMIC_MESSAGE = "protobuf-dynamic";
    /** flyproto's generated flyweights, as measured in the dynamic run (apart from {@code FlyprotoBenchmark}'s). */
    static final String GENERATED = "flyproto-generated";

    private static final Set<String> LIBRARIES = Set.of(DYNAMIC, DYNAMIC_MESSAGE, GENERATED);
    private static final List<String> OPERATIONS = List.of("decode", "encode");
    private static final List<String> MODES = List.of("on", "off");
    private static final double ABOVE_DYNAMIC_MESSAGE = 5;
    private static final double WITHIN_GENERATED = 0.5;
    private static final double ZERO_BYTES = 0.5;

    private final List<Results> rounds;
    private final List<String> misses = new ArrayList<>();

    /**
     * @param rounds the results of each round, in order; measurements of other benchmarks are ignored.
     */
    DynamicTable(final List<Results> rounds) {
        this.rounds = List.copyOf(rounds);
    }

    /**
     * @param library the {@code library} parameter of {@code DynamicBenchmark}.
     * @return the label of its results.
     */
    static String label(final String library) {
        return switch (library) {
            case "flyproto-dynamic" -> DYNAMIC;
            case "protobuf-dynamic" -> DYNAMIC_MESSAGE;
            case "flyproto" -> GENERATED;
            default -> "dynamic-run " + library;
        };
    }

    /**
     * @return whether a measurement is one of {@code DynamicBenchmark}'s.
     */
    static boolean isDynamic(final Measurement measurement) {
        return LIBRARIES.contains(measurement.library());
    }

    /**
     * The ratio of throughputs flyproto dynamic ÷ peer of one cell, per round, summarised.
     *
     * @param peer {@link #DYNAMIC_MESSAGE} or {@link #GENERATED}.
     * @return the spread over the rounds that measured both.
     */
    Spread ratio(final String peer, final String operation, final String fixture, final String mode) {
        return RoundStats.ratio(rounds, DYNAMIC, peer, operation, fixture, mode);
    }

    /**
     * @param fixtures fixture labels, in order.
     * @return the section's markdown: the ratio table, the ns/op and B/op table, the cells that miss their target.
     */
    String render(final List<String> fixtures) {
        misses.clear();
        final StringBuilder out = new StringBuilder(
                "## Dynamic codecs: flyproto-dynamic against DynamicMessage and " + "the generated flyweights\n\n");
        out.append("Each cell is flyproto-dynamic's throughput ÷ the peer's, per round, as **median (min–max)**; "
                + "targets ≥ 5 against DynamicMessage (protobuf-dynamic), ≥ 0.5 (within 2×) against the generated "
                + "flyweights (flyproto-generated, measured in the same run), 0 B/op. A **bold** cell misses.\n\n");
        out.append("| fixture | bounds checks | decode ÷ DynamicMessage | decode ÷ generated | "
                + "encode ÷ DynamicMessage | encode ÷ generated |\n|---|---|--:|--:|--:|--:|\n");
        for (final String fixture : fixtures) {
            for (final String mode : MODES) {
                if (!measured(fixture, mode)) {
                    continue;
                }
                out.append("| ").append(fixture).append(" | ").append(mode);
                for (final String operation : OPERATIONS) {
                    out.append(" | ").append(cell(DYNAMIC_MESSAGE, ABOVE_DYNAMIC_MESSAGE, operation, fixture, mode));
                    out.append(" | ").append(cell(GENERATED, WITHIN_GENERATED, operation, fixture, mode));
                }
                out.append(" |\n");
            }
        }
        out.append("\n| fixture | operation | bounds checks | flyproto-dynamic ns/op | B/op | DynamicMessage ns/op | "
                + "B/op | generated ns/op | B/op |\n|---|---|---|--:|--:|--:|--:|--:|--:|\n");
        for (final String fixture : fixtures) {
            for (final String mode : MODES) {
                if (!measured(fixture, mode)) {
                    continue;
                }
                for (final String operation : OPERATIONS) {
                    out.append("| ")
                            .append(fixture)
                            .append(" | ")
                            .append(operation)
                            .append(" | ")
                            .append(mode);
                    for (final String library : List.of(DYNAMIC, DYNAMIC_MESSAGE, GENERATED)) {
                        final double bytes = RoundStats.maxBytes(rounds, library, operation, fixture, mode);
                        String cell = CompareTable.bytes(bytes);
                        if (!library.equals(DYNAMIC_MESSAGE) && bytes >= ZERO_BYTES) {
                            cell = "**" + cell + "**";
                            misses.add(String.format(
                                    Locale.ROOT,
                                    "%s, %s %s, bounds checks %s: %s B/op, target 0",
                                    fixture,
                                    library,
                                    operation,
                                    mode,
                                    CompareTable.bytes(bytes)));
                        }
                        out.append(" | ")
                                .append(CompareTable.nanos(RoundStats.nanos(rounds, library, operation, fixture, mode)))
                                .append(" | ")
                                .append(cell);
                    }
                    out.append(" |\n");
                }
            }
        }
        out.append("\n### Dynamic cells that miss their target\n\n");
        return CompareTable.misses(out, misses).toString();
    }

    private String cell(
            final String peer, final double target, final String operation, final String fixture, final String mode) {
        final Spread ratio = ratio(peer, operation, fixture, mode);
        if (!ratio.isPresent()) {
            return "";
        }
        if (ratio.median() < target) {
            misses.add(String.format(
                    Locale.ROOT,
                    "%s, %s ÷ %s, bounds checks %s: %s, target ≥ %s",
                    fixture,
                    operation,
                    peer.equals(GENERATED) ? "generated" : "DynamicMessage",
                    mode,
                    ratio.ratio(),
                    target));
            return "**" + ratio.ratio() + "**";
        }
        return ratio.ratio();
    }

    private boolean measured(final String fixture, final String mode) {
        return rounds.stream()
                .anyMatch(round -> round.find(DYNAMIC, "decode", fixture, mode).isPresent()
                        || round.find(DYNAMIC, "encode", fixture, mode).isPresent());
    }
}
