package org.flyproto.codec;

import java.math.BigDecimal;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.agrona.DirectBuffer;
import org.flyproto.buffers.Memory;

/**
 * Numbers in the text of JSON values, read from UTF-8 bytes as protobuf-java's {@code JsonFormat} reads them from
 * strings: integers with {@code BigDecimal}'s syntax ({@code 1}, {@code +1}, {@code 1.0}, {@code 1e2}, exact, range
 * checked by the caller), doubles with {@code BigDecimal}'s syntax and range check, floats and the numbers of
 * {@code google.protobuf.Value} with {@code Double.parseDouble}'s.
 *
 * <p><b>Allocation.</b> Integers never allocate. Decimals with at most 19 significant digits are converted without
 * allocating, correctly rounded: first Clinger's fast path (a mantissa below 2^53 scaled by at most 10^22: one exact
 * IEEE multiplication or division, so its one rounding is the correct one), which covers decimals as people write
 * them ({@code 1.5}, {@code -0.25}, {@code 1e10}); then the Eisel-Lemire algorithm (a 64 × 128-bit multiplication by
 * a truncated power of ten, which knows when its result might be off and then gives up), which covers the 17 digits a
 * printer writes for an arbitrary double. What neither settles — more than 19 significant digits, results that are
 * subnormal or beyond the finite range, the rare cases Eisel-Lemire gives up on, hexadecimal floats — goes to the JDK
 * ({@code BigDecimal} or {@code Double.parseDouble} on a String made from the bytes): correct, but allocating.
 *
 * <p>One instance per parser; results are left in its fields. Not thread-safe.
 */
final class JsonNumbers {
    /** JsonFormat refuses numeric strings longer than this (before {@code BigDecimal} sees them). */
    static final int MAX_LENGTH = 1000;

    /** The most digits {@link #plainInteger} reads: their value is below 10^19, inside an unsigned long. */
    private static final int MAX_PLAIN_DIGITS = 19;

    private static final double[] POWERS_OF_TEN = {
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
        1e20, 1e21, 1e22
    };
    private static final long[] LONG_POWERS_OF_TEN = new long[19];

    /** JsonFormat's double range: {@code Double.MAX_VALUE} with a tolerance of 1e-6. */
    private static final BigDecimal MORE_THAN_ONE = new BigDecimal(String.valueOf(1.0 + 1e-6));

    private static final BigDecimal MAX_DOUBLE =
            new BigDecimal(String.valueOf(Double.MAX_VALUE)).multiply(MORE_THAN_ONE);
    private static final BigDecimal MIN_DOUBLE =
            new BigDecimal(String.valueOf(-Double.MAX_VALUE)).multiply(MORE_THAN_ONE);

    /** JsonFormat's float range, as a double: {@code Float.MAX_VALUE} with a tolerance of 1e-6. */
    static final double MAX_FLOAT = Float.MAX_VALUE * (1.0 + 1e-6);

    private static final long MAX_EXPONENT = Integer.MAX_VALUE;

    static {
        long p = 1;
        for (int i = 0; i < LONG_POWERS_OF_TEN.length; i++) {
            LONG_POWERS_OF_TEN[i] = p;
            p *= 10;
        }
    }

    /** The sign of the last number read. */
    boolean negative;
    /** The magnitude of the last integer read, unsigned. */
    long magnitude;
    /** The last integer read is at least 2^64. */
    boolean overflow;
    /** The last floating-point number read. */
    double value;

    // The decimal scanned last: sign, mantissa digits in [mantissaStart, mantissaEnd) with a '.' at dot (or -1), the
    // exponent after it; then its significant digits: first and last non-zero digit (-1 if none).
    private int mantissaStart;
    private int mantissaEnd;
    private int dot;
    private long exponent;
    private int firstNonZero;
    private int lastNonZero;

    /**
     * Reads an integer as {@code new BigDecimal(text)} then an exact conversion would: the magnitude and sign are in
     * {@link #magnitude}, {@link #negative}, {@link #overflow}.
     *
     * @return false if the text is not a number, or not an integer.
     */
    boolean integer(final DirectBuffer b, final int offset, final int length) {
        if (plainInteger(b, offset, length)) {
            return true;
        }
        if (length > MAX_LENGTH || !scanDecimal(b, offset, offset + length, false)) {
            return false;
        }
        magnitude = 0;
        overflow = false;
        if (firstNonZero < 0) {
            return true;
        }
        final long scale = powerOfLastDigit() + exponent;
        if (scale < 0) {
            return false;
        }
        final int digits = digitCount(firstNonZero, lastNonZero);
        if (digits + scale > 20) {
            overflow = true;
            return true;
        }
        long m = 0;
        if (digits < 20) {
            m = mantissa(b);
        } else {
            for (int i = firstNonZero; i <= lastNonZero; i++) {
                if (i != dot) {
                    m = timesTenPlus(m, (at(b, i) - '0'));
                    if (overflow) {
                        return true;
                    }
                }
            }
        }
        for (long i = 0; i < scale; i++) {
            m = timesTenPlus(m, 0);
            if (overflow) {
                return true;
            }
        }
        magnitude = m;
        return true;
    }

