package org.flyproto.codec;

import org.agrona.DirectBuffer;

/**
 * Compares strings held as UTF-8 bytes in the order of {@code String.compareTo}: by UTF-16 code units, so that a
 * supplementary character (a surrogate pair, 0xD800..) sorts before U+E000..U+FFFF, unlike code-point order. Used to
 * sort map keys as protobuf-java's text format sorts them, without making Strings.
 */
final class Utf16Order {
    private Utf16Order() {}

    /**
     * @return negative, zero or positive as the string at {@code [a, a + aLength)} sorts before, with or after the
     *     one at {@code [b, b + bLength)}.
     */
    static int compare(final DirectBuffer buffer, final int a, final int aLength, final int b, final int bLength) {
        int pa = a;
        int pb = b;
        final int endA = a + aLength;
        final int endB = b + bLength;
        int lowA = -1;
        int lowB = -1;
        while (true) {
            final int unitA;
            if (lowA >= 0) {
                unitA = lowA;
                lowA = -1;
            } else if (pa < endA) {
                final long next = codePoint(buffer, pa, endA);
                pa += (int) (next >>> 32);
                final int cp = (int) next;
                if (cp >= 0x10000) {
                    unitA = Character.highSurrogate(cp);
                    lowA = Character.lowSurrogate(cp);
                } else {
                    unitA = cp;
                }
            } else {
                unitA = -1;
            }
            final int unitB;
            if (lowB >= 0) {
                unitB = lowB;
                lowB = -1;
            } else if (pb < endB) {
                final long next = codePoint(buffer, pb, endB);
                pb += (int) (next >>> 32);
                final int cp = (int) next;
                if (cp >= 0x10000) {
                    unitB = Character.highSurrogate(cp);
                    lowB = Character.lowSurrogate(cp);
                } else {
                    unitB = cp;
                }
            } else {
                unitB = -1;
            }
            if (unitA != unitB) {
                return unitA - unitB;
            }
            if (unitA < 0) {
                return 0;
            }
        }
    }

    /** The code point at {@code p}: its byte count in the high half, its value in the low half (lenient). */
    private static long codePoint(final DirectBuffer buffer, final int p, final int end) {
        final int b0 = buffer.getByte(p) & 0xFF;
        if (b0 < 0x80) {
            return (1L << 32) | b0;
        }
        final int n = b0 >= 0xF0 ? 4 : b0 >= 0xE0 ? 3 : 2;
        if (p + n > end) {
            return (1L << 32) | 0xFFFD;
        }
        int cp = b0 & (0x3F >> (n - 1));
        for (int i = 1; i < n; i++) {
            cp = (cp << 6) | (buffer.getByte(p + i) & 0x3F);
        }
        return ((long) n << 32) | cp;
    }
}
