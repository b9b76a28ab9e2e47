package org.flyproto.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JmhResultsTest {
    private static final String CSV = String.join(
            "\n",
            "\"Benchmark\",\"Mode\",\"Threads\",\"Samples\",\"Score\",\"Score Error (99.9%)\",\"Unit\","
                    + "\"Param: boundsChecks\",\"Param: fixture\"",
            "\"org.flyproto.bench.jmh.FlyprotoBenchmark.decodeTrusted\",\"thrpt\",1,2,2000000.5,NaN,\"ops/s\",off,"
                    + "BOOK_200",
            "\"org.flyproto.bench.jmh.FlyprotoBenchmark.decodeTrusted:gc.alloc.rate.norm\",\"thrpt\",1,2,0.002,NaN,"
                    + "\"B/op\",off,BOOK_200",
            "\"org.flyproto.bench.jmh.ProtobufJavaBenchmark.encodePrebuilt\",\"thrpt\",1,2,1000000,12.5,\"ops/s\",,"
                    + "BOOK_200",
            "\"org.flyproto.bench.jmh.ProtobufJavaBenchmark.encodePrebuilt:gc.alloc.rate.norm\",\"thrpt\",1,2,160,NaN,"
                    + "\"B/op\",,BOOK_200",
            "\"org.flyproto.bench.jmh.SbeBenchmark.encode\",\"thrpt\",1,2,9000000,NaN,\"ops/s\",on,",
            "");

    @Test
    void shouldReadEveryBenchmarkWithItsAllocation(@TempDir final Path directory) throws IOException {
        final Path file = directory.resolve("jmh.csv");
        Files.writeString(file, CSV, StandardCharsets.UTF_8);

        final List<Measurement> measurements = JmhResults.read(file);

        assertThat(measurements)
                .containsExactly(
                        new Measurement("flyproto", "decode-trusted", "book-200", "off", 2000000.5, Double.NaN, 0.002),
                        new Measurement("protobuf-java", "encode-prebuilt", "book-200", "n/a", 1e6, 12.5, 160),
                        new Measurement("SBE", "encode", "order", "on", 9e6, Double.NaN, Double.NaN));
    }

    @Test
    void shouldSplitQuotedCells() {
        assertThat(Csv.split("\"a,b\",c,\"d\"\"e\",")).containsExactly("a,b", "c", "d\"e", "");
    }

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
}
