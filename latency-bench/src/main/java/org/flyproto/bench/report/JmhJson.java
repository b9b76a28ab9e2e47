package org.flyproto.bench.report;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.flyproto.bench.Library;
import org.flyproto.bench.fixture.Fixture;

/**
 * Reads JMH's JSON results ({@code -rf json}) of the benchmarks in {@code org.flyproto.bench.jmh}: one
 * {@link Measurement} per benchmark and parameter combination, with {@code gc.alloc.rate.norm} from {@code -prof gc}
 * when present. JMH writes the document with its own result classes; it has no reader, so this parses it with Gson.
 */
final class JmhJson {
    private static final String PACKAGE = "org.flyproto.bench.jmh.";
    private static final String ALLOC_NORM = "gc.alloc.rate.norm";

    private JmhJson() {}

    /**
     * Reads a file.
     *
     * @param file JMH's JSON.
     * @return one measurement per benchmark and parameter combination, in the file's order.
     * @throws IOException if it cannot be read, or is not a JMH result document.
     */
    static List<Measurement> read(final Path file) throws IOException {
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return parse(JsonParser.parseReader(reader), file.toString());
        } catch (final JsonParseException | IllegalStateException | ClassCastException ex) {
            throw new IOException(file + " is not a JMH JSON result: " + ex.getMessage(), ex);
        }
    }

    private static List<Measurement> parse(final JsonElement document, final String source) throws IOException {
        if (!document.isJsonArray()) {
            throw new IOException(source + " is not a JMH JSON result: no top-level array");
        }
        final List<Measurement> measurements = new ArrayList<>();
        for (final JsonElement element : document.getAsJsonArray()) {
            final JsonObject result = element.getAsJsonObject();
            final String benchmark = result.get("benchmark").getAsString();
            final String name = benchmark.startsWith(PACKAGE) ? benchmark.substring(PACKAGE.length()) : benchmark;
            final int dot = name.lastIndexOf('.');
            final String benchmarkClass = name.substring(0, dot);
            final String method = name.substring(dot + 1);
            final JsonObject params = result.has("params") ? result.getAsJsonObject("params") : new JsonObject();
            final String fixture = string(params, "fixture");
            final String boundsChecks = string(params, "boundsChecks");
            final JsonObject primary = result.getAsJsonObject("primaryMetric");
            final JsonObject secondary =
                    result.has("secondaryMetrics") ? result.getAsJsonObject("secondaryMetrics") : new JsonObject();
            // DynamicBenchmark and FormatBenchmark have their libraries as a parameter, labelled apart from the other
            // classes' libraries.
            final String library = switch (benchmarkClass) {
                case "DynamicBenchmark" -> DynamicTable.label(string(params, "library"));
                case "FormatBenchmark" -> FormatTable.label(string(params, "library"));
                default -> library(benchmarkClass);
            };
            measurements.add(new Measurement(
                    library,
                    operation(method),
                    fixture.isEmpty()
                            ? Fixture.ORDER.label()
                            : Fixture.of(fixture).label(),
                    boundsChecks.isEmpty() ? "n/a" : boundsChecks,
                    number(primary.get("score")),
                    number(primary.get("scoreError")),
                    secondary.has(ALLOC_NORM)
                            ? number(secondary.getAsJsonObject(ALLOC_NORM).get("score"))
                            : Double.NaN));
        }
        return measurements;
    }

    private static String string(final JsonObject object, final String name) {
        final JsonElement value = object.get(name);
        return value == null || value.isJsonNull() ? "" : value.getAsString().trim();
    }

    /** A number, or JMH's {@code "NaN"} (a string: JSON has no NaN), or absent. */
    private static double number(final JsonElement value) {
        if (value == null || value.isJsonNull() || value instanceof JsonArray) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(value.getAsString());
        } catch (final NumberFormatException ex) {
            return Double.NaN;
        }
    }

    static String library(final String benchmarkClass) {
        return switch (benchmarkClass) {
            case "FlyprotoBenchmark" -> Library.FLYPROTO.label();
            case "ProtobufJavaBenchmark" -> Library.PROTOBUF_JAVA.label();
            case "QuickbufBenchmark" -> Library.QUICKBUF.label();
            case "LightprotoBenchmark" -> Library.LIGHTPROTO.label();
            case "SbeBenchmark" -> Library.SBE.label();
            default -> benchmarkClass;
        };
    }

    private static String operation(final String method) {
        return switch (method) {
            case "encodePrebuilt" -> "encode-prebuilt";
            case "decodeTrusted" -> "decode-trusted";
            case "encodeAndCopy" -> "encode-and-copy";
            default -> method;
        };
    }
}
