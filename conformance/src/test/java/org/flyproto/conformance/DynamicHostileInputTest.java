package org.flyproto.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.codec.schema.MessageSchema;
import org.flyproto.conformance.DynamicMessages.Source;
import org.flyproto.conformance.fuzz.DynamicVerdicts;
import org.flyproto.conformance.fuzz.Schema;
import org.flyproto.conformance.fuzz.Verdict;
import org.flyproto.conformance.hostile.HostileCorpus;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Hostile input through the {@code DynamicDecoder}: every case of the hostile corpus and every seed of the fuzz
 * target, with the run-time schema generated and loaded, must get the generated decoder's verdict and, accepted, read
 * as protobuf-java reads it ({@link DynamicVerdicts}); embedded in buffers of every kind, after a prefix and before a
 * continuation that would change what the input says if read, the verdict stays the same.
 *
 * <p>Tagged {@code hostile}: also run with {@code -Dagrona.disable.bounds.checks=true}.
 */
@Tag("hostile")
class DynamicHostileInputTest {
    private static final HexFormat HEX = HexFormat.ofDelimiter(" ").withUpperCase();
    private static final Path SEEDS = Path.of(
                    System.getProperty("basedir", "."), "src/test/resources/org/flyproto/conformance/fuzz")
            .resolve("DecoderFuzzTestInputs/shouldDecodeAnyInputSafelyAndAsProtobufJavaDoes");

    static Stream<Arguments> inputs() {
        final Stream<Arguments> corpus = HostileCorpus.cases().stream()
                .map(c -> Arguments.of(
                        c.path(),
                        Schema.ofDirectory(c.path().substring(0, c.path().indexOf('/'))),
                        c.bytes()));
        final List<Path> seeds;
        try (Stream<Path> files = Files.list(SEEDS)) {
            seeds = files.sorted().toList();
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
        final Stream<Arguments> fuzz = seeds.stream().map(file -> {
            final byte[] data = read(file);
            final Schema schema = DynamicVerdicts.fuzzedSchema(data);
            return Arguments.of(
                    "seed " + file.getFileName(),
                    schema,
                    data.length == 0 ? data : Arrays.copyOfRange(data, 1, data.length));
        });
        return Stream.concat(corpus, fuzz)
                .flatMap(a -> Stream.of(Source.values()).map(s -> Arguments.of(a.get()[0], a.get()[1], a.get()[2], s)));
    }

    @ParameterizedTest(name = "{0} {3}")
    @MethodSource("inputs")
    void shouldGiveTheGeneratedDecodersVerdictAndReadAsProtobufJavaReads(
            final String name, final Schema schema, final byte[] input, final Source source) {
        final MessageSchema dynamic = source.schema(schema.descriptor());
        final Supplier<String> context = () -> name + " [" + HEX.formatHex(input) + "]";
        final Verdict generated =
                Verdict.decode(schema, new UnsafeBuffer(input.clone()), 0, input.length, false, context);
        final Verdict trusted = Verdict.decode(schema, new UnsafeBuffer(input.clone()), 0, input.length, true, context);
        DynamicVerdicts.check(schema, dynamic, input, generated, trusted, context);

        final Verdict alone = DynamicVerdicts.decode(
                schema, dynamic, new UnsafeBuffer(input.clone()), 0, input.length, false, context);
        for (final HostileBytes.Region region : HostileBytes.regions(input, HostileBytes.PREFIX)) {
            final Verdict embedded = DynamicVerdicts.decode(
                    schema, dynamic, region.buffer(), region.offset(), region.length(), false, context);
            assertThat(embedded).as("%s in %s", name, region).isEqualTo(alone);
        }
    }

    private static byte[] read(final Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
