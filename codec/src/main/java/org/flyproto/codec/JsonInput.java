package org.flyproto.codec;

import java.nio.charset.StandardCharsets;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.buffers.Memory;
import org.flyproto.buffers.Utf8;
import org.flyproto.codec.schema.MessageSchema;

/**
 * The tokens of a JSON text in UTF-8, read in place from a {@link DirectBuffer} range. Strict (the default) reads RFC
 * 8259 JSON only: double-quoted strings and names, the JSON escapes, surrogate escapes in pairs, no control character
 * unescaped in a string, numbers of JSON's grammar, the lowercase keywords, {@code :} and {@code ,}, no comments.
 * Lenient reads the grammar protobuf-java's
 * {@code JsonFormat} parses (gson's {@code JsonReader} in lenient mode, which {@code JsonParser.parseReader} forces):
 * {@code //}, {@code #} and block comments, single-quoted strings, unquoted names and values, {@code =} or {@code =>}
 * after a name, {@code ;} between members and elements, an omitted array element read as {@code null}, the keywords
 * {@code true}, {@code false} and {@code null} in any case, a {@code )]}'} line before the document. Trailing commas in
 * objects, unknown escapes and unterminated strings are errors, as there.
 *
 * <p>A scalar's text is a view ({@link #text}, {@link #textOffset}, {@link #textLength}): into the input when the token
 * has no escape, else into a scratch buffer that the next string token overwrites. Nothing is allocated once the
 * scratch buffer has grown to the longest escaped string. Every read is checked against the range first: input that
 * ends anywhere raises {@link ProtoDecodeException}, never an {@link IndexOutOfBoundsException}.
 */
final class JsonInput {
    /** An object: its {@code '{'} was consumed; {@link #nextMember} reads its members. */
    static final int OBJECT = 1;
    /** An array: its {@code '['} was consumed; {@link #nextElement} reads its elements. */
    static final int ARRAY = 2;
    /** A quoted string; its decoded UTF-8 is the text. */
    static final int STRING = 3;
    /** An unquoted token with the grammar of a JSON number; the token is the text. */
    static final int NUMBER = 4;
    /** Any other unquoted token (lenient JSON reads it as a string); the token is the text. */
    static final int LITERAL = 5;
    /** {@code true} in any case; the text is {@code true}. */
    static final int TRUE = 6;
    /** {@code false} in any case; the text is {@code false}. */
    static final int FALSE = 7;
    /** {@code null} in any case, or an omitted array element. */
    static final int NULL = 8;

    /** {@link #nextElement}: the array ended. */
    static final int ELEMENT_END = 0;
    /** {@link #nextElement}: a value follows; read it with {@link #readValue()}. */
    static final int ELEMENT_VALUE = 1;
    /** {@link #nextElement}: an omitted element ({@code [1,,2]}, {@code [1,]}), a null. */
    static final int ELEMENT_NULL = 2;

    /** gson's default nesting limit of arrays and objects. */
    static final int NESTING_LIMIT = 255;

    private static final UnsafeBuffer TRUE_TEXT = ascii("true");
    private static final UnsafeBuffer FALSE_TEXT = ascii("false");

    private static final long ONES = 0x0101_0101_0101_0101L;
    private static final long HIGH_BITS = 0x8080_8080_8080_8080L;
    private static final long BACKSLASHES = '\\' * ONES;
    /** A byte below this (a control character) sets its high bit in {@code (w - SPACES) & ~w}. */
    private static final long SPACES = ' ' * ONES;

    private DirectBuffer buffer;
    private boolean raw;
    private byte[] array;
    private long address;
    private int start;
    private int end;
    /** The index of the next byte to read. */
    int pos;
    /** Open arrays and objects. */
    int depth;
    /** Where the last token read began, for error offsets. */
    int tokenStart;

    /** The text of the last scalar or name read. */
    DirectBuffer text;

    /** Whether {@link #nextMember(boolean, MessageSchema, int)} found the name it was told to expect. */
    boolean predictedName;

    int textOffset;
    int textLength;

    private final ExpandableArrayBuffer scratch = new ExpandableArrayBuffer(128);

