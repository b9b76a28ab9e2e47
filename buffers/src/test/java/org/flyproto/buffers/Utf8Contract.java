package org.flyproto.buffers;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.CharBuffer;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** Contract of {@link Utf8} encoding, validation and decoding, run over every {@link BufferKind}. */
abstract class Utf8Contract extends BufferFixture {
    Utf8Contract(final BufferKind kind) {
        super(kind);
    }

    static Stream<Arguments> lengthClasses() {
        return Stream.of(
                Arguments.of("A", "41"),
                Arguments.of("\u0000", "00"),
                Arguments.of("\u007F", "7f"),
                Arguments.of("\u0080", "c280"),
                Arguments.of("\u00E9", "c3a9"),
                Arguments.of("\u07FF", "dfbf"),
                Arguments.of("\u0800", "e0a080"),
                Arguments.of("\u20AC", "e282ac"),
                Arguments.of("\uD7FF", "ed9fbf"),
                Arguments.of("\uE000", "ee8080"),
                Arguments.of("\uFFFF", "efbfbf"),
                Arguments.of("\uD800\uDC00", "f0908080"),
                Arguments.of("\uD83D\uDE00", "f09f9880"),
                Arguments.of("\uDBFF\uDFFF", "f48fbfbf"),
                Arguments.of("a\u00E9\u20AC\uD83D\uDE00z", "61c3a9e282acf09f98807a"));
    }

