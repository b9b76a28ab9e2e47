package org.flyproto.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CompareTableTest {
    private static final Target PROTOBUF_JAVA = Target.COLUMNS.get(0);
    private static final Target BEST_PEER = Target.COLUMNS.get(4);

    /** flyproto decode 400, 300, 600 ops/s; QuickBuffers 200, 300, 300; LightProto 100, 400, 200. */
    private static List<Results> rounds() {
        return List.of(
                round(400, 200, 100, 100, 0.001), round(300, 300, 400, 100, 0.002), round(600, 300, 200, 100, 24));
    }

    private static Results round(
            final double flyproto,
            final double quickbuf,
            final double lightproto,
            final double protobuf,
            final double flyprotoBytes) {
        return new Results(List.of(
                new Measurement("flyproto", "decode", "order", "on", flyproto, 0, flyprotoBytes),
                new Measurement("QuickBuffers", "decode", "order", "n/a", quickbuf, 0, 0),
                new Measurement("LightProto", "decode", "order", "n/a", lightproto, 0, 0),
                new Measurement("protobuf-java", "decode", "order", "n/a", protobuf, 0, 900)));
    }

    @Test
    void shouldTakeTheMedianAndRangeOfThePerRoundRatios() {
        final CompareTable table = new CompareTable(rounds());

        // 4, 3, 6
        assertThat(table.ratio(PROTOBUF_JAVA, BenchmarkKind.VALIDATING_DECODE, "order", "on"))
                .isEqualTo(new Spread(4, 3, 6, 3));
    }

    @Test
    void shouldDivideByTheFasterZeroAllocationPeerOfEachRound() {
        final CompareTable table = new CompareTable(rounds());

        // 400 / 200, 300 / 400, 600 / 300: 2, 0.75, 2
        assertThat(table.ratio(BEST_PEER, BenchmarkKind.VALIDATING_DECODE, "order", "on"))
                .isEqualTo(new Spread(2, 0.75, 2, 3));
    }

    @Test
    void shouldHaveNoRatioWhereARoundLacksOneSide() {
        final CompareTable table = new CompareTable(rounds());

        assertThat(table.ratio(PROTOBUF_JAVA, BenchmarkKind.ENCODE, "order", "on"))
                .isEqualTo(Spread.NONE);
        assertThat(table.ratio(PROTOBUF_JAVA, BenchmarkKind.VALIDATING_DECODE, "order", "off"))
                .isEqualTo(Spread.NONE);
    }

    @Test
    void shouldMarkAndListTheCellsThatMissTheirTarget() {
        final String markdown = new CompareTable(rounds()).render(List.of("order"), Map.of("order", 104));

        assertThat(markdown)
                .contains("## order (104 bytes)")
                .contains("| benchmark | bounds checks | ÷ protobuf-java | ÷ QuickBuffers | ÷ LightProto | "
                        + "÷ best zero-alloc peer |")
                // ÷ protobuf-java 4 (3–6) ≥ 2; ÷ QuickBuffers 2, 1, 2: 2.00 (1.00–2.00) ≥ 1.25;
                // ÷ LightProto 4, 0.75, 3: 3.00 ≥ 1.25; best peer 2, 0.75, 2: 2.00 (0.75–2.00) ≥ 1.25.
                .contains("| validating decode + read all | on | 4.00 (3.00–6.00) | 2.00 (1.00–2.00) | "
                        + "3.00 (0.75–4.00) | 2.00 (0.75–2.00) |")
                .doesNotContain("trusted decode + read all |")
                // 24 B/op in one round: flyproto's allocation target is 0.
                // 1e9 / (400, 300, 600) ns: 2.5 ms (1.67–3.33 ms).
                .contains("| flyproto | decode | on | 2,500,000 (1,666,667–3,333,333) | **24** |")
                .contains("| protobuf-java | decode | n/a | 10,000,000 (10,000,000–10,000,000) | 900 |")
                .contains("- order, flyproto decode, bounds checks on: 24 B/op, target 0");
    }

    @Test
    void shouldBoldARatioBelowItsTarget() {
        final List<Results> slow = List.of(round(150, 200, 100, 100, 0), round(160, 200, 100, 100, 0));

        final String markdown = new CompareTable(slow).render(List.of("order"), Map.of());

        // ÷ protobuf-java 1.5, 1.6: median 1.55 < 2; ÷ QuickBuffers 0.75, 0.8 < 1.25.
        assertThat(markdown)
                .contains("**1.55 (1.50–1.60)**")
                .contains("**0.78 (0.75–0.80)**")
                .contains("- order, validating decode + read all, bounds checks on, ÷ protobuf-java: "
                        + "1.55 (1.50–1.60), target ≥ 2.00")
                .doesNotContain("None.");
    }

    @Test
    void shouldCompareTheClaimWithoutATargetAndHoldEveryFlyprotoOperationToZeroBytes() {
        final List<Results> rounds = List.of(new Results(List.of(
                new Measurement("flyproto", "claim", "order", "on", 300, 0, 0),
                new Measurement("flyproto", "size", "order", "on", 900, 0, 16),
                new Measurement("flyproto", "encode-and-copy", "order", "on", 400, 0, 0),
                new Measurement("QuickBuffers", "claim", "order", "n/a", 600, 0, 0),
                new Measurement("protobuf-java", "claim", "order", "n/a", 100, 0, 500))));

        final String markdown = new CompareTable(rounds).render(List.of("order"), Map.of());

        // ÷ protobuf-java 3, ÷ QuickBuffers 0.5: no target, so not bold, not listed.
        assertThat(markdown)
                .contains("| size + encode into a claim | on | 3.00 | 0.50 | 0.50 |")
                .contains("| flyproto | encode-and-copy | on | 2,500,000 | 0 |")
                .contains("| flyproto | size | on | 1,111,111 | **16** |")
                .contains("| protobuf-java | claim | n/a | 10,000,000 | 500 |")
                .contains("- order, flyproto size, bounds checks on: 16 B/op, target 0")
                .doesNotContain("÷ QuickBuffers: 0.50");
    }

    @Test
    void shouldSaySoWhenNoRoundHasAResult() {
        assertThat(new CompareTable(List.of(new Results(List.of()))).render(List.of(), Map.of()))
                .isEqualTo("No JMH result in any round.\n");
    }
}
