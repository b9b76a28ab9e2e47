package org.flyproto.codec;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.agrona.BufferUtil;
import org.agrona.DirectBuffer;
import org.flyproto.buffers.BytesView;
import org.flyproto.buffers.Memory;
import org.flyproto.buffers.Utf8;
import org.flyproto.buffers.Utf8Dfa;
import org.flyproto.buffers.Utf8View;

/**
 * The UTF-8 text of a JSON document being printed, in an array of its own (reused; grown when a document needs more
 * than any before): tokens, numbers written digit by digit, strings escaped as {@code JsonFormat} escapes them, bytes
 * in base64. Strings and bytes are copied out of the message's buffer in one call and worked on in an array, so no
 * loop calls through an interface per byte. {@link JsonWriter} decides what goes where; this class only writes.
 */
final class JsonText {
    /** "00", "01", ... "99": two digits per lookup. */
    private static final byte[] DIGIT_PAIRS = digitPairs();

    /** 10^0 ... 10^18. */
    private static final long[] POWERS_OF_TEN = powersOfTen();

    private static final long EIGHT_DIGITS = 100_000_000L;

    /** Names printed so far and their UTF-8, by identity: see {@link #encodedName}. */
    private String[] nameKeys = new String[64];

    private byte[][] nameBytes = new byte[64][];
    private int names;

    private static final byte[] BASE64 =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".getBytes(StandardCharsets.US_ASCII);
    /** Each twelve bits' two base64 digits, the first in the low byte. */
    private static final char[] BASE64_PAIRS = base64Pairs();

    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NULL = {'n', 'u', 'l', 'l'};
    private static final byte[] TRUE = {'t', 'r', 'u', 'e'};
    private static final byte[] FALSE = {'f', 'a', 'l', 's', 'e'};
    private static final byte[] QUOTED_NAN = {'"', 'N', 'a', 'N', '"'};
    private static final byte[] QUOTED_INFINITY = {'"', 'I', 'n', 'f', 'i', 'n', 'i', 't', 'y', '"'};
    private static final byte[] QUOTED_MINUS_INFINITY = {'"', '-', 'I', 'n', 'f', 'i', 'n', 'i', 't', 'y', '"'};
    private static final byte[] LONG_MIN = "-9223372036854775808".getBytes(StandardCharsets.US_ASCII);

    /**
     * The binary exponents for which the JDK's {@code StringBuilder.append(float/double)} allocates nothing (as
     * {@link TextPrinter} measured them); other magnitudes go through {@link DecimalCache}.
     */
    private static final int DOUBLE_DIRECT_MIN_EXPONENT = -8;

    private static final int FLOAT_DIRECT_MIN_EXPONENT = -49;
    private static final int DIRECT_MAX_EXPONENT = 85;

    /**
     * How {@code JsonFormat} (HTML-safe, as Gson escapes) escapes each byte of UTF-8: 0 for none, else the character
     * after the backslash ({@code 'u'} for a {@code \\u00xx} escape), or {@link #LINE_OR_PARAGRAPH_SEPARATOR_LEAD}
     * for E2, which leads U+2028 and U+2029 ({@code \\u2028}, {@code \\u2029}) among others.
     */
    private static final byte[] ESCAPES = new byte[256];

    private static final byte LINE_OR_PARAGRAPH_SEPARATOR_LEAD = 1;

    /** Strings of this many bytes or more are escaped a word at a time. */
    private static final int WORDS_FROM = 16;

    /** In a row of {@link #CHECKED_ESCAPES}: the byte needs a look ({@link #ESCAPES} is not 0 for it). */
    private static final long LOOK = Long.MIN_VALUE;
    /** In a row of {@link #CHECKED_ESCAPES}: the byte is not ASCII. */
    private static final long NOT_ASCII = 1L << 62;
    /**
     * The UTF-8 automaton's rows ({@link Utf8Dfa#rows}), with {@link #LOOK} and {@link #NOT_ASCII} in their free high
     * bits: one load per byte serves the escaping and the UTF-8 check.
     */
    private static final long[] CHECKED_ESCAPES = Utf8Dfa.rows();