    static Stream<Arguments> unpairedSurrogates() {
        return Stream.of(
                Arguments.of("\uD800", "3f"),
                Arguments.of("\uDC00", "3f"),
                Arguments.of("\uDBFF", "3f"),
                Arguments.of("\uDFFF", "3f"),
                Arguments.of("a\uD800b", "613f62"),
                Arguments.of("x\uD83D", "783f"),
                Arguments.of("\uDE00x", "3f78"),
                Arguments.of("\uDC00\uD800", "3f3f"),
                Arguments.of("\uD800\uD800\uDC00", "3ff0908080"),
                Arguments.of("\uD800\uDC00\uDC00", "f09080803f"),
                Arguments.of("\u00E9\uD800\u00E9", "c3a93fc3a9"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("lengthClasses")
    void shouldEncodeEveryLengthClass(final String value, final String expectedHex) {
        assertEncodes(value, expectedHex);
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("unpairedSurrogates")
    void shouldEncodeUnpairedSurrogateAsQuestionMark(final String value, final String expectedHex) {
        assertEncodes(value, expectedHex);
        assertThat(expectedHex).isEqualTo(hex(value.getBytes(UTF_8)));
    }

    @Test
    void shouldEncodeNothingForEmptyText() {
        final MutableDirectBuffer buffer = newBuffer(AT + 1);

        assertThat(Utf8.encode("", buffer, AT)).isZero();
        assertThat(buffer.getByte(AT)).isEqualTo(FILL);
    }

    @Test
    void shouldSwitchFromAsciiToGeneralEncodingAtAnyPosition() {
        for (int prefix = 0; prefix <= 20; prefix++) {
            final String value = "abcdefghijklmnopqrstuvwxyz".substring(0, prefix) + "\u00E9\u20AC\uD83D\uDE00tail";

            assertEncodes(value, hex(value.getBytes(UTF_8)));
        }
    }

    @Test
    void shouldEncodeAsciiStringsOfEveryLengthWithinTheirBytes() {
        for (int length = 0; length <= 40; length++) {
            final StringBuilder text = new StringBuilder();
            for (int i = 0; i < length; i++) {
                text.append((char) ('a' + i % 26));
            }
            final String value = text.toString();
            for (final int room : new int[] {length, length + 9}) {
                final MutableDirectBuffer buffer = newBuffer(AT + room);
                buffer.setMemory(0, buffer.capacity(), FILL);

                final int written = Utf8.encode(value, buffer, AT);

                assertThat(written).as("length=%d", length).isEqualTo(length);
                assertThat(copy(buffer, AT, written)).as("length=%d", length).isEqualTo(value.getBytes(UTF_8));
                for (int i = 0; i < buffer.capacity(); i++) {
                    if (i < AT || i >= AT + length) {
                        assertThat(buffer.getByte(i))
                                .as("length=%d byte %d", length, i)
                                .isEqualTo(FILL);
                    }
                }
            }
        }
    }

    @Test
    void shouldEncodeLikeStringGetBytesForRandomText() {
        final long seed = TestSeeds.seed();
        final SplittableRandom random = new SplittableRandom(seed);
        final MutableDirectBuffer buffer = newBuffer(AT + 64 * 3 + 1);
        for (int i = 0; i < 5_000; i++) {
            // Every other string of Latin-1 chars only, which the JVM holds as bytes: their own fast path.
            final String value = i % 2 == 0 ? RandomText.string(random, 64, true) : RandomText.latin1(random, 64);
            final byte[] expected = value.getBytes(UTF_8);
            final CharSequence[] forms = {value, new StringBuilder(value), CharBuffer.wrap(value)};
            for (final CharSequence form : forms) {
                buffer.setMemory(0, buffer.capacity(), FILL);

                final int written = Utf8.encode(form, buffer, AT);

                assertThat(written)
                        .as("seed=%d %s %s", seed, form.getClass().getSimpleName(), hex(expected))
                        .isEqualTo(expected.length);
                assertThat(Utf8.encodedLength(form))
                        .as("seed=%d %s", seed, hex(expected))
                        .isEqualTo(expected.length);
                assertThat(hex(copy(buffer, AT, written)))
                        .as("seed=%d %s", seed, form.getClass().getSimpleName())
                        .isEqualTo(hex(expected));
                assertThat(buffer.getByte(AT + written)).as("seed=%d", seed).isEqualTo(FILL);
            }
        }
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("lengthClasses")
    void shouldAcceptValidUtf8OfEveryLengthClass(final String value, final String encodedHex) {
        final byte[] encoded = hex(encodedHex);
        final MutableDirectBuffer buffer = bufferWith(encoded, 0);

        assertThat(Utf8.invalidIndex(buffer, AT, encoded.length)).isEqualTo(-1);
        assertThat(Utf8.isValid(buffer, AT, encoded.length)).isTrue();
    }

    @Test
    void shouldAcceptEmptyRange() {
        final MutableDirectBuffer buffer = bufferWith(hex("80"), 0);

        assertThat(Utf8.invalidIndex(buffer, AT, 0)).isEqualTo(-1);
        assertThat(Utf8.isValid(buffer, AT, 0)).isTrue();
    }

    @ParameterizedTest(name = "{0} invalid at {1}")
    @CsvSource({
        "c080, 0",
        "c1bf, 0",
        "e08080, 0",
        "e09fbf, 0",
        "eda080, 0",
        "edbfbf, 0",
        "f08f8080, 0",
        "f4908080, 0",
        "f5808080, 0",
        "f8, 0",
        "ff, 0",
        "80, 0",
        "bf, 0",
        "4180, 1",
        "c2, 0",
        "41e282, 1",
        "41f09f98, 1",
        "c241, 0",
        "e228a1, 0",
        "e282ac41e282, 4",
        "f09f9841, 0",
        "f0289f98, 0",
        "c3a9c3, 2",
        "c3a980, 2",
        "41414141414141414141414141c080, 13",
        "4141414141414141c3a9414141414141414180, 18",
    })
    void shouldReportFirstByteOfFirstInvalidSequence(final String bytesHex, final int expected) {
        final byte[] bytes = hex(bytesHex);
        final MutableDirectBuffer buffer = bufferWith(bytes, 4);

        assertThat(Utf8.invalidIndex(buffer, AT, bytes.length)).isEqualTo(AT + expected);
        assertThat(Utf8.isValid(buffer, AT, bytes.length)).isFalse();
        assertThat(RandomText.jdkInvalidIndex(bytes)).as("JDK oracle").isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"c280", "dfbf", "e0a080", "ed9fbf", "ee8080", "efbfbf", "f0908080", "f48fbfbf", "f3bfbfbf"})
    void shouldAcceptSequencesAtTheEdgesOfTheValidRanges(final String bytesHex) {
        final byte[] bytes = hex(bytesHex);
        final MutableDirectBuffer buffer = bufferWith(bytes, 0);

        assertThat(Utf8.invalidIndex(buffer, AT, bytes.length)).isEqualTo(-1);
        assertThat(RandomText.jdkInvalidIndex(bytes)).as("JDK oracle").isEqualTo(-1);
    }

    @Test
    void shouldFindInvalidByteAtEveryPositionOfAnAsciiRun() {
        final MutableDirectBuffer buffer = newBuffer(AT + 41);
        for (int length = 1; length <= 40; length++) {
            for (int bad = 0; bad < length; bad++) {
                buffer.setMemory(AT, length, (byte) 'x');
                buffer.putByte(AT + bad, (byte) 0x80);
                buffer.putByte(AT + length, (byte) 'x');

                assertThat(Utf8.invalidIndex(buffer, AT, length))
                        .as("length=%d bad=%d", length, bad)
                        .isEqualTo(AT + bad);
            }
            buffer.setMemory(AT, length, (byte) 'x');
            assertThat(Utf8.invalidIndex(buffer, AT, length))
                    .as("length=%d", length)
                    .isEqualTo(-1);
        }
    }

    @Test
    void shouldNotReadPastTheEndOfTheRange() {
        // Each range ends in a truncated sequence that the bytes after it would complete.
        final String[] truncated = {"e282", "f09f98", "41c3", "4141414141414141e2"};
        final String[] completions = {"ac", "80", "a9", "82ac"};
        for (int i = 0; i < truncated.length; i++) {
            final byte[] range = hex(truncated[i]);
            final MutableDirectBuffer buffer = bufferWith(hex(truncated[i] + completions[i]), 0);

            assertThat(Utf8.invalidIndex(buffer, AT, range.length))
                    .as(truncated[i])
                    .isEqualTo(AT + RandomText.jdkInvalidIndex(range));
        }
    }

    @Test
    void shouldValidateRangeEndingAtEndOfBuffer() {
        for (int length = 0; length <= 20; length++) {
            final byte[] bytes = "\u00E9abcdefghijklmnopqrs"
                    .substring(0, Math.max(0, length - 1))
                    .getBytes(UTF_8);
            final MutableDirectBuffer buffer = bufferWith(bytes, 0);

            assertThat(Utf8.invalidIndex(buffer, AT, bytes.length))
                    .as("length=%d", length)
                    .isEqualTo(-1);
        }
    }

    @Test
    void shouldAgreeWithJdkStrictDecoderOnRandomBytes() {
        final long seed = TestSeeds.seed();
        final SplittableRandom random = new SplittableRandom(seed);
        final MutableDirectBuffer buffer = newBuffer(AT + 200);
        for (int i = 0; i < 20_000; i++) {
            final byte[] bytes = (i & 1) == 0 ? RandomText.bytes(random, 24) : RandomText.mutatedUtf8(random, 40);
            buffer.setMemory(0, buffer.capacity(), FILL);
            buffer.putBytes(AT, bytes);

            final int expected = RandomText.jdkInvalidIndex(bytes);

            assertThat(Utf8.invalidIndex(buffer, AT, bytes.length))
                    .as("seed=%d bytes=%s", seed, hex(bytes))
                    .isEqualTo(expected < 0 ? -1 : AT + expected);
        }
    }

    @Test
    void shouldAcceptRandomValidText() {
        final long seed = TestSeeds.seed();
        final SplittableRandom random = new SplittableRandom(seed);
        final MutableDirectBuffer buffer = newBuffer(AT + 64 * 4);
        for (int i = 0; i < 5_000; i++) {
            final String value = RandomText.string(random, 64, false);
            final int length = Utf8.encode(value, buffer, AT);

            assertThat(Utf8.invalidIndex(buffer, AT, length))
                    .as("seed=%d", seed)
                    .isEqualTo(-1);
        }
    }

    @Test
    void shouldDecodeToStringLikeTheJdk() {
        final String[] values = {"", "hello", "h\u00E9llo \u20AC \uD83D\uDE00", "\uDBFF\uDFFF"};
        for (final String value : values) {
            final byte[] bytes = value.getBytes(UTF_8);
            final MutableDirectBuffer buffer = bufferWith(bytes, 1);

            assertThat(Utf8.toString(buffer, AT, bytes.length)).isEqualTo(value);
        }

        final byte[] malformed = hex("41c080eda080f09f9842");
        final MutableDirectBuffer buffer = bufferWith(malformed, 1);
        assertThat(Utf8.toString(buffer, AT, malformed.length)).isEqualTo(new String(malformed, UTF_8));
    }

    @Test
    void shouldEncodeLikeStringGetBytesIntoBuffersEndingAnywhereNearTheText() {
        final long seed = TestSeeds.seed();
        final SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < 2_000; i++) {
            final int maxLength = i % 10 == 0 ? 300 : 40;
            final String value =
                    i % 2 == 0 ? RandomText.string(random, maxLength, true) : RandomText.latin1(random, maxLength);
            final byte[] expected = value.getBytes(UTF_8);
            final int at = random.nextInt(8);
            final MutableDirectBuffer buffer = newBuffer(at + expected.length + random.nextInt(4));
            final CharSequence form = random.nextBoolean() ? value : new StringBuilder(value);

            final int written = Utf8.encode(form, buffer, at);

            assertThat(written).as("seed=%d %s", seed, hex(expected)).isEqualTo(expected.length);
            assertThat(hex(copy(buffer, at, written))).as("seed=%d", seed).isEqualTo(hex(expected));
            for (int k = 0; k < at; k++) {
                assertThat(buffer.getByte(k)).isEqualTo(FILL);
            }
            for (int k = at + written; k < buffer.capacity(); k++) {
                assertThat(buffer.getByte(k)).isEqualTo(FILL);
            }
        }
    }

    @Test
    void shouldThrowRatherThanEncodeAStringPastTheCapacityOfAFixedBuffer() {
        final String[] values = {"abcdefgh", "a\u00E9", "abc\u20AC", "\uD83D\uDE00", "abcdefghijklmnop\uD83D\uDE00xyz"};
        for (final String value : values) {
            final int length = value.getBytes(UTF_8).length;
            final MutableDirectBuffer buffer = newBuffer(AT + length - 1 + 4);
            if (buffer.isExpandable()) {
                assertThat(Utf8.encode(value, buffer, AT + 4)).as("grows").isEqualTo(length);
                assertThat(copy(buffer, AT + 4, length)).isEqualTo(value.getBytes(UTF_8));
                continue;
            }
            // A buffer over the same memory without its last 4 bytes: those, past its capacity, must stay untouched.
            final UnsafeBuffer shorter = new UnsafeBuffer(buffer, 0, AT + length - 1);

            assertThatThrownBy(() -> Utf8.encode(value, shorter, AT))
                    .as(value)
                    .isInstanceOf(IndexOutOfBoundsException.class);
            for (int k = AT + length - 1; k < buffer.capacity(); k++) {
                assertThat(buffer.getByte(k)).as("%s byte %d", value, k).isEqualTo(FILL);
            }
        }
    }

    @Test
    void shouldRejectRangesOutsideTheBufferInEitherBoundsCheckMode() {
        final MutableDirectBuffer buffer = bufferWith(hex("41424344"), 0);
        final int capacity = buffer.capacity();

        assertThat(Utf8.invalidIndex(buffer, capacity, 0)).isEqualTo(-1);
        assertThat(Utf8.toString(buffer, capacity - 2, 2)).isEqualTo("CD");
        final int[][] outside = DirectBuffer.SHOULD_BOUNDS_CHECK
                ? new int[][] {{capacity - 1, 2}, {-1, 1}, {capacity + 1, 0}, {1, -1}, {2, capacity}}
                : new int[][] {{capacity - 1, 2}, {-1, 1}, {1, -1}, {2, capacity}}; // an empty range reads nothing
        for (final int[] range : outside) {
            assertThatThrownBy(() -> Utf8.invalidIndex(buffer, range[0], range[1]))
                    .isInstanceOf(IndexOutOfBoundsException.class);
            assertThatThrownBy(() -> Utf8.isValid(buffer, range[0], range[1]))
                    .isInstanceOf(IndexOutOfBoundsException.class);
            assertThatThrownBy(() -> Utf8.toString(buffer, range[0], range[1]))
                    .isInstanceOf(IndexOutOfBoundsException.class);
        }
    }

    @Test
    void shouldDecodeToStringLikeTheJdkAtAnyOffset() {
        final long seed = TestSeeds.seed();
        final SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < 1_000; i++) {
            final byte[] bytes = (i & 1) == 0 ? RandomText.bytes(random, 30) : RandomText.mutatedUtf8(random, 60);
            final int at = random.nextInt(9);
            final MutableDirectBuffer buffer = newBuffer(at + bytes.length + random.nextInt(3));
            buffer.putBytes(at, bytes);

            assertThat(Utf8.toString(buffer, at, bytes.length))
                    .as("seed=%d %s", seed, hex(bytes))
                    .isEqualTo(new String(bytes, UTF_8));
        }
    }

    @Test
    void shouldAgreeWithJdkStrictDecoderOnRandomTextAtAnyOffset() {
        final long seed = TestSeeds.seed();
        final SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < 3_000; i++) {
            final byte[] bytes = i % 3 == 0
                    ? RandomText.string(random, 120, false).getBytes(UTF_8)
                    : RandomText.mutatedUtf8(random, 120);
            final int at = random.nextInt(9);
            final MutableDirectBuffer buffer = newBuffer(at + bytes.length + random.nextInt(3));
            buffer.putBytes(at, bytes);
            final int expected = RandomText.jdkInvalidIndex(bytes);

            assertThat(Utf8.invalidIndex(buffer, at, bytes.length))
                    .as("seed=%d bytes=%s", seed, hex(bytes))
                    .isEqualTo(expected < 0 ? -1 : at + expected);
            assertThat(Utf8.isValid(buffer, at, bytes.length)).isEqualTo(expected < 0);
        }
    }

    private void assertEncodes(final String value, final String expectedHex) {
        final int expectedLength = expectedHex.length() / 2;
        final MutableDirectBuffer buffer = newBuffer(AT + expectedLength + 1);

        final int written = Utf8.encode(value, buffer, AT);

        assertThat(written).as("encode(%s)", expectedHex).isEqualTo(expectedLength);
        assertThat(Utf8.encodedLength(value))
                .as("encodedLength(%s)", expectedHex)
                .isEqualTo(expectedLength);
        assertThat(hex(copy(buffer, AT, written))).isEqualTo(expectedHex);
        assertThat(buffer.getByte(AT - 1)).isEqualTo(FILL);
        assertThat(buffer.getByte(AT + written)).isEqualTo(FILL);
    }
}
