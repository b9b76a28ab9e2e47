package org.flyproto.codec;

import java.nio.charset.StandardCharsets;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.buffers.Utf8;

/**
 * The tokens of protobuf's text format over UTF-8 bytes in a buffer, split exactly where protobuf-java's
 * {@code TextFormat.Tokenizer} (protobuf-java 4.x) splits them: an identifier
 * {@code [a-zA-Z_][0-9a-zA-Z_+-]*}, a number {@code [.]?[0-9+-][0-9a-zA-Z_.+-]*}, a string in {@code "} or {@code '}
 * ending at its quote or at the end of the line, or else one char; whitespace ({@code [ \t\n\f\r]}) and
 * {@code #} comments to the end of the line between tokens. The token's value is read as protobuf-java reads it —
 * integers with its range rules, floats with {@code Float.parseFloat}'s and {@code Double.parseDouble}'s, strings
 * with its escapes — without allocating, except for the floating-point literals {@link #floatValue} and
 * {@link #doubleValue} hand to the JDK.
 *
 * <p>Nothing tracks lines: a position is the offset of a token, turned into line and column only for an error.
 * Never reads outside {@code [start, end)}.
 */
final class TextTokenizer {
    static final int EOF = 0;
    static final int IDENT = 1;
    static final int NUMBER = 2;
    static final int STRING = 3;
    static final int CHAR = 4;

    /** {@link #parseInteger} kinds. */
    static final int INT32 = 0;

    static final int UINT32 = 1;
    static final int INT64 = 2;
    static final int UINT64 = 3;

    /** Powers of ten a double holds exactly. */
    private static final double[] POWERS_OF_TEN = {
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
        1e20, 1e21, 1e22
    };

    /** The largest magnitude that can take another decimal digit without passing 2^64 - 1 first. */
    private static final long UNSIGNED_MAX_OVER_10 = Long.divideUnsigned(-1L, 10);

    private static final long EXACT_DOUBLE_MANTISSA = 1L << 53;
    private static final int DOUBLE_SIGNIFICAND_BITS = 53;
    private static final int FLOAT_ROUNDING_BITS = 29;

    /** The input's bytes: the caller's own array, or a copy; indexes are into it. */
    byte[] bytes;

    /** A view of {@link #bytes}, for lookups in schemas. */
    final UnsafeBuffer view = new UnsafeBuffer(new byte[0]);

    int start;
    int end;
    /** What an error reports as the offset of {@link #start}, for input in a buffer. */
    private int reportedStart;

    /** The current token: kind, first byte, index after its last byte. */
    int kind;

    int tokenStart;
    int tokenEnd;
    /** For a {@link #STRING}: whether it ends with its opening quote. */
    boolean closed;
    /** Start of the token before the current one: protobuf-java reports some errors there. */
    int previousStart;

    /** -1 for input in a buffer (errors report buffer indexes), 0 for chars (errors report char indexes). */
    int charBase = -1;

    /** Value of the last integer {@link #parseInteger} accepted. */
    long integer;

    /** Set by {@link #doubleValue} and {@link #floatValue}: the token is not such a number. */
    boolean numberFailed;

    /** Set by {@link #fastDecimal}: the literal needs the JDK's parser. */
    private boolean fastFailed;

    /**
     * Starts at the first token of {@code [offset, offset + length)}.
     *
     * @param bytes    the input, UTF-8.
     * @param offset   index of its first byte.
     * @param length   its length.
     * @param reported what errors report as the offset of the first byte, for input in a buffer.
     */
    void reset(final byte[] bytes, final int offset, final int length, final int reported) {
        this.bytes = bytes;
        if (view.byteArray() != bytes) {
            view.wrap(bytes);
        }
        this.reportedStart = reported;
        this.start = offset;
        this.end = offset + length;
        this.tokenStart = offset;
        this.tokenEnd = offset;
        this.previousStart = offset;
        next();
    }

    private int byteAt(final int index) {
        return bytes[index] & 0xFF;
    }