    static {
        ESCAPES[0xE2] = LINE_OR_PARAGRAPH_SEPARATOR_LEAD;
        for (int c = 0; c < 0x20; c++) {
            ESCAPES[c] = 'u';
        }
        ESCAPES['\t'] = 't';
        ESCAPES['\b'] = 'b';
        ESCAPES['\n'] = 'n';
        ESCAPES['\r'] = 'r';
        ESCAPES['\f'] = 'f';
        ESCAPES['"'] = '"';
        ESCAPES['\\'] = '\\';
        for (final char c : new char[] {'<', '>', '&', '=', '\''}) {
            ESCAPES[c] = 'u';
        }
        for (int b = 0; b < 256; b++) {
            CHECKED_ESCAPES[b] |= (ESCAPES[b] != 0 ? LOOK : 0) | (b >= 0x80 ? NOT_ASCII : 0);
        }
    }

    private byte[] out = new byte[1024];
    private int pos;
    /** Bytes being escaped or encoded, copied out of the message's buffer in one call. */
    private byte[] raw = new byte[256];
    /** A field mask path converted to lowerCamel. */
    private byte[] camel = new byte[256];

    private final StringBuilder decimal = new StringBuilder(32);
    private DecimalCache decimals;

    void reset() {
        pos = 0;
    }

    /** @return the text: {@code bytes()[0, length())}. */
    byte[] bytes() {
        return out;
    }

    int length() {
        return pos;
    }

    void put(final char c) {
        ensure(1);
        out[pos++] = (byte) c;
    }

    /** A line break and {@code indent} levels of two spaces. */
    void newLine(final int indent) {
        ensure(1 + 2 * indent);
        out[pos++] = '\n';
        for (int i = 0; i < indent; i++) {
            out[pos++] = ' ';
            out[pos++] = ' ';
        }
    }

    void nullValue() {
        bytes(NULL);
    }

    void bool(final boolean value) {
        bytes(value ? TRUE : FALSE);
    }

    /**
     * An enum value's name, quoted, unescaped as {@code JsonFormat} prints names: ASCII in practice; anything else is
     * encoded as UTF-8 once (see {@link #encodedName}).
     */
    void quotedName(final String text) {
        final byte[] key = encodedName(text);
        copy(key, 0, key.length - 1);
    }

    /**
     * A member's name, quoted and followed by the colon, in one copy, given as its UTF-8 {@code "name":} (a
     * {@link JsonName}'s, or {@link #encodedName}'s); unescaped, as {@code JsonFormat} prints names.
     */
    void key(final byte[] key) {
        copy(key, 0, key.length);
    }

    /**
     * {@code bytes[from, from + length)}, inside the array. A name of 4 to 16 bytes, as most member names and enum
     * values are, is moved in two overlapping loads and stores, not through {@code System.arraycopy}'s checks and
     * call.
     */
    private void copy(final byte[] bytes, final int from, final int length) {
        ensure(length);
        final byte[] o = out;
        final int p = pos;
        final long base = BufferUtil.ARRAY_BASE_OFFSET;
        if (length >= Long.BYTES && length <= 2 * Long.BYTES) {
            final long head = Memory.getLongLittleEndian(bytes, base, from);
            final long tail = Memory.getLongLittleEndian(bytes, base, from + length - Long.BYTES);
            Memory.putLongLittleEndian(o, base, p, head);
            Memory.putLongLittleEndian(o, base, p + length - Long.BYTES, tail);
        } else if (length >= Integer.BYTES && length < Long.BYTES) {
            final int head = Memory.getIntLittleEndian(bytes, base, from);
            final int tail = Memory.getIntLittleEndian(bytes, base, from + length - Integer.BYTES);
            Memory.putIntLittleEndian(o, base, p, head);
            Memory.putIntLittleEndian(o, base, p + length - Integer.BYTES, tail);
        } else {
            System.arraycopy(bytes, from, o, p, length);
        }
        pos = p + length;
    }

    /**
     * A field or enum value name as a member's name, {@code "name":} in UTF-8 (the other forms are parts of it):
     * encoded the first time the String is seen, then looked up by identity in an open-addressed table (names are the
     * constants of generated code and of schemas: a fixed set, so the table stops growing once every name has been
     * printed).
     */
    byte[] encodedName(final String text) {
        final String[] keys = nameKeys;
        final int mask = keys.length - 1;
        for (int i = text.hashCode() & mask; ; i = (i + 1) & mask) {
            final String key = keys[i];
            if (key == text) {
                return nameBytes[i];
            }
            if (key == null) {
                return addName(text, i);
            }
        }
    }

