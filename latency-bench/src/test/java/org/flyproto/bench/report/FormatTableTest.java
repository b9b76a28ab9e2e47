package org.flyproto.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class FormatTableTest {
    /**
     * flyproto JSON print 600, 400, 300 ops/s; QuickBuffers 200, 400, 100; JsonFormat 100, 100, 100. JSON parse
     * 1000 against 500 and 100 in every round. JSON from bytes as flyproto's print, against QuickBuffers 300 and
     * JsonFormat 100. Text print 300 against TextFormat 100.
     */
    private static List<Results> rounds() {
        return List.of(round(600, 200, 0.001), round(400, 400, 0.002), round(300, 100, 24));
    }

    private static Results round(final double flyproto, final double quickbuf, final double flyprotoBytes) {
        return new Results(List.of(
                new Measurement(FormatTable.FLYPROTO, "jsonPrint", "order", "on", flyproto, 0, flyprotoBytes),
                new Measurement(FormatTable.QUICKBUF, "jsonPrint", "order", "on", quickbuf, 0, 900),
                new Measurement(FormatTable.PROTOBUF, "jsonPrint", "order", "on", 100, 0, 2000),
                new Measurement(FormatTable.FLYPROTO, "jsonParse", "order", "on", 1000, 0, 0),
                new Measurement(FormatTable.QUICKBUF, "jsonParse", "order", "on", 500, 0, 100),
                new Measurement(FormatTable.PROTOBUF, "jsonParse", "order", "on", 100, 0, 3000),
                new Measurement(FormatTable.FLYPROTO, "jsonPrintFromBytes", "order", "on", flyproto, 0, 0),
                new Measurement(FormatTable.QUICKBUF, "jsonPrintFromBytes", "order", "on", 300, 0, 1000),
                new Measurement(FormatTable.PROTOBUF, "jsonPrintFromBytes", "order", "on", 100, 0, 4000),
                new Measurement(FormatTable.FLYPROTO, "textPrint", "order", "on", 300, 0, 0),
                new Measurement(FormatTable.QUICKBUF, "textPrint", "order", "on", 1e9, 0, 0),
                new Measurement(FormatTable.PROTOBUF, "textPrint", "order", "on", 100, 0, 1000),
                new Measurement("flyproto", "decode", "order", "on", 1e9, 0, 0)));
    }

    @Test
    void shouldLabelTheLibrariesOfTheFormatBenchmarkApartFromTheOtherClasses() {
        assertThat(FormatTable.label("flyproto"))
                .isEqualTo(FormatTable.FLYPROTO)
                .isNotEqualTo("flyproto");
        assertThat(FormatTable.label("quickbuf")).isEqualTo(FormatTable.QUICKBUF);
        assertThat(FormatTable.label("protobuf-java")).isEqualTo(FormatTable.PROTOBUF);
        assertThat(FormatTable.isFormat(new Measurement("flyproto", "decode", "order", "on", 1, 0, 0)))
                .isFalse();
    }

    @Test
    void shouldTakeTheMedianAndRangeOfThePerRoundRatios() {
        final FormatTable table = new FormatTable(rounds());

        // 3, 1, 3 and 6, 4, 3.
        assertThat(table.ratio(FormatTable.QUICKBUF, "jsonPrint", "order", "on"))
                .isEqualTo(new Spread(3, 1, 3, 3));
        assertThat(table.ratio(FormatTable.PROTOBUF, "jsonPrint", "order", "on"))
                .isEqualTo(new Spread(4, 3, 6, 3));
    }

    @Test
    void shouldMarkAndListTheCellsThatMissTheirTarget() {
        final String markdown = new FormatTable(rounds()).render(List.of("order"));

        assertThat(markdown)
                // JSON from bytes has no target: 2, 4/3, 1 and 6, 4, 3, not marked.
                .contains("| order | on | 3.00 (1.00–3.00) | **4.00 (3.00–6.00)** | 2.00 (2.00–2.00) | "
                        + "10.00 (10.00–10.00) | 1.33 (1.00–2.00) | 4.00 (3.00–6.00) | 3.00 (3.00–3.00) |")
                .contains("| order | jsonPrintFromBytes | on | 2,500,000 (1,666,667–3,333,333) | 0 | "
                        + "3,333,333 (3,333,333–3,333,333) | 10,000,000 (10,000,000–10,000,000) |")
                .doesNotContain("jsonPrintFromBytes ÷")
                .contains("- order, jsonPrint ÷ JsonFormat, bounds checks on: 4.00 (3.00–6.00), target ≥ 5.0")
                .contains("- order, flyproto jsonPrint, bounds checks on: 24 B/op, target 0")
                // QuickBuffers' textPrint does nothing: no time is shown for it, nor a miss for the peers' bytes.
                .contains("| order | textPrint | on | 3,333,333 (3,333,333–3,333,333) | 0 | – |")
                .doesNotContain("900 B/op")
                .doesNotContain("jsonPrint ÷ QuickBuffers");
    }
}