    /**
     * {@link #integer} of the form printers write: an optional {@code '-'}, then 1 to 19 digits, nothing else; read in
     * one pass, digit by digit. Any other form (a plus sign, a point, an exponent, more digits) is left to the
     * general path.
     *
     * @return true if the text had that form (its value is then read), false if not (nothing is set).
     */
    private boolean plainInteger(final DirectBuffer b, final int offset, final int length) {
        final boolean minus = length > 0 && at(b, offset) == '-';
        final int from = minus ? offset + 1 : offset;
        final int to = offset + length;
        if (to - from < 1 || to - from > MAX_PLAIN_DIGITS) {
            return false;
        }
        long m = 0;
        for (int i = from; i < to; i++) {
            final int digit = at(b, i) - '0';
            if (digit < 0 || digit > 9) {
                return false;
            }
            m = m * 10 + digit;
        }
        negative = minus;
        magnitude = m;
        overflow = false;
        return true;
    }

    private long timesTenPlus(final long m, final int digit) {
        // unsigned m * 10 + digit, flagging overflow past 2^64 - 1
        if (Long.compareUnsigned(m, 0x1999_9999_9999_9999L) > 0 || (m == 0x1999_9999_9999_9999L && digit > 5)) {
            overflow = true;
            return 0;
        }
        return m * 10 + digit;
    }

    /**
     * Reads a double as JsonFormat reads one for a {@code double} field: {@code NaN}, {@code Infinity},
     * {@code -Infinity}, else {@code BigDecimal}'s syntax within its range check (a little beyond
     * {@code Double.MAX_VALUE}; values above it round to infinity). The result is in {@link #value}.
     *
     * @return 0 if read, 1 if not a number, 2 if out of range.
     */
    int doubleField(final DirectBuffer b, final int offset, final int length) {
        if (plainDecimal(b, offset, length)) {
            return 0;
        }
        if (special(b, offset, length, false)) {
            return 0;
        }
        if (length > MAX_LENGTH || !scanDecimal(b, offset, offset + length, false)) {
            return 1;
        }
        if (firstNonZero < 0) {
            value = 0.0; // BigDecimal has no negative zero
            return 0;
        }
        if (fastPath(b)) {
            return 0;
        }
        final BigDecimal big = new BigDecimal(ascii(b, offset, length));
        if (big.compareTo(MAX_DOUBLE) > 0 || big.compareTo(MIN_DOUBLE) < 0) {
            return 2;
        }
        value = big.doubleValue();
        return 0;
    }

    /**
     * {@link #doubleField} of the form printers write: an optional {@code '-'}, then at most 19 digits with at most
     * one point between two of them, nothing else; the digits read in one pass (eight at a time where eight follow),
     * then converted as {@link #fastPath} converts. Any other form, and values the fast conversions do not settle, are
     * left to the general path.
     *
     * @return true if the text had that form and its value is in {@link #value}, false if not.
     */
    private boolean plainDecimal(final DirectBuffer b, final int offset, final int length) {
        final boolean minus = length > 0 && at(b, offset) == '-';
        final int to = offset + length;
        int p = minus ? offset + 1 : offset;
        if (to - p > MAX_PLAIN_DIGITS + 1) {
            return false;
        }
        long m = 0;
        int digits = 0;
        int point = -1;
        while (p < to) {
            if (to - p >= Long.BYTES) {
                final long w = word(b, p);
                if (Digits.allDigits(w)) {
                    m = m * 100_000_000L + Digits.value(w);
                    digits += Long.BYTES;
                    p += Long.BYTES;
                    continue;
                }
            }
            final int c = at(b, p);
            if (c >= '0' && c <= '9') {
                m = m * 10 + (c - '0');
                digits++;
            } else if (c != '.' || point >= 0 || digits == 0) {
                return false;
            } else {
                point = p;
            }
            p++;
        }
        if (digits == 0 || digits > MAX_PLAIN_DIGITS || point == to - 1) {
            return false;
        }
        if (m == 0) {
            value = 0.0; // BigDecimal has no negative zero
            return true;
        }
        negative = minus;
        return convert(m, point < 0 ? 0 : point + 1 - to);
    }