    private byte[] addName(final String text, final int slot) {
        final byte[] utf8 = JsonName.key(text);
        nameKeys[slot] = text;
        nameBytes[slot] = utf8;
        if (++names > nameKeys.length / 2) {
            final String[] keys = nameKeys;
            final byte[][] values = nameBytes;
            nameKeys = new String[2 * keys.length];
            nameBytes = new byte[2 * keys.length][];
            final int mask = nameKeys.length - 1;
            for (int i = 0; i < keys.length; i++) {
                if (keys[i] != null) {
                    int at = keys[i].hashCode() & mask;
                    while (nameKeys[at] != null) {
                        at = (at + 1) & mask;
                    }
                    nameKeys[at] = keys[i];
                    nameBytes[at] = values[i];
                }
            }
        }
        return utf8;
    }

    /** {@code value} in decimal. */
    void decimal(final long value) {
        ensure(20);
        signed(value);
    }

    /** {@code value} in decimal, quoted: a 64-bit integer as ProtoJSON prints it. */
    void quotedDecimal(final long value) {
        ensure(22);
        out[pos++] = '"';
        signed(value);
        out[pos++] = '"';
    }

    /** {@code value}'s bits as an unsigned decimal. */
    void unsignedDecimal(final long value) {
        ensure(20);
        unsigned(value);
    }

    /** {@code value}'s bits as an unsigned decimal, quoted. */
    void quotedUnsignedDecimal(final long value) {
        ensure(22);
        out[pos++] = '"';
        unsigned(value);
        out[pos++] = '"';
    }

    /** {@code value}'s bits as an unsigned decimal, room ensured. */
    private void unsigned(final long value) {
        if (value >= 0) {
            signed(value);
        } else {
            final long quotient = (value >>> 1) / 5;
            signed(quotient);
            out[pos++] = (byte) ('0' + (value - quotient * 10));
        }
    }

    /** {@code value} in decimal, room ensured. */
    private void signed(final long value) {
        if (value == Long.MIN_VALUE) {
            System.arraycopy(LONG_MIN, 0, out, pos, LONG_MIN.length);
            pos += LONG_MIN.length;
            return;
        }
        long v = value;
        if (v < 0) {
            out[pos++] = '-';
            v = -v;
        }
        if (v <= Integer.MAX_VALUE) {
            digits((int) v);
            return;
        }
        // Eight digits at a time from one long division each, the chunks in int arithmetic: a 19-digit value takes
        // two long divisions, not nine in a chain.
        final long high = v / EIGHT_DIGITS;
        final int low = (int) (v - high * EIGHT_DIGITS);
        if (high <= Integer.MAX_VALUE) {
            digits((int) high);
        } else {
            final long top = high / EIGHT_DIGITS;
            digits((int) top);
            eightDigits((int) (high - top * EIGHT_DIGITS));
        }
        eightDigits(low);
    }

    /** {@code v} (not negative) in decimal, room ensured. */
    private void digits(final int v) {
        final byte[] o = out;
        int p = pos + digitCount(v);
        pos = p;
        int i = v;
        while (i >= 100) {
            final int q = i / 100;
            final int pair = 2 * (i - 100 * q);
            o[--p] = DIGIT_PAIRS[pair + 1];
            o[--p] = DIGIT_PAIRS[pair];
            i = q;
        }
        if (i >= 10) {
            o[--p] = DIGIT_PAIRS[2 * i + 1];
            o[--p] = DIGIT_PAIRS[2 * i];
        } else {
            o[--p] = (byte) ('0' + i);
        }
    }

    /** {@code v} in {@code [0, 10^8)} as exactly eight digits, leading zeros included, room ensured. */
    private void eightDigits(final int v) {
        Digits.put(out, pos, Digits.values(v) + Digits.ZEROS);
        pos += 8;
    }

    /** The number of decimal digits of {@code v} (not negative): log10 from the bit length, then one compare. */
    private static int digitCount(final long v) {
        if (v == 0) {
            return 1;
        }
        final int log = ((64 - Long.numberOfLeadingZeros(v)) * 1233) >>> 12;
        return log + (v >= POWERS_OF_TEN[log] ? 1 : 0);
    }

