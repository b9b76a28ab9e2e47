package org.flyproto.codec;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link JsonText}'s integers against the JDK's: every digit count and its edges, and random values. */
class JsonTextTest {
    private final JsonText text = new JsonText();

    @Test
    void shouldWriteDecimalsAsLongToStringDoes() {
        long power = 1;
        for (int digits = 1; digits <= 19; digits++) {
            for (final long v : new long[] {power - 1, power, power + 1, 2 * power - 1, 9 * power, 10 * power - 1}) {
                if (v >= 0) {
                    check(v);
                    check(-v);
                }
            }
            power *= 10;
        }
        for (final long v : new long[] {
            0,
            Long.MAX_VALUE,
            Long.MIN_VALUE,
            Integer.MAX_VALUE,
            Integer.MIN_VALUE,
            Integer.MAX_VALUE + 1L,
            Integer.MIN_VALUE - 1L,
            // Where the high eight-digit quotient stops fitting an int, and a chunk of zeros.
            Integer.MAX_VALUE * 100_000_000L + 99_999_999L,
            (Integer.MAX_VALUE + 1L) * 100_000_000L,
            1_000_000_000_000_000_000L + 1,
            1_000_000_010_000_000_000L
        }) {
            check(v);
        }
        final SplittableRandom random = new SplittableRandom(17);
        for (int i = 0; i < 200_000; i++) {
            check(random.nextLong() >> random.nextInt(64));
        }
    }

    @Test
    void shouldEscapeStringsAsJsonFormatDoesAndReplaceInvalidUtf8() throws Exception {
        final SplittableRandom random = new SplittableRandom(23);
        final byte[][] pieces = {
            {'a'},
            {'"'},
            {'\\'},
            {'\n'},
            {0x01},
            {'<'},
            {'='},
            {'\''},
            "é".getBytes(StandardCharsets.UTF_8),
            "語".getBytes(StandardCharsets.UTF_8),
            "😀".getBytes(StandardCharsets.UTF_8),
            {(byte) 0xE2, (byte) 0x80, (byte) 0xA8},
            {(byte) 0xE2, (byte) 0x80, (byte) 0xA9},
            {(byte) 0xFF},
            {(byte) 0x80},
            {(byte) 0xC0, (byte) 0xAF},
            {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
            {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80},
            {(byte) 0xE2, (byte) 0x80},
            {(byte) 0xF0, (byte) 0x9F}
        };
        final java.nio.charset.CharsetDecoder strict = StandardCharsets.UTF_8.newDecoder();
        for (int i = 0; i < 20_000; i++) {
            final java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
            final int n = random.nextInt(12);
            for (int k = 0; k < n; k++) {
                bytes.write(pieces[random.nextInt(random.nextBoolean() ? 11 : pieces.length)]);
            }
            final byte[] input = bytes.toByteArray();
            boolean valid = true;
            try {
                strict.decode(java.nio.ByteBuffer.wrap(input));
            } catch (final java.nio.charset.CharacterCodingException e) {
                valid = false;
            }
            final String what = java.util.HexFormat.of().formatHex(input);
            assertThat(Utf8Arrays.isValid(input, 0, input.length)).as(what).isEqualTo(valid);
            for (final org.agrona.DirectBuffer buffer : new org.agrona.DirectBuffer[] {
                new org.agrona.concurrent.UnsafeBuffer(input),
                new org.agrona.concurrent.UnsafeBuffer(
                        java.nio.ByteBuffer.allocateDirect(input.length).put(input))
            }) {
                text.reset();
                text.string(new org.flyproto.buffers.Utf8View().wrap(buffer, 0, input.length));
                assertThat(new String(text.bytes(), 0, text.length(), StandardCharsets.UTF_8))
                        .as(what)
                        .isEqualTo(escape(new String(input, StandardCharsets.UTF_8)));
            }
        }
    }

    @Test
    void shouldEscapeEveryAsciiCharAtEveryPlaceOfAString() {
        // Every ASCII char and some that are not (E2 leads U+2028 and U+2029 and others), at every place of strings
        // of 1 to 24 bytes, among chars that need no escape or that need one.
        final List<String> chars = new ArrayList<>();
        for (char c = 0; c < 0x80; c++) {
            chars.add(String.valueOf(c));
        }
        chars.addAll(List.of("é", "\u2014", "\u2028", "\u2029", "\u20ac", "語", "😀"));
        for (int length = 1; length <= 24; length++) {
            for (int at = 0; at < length; at++) {
                for (final String c : chars) {
                    for (final String filler : new String[] {"a", "<"}) {
                        final String s = filler.repeat(at) + c + filler.repeat(length - at - 1);
                        final byte[] input = s.getBytes(StandardCharsets.UTF_8);
                        text.reset();
                        text.string(new org.flyproto.buffers.Utf8View()
                                .wrap(new org.agrona.concurrent.UnsafeBuffer(input), 0, input.length));
                        assertThat(new String(text.bytes(), 0, text.length(), StandardCharsets.UTF_8))
                                .as(
                                        "%s at %d of %d, filler %s",
                                        java.util.HexFormat.of().formatHex(c.getBytes(StandardCharsets.UTF_8)),
                                        at,
                                        length,
                                        filler)
                                .isEqualTo(escape(s));
                    }
                }
            }
        }
    }

    /** JsonFormat's escaping, char by char, of what protobuf-java's String holds. */
    private static String escape(final String s) {
        final StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            final char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\f' -> out.append("\\f");
                default -> {
                    if (c < 0x20
                            || c == '<'
                            || c == '>'
                            || c == '&'
                            || c == '='
                            || c == '\''
                            || c == 0x2028
                            || c == 0x2029) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }

    private void check(final long value) {
        text.reset();
        text.decimal(value);
        assertThat(written()).as("%d", value).isEqualTo(Long.toString(value));
        text.reset();
        text.unsignedDecimal(value);
        assertThat(written()).as("unsigned %d", value).isEqualTo(Long.toUnsignedString(value));
    }

    private String written() {
        return new String(text.bytes(), 0, text.length(), StandardCharsets.US_ASCII);
    }
}