    /**
     * Reads a double as {@code Double.parseDouble} does (leading and trailing whitespace, a sign, {@code NaN},
     * {@code Infinity}, hexadecimal, a {@code f}/{@code d} suffix): the reading of a {@code float} field (before its
     * range check) and of a {@code google.protobuf.Value}'s number. The result is in {@link #value}.
     *
     * @return false if the text is not a number.
     */
    boolean javaDouble(final DirectBuffer b, final int offset, final int length) {
        int from = offset;
        int to = offset + length;
        while (from < to && (at(b, from) & 0xFF) <= ' ') {
            from++;
        }
        while (to > from && (at(b, to - 1) & 0xFF) <= ' ') {
            to--;
        }
        if (special(b, from, to - from, true)) {
            return true;
        }
        int body = from;
        if (body < to && (at(b, body) == '+' || at(b, body) == '-')) {
            body++;
        }
        if (body + 1 < to && at(b, body) == '0' && (at(b, body + 1) | 0x20) == 'x') {
            return slowJavaDouble(b, from, to);
        }
        int last = to;
        if (last > body) {
            final int suffix = at(b, last - 1) | 0x20;
            if (suffix == 'f' || suffix == 'd') {
                last--;
            }
        }
        if (!scanDecimal(b, from, last, true)) {
            return false;
        }
        if (firstNonZero < 0) {
            value = negative ? -0.0 : 0.0;
            return true;
        }
        return fastPath(b) || slowJavaDouble(b, from, to);
    }

    private boolean slowJavaDouble(final DirectBuffer b, final int from, final int to) {
        try {
            value = Double.parseDouble(ascii(b, from, to - from));
            return true;
        } catch (final NumberFormatException e) {
            return false;
        }
    }

    /** {@code NaN}, {@code Infinity}, {@code -Infinity}; with {@code java}, also {@code +NaN}, {@code -NaN}, ... */
    boolean special(final DirectBuffer b, final int offset, final int length, final boolean java) {
        int from = offset;
        boolean minus = false;
        if (length > 0 && (at(b, from) == '-' || (java && at(b, from) == '+'))) {
            minus = at(b, from) == '-';
            from++;
        }
        final int rest = offset + length - from;
        if (rest == 3 && equalsAscii(b, from, "NaN") && (java || from == offset)) {
            value = Double.NaN;
            return true;
        }
        if (rest == 8 && equalsAscii(b, from, "Infinity")) {
            value = minus ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
            return true;
        }
        return false;
    }

    /**
     * The byte at {@code index} of a token the input has bounded (its range lies inside the buffer): read as plain
     * memory from one of Agrona's buffers, past their per-read bounds check.
     */
    private static byte at(final DirectBuffer b, final int index) {
        return Memory.isRaw(b) ? Memory.getByte(b.byteArray(), b.addressOffset(), index) : b.getByte(index);
    }

