package org.flyproto.codec;

import java.math.BigInteger;

/**
 * The text {@code Double.toString} and {@code Float.toString} write, as ASCII bytes into an array, without allocating:
 * the shortest decimal that reads back as the value (the closest of them, the even one on a tie), at least two digits
 * in computerized scientific notation, plain between 10<sup>-3</sup> and 10<sup>7</sup>. The digits are found by
 * Raffaello Giulietti's Schubfach method (a few multiplications by a power of ten of 126 bits, 63 for floats), the
 * rule Java 19 and later specify for both methods.
 *
 * <p>Java 17 and 18 convert by an older method that, outside the plain range, sometimes writes more digits than
 * needed or not the closest ones ({@code 1.0E23} as {@code 9.999999999999999E22}). {@code matchesJdk} tells a caller
 * that must print what the running JDK prints whether this class does for a value: always on Java 19 and later,
 * inside the plain range before (where the two methods agree: the tests compare them over the range's boundaries and
 * a million values).
 */
final class ShortestDecimal {
    /** The most bytes written: {@code -2.2250738585072014E-308}. */
    static final int MAX_LENGTH = 24;

    /** The most bytes touched while writing: digits are laid out before they are moved into place. */
    static final int ROOM = 32;

    private static final boolean SHORTEST_IN_JDK = Runtime.version().feature() >= 19;

    /** Significant bits of a double, the hidden one included. */
    private static final int PRECISION = 53;
    /** The binary exponent of the smallest subnormal's unit. */
    private static final int Q_MIN = -1074;
    /** The significand of a normal double with no fraction bits set. */
    private static final long C_MIN = 1L << (PRECISION - 1);
    /** Subnormal significands below this are scaled by ten so that two digits come out, as the JDK's do. */
    private static final int C_TINY = 3;
    /** The decimal exponents of the powers of ten the method multiplies by. */
    private static final int K_MIN = -324;

    private static final int K_MAX = 292;
    private static final long FRACTION_MASK = C_MIN - 1;
    private static final long MASK_63 = 0x7FFF_FFFF_FFFF_FFFFL;

    /** The same for floats, whose powers of ten are the doubles' high 63 bits. */
    private static final int FLOAT_PRECISION = 24;

    private static final int FLOAT_Q_MIN = -149;
    private static final int FLOAT_C_MIN = 1 << (FLOAT_PRECISION - 1);
    private static final int FLOAT_C_TINY = 8;
    private static final int FLOAT_FRACTION_MASK = FLOAT_C_MIN - 1;
    private static final long MASK_32 = 0xFFFF_FFFFL;

    /** The digits of the decimal, once scaled to a fixed count. */
    private static final int DIGITS = 17;

    /** For k from {@link #K_MIN}: the high and low 63 bits of floor(10<sup>-k</sup> 2<sup>-r</sup>) + 1. */
    private static final long[] G = powersOfTen();

    /** 10^0 ... 10^17. */
    private static final long[] POW10 = new long[DIGITS + 1];

    static {
        long p = 1;
        for (int i = 0; i <= DIGITS; i++) {
            POW10[i] = p;
            p *= 10;
        }
    }

    private ShortestDecimal() {}

    /**
     * @param value a finite double.
     * @return whether {@link #write} writes what this JDK's {@code Double.toString} writes for the value.
     */
    static boolean matchesJdk(final double value) {
        final double magnitude = Math.abs(value);
        return SHORTEST_IN_JDK || magnitude >= 1e-3 && magnitude < 1e7;
    }

    /**
     * @param value a finite float.
     * @return whether {@link #write(float, byte[], int)} writes what this JDK's {@code Float.toString} writes for it.
     */
    static boolean matchesJdk(final float value) {
        final float magnitude = Math.abs(value);
        return SHORTEST_IN_JDK || magnitude >= 1e-3f && magnitude < 1e7f;
    }

