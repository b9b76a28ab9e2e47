package org.flyproto.codec;

import org.agrona.BufferUtil;
import org.flyproto.buffers.Memory;

/**
 * Decimal digits eight at a time in one 64-bit word, both ways: a number split into lanes (two of four digits, four
 * of two, eight of one) by multiplications that divide every lane at once, then stored as one word; a word of eight
 * ASCII digits tested with one comparison and turned into its value by three multiplications.
 */
final class Digits {
    /** Added to a word of digit values: their ASCII. */
    static final long ZEROS = 0x3030_3030_3030_3030L;

    private Digits() {}

    /**
     * @param v a value in {@code [0, 10^8)}.
     * @return its eight digits' values (0 to 9, leading zeros included), the most significant in the lowest byte.
     */
    static long values(final int v) {
        final int upper = v / 10_000;
        final long halves = upper | (long) (v - 10_000 * upper) << 32;
        // floor(x / 100) = floor(x * 10486 / 2^20) for x < 10^4, floor(x / 10) = floor(x * 103 / 2^10) for x < 100.
        final long hundreds = halves * 10_486 >>> 20 & 0x0000_007F_0000_007FL;
        final long pairs = hundreds | halves - 100 * hundreds << 16;
        final long tens = pairs * 103 >>> 10 & 0x000F_000F_000F_000FL;
        return tens | pairs - 10 * tens << 8;
    }

    /** Stores eight bytes, the first in the word's lowest byte, at {@code out[at]}; the caller has ensured room. */
    static void put(final byte[] out, final int at, final long word) {
        Memory.putLongLittleEndian(out, BufferUtil.ARRAY_BASE_OFFSET, at, word);
    }

    /** Whether all eight bytes of {@code w} are ASCII digits. */
    static boolean allDigits(final long w) {
        return ((w & 0xF0F0_F0F0_F0F0_F0F0L) | ((w + 0x0606_0606_0606_0606L) & 0xF0F0_F0F0_F0F0_F0F0L) >>> 4)
                == 0x3333_3333_3333_3333L;
    }

    /** The value of eight ASCII digits, the first (most significant) in the word's lowest byte. */
    static int value(final long w) {
        long v = w - ZEROS;
        // Pairs of digits in each 16-bit lane, then fours in each 32-bit lane, then the eight.
        v = v * 10 + (v >>> 8);
        v = ((v & 0x0000_00FF_0000_00FFL) * (100 + (1_000_000L << 32))
                        + ((v >>> 16) & 0x0000_00FF_0000_00FFL) * (1 + (10_000L << 32)))
                >>> 32;
        return (int) v;
    }
}
