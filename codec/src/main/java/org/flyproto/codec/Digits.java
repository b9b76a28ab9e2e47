package org.flyproto.codec;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Decimal digits eight at a time in one 64-bit word: the number split into lanes (two of four digits, four of two,
 * eight of one) by multiplications that divide every lane at once, then stored as one word.
 */
final class Digits {
    /** Added to a word of digit values: their ASCII. */
    static final long ZEROS = 0x3030_3030_3030_3030L;

    private static final VarHandle WORD = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

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

    /** Stores eight bytes, the first in the word's lowest byte, at {@code out[at]} (checked against the array). */
    static void put(final byte[] out, final int at, final long word) {
        WORD.set(out, at, word);
    }
}