    /** RFC 8259 only, else gson's lenient grammar. */
    private final boolean strict;

    JsonInput(final boolean strict) {
        this.strict = strict;
    }

    /** @return true if this input reads RFC 8259 JSON only. */
    boolean strict() {
        return strict;
    }

    private static UnsafeBuffer ascii(final String s) {
        return new UnsafeBuffer(s.getBytes(StandardCharsets.US_ASCII));
    }

    /**
     * Starts reading {@code [offset, offset + length)} of {@code buffer}; skips a {@code )]}'} line before the
     * document, as gson does.
     */
    void reset(final DirectBuffer buffer, final int offset, final int length) {
        this.buffer = buffer;
        // Agrona's buffers are read as plain memory: every read is inside the range, which the caller checked.
        raw = Memory.isRaw(buffer);
        array = buffer.byteArray();
        address = buffer.addressOffset();
        this.start = offset;
        this.end = offset + length;
        this.pos = offset;
        this.depth = 0;
        this.tokenStart = offset;
        if (!strict
                && peekNonWhitespace() == ')'
                && pos + 5 <= end
                && byteAt(pos + 1) == ']'
                && byteAt(pos + 2) == '}'
                && byteAt(pos + 3) == '\''
                && byteAt(pos + 4) == '\n') {
            pos += 5;
        }
    }

    /** @return true if only whitespace and comments are left: an empty document, which gson reads as null. */
    boolean atEnd() {
        return peekNonWhitespace() < 0;
    }

    /** @return where the input starts, for offsets relative to it. */
    int start() {
        return start;
    }

    private int byteAt(final int index) {
        return raw ? Memory.getByte(array, address, index) & 0xFF : buffer.getByte(index) & 0xFF;
    }