    /**
     * Writes a finite double's text.
     *
     * @param value the value, neither NaN nor infinite.
     * @param out where to write; {@link #ROOM} bytes from {@code pos} on may be touched.
     * @param pos where the text starts.
     * @return where it ends.
     */
    static int write(final double value, final byte[] out, final int pos) {
        final long bits = Double.doubleToRawLongBits(value);
        int p = pos;
        if (bits < 0) {
            out[p++] = '-';
        }
        final long fraction = bits & FRACTION_MASK;
        final int biased = (int) (bits >>> (PRECISION - 1)) & 0x7FF;
        if (biased != 0) {
            final int shift = -Q_MIN + 1 - biased;
            final long c = C_MIN | fraction;
            if (0 < shift && shift < PRECISION) {
                final long integer = c >> shift;
                if (integer << shift == c) {
                    // An integer below 2^53: its own digits are the shortest.
                    return text(integer, 0, out, p);
                }
            }
            return decimal(-shift, c, 0, out, p);
        }
        if (fraction != 0) {
            return fraction < C_TINY ? decimal(Q_MIN, 10 * fraction, -1, out, p) : decimal(Q_MIN, fraction, 0, out, p);
        }
        out[p] = '0';
        out[p + 1] = '.';
        out[p + 2] = '0';
        return p + 3;
    }

    /**
     * Writes a finite float's text, as {@code Float.toString} on Java 19 and later.
     *
     * @param value the value, neither NaN nor infinite.
     * @param out where to write; {@link #ROOM} bytes from {@code pos} on may be touched.
     * @param pos where the text starts.
     * @return where it ends.
     */
    static int write(final float value, final byte[] out, final int pos) {
        final int bits = Float.floatToRawIntBits(value);
        int p = pos;
        if (bits < 0) {
            out[p++] = '-';
        }
        final int fraction = bits & FLOAT_FRACTION_MASK;
        final int biased = bits >>> (FLOAT_PRECISION - 1) & 0xFF;
        if (biased != 0) {
            final int shift = -FLOAT_Q_MIN + 1 - biased;
            final int c = FLOAT_C_MIN | fraction;
            if (0 < shift && shift < FLOAT_PRECISION) {
                final int integer = c >> shift;
                if (integer << shift == c) {
                    return text(integer, 0, out, p);
                }
            }
            return decimal(-shift, c, 0, out, p);
        }
        if (fraction != 0) {
            return fraction < FLOAT_C_TINY
                    ? decimal(FLOAT_Q_MIN, 10 * fraction, -1, out, p)
                    : decimal(FLOAT_Q_MIN, fraction, 0, out, p);
        }
        out[p] = '0';
        out[p + 1] = '.';
        out[p + 2] = '0';
        return p + 3;
    }

    /** As {@link #decimal(int, long, int, byte[], int)} for a float's c 2^q, with the power of ten's high 63 bits. */
    private static int decimal(final int q, final int c, final int dk, final byte[] out, final int pos) {
        final int out1 = c & 1;
        final long cb = (long) c << 2;
        final long cbr = cb + 2;
        final long cbl;
        final int k;
        if (c != FLOAT_C_MIN | q == FLOAT_Q_MIN) {
            cbl = cb - 2;
            k = floorLog10Pow2(q);
        } else {
            cbl = cb - 1;
            k = floorLog10ThreeQuartersPow2(q);
        }
        final int h = q + floorLog2Pow10(-k) + 33;
        final long g = G[2 * (k - K_MIN)] + 1;
        final int vb = roundToOdd(g, cb << h);
        final int vbl = roundToOdd(g, cbl << h);
        final int vbr = roundToOdd(g, cbr << h);
        final int s = vb >> 2;
        if (s >= 100) {
            final int sp10 = s / 10 * 10;
            final int tp10 = sp10 + 10;
            final boolean upin = vbl + out1 <= sp10 << 2;
            final boolean wpin = (tp10 << 2) + out1 <= vbr;
            if (upin != wpin) {
                return text(upin ? sp10 : tp10, k + dk, out, pos);
            }
        }
        final int t = s + 1;
        final boolean uin = vbl + out1 <= s << 2;
        final boolean win = (t << 2) + out1 <= vbr;
        if (uin != win) {
            return text(uin ? s : t, k + dk, out, pos);
        }
        final int cmp = vb - (s + t << 1);
        return text(cmp < 0 || cmp == 0 && (s & 1) == 0 ? s : t, k + dk, out, pos);
    }

