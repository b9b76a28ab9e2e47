package org.flyproto.codec;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.flyproto.buffers.Memory;

/**
 * The string forms of JSON values that are not numbers, read from UTF-8 bytes as protobuf-java reads them: base64
 * ({@code java.util.Base64}'s basic decoder, then its URL-safe one), {@code google.protobuf.Timestamp}
 * ({@code Timestamps.parse}) and {@code google.protobuf.Duration} ({@code Durations.parse}). Results are left in the
 * fields of the instance; nothing is allocated.
 */
final class JsonScalars {
    /** Smallest Timestamp seconds: 0001-01-01T00:00:00Z. */
    static final long TIMESTAMP_MIN_SECONDS = -62_135_596_800L;
    /** Largest Timestamp seconds: 9999-12-31T23:59:59Z. */
    static final long TIMESTAMP_MAX_SECONDS = 253_402_300_799L;
    /** Largest Duration seconds, either sign: about 10,000 years. */
    static final long DURATION_MAX_SECONDS = 315_576_000_000L;

    /** Each byte's base64 digit: 0-63; -1 not a digit; bit 6 (64) set for '+' '/', bit 7 (128) for '-' '_'. */
    private static final int[] BASE64 = new int[256];

    static {
        java.util.Arrays.fill(BASE64, -1);
        final String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
        for (int i = 0; i < alphabet.length(); i++) {
            BASE64[alphabet.charAt(i)] = i;
        }
        BASE64['+'] = 62 | 64;
        BASE64['/'] = 63 | 64;
        BASE64['-'] = 62 | 128;
        BASE64['_'] = 63 | 128;
    }

    /** Seconds of the last Timestamp or Duration read. */
    long seconds;
    /** Nanoseconds of the last Timestamp or Duration read. */
    int nanos;
    /** Digits of the last base64 text checked (before its padding). */
    private int base64Digits;

    /**
     * Checks base64 text as protobuf-java's parser accepts it (standard or URL-safe alphabet, not mixed; padding
     * optional, but complete and final if present).
     *
     * @return the number of bytes it decodes to, or a negative number if it is not base64.
     */
    int base64Length(final DirectBuffer b, final int offset, final int length) {
        if (length == 1) {
            return -1;
        }
        int kinds = 0;
        int digits = 0;
        int p = offset;
        final int end = offset + length;
        final boolean raw = Memory.isRaw(b);
        final byte[] array = raw ? b.byteArray() : null;
        final long address = raw ? b.addressOffset() : 0;
        for (; p < end; p++) {
            final int c = (raw ? Memory.getByte(array, address, p) : b.getByte(p)) & 0xFF;
            if (c == '=') {
                break;
            }
            final int d = BASE64[c];
            if (d < 0) {
                return -1;
            }
            kinds |= d & 0xC0;
            digits++;
        }
        if (kinds == 0xC0) {
            return -1;
        }
        final int partial = digits & 3;
        if (p < end) {
            // padding: "xx==" or "xxx=", then nothing
            final int pads = partial == 2 ? 2 : partial == 3 ? 1 : -1;
            if (pads < 0 || end - p != pads || (pads == 2 && b.getByte(p + 1) != '=')) {
                return -1;
            }
        } else if (partial == 1) {
            return -1;
        }
        base64Digits = digits;
        return digits / 4 * 3 + (partial == 2 ? 1 : partial == 3 ? 2 : 0);
    }

