package org.flyproto.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ResultsTest {
    @Test
    void shouldCompareFlyprotoWithThePeerInEitherBoundsMode() {
        final Results results = new Results(List.of(
                new Measurement("flyproto", "encode", "order", "on", 300, 0, 0),
                new Measurement("flyproto", "encode", "order", "off", 600, 0, 0),
                new Measurement("protobuf-java", "encode", "order", "n/a", 200, 0, 80)));
        final Comparison comparison = Comparison.ENCODE.get(0);

        assertThat(results.ratio(comparison, "order", "on")).isEqualTo(1.5);
        assertThat(results.ratio(comparison, "order", "off")).isEqualTo(3.0);
        assertThat(results.ratio(comparison, "book-10", "on")).isNaN();
    }

    @Test
    void shouldSplitQuotedCsvCells() {
        assertThat(Csv.split("\"a,b\",c,\"d\"\"e\",")).containsExactly("a,b", "c", "d\"e", "");
    }
}