    /** g cp, 2^-95 scaled, rounded to odd. */
    private static int roundToOdd(final long g, final long cp) {
        final long x1 = Math.multiplyHigh(g, cp);
        final long vbp = x1 >>> 31;
        return (int) (vbp | (x1 & MASK_32) + MASK_32 >>> 32);
    }

    /**
     * The shortest decimal in the rounding interval of c 2^q (boundaries included when c is even), the closest to it
     * among those of that length.
     */
    private static int decimal(final int q, final long c, final int dk, final byte[] out, final int pos) {
        final long out1 = c & 1;
        final long cb = c << 2;
        final long cbr = cb + 2;
        final long cbl;
        final int k;
        if (c != C_MIN | q == Q_MIN) {
            cbl = cb - 2;
            k = floorLog10Pow2(q);
        } else {
            // The lower neighbour is half as far as the upper one.
            cbl = cb - 1;
            k = floorLog10ThreeQuartersPow2(q);
        }
        final int h = q + floorLog2Pow10(-k) + 2;
        final int index = 2 * (k - K_MIN);
        final long g1 = G[index];
        final long g0 = G[index + 1];
        final long vb = roundToOdd(g1, g0, cb << h);
        final long vbl = roundToOdd(g1, g0, cbl << h);
        final long vbr = roundToOdd(g1, g0, cbr << h);
        final long s = vb >> 2;
        if (s >= 100) {
            // One digit fewer, if exactly one of its two candidates is in the interval.
            final long sp10 = s / 10 * 10;
            final long tp10 = sp10 + 10;
            final boolean upin = vbl + out1 <= sp10 << 2;
            final boolean wpin = (tp10 << 2) + out1 <= vbr;
            if (upin != wpin) {
                return text(upin ? sp10 : tp10, k + dk, out, pos);
            }
        }
        final long t = s + 1;
        final boolean uin = vbl + out1 <= s << 2;
        final boolean win = (t << 2) + out1 <= vbr;
        if (uin != win) {
            return text(uin ? s : t, k + dk, out, pos);
        }
        final long cmp = vb - (s + t << 1);
        return text(cmp < 0 || cmp == 0 && (s & 1) == 0 ? s : t, k + dk, out, pos);
    }

    /** g cp, 2^-126 scaled, rounded to odd: its low bit says whether anything was cut off. */
    private static long roundToOdd(final long g1, final long g0, final long cp) {
        final long x1 = Math.multiplyHigh(g0, cp);
        final long y0 = g1 * cp;
        final long y1 = Math.multiplyHigh(g1, cp);
        final long z = (y0 >>> 1) + x1;
        final long vbp = y1 + (z >>> 63);
        return vbp | (z & MASK_63) + MASK_63 >>> 63;
    }

