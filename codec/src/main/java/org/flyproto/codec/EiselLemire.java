package org.flyproto.codec;

import java.math.BigInteger;

/**
 * Decimal to double, correctly rounded, without allocating: the Eisel-Lemire algorithm (Lemire, "Number Parsing at
 * a Gigabyte per Second", 2021; Mushtak and Lemire, "Fast Number Parsing Without Fallback", 2023), for a significand
 * of at most 19 digits held exactly in 64 bits. A 128-bit approximation of {@code 5^q}, times the significand, gives
 * the double's 53 bits and whether the value could be a tie; with an exact significand, that product always decides
 * (the second paper's proof). Subnormal values are rounded as fast_float rounds them, tiny ones to zero; values
 * that would be infinite are left to the caller.
 *
 * <p>The table of powers of five is computed once, when the class is initialised. Shared by the text-format and the
 * JSON number readers, each of which tries its own exact fast path first.
 */
final class EiselLemire {
    /** Returned when the value is infinite as a double: the caller asks the JDK (or refuses it). */
    static final long NOT_NORMAL = -1L;

    private static final int SMALLEST_POWER = -342;
    private static final int LARGEST_POWER = 308;
    private static final int MANTISSA_BITS = 52;
    private static final int MINIMUM_EXPONENT = -1023;
    private static final int INFINITE_POWER = 0x7FF;
    private static final int ROUND_TO_EVEN_MIN = -4;
    private static final int ROUND_TO_EVEN_MAX = 23;

    /** High and low halves of the 128-bit, most-significant-bit-first approximation of 5^q, from q = -342. */
    private static final long[] POWERS = powersOfFive();

    private EiselLemire() {}

    /**
     * @param w the decimal significand, not 0, at most 19 digits (exact).
     * @param q the decimal exponent: the value is {@code w * 10^q}.
     * @return the bits of the nearest double (ties to even; subnormal or +0.0 included), or {@link #NOT_NORMAL} if
     *     that is infinite.
     */
    static long doubleBits(final long w, final int q) {
        if (q < SMALLEST_POWER) {
            return 0L; // below half the smallest subnormal: w < 10^19
        }
        if (q > LARGEST_POWER) {
            return NOT_NORMAL;
        }
        final int lz = Long.numberOfLeadingZeros(w);
        final long x = w << lz;
        final int index = 2 * (q - SMALLEST_POWER);
        final long powerHigh = POWERS[index];
        final long powerLow = POWERS[index + 1];
        long high = unsignedMultiplyHigh(x, powerHigh);
        long low = x * powerHigh;
        final long precisionMask = -1L >>> (MANTISSA_BITS + 3);
        if ((high & precisionMask) == precisionMask) {
            final long secondHigh = unsignedMultiplyHigh(x, powerLow);
            low += secondHigh;
            if (Long.compareUnsigned(secondHigh, low) > 0) {
                high++;
            }
        }
        final int upperBit = (int) (high >>> 63);
        final int shift = upperBit + 64 - MANTISSA_BITS - 3;
        long mantissa = high >>> shift;
        int power2 = (((152_170 + 65_536) * q) >> 16) + 63 + upperBit - lz - MINIMUM_EXPONENT;
        if (power2 <= 0) {
            // Subnormal (or zero): shift below the smallest exponent, then round. A tie to even cannot occur here
            // (only for decimal exponents near 0); the rounding may carry into the smallest normal, whose bits
            // the mantissa then is.
            if (-power2 + 1 >= 64) {
                return 0L;
            }
            mantissa >>>= -power2 + 1;
            mantissa += mantissa & 1;
            return mantissa >>> 1;
        }
        if (Long.compareUnsigned(low, 1) <= 0
                && q >= ROUND_TO_EVEN_MIN
                && q <= ROUND_TO_EVEN_MAX
                && (mantissa & 3) == 1
                && (mantissa << shift) == high) {
            // Exactly halfway between two doubles: round to even.
            mantissa &= ~1L;
        }
        mantissa += mantissa & 1;
        mantissa >>>= 1;
        if (mantissa >= (2L << MANTISSA_BITS)) {
            mantissa = 1L << MANTISSA_BITS;
            power2++;
        }
        mantissa &= ~(1L << MANTISSA_BITS);
        if (power2 >= INFINITE_POWER) {
            return NOT_NORMAL;
        }
        return mantissa | ((long) power2 << MANTISSA_BITS);
    }

    private static long unsignedMultiplyHigh(final long a, final long b) {
        return Math.multiplyHigh(a, b) + ((a >> 63) & b) + ((b >> 63) & a);
    }

    /**
     * 5^q for q in [-342, 308], as fast_float tabulates it: for q ≥ 0 the power shifted so that its top bit is bit
     * 127 and truncated; for q &lt; 0 a reciprocal {@code 2^b / 5^-q} plus one, truncated to 128 bits.
     */
    private static long[] powersOfFive() {
        final long[] table = new long[2 * (LARGEST_POWER - SMALLEST_POWER + 1)];
        final BigInteger two128 = BigInteger.ONE.shiftLeft(128);
        for (int q = SMALLEST_POWER; q <= LARGEST_POWER; q++) {
            BigInteger c;
            if (q < 0) {
                final BigInteger power5 = BigInteger.valueOf(5).pow(-q);
                final int z = power5.bitLength();
                final int b = q >= -27 ? z + 127 : 2 * z + 2 * 64;
                c = BigInteger.ONE.shiftLeft(b).divide(power5).add(BigInteger.ONE);
                while (c.compareTo(two128) >= 0) {
                    c = c.shiftRight(1);
                }
            } else {
                c = BigInteger.valueOf(5).pow(q);
                final int bits = c.bitLength();
                c = bits < 128 ? c.shiftLeft(128 - bits) : c.shiftRight(bits - 128);
            }
            final int index = 2 * (q - SMALLEST_POWER);
            table[index] = c.shiftRight(64).longValue();
            table[index + 1] = c.longValue();
        }
        return table;
    }
}
