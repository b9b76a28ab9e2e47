package org.flyproto.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JmhJsonTest {
    @Test
    void shouldReadARecordedJmhRunWithTheAllocationOfEachBenchmark() throws IOException, URISyntaxException {
        // Recorded with: java -jar benchmarks.jar 'FlyprotoBenchmark.decodeTrusted$|ProtobufJavaBenchmark
        // .encodePrebuilt$' -p fixture=ORDER -p boundsChecks=off -f 1 -wi 0 -i 2 -r 100ms -prof gc -rf json
        final Path file =
                Path.of(JmhJsonTest.class.getResource("jmh-sample.json").toURI());

        final List<Measurement> measurements = JmhJson.read(file);

        assertThat(measurements)
                .containsExactly(
                        new Measurement(
                                "flyproto",
                                "decode-trusted",
                                "order",
                                "off",
                                338314.38474854367,
                                Double.NaN,
                                161.2204617903044),
                        new Measurement(
                                "protobuf-java",
                                "encode-prebuilt",
                                "order",
                                "n/a",
                                1007510.7102134973,
                                Double.NaN,
                                226.86004454215015));
    }

    @Test
    void shouldReadANumericErrorAndABenchmarkWithoutFixtureOrProfiler(@TempDir final Path directory)
            throws IOException {
        final Path file = directory.resolve("sbe.json");
        Files.writeString(file, """
                [ { "benchmark" : "org.flyproto.bench.jmh.SbeBenchmark.encode", "mode" : "thrpt",
                    "params" : { "boundsChecks" : "on" },
                    "primaryMetric" : { "score" : 9.5E6, "scoreError" : 12500.25, "scoreUnit" : "ops/s" } } ]
                """, StandardCharsets.UTF_8);

        assertThat(JmhJson.read(file))
                .containsExactly(new Measurement("SBE", "encode", "order", "on", 9.5e6, 12500.25, Double.NaN));
    }

    @Test
    void shouldNameTheClaimPathsOperations(@TempDir final Path directory) throws IOException {
        final Path file = directory.resolve("flyproto.json");
        Files.writeString(file, """
                [ { "benchmark" : "org.flyproto.bench.jmh.FlyprotoBenchmark.encodeAndCopy", "mode" : "thrpt",
                    "params" : { "fixture" : "ORDER", "boundsChecks" : "off" },
                    "primaryMetric" : { "score" : 4.0E6, "scoreError" : "NaN", "scoreUnit" : "ops/s" } },
                  { "benchmark" : "org.flyproto.bench.jmh.QuickbufBenchmark.claim", "mode" : "thrpt",
                    "params" : { "fixture" : "BOOK_10" },
                    "primaryMetric" : { "score" : 2.0E6, "scoreError" : "NaN", "scoreUnit" : "ops/s" } } ]
                """, StandardCharsets.UTF_8);

        assertThat(JmhJson.read(file))
                .containsExactly(
                        new Measurement("flyproto", "encode-and-copy", "order", "off", 4e6, Double.NaN, Double.NaN),
                        new Measurement("QuickBuffers", "claim", "book-10", "n/a", 2e6, Double.NaN, Double.NaN));
    }

    @Test
    void shouldLabelTheFormatBenchmarksLibrariesByTheirParameter(@TempDir final Path directory) throws IOException {
        final Path file = directory.resolve("formats.json");
        Files.writeString(file, """
                [ { "benchmark" : "org.flyproto.bench.jmh.FormatBenchmark.jsonPrint", "mode" : "thrpt",
                    "params" : { "library" : "quickbuf", "fixture" : "TELEMETRY", "boundsChecks" : "on" },
                    "primaryMetric" : { "score" : 1.0E5, "scoreError" : "NaN", "scoreUnit" : "ops/s" } },
                  { "benchmark" : "org.flyproto.bench.jmh.FormatBenchmark.jsonParse", "mode" : "thrpt",
                    "params" : { "library" : "flyproto", "fixture" : "ORDER", "boundsChecks" : "on" },
                    "primaryMetric" : { "score" : 2.0E6, "scoreError" : "NaN", "scoreUnit" : "ops/s" } } ]
                """, StandardCharsets.UTF_8);

        assertThat(JmhJson.read(file))
                .containsExactly(
                        new Measurement(
                                FormatTable.QUICKBUF, "jsonPrint", "telemetry", "on", 1e5, Double.NaN, Double.NaN),
                        new Measurement(FormatTable.FLYPROTO, "jsonParse", "order", "on", 2e6, Double.NaN, Double.NaN));
    }

    @Test
    void shouldRejectAFileThatIsNotAJmhResult(@TempDir final Path directory) throws IOException {
        final Path file = directory.resolve("other.json");
        Files.writeString(file, "{\"benchmark\": 1}", StandardCharsets.UTF_8);

        assertThatThrownBy(() -> JmhJson.read(file))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("not a JMH JSON result");
    }
}
