package org.flyproto.codec;

/**
 * The text of {@code google.protobuf.Timestamp} and {@code Duration} as protobuf-java's {@code Timestamps.toString}
 * and {@code Durations.toString} write it, digit by digit into an array: dates in the proleptic Gregorian calendar
 * (days to year, month and day by Howard Hinnant's {@code civil_from_days}), fractions of 3, 6 or 9 digits.
 */
final class JsonTime {
    /** 0001-01-01T00:00:00Z. */
    static final long TIMESTAMP_MIN_SECONDS = -62_135_596_800L;
    /** 9999-12-31T23:59:59Z. */
    static final long TIMESTAMP_MAX_SECONDS = 253_402_300_799L;
    /** 10,000 years of 365.25 days. */
    static final long DURATION_MAX_SECONDS = 315_576_000_000L;

    static final int MAX_NANOS = 999_999_999;

    private static final int SECONDS_PER_DAY = 86_400;

    private JsonTime() {}

    /** Writes {@code "yyyy-MM-ddTHH:mm:ss[.fff[fff[fff]]]Z"} (quoted) at {@code pos}; in range. */
    static int timestamp(final byte[] out, final int pos, final long seconds, final int nanos) {
        final long days = Math.floorDiv(seconds, SECONDS_PER_DAY);
        final int secondOfDay = Math.floorMod(seconds, SECONDS_PER_DAY);
        final long z = days + 719_468;
        final long era = Math.floorDiv(z, 146_097);
        final long dayOfEra = z - era * 146_097;
        final long yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365;
        final long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
        final long shiftedMonth = (5 * dayOfYear + 2) / 153;
        final int day = (int) (dayOfYear - (153 * shiftedMonth + 2) / 5 + 1);
        final int month = (int) (shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9);
        final int year = (int) (yearOfEra + era * 400 + (month <= 2 ? 1 : 0));
        int p = pos;
        out[p++] = '"';
        p = digits(out, p, year, 4);
        out[p++] = '-';
        p = digits(out, p, month, 2);
        out[p++] = '-';
        p = digits(out, p, day, 2);
        out[p++] = 'T';
        p = digits(out, p, secondOfDay / 3600, 2);
        out[p++] = ':';
        p = digits(out, p, secondOfDay / 60 % 60, 2);
        out[p++] = ':';
        p = digits(out, p, secondOfDay % 60, 2);
        p = fraction(out, p, nanos);
        out[p++] = 'Z';
        out[p++] = '"';
        return p;
    }

    /** Writes {@code "[-]s[.fff[fff[fff]]]s"} (quoted) at {@code pos}; in range, signs agreeing. */
    static int duration(final byte[] out, final int pos, final long seconds, final int nanos) {
        int p = pos;
        out[p++] = '"';
        long s = seconds;
        int n = nanos;
        if (s < 0 || n < 0) {
            out[p++] = '-';
            s = -s;
            n = -n;
        }
        int width = 1;
        for (long t = s; t >= 10; t /= 10) {
            width++;
        }
        p = digits(out, p, s, width);
        p = fraction(out, p, n);
        out[p++] = 's';
        out[p++] = '"';
        return p;
    }

    /** Nothing for 0; else {@code .} and 3, 6 or 9 digits, the fewest that hold {@code nanos} exactly. */
    private static int fraction(final byte[] out, final int pos, final int nanos) {
        if (nanos == 0) {
            return pos;
        }
        out[pos] = '.';
        if (nanos % 1_000_000 == 0) {
            return digits(out, pos + 1, nanos / 1_000_000, 3);
        }
        if (nanos % 1_000 == 0) {
            return digits(out, pos + 1, nanos / 1_000, 6);
        }
        return digits(out, pos + 1, nanos, 9);
    }

    /** {@code value} (not negative) in exactly {@code width} digits, zero-padded. */
    private static int digits(final byte[] out, final int pos, final long value, final int width) {
        long v = value;
        for (int i = pos + width - 1; i >= pos; i--) {
            out[i] = (byte) ('0' + v % 10);
            v /= 10;
        }
        return pos + width;
    }
}