    /** Writes f 10^e, f positive and below 10^17, in {@code Double.toString}'s layout. */
    private static int text(final long f, final int e, final byte[] out, final int pos) {
        int length = floorLog10Pow2(Long.SIZE - Long.numberOfLeadingZeros(f));
        if (f >= POW10[length]) {
            length++;
        }
        // The value is now 0.d1 d2 ... d17 times 10^exponent, d1 not 0.
        final long scaled = f * POW10[DIGITS - length];
        final int exponent = e + length;
        final long high = scaled / 100_000_000L;
        final int low = (int) (scaled - high * 100_000_000L);
        final int first = (int) (high / 100_000_000L);
        final int middle = (int) (high - first * 100_000_000L);
        if (exponent > 0 && exponent <= 7) {
            // ddd.ddd: the digits laid out one place on, the integer part moved back over the point's place.
            final int end = digits(first, middle, low, out, pos + 1);
            for (int i = 0; i < exponent; i++) {
                out[pos + i] = out[pos + 1 + i];
            }
            out[pos + exponent] = '.';
            return Math.max(end, pos + exponent + 2);
        }
        if (exponent <= 0 && exponent > -3) {
            // 0.00ddd
            final int start = pos + 2 - exponent;
            out[pos] = '0';
            out[pos + 1] = '.';
            out[pos + 2] = '0';
            out[pos + 3] = '0';
            return digits(first, middle, low, out, start);
        }
        // d.dddEx
        final int end = Math.max(digits(first, middle, low, out, pos + 1), pos + 3);
        out[pos] = out[pos + 1];
        out[pos + 1] = '.';
        out[end] = 'E';
        int p = end + 1;
        int x = exponent - 1;
        if (x < 0) {
            out[p++] = '-';
            x = -x;
        }
        if (x >= 100) {
            out[p++] = (byte) ('0' + x / 100);
        }
        if (x >= 10) {
            out[p++] = (byte) ('0' + x / 10 % 10);
        }
        out[p++] = (byte) ('0' + x % 10);
        return p;
    }

    /** Writes the 17 digits at {@code at}; returns the end of the significant ones (trailing zeros dropped). */
    private static int digits(final int first, final int middle, final int low, final byte[] out, final int at) {
        out[at] = (byte) ('0' + first);
        final long middleDigits = Digits.values(middle);
        final long lowDigits = Digits.values(low);
        Digits.put(out, at + 1, middleDigits + Digits.ZEROS);
        Digits.put(out, at + 9, lowDigits + Digits.ZEROS);
        // A trailing zero digit is a zero byte at the word's high end.
        if (lowDigits != 0) {
            return at + DIGITS - (Long.numberOfLeadingZeros(lowDigits) >>> 3);
        }
        return middleDigits != 0 ? at + 9 - (Long.numberOfLeadingZeros(middleDigits) >>> 3) : at + 1;
    }

    /** floor(e log10 2), for |e| up to 5,456,721. */
    static int floorLog10Pow2(final int e) {
        return (int) (e * 661_971_961_083L >> 41);
    }

    /** floor(e log10 2 + log10 3/4), for |e| up to 1,838,394. */
    static int floorLog10ThreeQuartersPow2(final int e) {
        return (int) (e * 661_971_961_083L + -274_743_187_321L >> 41);
    }

    /** floor(e log2 10), for |e| up to 1,233. */
    static int floorLog2Pow10(final int e) {
        return (int) (e * 913_124_641_741L >> 38);
    }

    /**
     * For each k from {@link #K_MIN} to {@link #K_MAX}, g = floor(10^-k 2^-r) + 1 with r = floor(-k log2 10) - 125
     * (so that 2^125 &lt;= g &lt; 2^126), as its high and low 63 bits.
     */
    private static long[] powersOfTen() {
        final long[] g = new long[2 * (K_MAX - K_MIN + 1)];
        for (int k = K_MIN; k <= K_MAX; k++) {
            final int e = -k;
            final int r = floorLog2Pow10(e) - 125;
            BigInteger numerator = BigInteger.TEN.pow(Math.max(e, 0)).shiftLeft(Math.max(-r, 0));
            final BigInteger denominator = BigInteger.TEN.pow(Math.max(-e, 0)).shiftLeft(Math.max(r, 0));
            numerator = numerator.divide(denominator).add(BigInteger.ONE);
            g[2 * (k - K_MIN)] = numerator.shiftRight(63).longValueExact();
            g[2 * (k - K_MIN) + 1] = numerator.longValue() & MASK_63;
        }
        return g;
    }
}