    /** Decodes base64 text that {@link #base64Length} accepted (just before) into {@code out} at {@code index}. */
    void decodeBase64(final DirectBuffer b, final int offset, final MutableDirectBuffer out, final int index) {
        int w = index;
        int bits = 0;
        int count = 0;
        int i = 0;
        if (Memory.isRaw(b) && Memory.isRaw(out)) {
            // Four digits to three bytes a step, read and written in place: the text lies in the input, checked by
            // base64Length, and the caller has room for the bytes at index.
            final byte[] in = b.byteArray();
            final long inAddress = b.addressOffset() + offset;
            final byte[] o = out.byteArray();
            final long outAddress = out.addressOffset();
            for (final int whole = base64Digits & ~3; i < whole; i += 4) {
                final int quad = (BASE64[Memory.getByte(in, inAddress, i) & 0xFF] & 0x3F) << 18
                        | (BASE64[Memory.getByte(in, inAddress, i + 1) & 0xFF] & 0x3F) << 12
                        | (BASE64[Memory.getByte(in, inAddress, i + 2) & 0xFF] & 0x3F) << 6
                        | BASE64[Memory.getByte(in, inAddress, i + 3) & 0xFF] & 0x3F;
                Memory.putByte(o, outAddress, w, (byte) (quad >>> 16));
                Memory.putByte(o, outAddress, w + 1, (byte) (quad >>> 8));
                Memory.putByte(o, outAddress, w + 2, (byte) quad);
                w += 3;
            }
        }
        for (; i < base64Digits; i++) {
            bits = bits << 6 | (BASE64[b.getByte(offset + i) & 0xFF] & 0x3F);
            if (++count == 4) {
                out.putByte(w++, (byte) (bits >>> 16));
                out.putByte(w++, (byte) (bits >>> 8));
                out.putByte(w++, (byte) bits);
                bits = 0;
                count = 0;
            }
        }
        if (count == 2) {
            out.putByte(w, (byte) (bits >>> 4));
        } else if (count == 3) {
            out.putByte(w, (byte) (bits >>> 10));
            out.putByte(w + 1, (byte) (bits >>> 2));
        }
    }

    /**
     * Reads a Timestamp as {@code Timestamps.parse} does: {@code date 'T' time [.fraction] (Z | +hh:mm | -hh:mm)},
     * date and time fields of one or more digits, out-of-range fields rolled over into the next ones as its lenient
     * calendar does (it warns that this will become an error), anything between the seconds and the fraction or zone
     * ignored (as its {@code SimpleDateFormat} ignores the rest of the text), at most the first 9 fraction digits
     * kept, the result within 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z. Sets {@link #seconds},
     * {@link #nanos}.
     *
     * @return false if the text is not such a timestamp.
     */
    boolean timestamp(final DirectBuffer b, final int offset, final int length) {
        final int end = offset + length;
        final int t = indexOf(b, offset, end, 'T');
        if (t < 0) {
            return false;
        }
        int zone = indexOf(b, t, end, 'Z');
        if (zone < 0) {
            zone = indexOf(b, t, end, '+');
        }
        if (zone < 0) {
            zone = indexOf(b, t, end, '-');
        }
        if (zone < 0) {
            return false;
        }
        final int point = indexOf(b, offset, zone, '.');
        final int secondsEnd = point < 0 ? zone : point;
        // yyyy-MM-dd'T'HH:mm:ss
        int p = offset;
        final long year = digits(b, p, secondsEnd);
        p = next;
        if (year < 0 || !at(b, p, secondsEnd, '-')) {
            return false;
        }
        final long month = digits(b, ++p, secondsEnd);
        p = next;
        if (month < 0 || !at(b, p, secondsEnd, '-')) {
            return false;
        }
        final long day = digits(b, ++p, secondsEnd);
        p = next;
        if (day < 0 || p != t) {
            return false;
        }
        final long hour = digits(b, ++p, secondsEnd);
        p = next;
        if (hour < 0 || !at(b, p, secondsEnd, ':')) {
            return false;
        }
        final long minute = digits(b, ++p, secondsEnd);
        p = next;
        if (minute < 0 || !at(b, p, secondsEnd, ':')) {
            return false;
        }
        final long second = digits(b, ++p, secondsEnd);
        // Like SimpleDateFormat.parse(String), which Timestamps.parse uses, whatever follows the seconds is ignored.
        if (second < 0 || year > 1_000_000 || month > 1_000_000 || day > 1_000_000_000L) {
            return false;
        }
        final long months = year * 12 + month - 1;
        final long days = daysFromCivil(Math.floorDiv(months, 12), Math.floorMod(months, 12) + 1) + day - 1;
        long s = days * 86_400 + hour * 3_600 + minute * 60 + second;
        int n = 0;
        if (point >= 0) {
            n = nanosOf(b, point + 1, zone);
            if (n < 0) {
                return false;
            }
        }
        if (b.getByte(zone) == 'Z') {
            if (zone + 1 != end) {
                return false;
            }
        } else {
            final int colon = indexOf(b, zone + 1, end, ':');
            if (colon < 0) {
                return false;
            }
            final long hours = javaLong(b, zone + 1, colon);
            final boolean hoursOk = parsed;
            final long minutes = javaLong(b, colon + 1, end);
            if (!hoursOk || !parsed) {
                return false;
            }
            final long offsetSeconds = (hours * 60 + minutes) * 60;
            s = b.getByte(zone) == '+' ? s - offsetSeconds : s + offsetSeconds;
        }
        if (s < TIMESTAMP_MIN_SECONDS || s > TIMESTAMP_MAX_SECONDS) {
            return false;
        }
        seconds = s;
        nanos = n;
        return true;
    }