    /**
     * As {@code Float.toString}, by {@link ShortestDecimal} wherever that matches the running JDK; NaN and the
     * infinities as quoted strings.
     */
    void float32(final float value) {
        if (nonFinite(value)) {
            return;
        }
        if (ShortestDecimal.matchesJdk(value)) {
            ensure(ShortestDecimal.ROOM);
            pos = ShortestDecimal.write(value, out, pos);
            return;
        }
        final int exponent = Math.getExponent(value);
        decimal.setLength(0);
        if (exponent >= FLOAT_DIRECT_MIN_EXPONENT && exponent <= DIRECT_MAX_EXPONENT || value == 0) {
            decimal.append(value);
        } else {
            decimals().appendFloat(value, decimal);
        }
        ascii(decimal);
    }

    /**
     * As {@code Double.toString}, by {@link ShortestDecimal} wherever that matches the running JDK; NaN and the
     * infinities as quoted strings.
     */
    void float64(final double value) {
        if (nonFinite(value)) {
            return;
        }
        if (ShortestDecimal.matchesJdk(value)) {
            ensure(ShortestDecimal.ROOM);
            pos = ShortestDecimal.write(value, out, pos);
            return;
        }
        final int exponent = Math.getExponent(value);
        decimal.setLength(0);
        if (exponent >= DOUBLE_DIRECT_MIN_EXPONENT && exponent <= DIRECT_MAX_EXPONENT || value == 0) {
            decimal.append(value);
        } else {
            decimals().appendDouble(value, decimal);
        }
        ascii(decimal);
    }

    private boolean nonFinite(final double value) {
        if (Double.isNaN(value)) {
            bytes(QUOTED_NAN);
        } else if (value == Double.POSITIVE_INFINITY) {
            bytes(QUOTED_INFINITY);
        } else if (value == Double.NEGATIVE_INFINITY) {
            bytes(QUOTED_MINUS_INFINITY);
        } else {
            return false;
        }
        return true;
    }

    private DecimalCache decimals() {
        if (decimals == null) {
            decimals = new DecimalCache();
        }
        return decimals;
    }

    /**
     * A string, quoted and escaped, its UTF-8 checked as it is escaped; bytes that are not valid UTF-8 as
     * protobuf-java's String of them, with replacement characters (through a temporary String), unless the view
     * {@link Utf8View#mustBeValid() must be valid}.
     *
     * @throws ProtoDecodeException if the bytes are not valid UTF-8 and the view must be valid, at the first invalid
     *     sequence, as the view's decoder would have thrown had it checked them
     */
    void string(final Utf8View value) {
        final int length = value.byteLength();
        final DirectBuffer buffer = value.buffer();
        final boolean inArray = inArray(buffer);
        final byte[] bytes = inArray ? buffer.byteArray() : copyRaw(buffer, value.offset(), length);
        final int from = inArray ? arrayIndex(buffer, value.offset()) : 0;
        final int start = pos;
        put('"');
        if (!escaped(bytes, from, from + length)) {
            pos = start;
            requireValid(value);
            final byte[] replaced =
                    Utf8.toString(buffer, value.offset(), length).getBytes(StandardCharsets.UTF_8);
            put('"');
            escaped(replaced, 0, replaced.length);
        }
        put('"');
    }

    /**
     * @throws ProtoDecodeException if {@code value} {@link Utf8View#mustBeValid() must be valid} and is not, at its
     *     first invalid sequence.
     */
    static void requireValid(final Utf8View value) {
        if (value.mustBeValid()) {
            final int bad = Utf8.invalidIndex(value.buffer(), value.offset(), value.byteLength());
            if (bad >= 0) {
                throw new ProtoDecodeException("invalid UTF-8", bad);
            }
        }
    }