    /** Skips whitespace and comments; leaves {@link #pos} at the next byte and returns it, or -1 at the end. */
    int peekNonWhitespace() {
        int p = pos;
        final int e = end;
        while (p < e) {
            final int c = byteAt(p);
            if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
                p++;
            } else if (strict) {
                pos = p;
                if (c == '#' || c == '/' && p + 1 < e && (byteAt(p + 1) == '/' || byteAt(p + 1) == '*')) {
                    throw error("a comment is not JSON", p);
                }
                return c;
            } else if (c == '#') {
                p = endOfLine(p + 1);
            } else if (c == '/' && p + 1 < e && byteAt(p + 1) == '/') {
                p = endOfLine(p + 2);
            } else if (c == '/' && p + 1 < e && byteAt(p + 1) == '*') {
                p = endOfBlockComment(p);
            } else {
                pos = p;
                return c;
            }
        }
        pos = p;
        return -1;
    }

    private int endOfLine(final int from) {
        for (int p = from; p < end; p++) {
            final int c = byteAt(p);
            if (c == '\n' || c == '\r') {
                return p + 1;
            }
        }
        return end;
    }

    private int endOfBlockComment(final int at) {
        for (int p = at + 2; p + 1 < end; p++) {
            if (byteAt(p) == '*' && byteAt(p + 1) == '/') {
                return p + 2;
            }
        }
        throw error("unterminated comment", at);
    }

    /** The characters that end an unquoted token (gson's {@code isLiteral}, lenient). */
    private static boolean isLiteral(final int c) {
        switch (c) {
            case '/', '\\', ';', '#', '=', '{', '}', '[', ']', ':', ',', ' ', '\t', '\f', '\r', '\n', -1:
                return false;
            default:
                return true;
        }
    }

    /**
     * Reads the next value's first token: consumes an object's or array's opening bracket, or a whole scalar (its
     * text then set).
     *
     * @return the kind: {@link #OBJECT}, {@link #ARRAY}, {@link #STRING}, {@link #NUMBER}, {@link #LITERAL},
     *     {@link #TRUE}, {@link #FALSE} or {@link #NULL}.
     */
    int readValue() {
        final int c = peekNonWhitespace();
        tokenStart = pos;
        switch (c) {
            case -1:
                throw error("end of input where a value was expected", pos);
            case '{':
                open();
                return OBJECT;
            case '[':
                open();
                return ARRAY;
            case '"', '\'':
                readString(c);
                return STRING;
            case ']', ',', ';':
                throw error("unexpected '" + (char) c + "' where a value was expected", pos);
            default:
                return readUnquoted();
        }
    }

    private void open() {
        if (depth >= NESTING_LIMIT) {
            throw error("nesting limit of " + NESTING_LIMIT + " arrays and objects reached", pos);
        }
        depth++;
        pos++;
    }

    private int readUnquoted() {
        final int from = pos;
        // A number's digits, eight at a time: literal characters, all ASCII.
        int p = digitsEnd(from, end);
        boolean ascii = true;
        while (p < end) {
            final int c = byteAt(p);
            if (!isLiteral(c)) {
                break;
            }
            ascii &= c < 0x80;
            p++;
        }
        final int length = p - from;
        if (length == 0) {
            throw error("expected a value", from);
        }
        pos = p;
        if (strict) {
            return strictUnquoted(from, p);
        }
        if (length == 4 && keyword(from, "true")) {
            setText(TRUE_TEXT, 0, 4);
            return TRUE;
        }
        if (length == 5 && keyword(from, "false")) {
            setText(FALSE_TEXT, 0, 5);
            return FALSE;
        }
        if (length == 4 && keyword(from, "null")) {
            setText(buffer, from, 0);
            return NULL;
        }
        if (!ascii && !Utf8.isValid(buffer, from, length)) {
            throw error("invalid UTF-8", from);
        }
        setText(buffer, from, length);
        return isJsonNumber(from, p) ? NUMBER : LITERAL;
    }

    /** An unquoted token of strict JSON: a number or a lowercase keyword. */
    private int strictUnquoted(final int from, final int to) {
        final int length = to - from;
        if (length == 4 && exactly(from, "true")) {
            setText(TRUE_TEXT, 0, 4);
            return TRUE;
        }
        if (length == 5 && exactly(from, "false")) {
            setText(FALSE_TEXT, 0, 5);
            return FALSE;
        }
        if (length == 4 && exactly(from, "null")) {
            setText(buffer, from, 0);
            return NULL;
        }
        if (!isJsonNumber(from, to)) {
            throw error("not a JSON value (a number, true, false, null or a double-quoted string)", from);
        }
        setText(buffer, from, length);
        return NUMBER;
    }

    private boolean exactly(final int from, final String keyword) {
        for (int i = 0; i < keyword.length(); i++) {
            if (byteAt(from + i) != keyword.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private boolean keyword(final int from, final String keyword) {
        for (int i = 0; i < keyword.length(); i++) {
            final int c = byteAt(from + i);
            if (c != keyword.charAt(i) && c != keyword.charAt(i) - ('a' - 'A')) {
                return false;
            }
        }
        return true;
    }

    /** gson's {@code peekNumber}: {@code -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?}. */
    private boolean isJsonNumber(final int from, final int to) {
        int p = from;
        if (p < to && byteAt(p) == '-') {
            p++;
        }
        if (p >= to || !isDigit(byteAt(p))) {
            return false;
        }
        if (byteAt(p) == '0') {
            p++;
        } else {
            p = digitsEnd(p, to);
        }
        if (p < to && byteAt(p) == '.') {
            p++;
            if (p >= to || !isDigit(byteAt(p))) {
                return false;
            }
            p = digitsEnd(p, to);
        }
        if (p < to && (byteAt(p) == 'e' || byteAt(p) == 'E')) {
            p++;
            if (p < to && (byteAt(p) == '+' || byteAt(p) == '-')) {
                p++;
            }
            if (p >= to || !isDigit(byteAt(p))) {
                return false;
            }
            while (p < to && isDigit(byteAt(p))) {
                p++;
            }
        }
        return p == to;
    }

    /** The end of the run of ASCII digits at {@code p}, before {@code to}: whole words of eight first. */
    private int digitsEnd(final int from, final int to) {
        int p = from;
        if (raw) {
            while (to - p >= Long.BYTES && Digits.allDigits(Memory.getLongLittleEndian(array, address, p))) {
                p += Long.BYTES;
            }
        }
        while (p < to && isDigit(byteAt(p))) {
            p++;
        }
        return p;
    }

    private static boolean isDigit(final int c) {
        return c >= '0' && c <= '9';
    }

    private void setText(final DirectBuffer buffer, final int offset, final int length) {
        if (this.text != buffer) {
            // Not stored when unchanged (the input, text after text): a reference store pays the collector's write
            // barrier.
            this.text = buffer;
        }
        this.textOffset = offset;
        this.textLength = length;
    }

    /** Reads a string quoted by {@code quote} at {@link #pos}: in place if it has no escape. */
    private void readString(final int quote) {
        if (strict && quote != '"') {
            throw error("a single-quoted string is not JSON", pos);
        }
        final int from = pos + 1;
        boolean ascii = true;
        int p = from;
        if (raw) {
            // Eight bytes a step while none is the quote, a backslash or (strict) a control character.
            final long quotes = quote * ONES;
            while (end - p >= Long.BYTES) {
                final long w = Memory.getLongLittleEndian(array, address, p);
                final long q = w ^ quotes;
                final long b = w ^ BACKSLASHES;
                long stop = (q - ONES) & ~q | (b - ONES) & ~b;
                if (strict) {
                    stop |= (w - SPACES) & ~w;
                }
                if ((stop & HIGH_BITS) != 0) {
                    // A zero-byte test flags no byte below the first it is true for: the lowest flag is the first
                    // stop, the bytes before it plain. The loop below starts at it.
                    final int plain = Long.numberOfTrailingZeros(stop & HIGH_BITS) >>> 3;
                    ascii &= (w & HIGH_BITS & ((1L << (plain << 3)) - 1)) == 0;
                    p += plain;
                    break;
                }
                ascii &= (w & HIGH_BITS) == 0;
                p += Long.BYTES;
            }
        }
        for (; p < end; p++) {
            final int c = byteAt(p);
            if (c == quote) {
                if (!ascii && !Utf8.isValid(buffer, from, p - from)) {
                    throw error("invalid UTF-8 in a string", pos);
                }
                setText(buffer, from, p - from);
                pos = p + 1;
                return;
            }
            if (c == '\\') {
                readEscaped(quote, from, p, ascii);
                return;
            }
            if (c < 0x20 && strict) {
                throw controlCharacter(p);
            }
            ascii &= c < 0x80;
        }
        throw error("unterminated string", pos);
    }

    /** A string with escapes: decoded into the scratch buffer, from its first escape at {@code at}. */
    private void readEscaped(final int quote, final int from, final int at, final boolean asciiSoFar) {
        final ExpandableArrayBuffer out = scratch;
        int w = at - from;
        out.putBytes(0, buffer, from, w);
        boolean ascii = asciiSoFar;
        int p = at;
        while (p < end) {
            final int c = byteAt(p);
            if (c == quote) {
                if (!ascii && !Utf8.isValid(out, 0, w)) {
                    throw error("invalid UTF-8 in a string", pos);
                }
                setText(out, 0, w);
                pos = p + 1;
                return;
            }
            if (c != '\\') {
                if (c < 0x20 && strict) {
                    throw controlCharacter(p);
                }
                ascii &= c < 0x80;
                out.putByte(w++, (byte) c);
                p++;
                continue;
            }
            if (p + 1 >= end) {
                break;
            }
            final int escaped = byteAt(p + 1);
            switch (escaped) {
                case 'u' -> {
                    w = unicodeEscape(out, w, p);
                    p += unicodeEscapeLength;
                    continue;
                }
                case 't' -> out.putByte(w++, (byte) '\t');
                case 'b' -> out.putByte(w++, (byte) '\b');
                case 'n' -> out.putByte(w++, (byte) '\n');
                case 'r' -> out.putByte(w++, (byte) '\r');
                case 'f' -> out.putByte(w++, (byte) '\f');
                case '"', '\\', '/' -> out.putByte(w++, (byte) escaped);
                case '\n', '\'' -> {
                    if (strict) {
                        throw error("invalid escape sequence", p);
                    }
                    out.putByte(w++, (byte) escaped);
                }
                default -> throw error("invalid escape sequence", p);
            }
            p += 2;
        }
        throw error("unterminated string", pos);
    }

    private ProtoDecodeException controlCharacter(final int at) {
        return error("a control character in a string must be escaped", at);
    }

    /** Bytes of input the last {@link #unicodeEscape} consumed: 6, or 12 for a surrogate pair. */
    private int unicodeEscapeLength;

    /**
     * Decodes {@code \}{@code uXXXX} at {@code p} (and a low surrogate's escape right after a high one) into
     * {@code out} at {@code w}; an unpaired surrogate is an error when strict, else becomes {@code '?'}, as
     * protobuf-java writes it.
     *
     * @return the index after the bytes written.
     */
    private int unicodeEscape(final ExpandableArrayBuffer out, final int w, final int p) {
        final int unit = hex4(p + 2);
        if (unit < 0) {
            throw error(p + 6 > end ? "unterminated escape sequence" : "malformed unicode escape", p);
        }
        unicodeEscapeLength = 6;
        if (Character.isHighSurrogate((char) unit)) {
            if (p + 12 <= end && byteAt(p + 6) == '\\' && byteAt(p + 7) == 'u') {
                final int low = hex4(p + 8);
                if (low >= 0 && Character.isLowSurrogate((char) low)) {
                    unicodeEscapeLength = 12;
                    return putUtf8(out, w, Character.toCodePoint((char) unit, (char) low));
                }
            }
            if (strict) {
                throw error("a high surrogate not followed by a low one", p);
            }
            out.putByte(w, (byte) '?');
            return w + 1;
        }
        if (Character.isLowSurrogate((char) unit)) {
            if (strict) {
                throw error("a low surrogate not after a high one", p);
            }
            out.putByte(w, (byte) '?');
            return w + 1;
        }
        return putUtf8(out, w, unit);
    }

    private int hex4(final int at) {
        if (at + 4 > end) {
            return -1;
        }
        int value = 0;
        for (int i = at; i < at + 4; i++) {
            final int d = Character.digit(byteAt(i), 16);
            if (d < 0) {
                return -1;
            }
            value = value << 4 | d;
        }
        return value;
    }

    private static int putUtf8(final ExpandableArrayBuffer out, final int w, final int cp) {
        if (cp < 0x80) {
            out.putByte(w, (byte) cp);
            return w + 1;
        }
        if (cp < 0x800) {
            out.putByte(w, (byte) (0xC0 | cp >>> 6));
            out.putByte(w + 1, (byte) (0x80 | cp & 0x3F));
            return w + 2;
        }
        if (cp < 0x10000) {
            out.putByte(w, (byte) (0xE0 | cp >>> 12));
            out.putByte(w + 1, (byte) (0x80 | cp >>> 6 & 0x3F));
            out.putByte(w + 2, (byte) (0x80 | cp & 0x3F));
            return w + 3;
        }
        out.putByte(w, (byte) (0xF0 | cp >>> 18));
        out.putByte(w + 1, (byte) (0x80 | cp >>> 12 & 0x3F));
        out.putByte(w + 2, (byte) (0x80 | cp >>> 6 & 0x3F));
        out.putByte(w + 3, (byte) (0x80 | cp & 0x3F));
        return w + 4;
    }

    /**
     * Reads the next member's name of an open object, and the separator after it; or the object's end.
     *
     * @param first true for the first call after the object's {@code '{'}.
     * @return true if a member follows (its name is the text; read its value with {@link #readValue()}), false if
     *     the object ended (its {@code '}'} consumed).
     */
    boolean nextMember(final boolean first) {
        return nextMember(first, null, -1);
    }

    /**
     * {@link #nextMember(boolean)}, testing first whether the name is a field's JSON name, double-quoted and
     * unescaped: then {@link #predictedName} is true, and the name is the text without a read and a look-up.
     *
     * @param first     true for the first call after the object's {@code '{'}.
     * @param type      the object's message type, or null.
     * @param predicted the index of the field expected next in {@code type}, or -1 for none.
     * @return true if a member follows, false if the object ended.
     */
    boolean nextMember(final boolean first, final MessageSchema type, final int predicted) {
        int c = peekNonWhitespace();
        if (!first) {
            if (c == '}') {
                close();
                return false;
            }
            if (c != ',' && (c != ';' || strict)) {
                throw error(c < 0 ? "end of input inside an object" : "expected ',' or '}' after a member", pos);
            }
            pos++;
            c = peekNonWhitespace();
        }
        tokenStart = pos;
        final int matched = c == '"' && predicted >= 0 ? type.quotedJsonNameAt(predicted, buffer, pos, end) : 0;
        predictedName = matched != 0;
        if (matched != 0) {
            setText(buffer, pos + 1, matched - 2);
            pos += matched;
        } else if (c == '"' || c == '\'') {
            readString(c);
        } else if (c == '}' && first) {
            close();
            return false;
        } else if (c < 0) {
            throw error("end of input inside an object", pos);
        } else if (strict) {
            throw error("a name must be a double-quoted string", pos);
        } else {
            readUnquotedName();
        }
        c = peekNonWhitespace();
        if (c == ':') {
            pos++;
        } else if (c == '=' && !strict) {
            pos++;
            if (pos < end && byteAt(pos) == '>') {
                pos++;
            }
        } else {
            throw error(c < 0 ? "end of input inside an object" : "expected ':' after a name", pos);
        }
        return true;
    }

    private void readUnquotedName() {
        final int from = pos;
        int p = from;
        boolean ascii = true;
        while (p < end && isLiteral(byteAt(p))) {
            ascii &= byteAt(p) < 0x80;
            p++;
        }
        if (p == from) {
            throw error("expected a name", from);
        }
        if (!ascii && !Utf8.isValid(buffer, from, p - from)) {
            throw error("invalid UTF-8", from);
        }
        setText(buffer, from, p - from);
        pos = p;
    }

    private void close() {
        depth--;
        pos++;
    }

    /**
     * Moves to the next element of an open array, or its end.
     *
     * @param first true for the first call after the array's {@code '['}.
     * @return {@link #ELEMENT_END}, {@link #ELEMENT_VALUE} or {@link #ELEMENT_NULL}.
     */
    int nextElement(final boolean first) {
        int c = peekNonWhitespace();
        if (!first) {
            if (c == ']') {
                close();
                return ELEMENT_END;
            }
            if (c != ',' && (c != ';' || strict)) {
                throw error(c < 0 ? "end of input inside an array" : "expected ',' or ']' after an element", pos);
            }
            pos++;
            c = peekNonWhitespace();
        }
        tokenStart = pos;
        if (c == ']') {
            if (first) {
                close();
                return ELEMENT_END;
            }
            if (strict) {
                throw error("expected an element after ','", pos);
            }
            return ELEMENT_NULL;
        }
        final boolean omitted = c == ',' || c == ';';
        if (omitted && strict) {
            throw error("expected an element", pos);
        }
        return omitted ? ELEMENT_NULL : ELEMENT_VALUE;
    }

    /**
     * Skips the rest of a value whose first token {@link #readValue()} returned: all of an object or array, checking
     * its syntax as gson would.
     *
     * @param kind the kind {@link #readValue()} returned.
     */
    void skip(final int kind) {
        if (kind == OBJECT) {
            boolean first = true;
            while (nextMember(first)) {
                first = false;
                skip(readValue());
            }
        } else if (kind == ARRAY) {
            boolean first = true;
            int element;
            while ((element = nextElement(first)) != ELEMENT_END) {
                first = false;
                if (element == ELEMENT_VALUE) {
                    skip(readValue());
                }
            }
        }
    }

    /** @return true if the text is exactly {@code ascii}. */
    boolean textEquals(final String ascii) {
        if (textLength != ascii.length()) {
            return false;
        }
        for (int i = 0; i < textLength; i++) {
            if (text.getByte(textOffset + i) != ascii.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** @return the text as a String, for error messages (allocates). */
    String textAsString() {
        return Utf8.toString(text, textOffset, textLength);
    }

    /** @return an exception for bad input found at {@code index} of the buffer. */
    ProtoDecodeException error(final String reason, final int index) {
        return new ProtoDecodeException(reason, index - start);
    }
}
