package org.flyproto.buffers;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/** Random text and bytes for UTF-8 property tests, and the JDK as the oracle they are checked against. */
final class RandomText {
    /** Characters at the edges of the UTF-8 length classes and of the surrogate range. */
    private static final int[] EDGE_CODE_POINTS = {
        0x00, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF, 0x10000, 0x10FFFF
    };

    private RandomText() {}

    /**
     * Random text mixing every UTF-8 length class, with runs of ASCII long enough for 8-byte fast paths, and, if
     * asked, unpaired high and low surrogates.
     */
    static String string(final SplittableRandom random, final int maxLength, final boolean unpairedSurrogates) {
        final int length = random.nextInt(maxLength + 1);
        final StringBuilder builder = new StringBuilder(length);
        while (builder.length() < length) {
            switch (random.nextInt(unpairedSurrogates ? 10 : 8)) {
                case 0, 1 -> builder.append((char) random.nextInt(0x80));
                case 2 -> {
                    final int run = random.nextInt(20);
                    for (int i = 0; i < run; i++) {
                        builder.append((char) (' ' + random.nextInt(95)));
                    }
                }
                case 3 -> builder.append((char) random.nextInt(0x80, 0x800));
                case 4 -> builder.append(bmpNonSurrogate(random));
                case 5 -> builder.appendCodePoint(random.nextInt(0x10000, 0x110000));
                case 6, 7 -> builder.appendCodePoint(EDGE_CODE_POINTS[random.nextInt(EDGE_CODE_POINTS.length)]);
                case 8 -> builder.append((char) random.nextInt(Character.MIN_HIGH_SURROGATE, 0xDC00));
                default -> builder.append((char) random.nextInt(Character.MIN_LOW_SURROGATE, 0xE000));
            }
        }
        return builder.toString();
    }

    /**
     * Random text of Latin-1 chars only (which the JVM holds one byte a char), with ASCII runs long enough for the
     * 8-byte paths and chars from 0x80 to 0xFF between them.
     */
    static String latin1(final SplittableRandom random, final int maxLength) {
        final int length = random.nextInt(maxLength + 1);
        final StringBuilder builder = new StringBuilder(length);
        while (builder.length() < length) {
            if (random.nextInt(4) == 0) {
                builder.append((char) random.nextInt(0x80, 0x100));
            } else {
                final int run = random.nextInt(24);
                for (int i = 0; i < run; i++) {
                    builder.append((char) random.nextInt(0x80));
                }
            }
        }
        return builder.toString();
    }

    /** Random bytes biased towards UTF-8 structure: ASCII, continuation bytes and every lead byte. */
    static byte[] bytes(final SplittableRandom random, final int maxLength) {
        final byte[] bytes = new byte[random.nextInt(maxLength + 1)];
        for (int i = 0; i < bytes.length; i++) {
            switch (random.nextInt(4)) {
                case 0 -> bytes[i] = (byte) random.nextInt(0x80);
                case 1 -> bytes[i] = (byte) random.nextInt(0x80, 0xC0);
                default -> bytes[i] = (byte) random.nextInt(0xC0, 0x100);
            }
        }
        return bytes;
    }

    /** Valid UTF-8 of random text with one to three random edits: a byte replaced, inserted or dropped. */
    static byte[] mutatedUtf8(final SplittableRandom random, final int maxLength) {
        byte[] bytes = string(random, maxLength, false).getBytes(StandardCharsets.UTF_8);
        final int edits = 1 + random.nextInt(3);
        for (int e = 0; e < edits; e++) {
            final int at = random.nextInt(bytes.length + 1);
            final byte value = (byte) random.nextInt(0x100);
            switch (random.nextInt(3)) {
                case 0 -> {
                    if (at < bytes.length) {
                        bytes[at] = value;
                    }
                }
                case 1 -> {
                    final byte[] longer = new byte[bytes.length + 1];
                    System.arraycopy(bytes, 0, longer, 0, at);
                    longer[at] = value;
                    System.arraycopy(bytes, at, longer, at + 1, bytes.length - at);
                    bytes = longer;
                }
                default -> {
                    if (at < bytes.length) {
                        final byte[] shorter = new byte[bytes.length - 1];
                        System.arraycopy(bytes, 0, shorter, 0, at);
                        System.arraycopy(bytes, at + 1, shorter, at, bytes.length - at - 1);
                        bytes = shorter;
                    }
                }
            }
        }
        return bytes;
    }

    /** Index of the first malformed sequence by the JDK's strict decoder, or -1 if the bytes are valid UTF-8. */
    static int jdkInvalidIndex(final byte[] bytes) {
        final CharsetDecoder decoder = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        final ByteBuffer in = ByteBuffer.wrap(bytes);
        final CharBuffer out = CharBuffer.allocate(bytes.length + 1);
        final CoderResult result = decoder.decode(in, out, true);
        if (result.isError()) {
            return in.position();
        }
        if (result.isOverflow() || in.hasRemaining()) {
            throw new AssertionError("unexpected " + result);
        }
        return -1;
    }

    private static char bmpNonSurrogate(final SplittableRandom random) {
        final int c = random.nextInt(0x800, 0x10000 - (Character.MAX_SURROGATE - Character.MIN_SURROGATE + 1));
        return (char) (c < Character.MIN_SURROGATE ? c : c + (Character.MAX_SURROGATE - Character.MIN_SURROGATE + 1));
    }
}