    /**
     * Bytes in standard base64 with padding, quoted: six bytes at a time read as one word and written as eight digits
     * in one store, each twelve bits' two digits from one load of {@link #BASE64_PAIRS}; read in place from an array
     * (one of Agrona's buffers over one), else from a copy.
     */
    void base64(final BytesView value) {
        final int length = value.length();
        final DirectBuffer buffer = value.buffer();
        final boolean inArray = inArray(buffer);
        final byte[] bytes = inArray ? buffer.byteArray() : copyRaw(buffer, value.offset(), length);
        final int from = inArray ? arrayIndex(buffer, value.offset()) : 0;
        ensure(2 + (length + 2) / 3 * 4);
        final byte[] o = out;
        final char[] pairs = BASE64_PAIRS;
        int p = pos;
        o[p++] = '"';
        int i = 0;
        // Eight bytes read for six used: the word's last two must lie inside the value too.
        for (; length - i >= 8; i += 6) {
            final long bits =
                    Long.reverseBytes(Memory.getLongLittleEndian(bytes, BufferUtil.ARRAY_BASE_OFFSET, from + i)) >>> 16;
            Digits.put(
                    o,
                    p,
                    pairs[(int) (bits >>> 36)]
                            | (long) pairs[(int) (bits >>> 24) & 0xFFF] << 16
                            | (long) pairs[(int) (bits >>> 12) & 0xFFF] << 32
                            | (long) pairs[(int) bits & 0xFFF] << 48);
            p += 8;
        }
        for (final int whole = length - length % 3; i < whole; i += 3) {
            final int bits =
                    (bytes[from + i] & 0xFF) << 16 | (bytes[from + i + 1] & 0xFF) << 8 | bytes[from + i + 2] & 0xFF;
            o[p++] = BASE64[bits >>> 18];
            o[p++] = BASE64[(bits >>> 12) & 0x3F];
            o[p++] = BASE64[(bits >>> 6) & 0x3F];
            o[p++] = BASE64[bits & 0x3F];
        }
        if (length - i == 1) {
            final int bits = (bytes[from + i] & 0xFF) << 16;
            o[p++] = BASE64[bits >>> 18];
            o[p++] = BASE64[(bits >>> 12) & 0x3F];
            o[p++] = '=';
            o[p++] = '=';
        } else if (length - i == 2) {
            final int bits = (bytes[from + i] & 0xFF) << 16 | (bytes[from + i + 1] & 0xFF) << 8;
            o[p++] = BASE64[bits >>> 18];
            o[p++] = BASE64[(bits >>> 12) & 0x3F];
            o[p++] = BASE64[(bits >>> 6) & 0x3F];
            o[p++] = '=';
        }
        o[p++] = '"';
        pos = p;
    }

    /** A timestamp in range, quoted: see {@link JsonTime#timestamp}. */
    void timestamp(final long seconds, final int nanos) {
        ensure(32);
        pos = JsonTime.timestamp(out, pos, seconds, nanos);
    }

    /** A duration in range, quoted: see {@link JsonTime#duration}. */
    void duration(final long seconds, final int nanos) {
        ensure(32);
        pos = JsonTime.duration(out, pos, seconds, nanos);
    }

    /**
     * Checks that a FieldMask path survives the round trip through lowerCamel (see
     * {@link JsonWellKnownWriter#fieldMaskPath}): {@code [a-z0-9._]}, each {@code '_'} followed by a lowercase letter, not empty.
     *
     * @throws JsonPrintException if it does not.
     */
    static void checkRoundTrip(final Utf8View path) {
        final DirectBuffer b = path.buffer();
        final int end = path.offset() + path.byteLength();
        boolean ok = path.byteLength() > 0;
        for (int i = path.offset(); ok && i < end; i++) {
            final int c = b.getByte(i);
            if (c == '_') {
                final int next = i + 1 < end ? b.getByte(i + 1) : -1;
                ok = next >= 'a' && next <= 'z';
            } else {
                ok = c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '.';
            }
        }
        if (!ok) {
            throw new JsonPrintException("FieldMask path \"" + Utf8.toString(b, path.offset(), path.byteLength())
                    + "\" does not survive the round trip through lowerCamel: a path is [a-z0-9._], each '_'"
                    + " followed by a lowercase letter");
        }
    }