    /**
     * Reads a Duration as {@code Durations.parse} does: {@code [-] seconds [.fraction] s}, seconds as
     * {@code Long.parseLong} reads them, at most the first 9 fraction digits kept, within ±315,576,000,000 s. Sets
     * {@link #seconds}, {@link #nanos}.
     *
     * @return false if the text is not such a duration.
     */
    boolean duration(final DirectBuffer b, final int offset, final int length) {
        if (length == 0 || b.getByte(offset + length - 1) != 's') {
            return false;
        }
        int from = offset;
        final int end = offset + length - 1;
        final boolean negative = b.getByte(from) == '-';
        if (negative) {
            from++;
        }
        final int point = indexOf(b, from, end, '.');
        final long s = javaLong(b, from, point < 0 ? end : point);
        if (!parsed || s < 0) {
            return false;
        }
        int n = 0;
        if (point >= 0 && point + 1 < end) {
            n = nanosOf(b, point + 1, end);
            if (n < 0) {
                return false;
            }
        }
        if (s > DURATION_MAX_SECONDS) {
            return false;
        }
        seconds = negative ? -s : s;
        nanos = negative ? -n : n;
        return true;
    }

    /** {@code Timestamps.parseNanos}: the first 9 characters must be digits (fewer are padded), the rest ignored. */
    private static int nanosOf(final DirectBuffer b, final int from, final int to) {
        int result = 0;
        for (int i = 0; i < 9; i++) {
            result *= 10;
            if (from + i < to) {
                final int c = b.getByte(from + i);
                if (c < '0' || c > '9') {
                    return -1;
                }
                result += c - '0';
            }
        }
        return result;
    }

    /** Index after the digits {@link #digits} read last; {@link #parsed} after {@link #javaLong}. */
    private int next;

    private boolean parsed;

    /**
     * One or more digits from {@code from} (after whitespace, which SimpleDateFormat skips before a field), up to
     * {@code end}: their value (at most 18 digits), else -1.
     */
    private long digits(final DirectBuffer b, final int from, final int end) {
        int p = from;
        while (p < end && isWhitespace(b.getByte(p))) {
            p++;
        }
        long v = 0;
        int i = p;
        while (i < end && i - p < 18) {
            final int c = b.getByte(i);
            if (c < '0' || c > '9') {
                break;
            }
            v = v * 10 + (c - '0');
            i++;
        }
        next = i;
        return i == p ? -1 : v;
    }

    /** {@code Long.parseLong} of {@code [from, to)} (ASCII digits), its success in {@link #parsed}. */
    private long javaLong(final DirectBuffer b, final int from, final int to) {
        parsed = false;
        int p = from;
        boolean negative = false;
        if (p < to && (b.getByte(p) == '+' || b.getByte(p) == '-')) {
            negative = b.getByte(p) == '-';
            p++;
        }
        if (p >= to || to - p > 18) {
            return 0;
        }
        long v = 0;
        for (; p < to; p++) {
            final int c = b.getByte(p);
            if (c < '0' || c > '9') {
                return 0;
            }
            v = v * 10 + (c - '0');
        }
        parsed = true;
        return negative ? -v : v;
    }

    private static boolean isWhitespace(final byte c) {
        return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20);
    }

    private static boolean at(final DirectBuffer b, final int p, final int end, final char c) {
        return p < end && b.getByte(p) == c;
    }

    private static int indexOf(final DirectBuffer b, final int from, final int to, final char c) {
        for (int i = from; i < to; i++) {
            if (b.getByte(i) == c) {
                return i;
            }
        }
        return -1;
    }

    /** Days from 1970-01-01 to the first day of {@code month} (1-12) of {@code year}, proleptic Gregorian. */
    private static long daysFromCivil(final long year, final long month) {
        final long y = month <= 2 ? year - 1 : year;
        final long era = Math.floorDiv(y, 400);
        final long yoe = y - era * 400;
        final long mp = (month + 9) % 12;
        final long doy = (153 * mp + 2) / 5;
        final long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        return era * 146_097 + doe - 719_468;
    }
}
