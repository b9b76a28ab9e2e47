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

    /**
     * Numbers one after another, as the writer strings them together: none may touch what came before it or leave
     * bytes that show, across the text's growth too (the guard for digit writers that store whole words).
     */
    @Test
    void shouldWriteNumbersOneAfterAnotherAsTheJdkDoes() {
        final SplittableRandom random = new SplittableRandom(29);
        for (int run = 0; run < 200; run++) {
            text.reset();
            final StringBuilder expected = new StringBuilder();
            for (int i = random.nextInt(400); i > 0; i--) {
                final long v = random.nextLong() >> random.nextInt(64);
                switch (random.nextInt(4)) {
                    case 0 -> {
                        text.decimal(v);
                        expected.append(v);
                    }
                    case 1 -> {
                        text.quotedDecimal(v);
                        expected.append('"').append(v).append('"');
                    }
                    case 2 -> {
                        text.unsignedDecimal(v);
                        expected.append(Long.toUnsignedString(v));
                    }
                    default -> {
                        text.quotedUnsignedDecimal(v);
                        expected.append('"').append(Long.toUnsignedString(v)).append('"');
                    }
                }
                if (random.nextBoolean()) {
                    text.put(',');
                    expected.append(',');
                }
            }
            assertThat(written()).isEqualTo(expected.toString());
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

    /**
     * Strings whose views must be valid ({@code wrapUnchecked}: their decoder left the check to the printer), checked
     * as they are escaped: valid ones print as any other; an invalid one throws at the offset of its first invalid
     * sequence, leaving the text as it was. Runs of ASCII letters put whole ASCII words after a sequence cut short, and
     * the strings are at an odd offset of their buffer.
     */
    @Test
    void shouldCheckUtf8AsItEscapesWhereTheViewMustBeValid() {
        final SplittableRandom random = new SplittableRandom(29);
        final byte[][] pieces = {
            "abcdefghijklmnop".getBytes(StandardCharsets.US_ASCII),
            {'"'},
            {'\n'},
            {'<'},
            "é".getBytes(StandardCharsets.UTF_8),
            "語".getBytes(StandardCharsets.UTF_8),
            "😀".getBytes(StandardCharsets.UTF_8),
            {(byte) 0xE2, (byte) 0x80, (byte) 0xA8},
            {(byte) 0xE2, (byte) 0x80, (byte) 0xAF},
            {(byte) 0xFF},
            {(byte) 0x80},
            {(byte) 0xC0, (byte) 0xAF},
            {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
            {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80},
            {(byte) 0xE2, (byte) 0x80},
            {(byte) 0xF0, (byte) 0x9F},
            {(byte) 0xE2}
        };
        final java.nio.charset.CharsetDecoder strict = StandardCharsets.UTF_8.newDecoder();
        int invalid = 0;
        for (int i = 0; i < 20_000; i++) {
            final java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
            bytes.write(7);
            final int n = random.nextInt(16);
            for (int k = 0; k < n; k++) {
                final byte[] piece = pieces[random.nextInt(random.nextInt(4) != 0 ? 9 : pieces.length)];
                bytes.write(piece, 0, piece == pieces[0] ? 1 + random.nextInt(piece.length) : piece.length);
            }
            final byte[] input = bytes.toByteArray();
            final int length = input.length - 1;
            boolean valid = true;
            try {
                strict.decode(java.nio.ByteBuffer.wrap(input, 1, length));
            } catch (final java.nio.charset.CharacterCodingException e) {
                valid = false;
            }
            final String what = java.util.HexFormat.of().formatHex(input, 1, input.length);
            final org.agrona.DirectBuffer buffer = new org.agrona.concurrent.UnsafeBuffer(input);
            final org.flyproto.buffers.Utf8View view =
                    new org.flyproto.buffers.Utf8View().wrapUnchecked(buffer, 1, length);
            text.reset();
            text.put('[');
            if (valid) {
                text.string(view);
                assertThat(new String(text.bytes(), 1, text.length() - 1, StandardCharsets.UTF_8))
                        .as(what)
                        .isEqualTo(escape(new String(input, 1, length, StandardCharsets.UTF_8)));
            } else {
                invalid++;
                final int bad = org.flyproto.buffers.Utf8.invalidIndex(buffer, 1, length);
                org.assertj.core.api.Assertions.assertThatThrownBy(() -> text.string(view))
                        .as(what)
                        .isInstanceOf(ProtoDecodeException.class)
                        .hasMessageContaining("invalid UTF-8")
                        .extracting(e -> ((ProtoDecodeException) e).offset())
                        .isEqualTo(bad);
                assertThat(text.length()).as(what).isEqualTo(1);
            }
        }
        assertThat(invalid).isBetween(2_000, 18_000);
        // A sequence cut by ASCII and completed after it, at every place: invalid, though its bytes are all there.
        for (final String cut : new String[] {"f09f", "f09f98", "c3", "e8aa", "e0", "ed9f"}) {
            for (int before = 0; before < 16; before++) {
                for (int ascii = 1; ascii <= 17; ascii++) {
                    final byte[] lead = java.util.HexFormat.of().parseHex(cut);
                    final java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
                    bytes.write(7);
                    bytes.writeBytes("x".repeat(before).getBytes(StandardCharsets.US_ASCII));
                    bytes.writeBytes(lead);
                    bytes.writeBytes("y".repeat(ascii).getBytes(StandardCharsets.US_ASCII));
                    for (int k = lead.length;
                            k < ((lead[0] & 0xF0) == 0xF0 ? 4 : (lead[0] & 0xF0) == 0xE0 ? 3 : 2);
                            k++) {
                        bytes.write(0x80);
                    }
                    bytes.writeBytes("z".repeat(8).getBytes(StandardCharsets.US_ASCII));
                    final byte[] input = bytes.toByteArray();
                    final org.agrona.DirectBuffer buffer = new org.agrona.concurrent.UnsafeBuffer(input);
                    text.reset();
                    org.assertj.core.api.Assertions.assertThatThrownBy(() -> text.string(
                                    new org.flyproto.buffers.Utf8View().wrapUnchecked(buffer, 1, input.length - 1)))
                            .as("%s after %d, %d ASCII", cut, before, ascii)
                            .isInstanceOf(ProtoDecodeException.class)
                            .extracting(e -> ((ProtoDecodeException) e).offset())
                            .isEqualTo(1 + before);
                }
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

    /** Base64 of every length up to 50 bytes, at every offset of 0 to 8, in a heap and a direct buffer, as the JDK's. */
    @Test
    void shouldWriteBase64AsTheJdkDoes() {
        final SplittableRandom random = new SplittableRandom(31);
        for (int length = 0; length <= 50; length++) {
            for (int offset = 0; offset <= 8; offset++) {
                final byte[] bytes = new byte[offset + length + 3];
                random.nextBytes(bytes);
                final byte[] value = java.util.Arrays.copyOfRange(bytes, offset, offset + length);
                final String expected = '"' + java.util.Base64.getEncoder().encodeToString(value) + '"';
                for (final org.agrona.DirectBuffer buffer : new org.agrona.DirectBuffer[] {
                    new org.agrona.concurrent.UnsafeBuffer(bytes),
                    new org.agrona.concurrent.UnsafeBuffer(
                            java.nio.ByteBuffer.allocateDirect(bytes.length).put(bytes))
                }) {
                    text.reset();
                    text.put('x');
                    text.base64(new org.flyproto.buffers.BytesView().wrap(buffer, offset, length));
                    assertThat(new String(text.bytes(), 1, text.length() - 1, StandardCharsets.US_ASCII))
                            .as("%d bytes at %d", length, offset)
                            .isEqualTo(expected);
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