    /**
     * A field mask path in lowerCamel, escaped (without quotes), as {@code FieldMaskUtil.toJsonString} converts it:
     * each underscore dropped and the char after it upper-cased, every other char lower-cased
     * ({@code Character.toUpperCase/toLowerCase} of each UTF-16 char).
     */
    void fieldMaskPath(final Utf8View path) {
        final int length = path.byteLength();
        byte[] bytes = copyRaw(path.buffer(), path.offset(), length);
        int end = length;
        if (!Utf8Arrays.isValid(bytes, 0, length)) {
            bytes = Utf8.toString(path.buffer(), path.offset(), length).getBytes(StandardCharsets.UTF_8);
            end = bytes.length;
        }
        // A char's case mapping may take one more byte (U+023A to U+2C65): at most 3 bytes per 2.
        if (camel.length < 2 * end) {
            camel = new byte[2 * end];
        }
        final byte[] c = camel;
        int kept = 0;
        boolean upper = false;
        for (int i = 0; i < end; ) {
            final int b = bytes[i];
            if (b == '_') {
                upper = true;
                i++;
                continue;
            }
            if (b >= 0) {
                c[kept++] = (byte) (upper ? Character.toUpperCase(b) : Character.toLowerCase(b));
                i++;
            } else if ((b & 0xF8) == 0xF0) {
                // A supplementary character: two surrogates, which have no case.
                System.arraycopy(bytes, i, c, kept, 4);
                kept += 4;
                i += 4;
            } else {
                final int width = (b & 0xE0) == 0xC0 ? 2 : 3;
                final char decoded = width == 2
                        ? (char) ((b & 0x1F) << 6 | bytes[i + 1] & 0x3F)
                        : (char) ((b & 0x0F) << 12 | (bytes[i + 1] & 0x3F) << 6 | bytes[i + 2] & 0x3F);
                kept = utf8(upper ? Character.toUpperCase(decoded) : Character.toLowerCase(decoded), c, kept);
                i += width;
            }
            upper = false;
        }
        // Valid: the lowerCamel of valid UTF-8.
        escaped(c, 0, kept);
    }

    /** Writes {@code ch} (not a surrogate) as UTF-8 at {@code index}. */
    private static int utf8(final char ch, final byte[] bytes, final int index) {
        if (ch < 0x80) {
            bytes[index] = (byte) ch;
            return index + 1;
        }
        if (ch < 0x800) {
            bytes[index] = (byte) (0xC0 | ch >>> 6);
            bytes[index + 1] = (byte) (0x80 | ch & 0x3F);
            return index + 2;
        }
        bytes[index] = (byte) (0xE0 | ch >>> 12);
        bytes[index + 1] = (byte) (0x80 | (ch >>> 6) & 0x3F);
        bytes[index + 2] = (byte) (0x80 | ch & 0x3F);
        return index + 3;
    }

    /** Whether {@code buffer} is one of Agrona's over an array: its bytes are read in place, not copied. */
    private static boolean inArray(final DirectBuffer buffer) {
        return buffer.byteArray() != null && Memory.isRaw(buffer);
    }

    /** The index in {@code buffer.byteArray()} of {@code index} in {@code buffer}, one {@link #inArray}. */
    private static int arrayIndex(final DirectBuffer buffer, final int index) {
        return (int) (buffer.addressOffset() - BufferUtil.ARRAY_BASE_OFFSET) + index;
    }

    /** Copies {@code [offset, offset + length)} of {@code buffer} into the scratch array, in one call. */
    byte[] copyRaw(final DirectBuffer buffer, final int offset, final int length) {
        if (raw.length < length) {
            raw = new byte[Math.max(length, 2 * raw.length)];
        }
        buffer.getBytes(offset, raw, 0, length);
        return raw;
    }

    private void ensure(final int more) {
        if (pos + more > out.length) {
            out = Arrays.copyOf(out, Math.max(pos + more, 2 * out.length));
        }
    }

    private void bytes(final byte[] text) {
        copy(text, 0, text.length);
    }

    private void ascii(final StringBuilder text) {
        final int length = text.length();
        ensure(length);
        for (int i = 0; i < length; i++) {
            out[pos++] = (byte) text.charAt(i);
        }
    }

