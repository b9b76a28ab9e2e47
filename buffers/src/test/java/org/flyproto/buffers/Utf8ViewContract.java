package org.flyproto.buffers;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Contract of {@link Utf8View}, run over every {@link BufferKind}. */
abstract class Utf8ViewContract extends BufferFixture {
    private static final String ASCII_100 = "0123456789".repeat(10);

    Utf8ViewContract(final BufferKind kind) {
        super(kind);
    }

    static Stream<Arguments> texts() {
        return Stream.of(
                Arguments.of("empty", ""),
                Arguments.of("one ASCII", "a"),
                Arguments.of("ASCII", "hello, world!"),
                Arguments.of("2-byte", "h\u00E9llo w\u00F6rld"),
                Arguments.of("3-byte", "\u20ACuro \u65E5\u672C\u8A9E"),
                Arguments.of("supplementary only", "\uD83D\uDE00"),
                Arguments.of("supplementary mixed", "a\uD83D\uDE00b\uD800\uDF48c\uD83D\uDE00"),
                Arguments.of("U+10FFFF", "\uDBFF\uDFFF"),
                Arguments.of("edges", "\u007F\u0080\u07FF\u0800\uD7FF\uE000\uFFFF\uD800\uDC00\uDBFF\uDFFF"),
                Arguments.of("long ASCII then 2-byte", ASCII_100 + "\u00E9"),
                Arguments.of("2-byte then long ASCII", "\u00E9" + ASCII_100),
                Arguments.of("long mixed", (ASCII_100 + "\u00E9\u20AC\uD83D\uDE00").repeat(5)));
    }

