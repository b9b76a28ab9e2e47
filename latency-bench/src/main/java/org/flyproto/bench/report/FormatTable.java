package org.flyproto.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The section of {@code bin/compare}'s {@code summary.md} for {@code FormatBenchmark} (library {@code formats}):
 * flyproto's JSON printing and parsing against QuickBuffers' JSON and protobuf-java's {@code JsonFormat}, its text
 * format printing against {@code TextFormat}, per fixture, each ratio computed per round and summarised as median
 * (min–max), as {@link CompareTable} does. Targets (JSON): ≥ 1.5 × QuickBuffers, ≥ 5 × {@code JsonFormat}, 0 B/op;
 * JSON printed from the bytes (the peers parse them first) and text format have none.
 */
final class FormatTable {
    /** flyproto in {@code FormatBenchmark}. */
    static final String FLYPROTO = "flyproto-format";
    /** protobuf-java's {@code JsonFormat} and {@code TextFormat}. */
    static final String PROTOBUF = "protobuf-java-format";
    /** QuickBuffers' JSON ({@code JsonSink}, {@code JsonSource}); it has no text format. */
    static final String QUICKBUF = "quickbuf-format";

    static final String JSON_PRINT = "jsonPrint";
    static final String JSON_FROM_BYTES = "jsonPrintFromBytes";
    static final String JSON_PARSE = "jsonParse";
    static final String TEXT_PRINT = "textPrint";

    private static final Set<String> LIBRARIES = Set.of(FLYPROTO, PROTOBUF, QUICKBUF);
    private static final List<String> MODES = List.of("on", "off");
    private static final double ABOVE_QUICKBUF = 1.5;
    private static final double ABOVE_JSON_FORMAT = 5;
    private static final double ZERO_BYTES = 0.5;

    private final List<Results> rounds;
    private final List<String> misses = new ArrayList<>();

    /**
     * @param rounds the results of each round, in order; measurements of other benchmarks are ignored.
     */
    FormatTable(final List<Results> rounds) {
        this.rounds = List.copyOf(rounds);
    }

    /**
     * @param library the {@code library} parameter of {@code FormatBenchmark}.
     * @return the label of its results, apart from the decode and encode benchmarks' libraries.
     */
    static String label(final String library) {
        return switch (library) {
            case "flyproto" -> FLYPROTO;
            case "protobuf-java" -> PROTOBUF;
            case "quickbuf" -> QUICKBUF;
            default -> "format-run " + library;
        };
    }

    /**
     * @return whether a measurement is one of {@code FormatBenchmark}'s.
     */
    static boolean isFormat(final Measurement measurement) {
        return LIBRARIES.contains(measurement.library());
    }

    /**
     * The ratio of throughputs flyproto ÷ peer of one cell, per round, summarised.
     *
     * @param peer {@link #QUICKBUF} or {@link #PROTOBUF}.
     * @return the spread over the rounds that measured both.
     */
    Spread ratio(final String peer, final String operation, final String fixture, final String mode) {
        return RoundStats.ratio(rounds, FLYPROTO, peer, operation, fixture, mode);
    }

