package org.flyproto.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class DynamicTableTest {
    /** flyproto-dynamic decode 600, 400, 300 ops/s; DynamicMessage 100, 100, 100; generated 1000, 1000, 500. */
    private static List<Results> rounds() {
        return List.of(round(600, 100, 1000, 0.001), round(400, 100, 1000, 0.002), round(300, 100, 500, 16));
    }

    private static Results round(
            final double dynamic, final double dynamicMessage, final double generated, final double dynamicBytes) {
        return new Results(List.of(
                new Measurement(DynamicTable.DYNAMIC, "decode", "order", "on", dynamic, 0, dynamicBytes),
                new Measurement(DynamicTable.DYNAMIC_MESSAGE, "decode", "order", "on", dynamicMessage, 0, 1256),
                new Measurement(DynamicTable.GENERATED, "decode", "order", "on", generated, 0, 0),
                new Measurement("flyproto", "decode", "order", "on", 1e9, 0, 0)));
    }

    @Test
    void shouldLabelTheLibrariesOfTheDynamicBenchmarkApartFromTheOtherClasses() {
        assertThat(DynamicTable.label("flyproto"))
                .isEqualTo(DynamicTable.GENERATED)
                .isNotEqualTo("flyproto");
        assertThat(DynamicTable.label("flyproto-dynamic")).isEqualTo(DynamicTable.DYNAMIC);
        assertThat(DynamicTable.label("protobuf-dynamic")).isEqualTo(DynamicTable.DYNAMIC_MESSAGE);
    }

    @Test
    void shouldTakeTheMedianAndRangeOfThePerRoundRatios() {
        final DynamicTable table = new DynamicTable(rounds());

        // 6, 4, 3 and 0.6, 0.4, 0.6: FlyprotoBenchmark's flyproto is not the generated of the dynamic run.
        assertThat(table.ratio(DynamicTable.DYNAMIC_MESSAGE, "decode", "order", "on"))
                .isEqualTo(new Spread(4, 3, 6, 3));
        assertThat(table.ratio(DynamicTable.GENERATED, "decode", "order", "on"))
                .isEqualTo(new Spread(0.6, 0.4, 0.6, 3));
    }

    @Test
    void shouldMarkAndListTheCellsThatMissTheirTarget() {
        final String markdown = new DynamicTable(rounds()).render(List.of("order"));

        assertThat(markdown)
                .contains("| order | on | **4.00 (3.00–6.00)** | 0.60 (0.40–0.60) |  |  |")
                .contains("- order, decode ÷ DynamicMessage, bounds checks on: 4.00 (3.00–6.00), target ≥ 5.0")
                .contains("- order, flyproto-dynamic decode, bounds checks on: 16 B/op, target 0")
                .doesNotContain("protobuf-dynamic decode, bounds checks on: 1,256 B/op");
    }
}