    static Stream<Arguments> malformed() {
        return Stream.of(
                Arguments.of("c080", "\uFFFD\uFFFD"),
                Arguments.of("e08080", "\uFFFD\uFFFD\uFFFD"),
                Arguments.of("eda080", "\uFFFD"),
                Arguments.of("eda0", "\uFFFD"),
                Arguments.of("f4908080", "\uFFFD\uFFFD\uFFFD\uFFFD"),
                Arguments.of("f5", "\uFFFD"),
                Arguments.of("ff fe", "\uFFFD\uFFFD"),
                Arguments.of("80", "\uFFFD"),
                Arguments.of("41 80 42", "A\uFFFDB"),
                Arguments.of("c2", "\uFFFD"),
                Arguments.of("e282", "\uFFFD"),
                Arguments.of("f09f98", "\uFFFD"),
                Arguments.of("f09f98 41", "\uFFFDA"),
                Arguments.of("f09f9880 f0", "\uD83D\uDE00\uFFFD"),
                Arguments.of("e2 28 a1", "\uFFFD(\uFFFD"),
                Arguments.of("c3a9 c3 c3a9", "\u00E9\uFFFD\u00E9"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("texts")
    void shouldMatchStringLengthAndSequentialCharAt(final String name, final String text) {
        final Utf8View view = viewOf(text);

        assertThat(view.length()).isEqualTo(text.length());
        for (int i = 0; i < text.length(); i++) {
            assertThat(view.charAt(i)).as("charAt(%d)", i).isEqualTo(text.charAt(i));
        }
        assertThat(view.length()).isEqualTo(text.length());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("texts")
    void shouldMatchStringCharAtBeforeLengthIsKnown(final String name, final String text) {
        for (int i = 0; i < text.length(); i++) {
            assertThat(viewOf(text).charAt(i)).as("charAt(%d)", i).isEqualTo(text.charAt(i));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("texts")
    void shouldMatchStringCharAtInRandomAndDescendingOrder(final String name, final String text) {
        final long seed = TestSeeds.seed();
        final SplittableRandom random = new SplittableRandom(seed);
        final Utf8View view = viewOf(text);

        for (int n = 0; n < 3 * text.length(); n++) {
            final int i = random.nextInt(text.length());
            assertThat(view.charAt(i)).as("seed=%d charAt(%d)", seed, i).isEqualTo(text.charAt(i));
        }
        for (int i = text.length() - 1; i >= 0; i--) {
            assertThat(view.charAt(i)).as("charAt(%d)", i).isEqualTo(text.charAt(i));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("texts")
    void shouldMatchStringToStringAndHashCode(final String name, final String text) {
        final Utf8View view = viewOf(text);

        assertThat(view.toString()).isEqualTo(text);
        assertThat(view.hashCode()).isEqualTo(text.hashCode());
        assertThat(viewOf(text).hashCode()).as("before anything is cached").isEqualTo(text.hashCode());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("texts")
    void shouldMatchStringSubSequence(final String name, final String text) {
        final Utf8View view = viewOf(text);
        final int step = Math.max(1, text.length() / 16);

        for (int start = 0; start <= text.length(); start += step) {
            for (int end = start; end <= text.length(); end += step) {
                assertThat(view.subSequence(start, end))
                        .as("subSequence(%d, %d)", start, end)
                        .isInstanceOf(String.class)
                        .isEqualTo(text.substring(start, end));
            }
        }
        assertThat(view.subSequence(0, text.length())).isEqualTo(text);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("texts")
    void shouldContentEqualOnlyTheSameUnits(final String name, final String text) {
        final Utf8View view = viewOf(text);

        assertThat(view.contentEquals(text)).isTrue();
        assertThat(view.contentEquals(new StringBuilder(text))).isTrue();
        assertThat(view.contentEquals(viewOf(text))).isTrue();
        assertThat(view.contentEquals(text + "x")).isFalse();
        assertThat(view.contentEquals(text + "\u00E9")).isFalse();
        assertThat(view.contentEquals("x" + text)).isFalse();
        assertThat(view.contentEquals(null)).isFalse();
        if (!text.isEmpty()) {
            assertThat(view.contentEquals(text.substring(0, text.length() - 1))).isFalse();
            assertThat(view.contentEquals(text.substring(1))).isFalse();
            assertThat(view.contentEquals("")).isFalse();
            for (int i = 0; i < text.length(); i++) {
                final StringBuilder changed = new StringBuilder(text);
                changed.setCharAt(i, (char) (text.charAt(i) ^ 1));
                assertThat(view.contentEquals(changed)).as("changed at %d", i).isFalse();
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("texts")
    void shouldAppendDecodedText(final String name, final String text) {
        final StringBuilder builder = new StringBuilder("prefix:");
        final StringWriter writer = new StringWriter();

        assertThat(viewOf(text).appendTo(builder)).isSameAs(builder);
        viewOf(text).appendTo((Appendable) writer);

        assertThat(builder.toString()).isEqualTo("prefix:" + text);
        assertThat(writer.toString()).isEqualTo(text);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("texts")
    void shouldCopyRawBytes(final String name, final String text) {
        final byte[] bytes = text.getBytes(UTF_8);
        final Utf8View view = viewOf(text);
        final MutableDirectBuffer dst = newBuffer(5 + bytes.length + 1);

        assertThat(view.copyTo(dst, 5)).isEqualTo(bytes.length);

        assertThat(copy(dst, 5, bytes.length)).isEqualTo(bytes);
        assertThat(dst.getByte(4)).isEqualTo(FILL);
        assertThat(dst.getByte(5 + bytes.length)).isEqualTo(FILL);
    }

    @Test
    void shouldExposeWrappedRange() {
        final MutableDirectBuffer buffer = bufferWith("h\u00E9".getBytes(UTF_8), 1);
        final Utf8View view = new Utf8View();

        assertThat(view.wrap(buffer, AT, 3)).isSameAs(view);
        assertThat(view.buffer()).isSameAs(buffer);
        assertThat(view.offset()).isEqualTo(AT);
        assertThat(view.byteLength()).isEqualTo(3);
        assertThat(view.length()).isEqualTo(2);
    }

    @Test
    void shouldReportAsciiOnlyWhenEveryByteIsAscii() {
        final MutableDirectBuffer buffer = newBuffer(AT + 21);
        final Utf8View view = new Utf8View();
        for (int length = 0; length <= 20; length++) {
            buffer.setMemory(AT, length, (byte) 'a');
            assertThat(view.wrap(buffer, AT, length).isAscii())
                    .as("length=%d", length)
                    .isTrue();
            for (int i = 0; i < length; i++) {
                buffer.setMemory(AT, length, (byte) 'a');
                buffer.putByte(AT + i, (byte) 0xC3);
                assertThat(view.wrap(buffer, AT, length).isAscii())
                        .as("length=%d non-ASCII at %d", length, i)
                        .isFalse();
            }
        }
    }

    @Test
    void shouldMeasureTheAsciiRunWhereverItEndsWhenLengthComesFirst() {
        final MutableDirectBuffer buffer = newBuffer(AT + 26);
        final Utf8View view = new Utf8View();
        for (int length = 0; length <= 24; length++) {
            for (int at = 0; at <= length; at++) {
                // 'a' up to at, then "é" (two bytes) where it fits, then 'b'; the byte after the text non-ASCII, so
                // that a scan reading past the end would see it.
                final byte[] bytes = new byte[length];
                for (int i = 0; i < length; i++) {
                    bytes[i] = (byte) (i < at ? 'a' : 'b');
                }
                if (at + 1 < length) {
                    bytes[at] = (byte) 0xC3;
                    bytes[at + 1] = (byte) 0xA9;
                }
                buffer.putBytes(AT, bytes);
                buffer.putByte(AT + length, (byte) 0xC3);
                final String expected = new String(bytes, UTF_8);

                view.wrap(buffer, AT, length);
                assertThat(view.length())
                        .as("length, %d bytes, non-ASCII at %d", length, at)
                        .isEqualTo(expected.length());
                assertThat(view.isAscii())
                        .as("isAscii, %d bytes, non-ASCII at %d", length, at)
                        .isEqualTo(at + 1 >= length);
                for (int i = 0; i < expected.length(); i++) {
                    assertThat(view.charAt(i))
                            .as("charAt(%d), %d bytes, non-ASCII at %d", i, length, at)
                            .isEqualTo(expected.charAt(i));
                }
            }
        }
    }

    @Test
    void shouldThrowIndexOutOfBoundsOutsideTheText() {
        for (final String text : new String[] {"", "abc", "a\u00E9\uD83D\uDE00"}) {
            final Utf8View view = viewOf(text);

            assertThatThrownBy(() -> view.charAt(-1)).isInstanceOf(IndexOutOfBoundsException.class);
            assertThatThrownBy(() -> view.charAt(text.length())).isInstanceOf(IndexOutOfBoundsException.class);
            assertThatThrownBy(() -> viewOf(text).charAt(text.length() + 3))
                    .isInstanceOf(IndexOutOfBoundsException.class);
            assertThatThrownBy(() -> view.subSequence(-1, 0)).isInstanceOf(IndexOutOfBoundsException.class);
            assertThatThrownBy(() -> view.subSequence(0, text.length() + 1))
                    .isInstanceOf(IndexOutOfBoundsException.class);
            assertThatThrownBy(() -> view.subSequence(1, 0)).isInstanceOf(IndexOutOfBoundsException.class);
        }
    }

    @Test
    void shouldEqualViewWithSameTextElsewhere() {
        final String text = "h\u00E9llo \uD83D\uDE00";
        final byte[] bytes = text.getBytes(UTF_8);
        final MutableDirectBuffer other = newBuffer(7 + bytes.length);
        other.putBytes(7, bytes);
        final Utf8View view = viewOf(text);
        final Utf8View same = new Utf8View().wrap(other, 7, bytes.length);

        assertThat(view).isEqualTo(same).hasSameHashCodeAs(same);
        assertThat(same).isEqualTo(view);
        assertThat(view).isEqualTo(view);
        assertThat(view).isNotEqualTo(viewOf(text + "!"));
        assertThat(view).isNotEqualTo(viewOf("h\u00E9llo \uD83D\uDE01"));
        assertThat(view).isNotEqualTo(text);
        assertThat(view.equals(null)).isFalse();
        assertThat(viewOf("")).isEqualTo(new Utf8View());
    }

    @Test
    void shouldEqualViewsWhoseMalformedBytesDecodeAlike() {
        final Utf8View overlong = new Utf8View().wrap(bufferWith(hex("c0"), 1), AT, 1);
        final Utf8View continuation = new Utf8View().wrap(bufferWith(hex("80"), 1), AT, 1);
        final Utf8View replacement = new Utf8View().wrap(bufferWith(hex("efbfbd"), 1), AT, 3);

        assertThat(overlong).isEqualTo(continuation).isEqualTo(replacement);
        assertThat(overlong.hashCode()).isEqualTo(continuation.hashCode()).isEqualTo("\uFFFD".hashCode());
    }

    @Test
    void shouldForgetCachedStateOnWrap() {
        final byte[] first = ("\u00E9" + ASCII_100).getBytes(UTF_8);
        final byte[] second = ("\u20AC\u20AC" + ASCII_100).getBytes(UTF_8);
        final MutableDirectBuffer buffer = newBuffer(AT + first.length + second.length + 3);
        buffer.putBytes(AT, first);
        buffer.putBytes(AT + first.length, second);
        buffer.putBytes(AT + first.length + second.length, "abc".getBytes(UTF_8));
        final Utf8View view = new Utf8View();

        view.wrap(buffer, AT, first.length);
        assertThat(view.charAt(50)).isEqualTo('9');
        assertThat(view.length()).isEqualTo(101);

        view.wrap(buffer, AT + first.length, second.length);
        assertThat(view.isAscii()).isFalse();
        assertThat(view.charAt(51)).isEqualTo('9');
        assertThat(view.length()).isEqualTo(102);

        view.wrap(buffer, AT + first.length + second.length, 3);
        assertThat(view.isAscii()).isTrue();
        assertThat(view.length()).isEqualTo(3);
        assertThat(view.charAt(2)).isEqualTo('c');

        view.wrap(buffer, AT, first.length);
        assertThat(view.isAscii()).isFalse();
        assertThat(view.charAt(0)).isEqualTo('\u00E9');
        assertThat(view.toString()).isEqualTo("\u00E9" + ASCII_100);
    }

    @Test
    void shouldWrapIOExceptionOfAppendable() {
        final Appendable failing = new Appendable() {
            @Override
            public Appendable append(final CharSequence csq) throws IOException {
                throw new IOException("closed");
            }

            @Override
            public Appendable append(final CharSequence csq, final int start, final int end) throws IOException {
                throw new IOException("closed");
            }

            @Override
            public Appendable append(final char c) throws IOException {
                throw new IOException("closed");
            }
        };

        assertThatThrownBy(() -> viewOf("abc").appendTo(failing))
                .isInstanceOf(UncheckedIOException.class)
                .hasCauseInstanceOf(IOException.class);
        assertThatThrownBy(() -> viewOf("\u00E9").appendTo(failing)).isInstanceOf(UncheckedIOException.class);
    }

    @Test
    void shouldBehaveAsEmptyTextBeforeWrap() {
        final Utf8View view = new Utf8View();

        assertThat(view.length()).isZero();
        assertThat(view.byteLength()).isZero();
        assertThat(view.isAscii()).isTrue();
        assertThat(view.toString()).isEmpty();
        assertThat(view.hashCode()).isZero();
        assertThat(view.contentEquals("")).isTrue();
        assertThatThrownBy(() -> view.charAt(0)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void shouldRejectRangeOutsideBufferInEitherBoundsCheckMode() {
        final MutableDirectBuffer buffer = newBuffer(8);
        final Utf8View view = new Utf8View();

        assertThatThrownBy(() -> view.wrap(buffer, 7, 2)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> view.wrap(buffer, -1, 1)).isInstanceOf(IndexOutOfBoundsException.class);
        if (DirectBuffer.SHOULD_BOUNDS_CHECK) {
            // An empty range reads nothing: without bounds checks it is not checked, as before.
            assertThatThrownBy(() -> view.wrap(buffer, 9, 0)).isInstanceOf(IndexOutOfBoundsException.class);
        }
        assertThatThrownBy(() -> view.wrap(buffer, 1, -1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> view.wrap(buffer, Integer.MAX_VALUE, 2)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(view.wrap(buffer, 8, 0).length()).isZero();
    }

    @Test
    void shouldAgreeWithTheJdkOnRandomMixedText() {
        final long seed = TestSeeds.seed();
        final SplittableRandom random = new SplittableRandom(seed);
        for (int n = 0; n < 600; n++) {
            final int maxLength = n % 10 == 0 ? 400 : 60;
            final byte[] bytes =
                    RandomText.string(random, maxLength, n % 3 == 0).getBytes(UTF_8);
            try {
                assertAgreesWithJdk(bytes, random);
            } catch (final AssertionError ex) {
                throw new AssertionError("seed=" + seed + " bytes=" + hex(bytes), ex);
            }
        }
    }

    @Test
    void shouldAgreeWithTheJdkOnRandomMalformedBytes() {
        final long seed = TestSeeds.seed();
        final SplittableRandom random = new SplittableRandom(seed);
        for (int n = 0; n < 600; n++) {
            final byte[] bytes = (n & 1) == 0 ? RandomText.bytes(random, 40) : RandomText.mutatedUtf8(random, 80);
            try {
                assertAgreesWithJdk(bytes, random);
            } catch (final AssertionError ex) {
                throw new AssertionError("seed=" + seed + " bytes=" + hex(bytes), ex);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformed")
    void shouldDecodeMalformedSequencesAsReplacementCharacters(final String bytesHex, final String expected) {
        final byte[] bytes = hex(bytesHex);

        assertThat(new String(bytes, UTF_8)).as("JDK decodes alike").isEqualTo(expected);
        assertDecodes(bytes, expected);
    }

    @Test
    void shouldDecodeRandomBytesLikeTheJdkWithoutReadingOutsideTheView() {
        final long seed = TestSeeds.seed();
        final SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < 3_000; i++) {
            final byte[] bytes = (i & 1) == 0 ? RandomText.bytes(random, 24) : RandomText.mutatedUtf8(random, 40);
            final String expected = new String(bytes, UTF_8);
            try {
                assertDecodes(bytes, expected);
            } catch (final AssertionError ex) {
                throw new AssertionError("seed=" + seed + " bytes=" + hex(bytes), ex);
            }
        }
    }

    /**
     * Checks every reading method against {@code expected} for a view over {@code bytes}, placed once with
     * continuation bytes after it, which would complete a truncated sequence if the view read past its end, and once
     * ending its buffer, where a read past the end throws when bounds checks are on.
     */
    private void assertDecodes(final byte[] bytes, final String expected) {
        final byte[] continuations = hex("bf808080");
        final MutableDirectBuffer padded = bufferWith(bytes, continuations.length);
        padded.putBytes(AT + bytes.length, continuations);
        final MutableDirectBuffer exact = bufferWith(bytes, 0);

        for (final DirectBuffer buffer : new DirectBuffer[] {padded, exact}) {
            final Utf8View view = new Utf8View().wrap(buffer, AT, bytes.length);

            assertThat(view.length()).as("length").isEqualTo(expected.length());
            for (int i = 0; i < expected.length(); i++) {
                assertThat(view.charAt(i)).as("charAt(%d)", i).isEqualTo(expected.charAt(i));
            }
            for (int i = expected.length() - 1; i >= 0; i -= 2) {
                assertThat(view.charAt(i)).as("charAt(%d) backwards", i).isEqualTo(expected.charAt(i));
            }
            assertThat(new Utf8View().wrap(buffer, AT, bytes.length).toString()).isEqualTo(expected);
            assertThat(new Utf8View().wrap(buffer, AT, bytes.length).hashCode()).isEqualTo(expected.hashCode());
            assertThat(new Utf8View().wrap(buffer, AT, bytes.length).contentEquals(expected))
                    .as("contentEquals")
                    .isTrue();
            assertThat(new Utf8View().wrap(buffer, AT, bytes.length).contentEquals(expected + "\uFFFD"))
                    .as("contentEquals longer")
                    .isFalse();
            assertThat(new Utf8View()
                            .wrap(buffer, AT, bytes.length)
                            .appendTo(new StringBuilder())
                            .toString())
                    .isEqualTo(expected);
            assertThat(view.subSequence(0, expected.length())).isEqualTo(expected);
        }
    }

    /**
     * Checks every method of views over {@code bytes}, at a random offset of a buffer with random continuation bytes
     * after them, against {@code new String(bytes, UTF_8)}, with ascending, descending and random access.
     */
    private void assertAgreesWithJdk(final byte[] bytes, final SplittableRandom random) {
        final String expected = new String(bytes, UTF_8);
        final int n = expected.length();
        final Utf8View view = randomlyPlaced(bytes, random);

        assertThat(view.isAscii())
                .as("isAscii")
                .isEqualTo(expected.chars().allMatch(c -> c < 0x80) && n == bytes.length);
        assertThat(randomlyPlaced(bytes, random).length()).as("length").isEqualTo(n);
        assertThat(randomlyPlaced(bytes, random).hashCode()).as("hashCode").isEqualTo(expected.hashCode());
        assertThat(randomlyPlaced(bytes, random).toString()).as("toString").isEqualTo(expected);
        for (int i = 0; i < n; i++) {
            assertThat(view.charAt(i)).as("ascending charAt(%d)", i).isEqualTo(expected.charAt(i));
        }
        assertThat(view.hashCode()).as("hashCode after charAt").isEqualTo(expected.hashCode());
        final Utf8View descending = randomlyPlaced(bytes, random);
        for (int i = n - 1; i >= 0; i--) {
            assertThat(descending.charAt(i)).as("descending charAt(%d)", i).isEqualTo(expected.charAt(i));
        }
        final Utf8View randomAccess = randomlyPlaced(bytes, random);
        for (int k = 0; k < Math.min(2 * n, 200); k++) {
            final int i = random.nextInt(n);
            assertThat(randomAccess.charAt(i)).as("random charAt(%d)", i).isEqualTo(expected.charAt(i));
        }
        assertThatThrownBy(() -> randomAccess.charAt(n)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> randomlyPlaced(bytes, random).charAt(n)).isInstanceOf(IndexOutOfBoundsException.class);

        assertThat(randomlyPlaced(bytes, random).contentEquals(expected))
                .as("contentEquals")
                .isTrue();
        assertThat(randomlyPlaced(bytes, random).contentEquals(new StringBuilder(expected)))
                .isTrue();
        assertThat(randomlyPlaced(bytes, random).contentEquals(randomlyPlaced(bytes, random)))
                .isTrue();
        assertThat(randomlyPlaced(bytes, random).contentEquals(expected + "a")).isFalse();
        assertThat(randomlyPlaced(bytes, random).contentEquals(new StringBuilder(expected).append('\u00E9')))
                .isFalse();
        if (n > 0) {
            final String prefix = expected.substring(0, random.nextInt(n));
            assertThat(randomlyPlaced(bytes, random).contentEquals(prefix))
                    .as("prefix")
                    .isFalse();
            assertThat(randomlyPlaced(bytes, random).contentEquals(new StringBuilder(prefix)))
                    .isFalse();
            final StringBuilder changed = new StringBuilder(expected);
            final int at = random.nextInt(n);
            changed.setCharAt(at, (char) (expected.charAt(at) ^ (1 + random.nextInt(0x7F))));
            final String other = changed.toString();
            assertThat(randomlyPlaced(bytes, random).contentEquals(other))
                    .as("changed at %d", at)
                    .isFalse();
            assertThat(randomlyPlaced(bytes, random).contentEquals(changed))
                    .as("changed at %d", at)
                    .isFalse();
        }
        // Another view: equal exactly when the JDK decodes both byte arrays alike.
        final byte[] otherBytes = random.nextBoolean() ? RandomText.mutatedUtf8(random, 20) : bytes.clone();
        if (otherBytes.length > 0 && random.nextBoolean()) {
            otherBytes[random.nextInt(otherBytes.length)] ^= (byte) (1 << random.nextInt(8));
        }
        final boolean same = expected.equals(new String(otherBytes, UTF_8));
        assertThat(randomlyPlaced(bytes, random).contentEquals(randomlyPlaced(otherBytes, random)))
                .as("contentEquals view of %s", hex(otherBytes))
                .isEqualTo(same);
        assertThat(randomlyPlaced(bytes, random).equals(randomlyPlaced(otherBytes, random)))
                .isEqualTo(same);

        final StringBuilder builder = new StringBuilder("x");
        assertThat(randomlyPlaced(bytes, random).appendTo(builder).toString()).isEqualTo("x" + expected);
        final StringWriter writer = new StringWriter();
        randomlyPlaced(bytes, random).appendTo((Appendable) writer);
        assertThat(writer.toString()).as("appendTo(Appendable)").isEqualTo(expected);
        final StringBuilder viaAppendable = new StringBuilder();
        randomlyPlaced(bytes, random).appendTo((Appendable) viaAppendable);
        assertThat(viaAppendable.toString()).isEqualTo(expected);
        final int start = n == 0 ? 0 : random.nextInt(n);
        assertThat(view.subSequence(start, n)).isEqualTo(expected.substring(start));

        // wrapValid: Utf8.invalidIndex's verdict, and the same text as wrap, whichever the verdict, with continuation
        // bytes after the range that would complete a truncated sequence if the check read past its end.
        final int at = random.nextInt(10);
        final MutableDirectBuffer buffer = newBuffer(at + bytes.length + 4);
        buffer.putBytes(at, bytes);
        buffer.putBytes(at + bytes.length, hex("bf808080"));
        final Utf8View validated = new Utf8View();
        assertThat(validated.wrapValid(buffer, at, bytes.length))
                .as("wrapValid")
                .isEqualTo(Utf8.invalidIndex(buffer, at, bytes.length));
        assertThat(validated.length()).as("length after wrapValid").isEqualTo(n);
        assertThat(validated.isAscii()).as("isAscii after wrapValid").isEqualTo(view.isAscii());
        for (int i = 0; i < n; i++) {
            assertThat(validated.charAt(i)).as("charAt(%d) after wrapValid", i).isEqualTo(expected.charAt(i));
        }
        assertThat(validated.hashCode()).as("hashCode after wrapValid").isEqualTo(expected.hashCode());

        final boolean valid = RandomText.jdkInvalidIndex(bytes) < 0;
        assertThat(randomlyPlaced(bytes, random).isValidUtf8())
                .as("isValidUtf8")
                .isEqualTo(valid);
        assertThat(validated.isValidUtf8()).as("isValidUtf8 after wrapValid").isEqualTo(valid);

        // Measured first (valid text is then walked 8 bytes at a time): jumps forwards and backwards.
        final Utf8View measured = randomlyPlaced(bytes, random);
        assertThat(measured.length()).as("length").isEqualTo(n);
        assertThat(measured.isValidUtf8()).as("isValidUtf8 after length").isEqualTo(valid);
        final Utf8View jumping = new Utf8View();
        jumping.wrapValid(buffer, at, bytes.length);
        for (int k = 0; k < Math.min(2 * n, 200); k++) {
            final int i = random.nextInt(n);
            assertThat(measured.charAt(i)).as("charAt(%d) after length", i).isEqualTo(expected.charAt(i));
            final int j = random.nextInt(n);
            assertThat(jumping.charAt(j)).as("charAt(%d) after wrapValid", j).isEqualTo(expected.charAt(j));
        }
    }

    /** A new view over {@code bytes} at a random offset, with 0-4 continuation bytes after it in its buffer. */
    private Utf8View randomlyPlaced(final byte[] bytes, final SplittableRandom random) {
        final int at = random.nextInt(10);
        final int padding = random.nextInt(5);
        final MutableDirectBuffer buffer = newBuffer(at + bytes.length + padding);
        buffer.putBytes(at, bytes);
        return new Utf8View().wrap(buffer, at, bytes.length);
    }

    private Utf8View viewOf(final String text) {
        final byte[] bytes = text.getBytes(UTF_8);
        return new Utf8View().wrap(bufferWith(bytes, 4), AT, bytes.length);
    }
}