    /** Advances to the next token. */
    void next() {
        previousStart = tokenStart;
        int i = skipWhitespace(tokenEnd);
        tokenStart = i;
        if (i == end) {
            kind = EOF;
            tokenEnd = i;
            return;
        }
        final int b = byteAt(i);
        if (isLetter(b) || b == '_') {
            kind = IDENT;
            i++;
            while (i < end && isIdentifierPart(byteAt(i))) {
                i++;
            }
        } else if (isNumberStart(b) || (b == '.' && i + 1 < end && isNumberStart(byteAt(i + 1)))) {
            kind = NUMBER;
            i += b == '.' ? 2 : 1;
            while (i < end && isNumberPart(byteAt(i))) {
                i++;
            }
        } else if (b == '"' || b == '\'') {
            kind = STRING;
            i = stringEnd(i, b);
        } else {
            kind = CHAR;
            i += b < 0x80 ? 1 : Math.min(sequenceLength(b), end - i);
        }
        tokenEnd = i;
    }

    /** Spaces, tabs, CR, LF, form feeds (not vertical tabs) and {@code #} comments up to a LF. */
    private int skipWhitespace(final int from) {
        int i = from;
        while (i < end) {
            final int b = byteAt(i);
            if (b == ' ' || b == '\n' || b == '\t' || b == '\r' || b == '\f') {
                i++;
            } else if (b == '#') {
                i++;
                while (i < end && byteAt(i) != '\n') {
                    i++;
                }
            } else {
                break;
            }
        }
        return i;
    }

    /**
     * A string token: to its closing quote, or to the end of the line or input; an escaped char (anything but a LF)
     * does not close it. It is {@link #closed} if it is two chars at least and ends with its quote, as protobuf-java
     * checks.
     */
    private int stringEnd(final int open, final int quote) {
        int i = open + 1;
        while (i < end) {
            final int b = byteAt(i);
            if (b == quote) {
                i++;
                break;
            }
            if (b == '\n') {
                break;
            }
            if (b == '\\') {
                i++;
                if (i == end || byteAt(i) == '\n') {
                    break;
                }
            }
            i++;
        }
        closed = i - open >= 2 && byteAt(i - 1) == quote;
        return i;
    }

    private static int sequenceLength(final int lead) {
        if (lead >= 0xF0) {
            return 4;
        }
        if (lead >= 0xE0) {
            return 3;
        }
        return lead >= 0xC0 ? 2 : 1;
    }

    private static boolean isLetter(final int b) {
        return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z');
    }

    private static boolean isDigit(final int b) {
        return b >= '0' && b <= '9';
    }

    private static boolean isIdentifierPart(final int b) {
        return isLetter(b) || isDigit(b) || b == '_' || b == '+' || b == '-';
    }

    private static boolean isNumberStart(final int b) {
        return isDigit(b) || b == '+' || b == '-';
    }

    private static boolean isNumberPart(final int b) {
        return isIdentifierPart(b) || b == '.';
    }

    // ---------------------------------------------------------------------------------------------------------------
    // The current token

    boolean atEnd() {
        return kind == EOF;
    }

    int length() {
        return tokenEnd - tokenStart;
    }

    /**
     * @param c an ASCII char.
     * @return true if the current token is exactly {@code c}.
     */
    boolean is(final char c) {
        return tokenEnd - tokenStart == 1 && byteAt(tokenStart) == c;
    }

    /** Consumes the current token if it is exactly {@code c}. */
    boolean tryConsume(final char c) {
        if (is(c)) {
            next();
            return true;
        }
        return false;
    }

    /** Consumes the current token, which must be exactly {@code c}. */
    void consume(final char c) {
        if (!tryConsume(c)) {
            throw error(tokenStart, "Expected \"" + c + "\".");
        }
    }

    /**
     * Whether the current token is an identifier as protobuf-java's {@code consumeIdentifier} takes one: only
     * {@code [a-zA-Z0-9_.]}, which includes plain numbers and the empty token at the end of the input.
     */
    boolean isIdentifier() {
        for (int i = tokenStart; i < tokenEnd; i++) {
            final int b = byteAt(i);
            if (!isLetter(b) && !isDigit(b) && b != '_' && b != '.') {
                return false;
            }
        }
        return true;
    }