    private static boolean equalsAscii(final DirectBuffer b, final int offset, final String s) {
        for (int i = 0; i < s.length(); i++) {
            if (at(b, offset + i) != s.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Scans {@code [sign] digits [. digits] [(e|E) [sign] digits]} (at least one mantissa digit; with
     * {@code unboundedExponent} an exponent of any size, else one that fits an int as {@code BigDecimal} needs).
     */
    private boolean scanDecimal(final DirectBuffer b, final int from, final int to, final boolean unboundedExponent) {
        int p = from;
        negative = false;
        if (p < to && (at(b, p) == '+' || at(b, p) == '-')) {
            negative = at(b, p) == '-';
            p++;
        }
        mantissaStart = p;
        dot = -1;
        firstNonZero = -1;
        lastNonZero = -1;
        boolean digit = false;
        for (; p < to; p++) {
            // Whole words of eight digits, one test each; their non-zero digits found from the word.
            while (to - p >= Long.BYTES) {
                final long w = word(b, p);
                if (!Digits.allDigits(w)) {
                    break;
                }
                final long nonZero = (w - Digits.ZEROS + 0x7F7F_7F7F_7F7F_7F7FL) & 0x8080_8080_8080_8080L;
                if (nonZero != 0) {
                    if (firstNonZero < 0) {
                        firstNonZero = p + (Long.numberOfTrailingZeros(nonZero) >>> 3);
                    }
                    lastNonZero = p + Long.BYTES - 1 - (Long.numberOfLeadingZeros(nonZero) >>> 3);
                }
                digit = true;
                p += Long.BYTES;
            }
            if (p == to) {
                break;
            }
            final int c = at(b, p);
            if (c >= '0' && c <= '9') {
                digit = true;
                if (c != '0') {
                    if (firstNonZero < 0) {
                        firstNonZero = p;
                    }
                    lastNonZero = p;
                }
            } else if (c == '.' && dot < 0) {
                dot = p;
            } else {
                break;
            }
        }
        if (!digit) {
            return false;
        }
        mantissaEnd = p;
        exponent = 0;
        if (p < to) {
            if ((at(b, p) | 0x20) != 'e') {
                return false;
            }
            p++;
            boolean minus = false;
            if (p < to && (at(b, p) == '+' || at(b, p) == '-')) {
                minus = at(b, p) == '-';
                p++;
            }
            if (p >= to) {
                return false;
            }
            long e = 0;
            for (; p < to; p++) {
                final int c = at(b, p);
                if (c < '0' || c > '9') {
                    return false;
                }
                e = Math.min(e * 10 + (c - '0'), 1L << 40);
            }
            if (e > MAX_EXPONENT && !unboundedExponent) {
                return false;
            }
            exponent = minus ? -e : e;
        }
        return true;
    }

    /** The power of ten of the last non-zero digit in the mantissa as written (before the exponent). */
    private long powerOfLastDigit() {
        if (dot < 0 || lastNonZero < dot) {
            final int integerEnd = dot < 0 ? mantissaEnd : dot;
            return integerEnd - lastNonZero - 1;
        }
        return -(lastNonZero - dot);
    }

    private int digitCount(final int from, final int to) {
        return to - from + 1 - (dot > from && dot < to ? 1 : 0);
    }

    /**
     * The scanned decimal (non-zero) converted without allocating, by Clinger's fast path or else Eisel-Lemire ({@link EiselLemire}); sets
     * {@link #value} and returns true if one of them settles it.
     */
    private boolean fastPath(final DirectBuffer b) {
        final int digits = digitCount(firstNonZero, lastNonZero);
        if (digits > 19) {
            return false;
        }
        return convert(mantissa(b), powerOfLastDigit() + exponent);
    }

    /**
     * {@code m} (not 0, {@code negative} its sign) times 10^{@code scale}, by Clinger's fast path or else
     * Eisel-Lemire; sets {@link #value} and returns true if one of them settles it.
     */
    private boolean convert(final long m, final long scale) {
        if (Long.compareUnsigned(m, 1L << 53) < 0 && clinger(m, scale)) {
            return true;
        }
        if (scale < Integer.MIN_VALUE || scale > Integer.MAX_VALUE) {
            return false;
        }
        final long bits = EiselLemire.doubleBits(m, (int) scale);
        if (bits == EiselLemire.NOT_NORMAL) {
            return false;
        }
        final double d = Double.longBitsToDouble(bits);
        value = negative ? -d : d;
        return true;
    }

    /**
     * The significant digits scanned last (at most 19: no overflow), as an integer: eight at a time where eight
     * digits follow with no point among them.
     */
    private long mantissa(final DirectBuffer b) {
        long m = 0;
        int i = firstNonZero;
        while (i <= lastNonZero) {
            if (lastNonZero - i >= Long.BYTES - 1 && (dot < i || dot >= i + Long.BYTES)) {
                m = m * 100_000_000L + Digits.value(word(b, i));
                i += Long.BYTES;
            } else {
                if (i != dot) {
                    m = m * 10 + (at(b, i) - '0');
                }
                i++;
            }
        }
        return m;
    }

    /** Eight bytes at {@code index}, the first in the lowest byte. */
    private static long word(final DirectBuffer b, final int index) {
        return Memory.isRaw(b)
                ? Memory.getLongLittleEndian(b.byteArray(), b.addressOffset(), index)
                : b.getLong(index, ByteOrder.LITTLE_ENDIAN);
    }

    /** Clinger: {@code m} below 2^53, times 10^{@code exp10}, if that is one exact operation. */
    private boolean clinger(final long mantissa, final long exp10) {
        long m = mantissa;
        long scale = exp10;
        if (scale > 22 && scale <= 22 + 18) {
            // Move powers of ten into the mantissa while it stays exact: 1e30 = 1e8 * 1e22.
            final long extra = scale - 22;
            if (m >= (1L << 53) / LONG_POWERS_OF_TEN[(int) extra]) {
                return false;
            }
            m *= LONG_POWERS_OF_TEN[(int) extra];
            scale = 22;
        }
        final double d;
        if (scale >= 0 && scale <= 22) {
            d = (double) m * POWERS_OF_TEN[(int) scale];
        } else if (scale < 0 && scale >= -22) {
            d = (double) m / POWERS_OF_TEN[(int) -scale];
        } else {
            return false;
        }
        value = negative ? -d : d;
        return true;
    }

    private static String ascii(final DirectBuffer b, final int offset, final int length) {
        final byte[] bytes = new byte[length];
        b.getBytes(offset, bytes);
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }
}