    /**
     * @param fixtures fixture labels, in order.
     * @return the section's markdown: the ratio table, the ns/op and B/op table, the cells that miss their target.
     */
    String render(final List<String> fixtures) {
        misses.clear();
        final StringBuilder out =
                new StringBuilder("## JSON and text format: flyproto against QuickBuffers and " + "protobuf-java\n\n");
        out.append("Each cell is flyproto's throughput ÷ the peer's, per round, as **median (min–max)**. JSON print: "
                + "flyproto wraps (validating) the fixture's bytes and prints into a buffer; QuickBuffers and "
                + "JsonFormat print a message parsed or built once. JSON parse: the fixture's JSON (as JsonFormat "
                + "prints it) into an encoder, a cleared message, a builder. JSON from bytes: the same print from "
                + "the fixture's bytes, which QuickBuffers and protobuf-java parse first (flyproto's is its print). "
                + "Targets: ≥ 1.5 against QuickBuffers, ≥ 5 against JsonFormat, 0 B/op; JSON from bytes and text "
                + "print (against TextFormat) have none. A **bold** cell misses.\n\n");
        out.append("| fixture | bounds checks | JSON print ÷ QuickBuffers | JSON print ÷ JsonFormat | "
                + "JSON parse ÷ QuickBuffers | JSON parse ÷ JsonFormat | JSON from bytes ÷ QuickBuffers | "
                + "JSON from bytes ÷ JsonFormat | text print ÷ TextFormat |\n"
                + "|---|---|--:|--:|--:|--:|--:|--:|--:|\n");
        for (final String fixture : fixtures) {
            for (final String mode : MODES) {
                if (!measured(fixture, mode)) {
                    continue;
                }
                out.append("| ").append(fixture).append(" | ").append(mode);
                for (final String operation : List.of(JSON_PRINT, JSON_PARSE)) {
                    out.append(" | ").append(cell(QUICKBUF, ABOVE_QUICKBUF, operation, fixture, mode));
                    out.append(" | ").append(cell(PROTOBUF, ABOVE_JSON_FORMAT, operation, fixture, mode));
                }
                for (final String peer : List.of(QUICKBUF, PROTOBUF)) {
                    out.append(" | ")
                            .append(ratio(peer, JSON_FROM_BYTES, fixture, mode).ratio());
                }
                out.append(" | ")
                        .append(ratio(PROTOBUF, TEXT_PRINT, fixture, mode).ratio())
                        .append(" |\n");
            }
        }
        out.append("\n| fixture | operation | bounds checks | flyproto ns/op | B/op | QuickBuffers ns/op | "
                + "protobuf-java ns/op |\n|---|---|---|--:|--:|--:|--:|\n");
        for (final String fixture : fixtures) {
            for (final String mode : MODES) {
                if (!measured(fixture, mode)) {
                    continue;
                }
                for (final String operation : List.of(JSON_PRINT, JSON_PARSE, JSON_FROM_BYTES, TEXT_PRINT)) {
                    final Spread flyproto = RoundStats.nanos(rounds, FLYPROTO, operation, fixture, mode);
                    if (!flyproto.isPresent()) {
                        continue;
                    }
                    out.append("| ")
                            .append(fixture)
                            .append(" | ")
                            .append(operation)
                            .append(" | ")
                            .append(mode)
                            .append(" | ")
                            .append(CompareTable.nanos(flyproto))
                            .append(" | ")
                            .append(bytes(operation, fixture, mode))
                            .append(" | ")
                            // QuickBuffers has no text format: its textPrint does nothing.
                            .append(
                                    operation.equals(TEXT_PRINT)
                                            ? "–"
                                            : CompareTable.nanos(
                                                    RoundStats.nanos(rounds, QUICKBUF, operation, fixture, mode)))
                            .append(" | ")
                            .append(CompareTable.nanos(RoundStats.nanos(rounds, PROTOBUF, operation, fixture, mode)))
                            .append(" |\n");
                }
            }
        }
        out.append("\n### JSON and text format cells that miss their target\n\n");
        return CompareTable.misses(out, misses).toString();
    }

    /** flyproto's largest B/op of the cell, bold and listed if not 0. */
    private String bytes(final String operation, final String fixture, final String mode) {
        final double bytes = RoundStats.maxBytes(rounds, FLYPROTO, operation, fixture, mode);
        final String cell = CompareTable.bytes(bytes);
        if (bytes >= ZERO_BYTES) {
            misses.add(String.format(
                    Locale.ROOT,
                    "%s, flyproto %s, bounds checks %s: %s B/op, target 0",
                    fixture,
                    operation,
                    mode,
                    cell));
            return "**" + cell + "**";
        }
        return cell;
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
                    peer.equals(QUICKBUF) ? "QuickBuffers" : "JsonFormat",
                    mode,
                    ratio.ratio(),
                    target));
            return "**" + ratio.ratio() + "**";
        }
        return ratio.ratio();
    }

    private boolean measured(final String fixture, final String mode) {
        return rounds.stream()
                .anyMatch(round -> List.of(JSON_PRINT, JSON_PARSE, JSON_FROM_BYTES, TEXT_PRINT).stream()
                        .anyMatch(operation ->
                                round.find(FLYPROTO, operation, fixture, mode).isPresent()));
    }
}