    /** Checks that the current token is an {@link #isIdentifier() identifier}; the caller reads and consumes it. */
    void checkIdentifier() {
        if (!isIdentifier()) {
            throw error(tokenStart, "Expected identifier. Found '" + text(tokenStart, tokenEnd) + "'");
        }
    }

    /** Whether the current token starts as an integer does: a digit, {@code -} or {@code +}. */
    boolean lookingAtInteger() {
        if (tokenStart == tokenEnd) {
            return false;
        }
        final int b = byteAt(tokenStart);
        return isDigit(b) || b == '-' || b == '+';
    }

    /** Whether the current token is exactly the ASCII {@code word}. */
    boolean equals(final String word) {
        if (tokenEnd - tokenStart != word.length()) {
            return false;
        }
        for (int i = 0; i < word.length(); i++) {
            if (byteAt(tokenStart + i) != word.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private boolean isInfinity(final int from, final int to) {
        return equalsIgnoreCase(from, to, "inf") || equalsIgnoreCase(from, to, "infinity");
    }

    /** Whether the bytes {@code [from, to)} are the ASCII letters of {@code lower}, ignoring case. */
    private boolean equalsIgnoreCase(final int from, final int to, final String lower) {
        if (to - from != lower.length()) {
            return false;
        }
        for (int i = 0; i < lower.length(); i++) {
            final int b = byteAt(from + i);
            if ((b | 0x20) != lower.charAt(i) || !isLetter(b)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Reads the current token as protobuf-java's {@code parseInteger} does (without consuming it): an optional
     * {@code -} (signed kinds only), {@code 0x} for hex or a leading {@code 0} for octal, then what
     * {@code Long.parseLong} (or, from 16 chars, {@code BigInteger}) takes in that radix — itself with an optional
     * sign — and protobuf-java's range check of the kind.
     *
     * @param type {@link #INT32}, {@link #UINT32}, {@link #INT64} or {@link #UINT64}.
     * @return null if accepted ({@link #integer} holds the value, 32-bit kinds in the low 32 bits), else the reason.
     */
    String parseInteger(final int type) {
        final boolean signed = type == INT32 || type == INT64;
        int p = tokenStart;
        final int e = tokenEnd;
        if (kind == CHAR && e - p > 1) {
            return parseNonAsciiDigit();
        }
        boolean negative = false;
        if (p < e && byteAt(p) == '-') {
            if (!signed) {
                return "Number must be positive";
            }
            negative = true;
            p++;
        }
        int radix = 10;
        if (e - p >= 2 && byteAt(p) == '0' && byteAt(p + 1) == 'x') {
            p += 2;
            radix = 16;
        } else if (p < e && byteAt(p) == '0') {
            radix = 8;
        }
        final boolean big = e - p >= 16;
        if (p < e && (byteAt(p) == '+' || byteAt(p) == '-')) {
            negative ^= byteAt(p) == '-';
            p++;
        }
        if (p == e) {
            return "not a number";
        }
        long magnitude = 0;
        boolean overflow = false;
        final long limit = radix == 10 ? UNSIGNED_MAX_OVER_10 : -1L >>> (radix == 16 ? 4 : 3);
        for (; p < e; p++) {
            final int digit = Character.digit(byteAt(p), radix);
            if (digit < 0) {
                return "not a number";
            }
            if (Long.compareUnsigned(magnitude, limit) > 0) {
                overflow = true;
            }
            final long shifted = magnitude * radix;
            magnitude = shifted + digit;
            if (Long.compareUnsigned(magnitude, shifted) < 0) {
                overflow = true;
            }
        }
        final long value = negative ? -magnitude : magnitude;
        if (!big) {
            // Fewer than 16 digits: at most 60 bits, no overflow.
            if ((type == INT32 && (value > Integer.MAX_VALUE || value < Integer.MIN_VALUE))
                    || (type == UINT32 && (value >= (1L << 32) || value < 0))) {
                return outOfRange(type);
            }
        } else {
            // BigInteger's bitLength: of the value, or of its one's complement when negative. A magnitude of 2^64 or
            // more is out of every range (protobuf-java takes -2^64 itself for a uint64: too odd to copy).
            final long ones = negative && magnitude != 0 ? magnitude - 1 : magnitude;
            final int bits = 64 - Long.numberOfLeadingZeros(ones);
            final int allowed = switch (type) {
                case INT32 -> 31;
                case UINT32 -> 32;
                case INT64 -> 63;
                default -> 64;
            };
            if (overflow || bits > allowed) {
                return outOfRange(type);
            }
        }
        integer = value;
        return null;
    }

    private static String outOfRange(final int type) {
        return switch (type) {
            case INT32 -> "Number out of range for 32-bit signed integer";
            case UINT32 -> "Number out of range for 32-bit unsigned integer";
            case INT64 -> "Number out of range for 64-bit signed integer";
            default -> "Number out of range for 64-bit unsigned integer";
        };
    }

    /** One char that is not ASCII: {@code Long.parseLong} takes a Unicode decimal digit as its value. */
    private String parseNonAsciiDigit() {
        final int b0 = byteAt(tokenStart);
        final int codePoint;
        if (tokenEnd - tokenStart == 2 && b0 >= 0xC2) {
            codePoint = ((b0 & 0x1F) << 6) | (byteAt(tokenStart + 1) & 0x3F);
        } else if (tokenEnd - tokenStart == 3 && b0 >= 0xE0 && b0 < 0xF0) {
            codePoint = ((b0 & 0x0F) << 12) | ((byteAt(tokenStart + 1) & 0x3F) << 6) | (byteAt(tokenStart + 2) & 0x3F);
        } else {
            return "not a number";
        }
        final int digit = Character.digit(codePoint, 10);
        if (digit < 0) {
            return "not a number";
        }
        integer = digit;
        return null;
    }

    /** {@link #parseInteger}, consuming the token, or an error at it. */
    long consumeInteger(final int type) {
        final String failure = parseInteger(type);
        if (failure != null) {
            throw error(tokenStart, "Couldn't parse integer: " + failure + ": " + text(tokenStart, tokenEnd));
        }
        next();
        return integer;
    }

    /**
     * Reads the current token as protobuf-java's {@code consumeDouble}: {@code -?inf(inity)?} and {@code nan} in any
     * case, else {@code Double.parseDouble}. Decimal literals of at most 19 significant digits whose value is a normal
     * double are converted here, correctly rounded (Clinger's fast path, else {@link EiselLemire}); others
     * (longer, subnormal, out of range, hex) go to {@code Double.parseDouble} on a String (allocating).
     *
     * @return the value; NaN with {@link #numberFailed} set if not a double.
     */
    double doubleValue() {
        numberFailed = false;
        final int s = tokenStart;
        final int e = tokenEnd;
        final int unsigned = s < e && byteAt(s) == '-' ? s + 1 : s;
        if (isInfinity(unsigned, e)) {
            return unsigned > s ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        if (equalsIgnoreCase(s, e, "nan")) {
            return Double.NaN;
        }
        final double fast = fastDecimal(false);
        if (!fastFailed) {
            return fast;
        }
        if (kind == STRING || kind == CHAR || kind == EOF) {
            numberFailed = true;
            return Double.NaN;
        }
        try {
            return Double.parseDouble(text(s, e));
        } catch (final NumberFormatException ex) {
            numberFailed = true;
            return Double.NaN;
        }
    }

    /**
     * Reads the current token as protobuf-java's {@code consumeFloat}: {@code -?inf(inity)?f?} and {@code nanf?} in
     * any case, else {@code Float.parseFloat}. The exact path of {@link #doubleValue} serves floats too where the
     * double it computes is not halfway between two floats (then rounding it to float rounds the literal correctly),
     * for normal floats; others go to {@code Float.parseFloat} on a String (allocating).
     *
     * @return the value; NaN with {@link #numberFailed} set if not a float.
     */
    float floatValue() {
        numberFailed = false;
        final int s = tokenStart;
        final int e = tokenEnd;
        final int unsigned = s < e && byteAt(s) == '-' ? s + 1 : s;
        final boolean suffixed = e > unsigned && (byteAt(e - 1) | 0x20) == 'f';
        if (isInfinity(unsigned, e) || (suffixed && isInfinity(unsigned, e - 1))) {
            return unsigned > s ? Float.NEGATIVE_INFINITY : Float.POSITIVE_INFINITY;
        }
        if (equalsIgnoreCase(s, e, "nan") || (suffixed && equalsIgnoreCase(s, e - 1, "nan"))) {
            return Float.NaN;
        }
        final double fast = fastDecimal(true);
        if (!fastFailed) {
            return (float) fast;
        }
        if (kind == STRING || kind == CHAR || kind == EOF) {
            numberFailed = true;
            return Float.NaN;
        }
        try {
            return Float.parseFloat(text(s, e));
        } catch (final NumberFormatException ex) {
            numberFailed = true;
            return Float.NaN;
        }
    }

    /**
     * The decimal literal {@code [+-]?digits[.digits][(e|E)[+-]?digits][fFdD]} (a digit at least, 19 significant
     * ones at most) as the nearest double, if normal; {@link #fastFailed} otherwise. For a float, also fails where
     * rounding the double to float could differ from rounding the literal: a double halfway between two floats, or
     * outside the normal float range.
     */
    private double fastDecimal(final boolean forFloat) {
        fastFailed = true;
        int p = tokenStart;
        final int e = kind == NUMBER || kind == IDENT ? tokenEnd : p;
        boolean negative = false;
        if (p < e && (byteAt(p) == '+' || byteAt(p) == '-')) {
            negative = byteAt(p) == '-';
            p++;
        }
        long mantissa = 0;
        int significant = 0;
        int exponent = 0;
        int digits = 0;
        boolean point = false;
        for (; p < e; p++) {
            final int b = byteAt(p);
            if (isDigit(b)) {
                digits++;
                if (significant > 0 || b != '0') {
                    if (++significant > 19) {
                        return 0;
                    }
                    mantissa = mantissa * 10 + (b - '0');
                }
                if (point) {
                    exponent--;
                }
            } else if (b == '.' && !point) {
                point = true;
            } else {
                break;
            }
        }
        if (digits == 0) {
            return 0;
        }
        if (p < e && (byteAt(p) | 0x20) == 'e') {
            p++;
            boolean negativeExponent = false;
            if (p < e && (byteAt(p) == '+' || byteAt(p) == '-')) {
                negativeExponent = byteAt(p) == '-';
                p++;
            }
            int value = 0;
            int count = 0;
            for (; p < e && isDigit(byteAt(p)); p++) {
                if (++count > 4) {
                    return 0;
                }
                value = value * 10 + (byteAt(p) - '0');
            }
            if (count == 0) {
                return 0;
            }
            exponent += negativeExponent ? -value : value;
        }
        if (p < e) {
            final int suffix = byteAt(p) | 0x20;
            if ((suffix != 'f' && suffix != 'd') || p + 1 != e) {
                return 0;
            }
        }
        final double value;
        if (mantissa == 0) {
            value = 0.0;
        } else if (mantissa >= 0 && mantissa < EXACT_DOUBLE_MANTISSA && exponent >= -22 && exponent <= 22) {
            // Clinger's fast path: both operands exact, one correctly rounded operation (19 digits may pass 2^63).
            value = exponent >= 0 ? mantissa * POWERS_OF_TEN[exponent] : mantissa / POWERS_OF_TEN[-exponent];
        } else {
            final long bits = EiselLemire.doubleBits(mantissa, exponent);
            if (bits == EiselLemire.NOT_NORMAL) {
                return 0;
            }
            value = Double.longBitsToDouble(bits);
        }
        if (forFloat && value != 0.0 && isFloatMidpoint(value)) {
            return 0;
        }
        fastFailed = false;
        return negative ? -value : value;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Strings

    /**
     * Unescapes the current token, a string, as protobuf-java's {@code unescapeBytes} does, appending the bytes to
     * {@code out}; does not consume it.
     *
     * @return null if the token is a closed string with valid escapes (and valid UTF-8 where it is not escaped), else
     *     the reason.
     */
    String unescape(final Bytes out) {
        if (kind != STRING) {
            return "Expected string.";
        }
        if (!closed || tokenEnd - tokenStart < 2) {
            return "String missing ending quote.";
        }
        final int from = tokenStart + 1;
        final int to = tokenEnd - 1;
        boolean rawNonAscii = false;
        int i = from;
        while (i < to) {
            final int b = byteAt(i);
            if (b != '\\') {
                rawNonAscii |= b >= 0x80;
                out.append(b);
                i++;
                continue;
            }
            if (i + 1 == to) {
                return "Invalid escape sequence: '\\' at end of string.";
            }
            final int c = byteAt(++i);
            i++;
            if (c >= '0' && c <= '7') {
                int code = c - '0';
                if (i < to && isOctal(byteAt(i))) {
                    code = code * 8 + byteAt(i++) - '0';
                    if (i < to && isOctal(byteAt(i))) {
                        code = code * 8 + byteAt(i++) - '0';
                    }
                }
                out.append(code & 0xFF);
                continue;
            }
            switch (c) {
                case 'a' -> out.append(0x07);
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case 'v' -> out.append(0x0B);
                case '\\', '\'', '"', '?' -> out.append(c);
                case 'x' -> {
                    int code = i < to ? Character.digit(byteAt(i), 16) : -1;
                    if (code < 0) {
                        return "Invalid escape sequence: '\\x' with no digits";
                    }
                    i++;
                    final int second = i < to ? Character.digit(byteAt(i), 16) : -1;
                    if (second >= 0) {
                        code = code * 16 + second;
                        i++;
                    }
                    out.append(code);
                }
                case 'u' -> {
                    final int code = hex(i, to, 4);
                    if (code < 0) {
                        return "Invalid escape sequence: '\\u' with too few hex chars";
                    }
                    if (code >= Character.MIN_SURROGATE && code <= Character.MAX_SURROGATE) {
                        return "Invalid escape sequence: '\\u' refers to a surrogate";
                    }
                    out.appendCodePoint(code);
                    i += 4;
                }
                case 'U' -> {
                    final long code = i + 8 <= to ? hexLong(i, i + 8) : -1;
                    if (code < 0) {
                        return "Invalid escape sequence: '\\U' with too few hex chars";
                    }
                    if (code > Character.MAX_CODE_POINT) {
                        return "Invalid escape sequence: '\\U" + text(i, i + 8) + "' is not a valid code point value";
                    }
                    if (code >= Character.MIN_SURROGATE && code <= Character.MAX_SURROGATE) {
                        return "Invalid escape sequence: '\\U" + text(i, i + 8) + "' refers to a surrogate code unit";
                    }
                    out.appendCodePoint((int) code);
                    i += 8;
                }
                default -> {
                    return "Invalid escape sequence: '\\" + (char) c + '\'';
                }
            }
        }
        if (rawNonAscii && !Utf8.isValid(view, from, to - from)) {
            return "invalid UTF-8 in the input";
        }
        return null;
    }

    private static boolean isOctal(final int b) {
        return b >= '0' && b <= '7';
    }

    /** The value of {@code count} hex digits at {@code i}, or -1 if there are fewer before {@code to}. */
    private int hex(final int i, final int to, final int count) {
        if (i + count > to) {
            return -1;
        }
        int value = 0;
        for (int k = i; k < i + count; k++) {
            final int digit = Character.digit(byteAt(k), 16);
            if (digit < 0) {
                return -1;
            }
            value = value << 4 | digit;
        }
        return value;
    }

    private long hexLong(final int from, final int to) {
        long value = 0;
        for (int k = from; k < to; k++) {
            final int digit = Character.digit(byteAt(k), 16);
            if (digit < 0) {
                return -1;
            }
            value = value << 4 | digit;
        }
        return value;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Positions (slow paths)

    /** The bytes {@code [from, to)} decoded (allocates: messages and the JDK's float parsing only). */
    String text(final int from, final int to) {
        return new String(bytes, from, to - from, StandardCharsets.UTF_8);
    }

    /**
     * An error at {@code offset}, with protobuf-java's line and column: lines counted by LF, columns by UTF-16 chars
     * since the last LF, both from 1.
     */
    TextParseException error(final int offset, final String reason) {
        int line = 1;
        int column = 1;
        int chars = 0;
        for (int i = start; i < offset; i++) {
            final int b = byteAt(i);
            final int units = (b & 0xC0) == 0x80 ? 0 : b >= 0xF0 ? 2 : 1;
            chars += units;
            if (b == '\n') {
                line++;
                column = 1;
            } else {
                column += units;
            }
        }
        return new TextParseException(
                line, column, charBase < 0 ? reportedStart + offset - start : charBase + chars, reason);
    }

    /** A growable run of bytes: unescaped strings, names put together from tokens. Reused; grows, never shrinks. */
    static final class Bytes {
        byte[] array = new byte[64];
        final UnsafeBuffer view = new UnsafeBuffer(array);
        int length;

        void clear() {
            length = 0;
        }

        /** Makes room for {@code more} bytes after the current ones. */
        void ensure(final int more) {
            if (length + more > array.length) {
                grow(more);
            }
        }

        void append(final int b) {
            if (length == array.length) {
                grow(1);
            }
            array[length++] = (byte) b;
        }

        /** Appends a code point (not a surrogate) as UTF-8. */
        void appendCodePoint(final int codePoint) {
            if (codePoint < 0x80) {
                append(codePoint);
            } else if (codePoint < 0x800) {
                append(0xC0 | codePoint >>> 6);
                append(0x80 | codePoint & 0x3F);
            } else if (codePoint < 0x10000) {
                append(0xE0 | codePoint >>> 12);
                append(0x80 | (codePoint >>> 6) & 0x3F);
                append(0x80 | codePoint & 0x3F);
            } else {
                append(0xF0 | codePoint >>> 18);
                append(0x80 | (codePoint >>> 12) & 0x3F);
                append(0x80 | (codePoint >>> 6) & 0x3F);
                append(0x80 | codePoint & 0x3F);
            }
        }

        /** Appends {@code [from, to)} of {@code bytes}. */
        void append(final byte[] bytes, final int from, final int to) {
            final int n = to - from;
            if (length + n > array.length) {
                grow(n);
            }
            System.arraycopy(bytes, from, array, length, n);
            length += n;
        }

        private void grow(final int more) {
            final long needed = (long) length + more;
            if (needed > Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("text value too large");
            }
            array = java.util.Arrays.copyOf(array, (int)
                    Math.max(needed, Math.min(2L * array.length, Integer.MAX_VALUE - 8)));
            view.wrap(array);
        }

        /** Whether the bytes are all ASCII. */
        boolean isAscii() {
            for (int i = 0; i < length; i++) {
                if (array[i] < 0) {
                    return false;
                }
            }
            return true;
        }
    }

    /**
     * True if the double {@code value} (positive, finite, not zero) lies exactly halfway between two floats, the one
     * case where rounding it to a float can differ from rounding the decimal it was read from: the bits a float drops
     * (29 of a normal float's double, more below {@code Float.MIN_NORMAL}) are {@code 100...0}. Every other double
     * rounds to the float nearest the decimal, also to a subnormal float, {@code Float.MAX_VALUE} or infinity.
     */
    static boolean isFloatMidpoint(final double value) {
        final int exponent = Math.getExponent(value);
        final int dropped = FLOAT_ROUNDING_BITS + Math.max(0, Float.MIN_EXPONENT - exponent);
        if (dropped > DOUBLE_SIGNIFICAND_BITS) {
            return false; // below half the smallest subnormal float: zero
        }
        final long significand = Double.doubleToRawLongBits(value) & ((1L << 52) - 1) | 1L << 52;
        return (significand & ((1L << dropped) - 1)) == 1L << (dropped - 1);
    }
}
