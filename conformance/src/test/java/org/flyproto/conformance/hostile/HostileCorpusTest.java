package org.flyproto.conformance.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Message;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.IntUnaryOperator;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.conformance.fuzz.DecoderProperties;
import org.flyproto.conformance.fuzz.Schema;
import org.flyproto.conformance.fuzz.Verdict;
import org.flyproto.conformance.fuzz.WireDivergences;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Decodes every file of the hostile-input corpus ({@code src/test/resources/corpus/}, see {@link HostileCorpus}) with
 * the decoder of its directory's message type: {@code <schema>/*.bin} must be rejected with a
 * {@code ProtoDecodeException} whose offset lies in the input and which gives a reason, as protobuf-java rejects it
 * (except where flyproto is documented to be stricter, asserted explicitly); {@code <schema>/valid/*.bin} must be
 * accepted and read as protobuf-java reads it. Each input is also decoded embedded in larger buffers between guard
 * bytes of several kinds: same verdict, same reason at the same relative offset, guard bytes untouched.
 *
 * <p>Tagged {@code hostile}: also run with {@code -Dagrona.disable.bounds.checks=true}, where the guard bytes are what
 * would catch a read outside the input.
 */
@Tag("hostile")
class HostileCorpusTest {
    /** The corpus files protobuf-java accepts and flyproto rejects, as documented, with flyproto's reason. */
    private static final Map<String, String> STRICTER_THAN_PROTOBUF_JAVA = Map.of(
            "proto3/field-number-above-2-pow-29-minus-1.bin", "field number above 536870911",
            "proto3/tag-longer-than-5-bytes.bin", "tag longer than 5 bytes",
            "proto3/nested-tag-longer-than-5-bytes.bin", "tag longer than 5 bytes",
            "proto3/64-bit-varint-whose-10th-byte-continues.bin", "varint longer than 10 bytes");

    /** Where the input starts in the embedding buffers, and how many guard bytes follow it. */
    private static final int OFFSET = 19;

    private static final int TRAILER = 23;

    private static final HexFormat HEX = HexFormat.ofDelimiter(" ").withUpperCase();

    /** What surrounds the input when embedded: byte {@code i} before it, and byte {@code i} after it. */
    private enum Guard {
        ZEROS_ON_HEAP(false, i -> 0x00, i -> 0x00),
        ONES_ON_HEAP(false, i -> 0xFF, i -> 0xFF),
        CONTINUATION_OFF_HEAP(true, i -> 0x80, i -> i % 2 == 0 ? 0x01 : 0x08),
        FIELDS_ON_HEAP(false, i -> i % 2 == 0 ? 0x08 : 0x01, i -> i % 2 == 0 ? 0x08 : 0x01);

        private final boolean direct;
        private final IntUnaryOperator before;
        private final IntUnaryOperator after;

        Guard(final boolean direct, final IntUnaryOperator before, final IntUnaryOperator after) {
            this.direct = direct;
            this.before = before;
            this.after = after;
        }

        MutableDirectBuffer embed(final byte[] input) {
            final int capacity = OFFSET + input.length + TRAILER;
            final MutableDirectBuffer buffer = direct
                    ? new UnsafeBuffer(ByteBuffer.allocateDirect(capacity))
                    : new UnsafeBuffer(new byte[capacity]);
            for (int i = 0; i < OFFSET; i++) {
                buffer.putByte(i, (byte) before.applyAsInt(i));
            }
            buffer.putBytes(OFFSET, input);
            for (int i = 0; i < TRAILER; i++) {
                buffer.putByte(OFFSET + input.length + i, (byte) after.applyAsInt(i));
            }
            return buffer;
        }
    }

    static Stream<Arguments> invalid() {
        return files(false);
    }

    static Stream<Arguments> valid() {
        return files(true);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalid")
    void shouldRejectWithAReasonAndAnOffsetInsideTheInputAsProtobufJavaDoes(
            final String path, final Schema schema, final byte[] input) {
        final Verdict verdict = decodeAlone(schema, input, false, path);
        assertThat(verdict.accepted()).as("%s accepted", path).isFalse();
        assertThat(verdict.reason()).as("%s: reason", path).isNotBlank();
        // The end is inside: a value cut by the end of the input is found there.
        assertThat(verdict.offset()).as("%s: offset of %s", path, verdict).isBetween(0, input.length);

        final String stricterReason = STRICTER_THAN_PROTOBUF_JAVA.get(path);
        if (stricterReason == null) {
            assertThat(schema.protobufJavaRejection(input))
                    .as("%s: protobuf-java's rejection", path)
                    .isNotNull();
        } else {
            assertThat(schema.protobufJavaRejection(input))
                    .as("%s: protobuf-java accepts, flyproto is stricter", path)
                    .isNull();
            assertThat(WireDivergences.find(schema.descriptor(), input).flyprotoIsStricter())
                    .as("%s: a documented divergence", path)
                    .isTrue();
            assertThat(verdict.reason()).as("%s: reason", path).isEqualTo(stricterReason);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("valid")
    void shouldAcceptAndReadAsProtobufJavaDoes(final String path, final Schema schema, final byte[] input) {
        final Message expected = schema.parse(input);
        assertThat(expected).as("%s: protobuf-java's parse", path).isNotNull();
        final Message withoutUnknown = DecoderProperties.withoutUnknownFields(expected);
        assertThat(decodeAlone(schema, input, false, path).value())
                .as("%s: validating read", path)
                .isEqualTo(withoutUnknown);
        assertThat(decodeAlone(schema, input, true, path).value())
                .as("%s: trusted read", path)
                .isEqualTo(withoutUnknown);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void shouldGiveTheSameVerdictEmbeddedBetweenGuardBytesAndLeaveThemUntouched(
            final String path, final Schema schema, final byte[] input) {
        for (final boolean trusted : new boolean[] {false, true}) {
            final Verdict alone = decodeAlone(schema, input, trusted, path);
            for (final Guard guard : Guard.values()) {
                final MutableDirectBuffer buffer = guard.embed(input);
                final byte[] before = new byte[buffer.capacity()];
                buffer.getBytes(0, before);
                final Verdict embedded =
                        Verdict.decode(schema, buffer, OFFSET, input.length, trusted, context(path, input));
                assertThat(embedded)
                        .as("%s, trusted=%s, at %d between %s guards", path, trusted, OFFSET, guard)
                        .isEqualTo(alone);
                final byte[] after = new byte[buffer.capacity()];
                buffer.getBytes(0, after);
                assertThat(after)
                        .as("%s: buffer after decoding, %s", path, guard)
                        .isEqualTo(before);
            }
        }
    }

    @Test
    void shouldHoldEveryGeneratedCaseAsGenerated() throws IOException {
        final Path corpus = corpus();
        for (final HostileCorpus.Case c : HostileCorpus.cases()) {
            final Path file = corpus.resolve(c.path());
            assertThat(file)
                    .as("corpus file %s (run HostileCorpus to write it)", c.path())
                    .exists();
            assertThat(Files.readAllBytes(file)).as("%s", c.path()).isEqualTo(c.bytes());
        }
    }

    @Test
    void shouldCoverEverySchemaWithInvalidAndValidInput() {
        for (final Schema schema : Schema.values()) {
            assertThat(invalid().filter(a -> a.get()[1] == schema))
                    .as("invalid input for %s", schema)
                    .isNotEmpty();
        }
        for (final Schema schema : Schema.values()) {
            if (schema == Schema.FEATURES) {
                continue;
            }
            assertThat(valid().filter(a -> a.get()[1] == schema))
                    .as("valid input for %s", schema)
                    .isNotEmpty();
        }
    }

    // ---------------------------------------------------------------------------------------------------------------

    static Stream<Arguments> files() {
        return Stream.concat(invalid(), valid());
    }

    private static Verdict decodeAlone(
            final Schema schema, final byte[] input, final boolean trusted, final String path) {
        return Verdict.decode(schema, new UnsafeBuffer(input.clone()), 0, input.length, trusted, context(path, input));
    }

    private static Supplier<String> context(final String path, final byte[] input) {
        return () -> path + " [" + HEX.formatHex(input) + "]";
    }

    /** Every {@code corpus/<schema>/*.bin}, or every {@code corpus/<schema>/valid/*.bin}: path, schema, bytes. */
    private static Stream<Arguments> files(final boolean valid) {
        final Path corpus = corpus();
        try (Stream<Path> directories = Files.list(corpus)) {
            final List<Path> schemas =
                    directories.filter(Files::isDirectory).sorted().toList();
            return schemas.stream().flatMap(directory -> {
                final Schema schema = Schema.ofDirectory(directory.getFileName().toString());
                final Path files = valid ? directory.resolve("valid") : directory;
                if (!Files.isDirectory(files)) {
                    return Stream.empty();
                }
                try (Stream<Path> list = Files.list(files)) {
                    return list
                            .filter(p -> p.toString().endsWith(".bin"))
                            .sorted()
                            .map(p ->
                                    Arguments.of(corpus.relativize(p).toString().replace('\\', '/'), schema, read(p)))
                            .toList()
                            .stream();
                } catch (final IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] read(final Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path corpus() {
        final URL url = HostileCorpusTest.class.getResource("/corpus");
        assertThat(url).as("corpus on the test class path").isNotNull();
        try {
            return Path.of(url.toURI());
        } catch (final URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