    /**
     * {@code text[from, to)} escaped as {@code JsonFormat} escapes it: {@code \"}, {@code \\},
     * {@code \t \b \n \r \f}, other control characters and {@code < > & = '} as {@code \\u00xx}, U+2028 and
     * U+2029 as {@code \\u2028} and {@code \\u2029}, everything else as it is; runs that need no escape are copied
     * whole. Checked as UTF-8 in the same pass, by the automaton whose rows {@link #CHECKED_ESCAPES} holds: one load
     * per byte for both; a word of eight bytes of which none needs a look is passed over with one branch (strings of
     * {@link #WORDS_FROM} bytes or more), an ASCII word in one step of the automaton.
     *
     * @return whether the bytes are valid UTF-8; if not, what was written is to be dropped.
     */
    private boolean escaped(final byte[] text, final int from, final int to) {
        ensure(6 * (to - from));
        final long[] rows = CHECKED_ESCAPES;
        final byte[] o = out;
        final int wordsEnd = to - from >= WORDS_FROM ? to - 7 : from;
        int p = pos;
        int run = from;
        long state = Utf8Dfa.ACCEPT;
        int i = from;
        while (i < to) {
            if (i < wordsEnd) {
                final long r0 = rows[text[i] & 0xFF];
                final long r1 = rows[text[i + 1] & 0xFF];
                final long r2 = rows[text[i + 2] & 0xFF];
                final long r3 = rows[text[i + 3] & 0xFF];
                final long r4 = rows[text[i + 4] & 0xFF];
                final long r5 = rows[text[i + 5] & 0xFF];
                final long r6 = rows[text[i + 6] & 0xFF];
                final long r7 = rows[text[i + 7] & 0xFF];
                final long flags = r0 | r1 | r2 | r3 | r4 | r5 | r6 | r7;
                if (flags >= 0) {
                    // Nothing to escape. ASCII takes the automaton from a boundary to a boundary, from inside a
                    // sequence to the error state, at its first byte.
                    state = (flags & NOT_ASCII) == 0
                            ? r0 >>> state
                            : r7 >>> (r6 >>> (r5 >>> (r4 >>> (r3 >>> (r2 >>> (r1 >>> (r0 >>> state)))))));
                    i += 8;
                    continue;
                }
            }
            for (final int end = Math.min(i + 8, to); i < end; i++) {
                final long row = rows[text[i] & 0xFF];
                state = row >>> state;
                if (row >= 0) {
                    continue;
                }
                final int escape = ESCAPES[text[i] & 0xFF];
                if (escape == LINE_OR_PARAGRAPH_SEPARATOR_LEAD) {
                    if (to - i < 3 || !separator(text, i)) {
                        continue;
                    }
                    state = rows[text[i + 2] & 0xFF] >>> (rows[text[i + 1] & 0xFF] >>> state);
                }
                System.arraycopy(text, run, o, p, i - run);
                p = escape(text, i, escape, o, p + i - run);
                i += escape == LINE_OR_PARAGRAPH_SEPARATOR_LEAD ? 2 : 0;
                run = i + 1;
            }
        }
        System.arraycopy(text, run, o, p, to - run);
        pos = p + to - run;
        return Utf8Dfa.accepts(state);
    }

    /** Whether the E2 at {@code text[i]} leads U+2028 or U+2029 (its two continuation bytes are there). */
    private static boolean separator(final byte[] text, final int i) {
        return text[i + 1] == (byte) 0x80 && (text[i + 2] & 0xFE) == 0xA8;
    }

    /** Writes the escape of {@code text[i]} (of the separator it leads, for E2) at {@code o[p]}; returns the end. */
    private static int escape(final byte[] text, final int i, final int escape, final byte[] o, final int p) {
        int q = p;
        o[q++] = '\\';
        if (escape == LINE_OR_PARAGRAPH_SEPARATOR_LEAD) {
            o[q++] = 'u';
            o[q++] = '2';
            o[q++] = '0';
            o[q++] = '2';
            o[q++] = text[i + 2] == (byte) 0xA8 ? (byte) '8' : (byte) '9';
        } else if (escape == 'u') {
            final int b = text[i] & 0xFF;
            o[q++] = 'u';
            o[q++] = '0';
            o[q++] = '0';
            o[q++] = HEX[b >>> 4];
            o[q++] = HEX[b & 0xF];
        } else {
            o[q++] = (byte) escape;
        }
        return q;
    }

    private static char[] base64Pairs() {
        final char[] pairs = new char[1 << 12];
        for (int i = 0; i < pairs.length; i++) {
            pairs[i] = (char) (BASE64[i >>> 6] | BASE64[i & 0x3F] << 8);
        }
        return pairs;
    }

    private static byte[] digitPairs() {
        final byte[] pairs = new byte[200];
        for (int i = 0; i < 100; i++) {
            pairs[2 * i] = (byte) ('0' + i / 10);
            pairs[2 * i + 1] = (byte) ('0' + i % 10);
        }
        return pairs;
    }

    private static long[] powersOfTen() {
        final long[] powers = new long[19];
        long power = 1;
        for (int i = 0; i < powers.length; i++) {
            powers[i] = power;
            power *= 10;
        }
        return powers;
    }
}
