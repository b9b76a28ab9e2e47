package org.flyproto.codec;

import java.nio.charset.StandardCharsets;
import org.agrona.DirectBuffer;
import org.flyproto.buffers.BytesView;
import org.flyproto.buffers.Memory;
import org.flyproto.buffers.Utf8;
import org.flyproto.buffers.Utf8View;

/**
 * Prints messages in protobuf's text format, as protobuf-java's {@code TextFormat.printer().printToString(message)}
 * prints them: one {@code name: value} line per value, nested messages and groups as {@code name {} ... {@code }}
 * blocks indented by two spaces per level, map entries sorted by key, then the unknown fields grouped by number.
 * Generated decoders call it from their {@code appendFieldsTo}; users call {@link MessageDecoder#appendTo}.
 *
 * <p>Allocation: none in steady state. Map-key sorting and the grouping of unknown fields use primitive arrays held
 * here, used as stacks (a nested message pushes above its parent's entries and pops them when done) and grown only
 * when a message needs more than any before; numbers are appended with {@code StringBuilder.append(long/int/float/
 * double)} and hand-written unsigned and hex digits. The one allocating path is a string whose bytes are not valid
 * UTF-8 (possible only for fields that are not validated, or with a trusted wrap): it is printed as protobuf-java
 * prints the {@code String} it would have made of them, with replacement characters, through a temporary String.
 *
 * <p>One printer per decoder that prints (created on first use); not thread-safe.
 */
public final class TextPrinter implements ValueWriter {
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    /**
     * The binary exponents for which the JDK's {@code StringBuilder.append(float/double)} allocates nothing, as
     * measured on JDK 17 (other magnitudes, subnormals included, fall back to big-integer arithmetic, which
     * allocates; zeros, NaN and infinities never do): values outside go through {@link DecimalCache}.
     */
    private static final int DOUBLE_DIRECT_MIN_EXPONENT = -8;

    private static final int FLOAT_DIRECT_MIN_EXPONENT = -49;
    private static final int DIRECT_MAX_EXPONENT = 85;

    private StringBuilder out;
    private int level;
    private DecimalCache decimals;
    private final UnknownFieldsText unknowns = new UnknownFieldsText(this);
    private StringBuilder scratch;

    /** Map entries being sorted by key. */
    private final MapOrder maps = new MapOrder();

    /** Prints dynamic messages; created on first use. */
    private DynamicText dynamic;

    /** Bytes escaped per chunk before they are appended, four chars a byte at most. */
    private static final int ESCAPE_CHUNK = 2048;

    private final char[] escapeChars = new char[4 * ESCAPE_CHUNK];
    /** A float's or double's text, as {@link ShortestDecimal} writes it. */
    private final byte[] decimalText = new byte[ShortestDecimal.ROOM];

    TextPrinter() {}

    /** Appends {@code message}'s fields and unknown fields to {@code out}. */
    void print(final MessageDecoder message, final StringBuilder out) {
        this.out = out;
        level = 0;
        unknowns.reset();
        maps.reset();
        try {
            message.appendFieldsTo(this);
            unknowns.print(message);
        } finally {
            this.out = null;
            maps.reset();
        }
    }

    /** Appends a dynamic message's fields and unknown fields to {@code out}, as a generated one's. */
    void print(final DynamicDecoder message, final StringBuilder out) {
        this.out = out;
        level = 0;
        unknowns.reset();
        maps.reset();
        final DynamicText fields = dynamic();
        fields.reset();
        try {
            fields.fields(message);
            unknowns.print(message);
        } finally {
            this.out = null;
            maps.reset();
        }
    }

    private DynamicText dynamic() {
        if (dynamic == null) {
            dynamic = new DynamicText(this);
        }
        return dynamic;
    }

    /** @return the text being appended to. */
    StringBuilder out() {
        return out;
    }

    /** One level deeper ({@code +1}) or back ({@code -1}). */
    void nest(final int levels) {
        level += levels;
    }

    /** Appends what follows to {@code out}, at the outermost level: for tests of single values. */
    void into(final StringBuilder out) {
        this.out = out;
        level = 0;
    }

    /** A StringBuilder for printing into an {@code Appendable} that is not one; reused. */
    StringBuilder scratch() {
        if (scratch == null) {
            scratch = new StringBuilder(256);
        }
        scratch.setLength(0);
        return scratch;
    }

    /**
     * Starts the line of a scalar, string, bytes or enum value: the indentation, the name and {@code ": "}.
     *
     * @param name the field's text-format name.
     * @return this printer, to append the value.
     */
    public TextPrinter field(final String name) {
        indent();
        out.append(name).append(": ");
        return this;
    }

    /**
     * Ends a line with a signed 32-bit value (int32, sint32, sfixed32).
     *
     * @param value the value.
     */
    public void int32(final int value) {
        out.append(value).append('\n');
    }

    /**
     * Ends a line with a signed 64-bit value (int64, sint64, sfixed64).
     *
     * @param value the value.
     */
    public void int64(final long value) {
        out.append(value).append('\n');
    }

    /**
     * Ends a line with an unsigned 32-bit value (uint32, fixed32).
     *
     * @param value the value's bits.
     */
    public void uint32(final int value) {
        out.append(value & 0xFFFF_FFFFL).append('\n');
    }

    /**
     * Ends a line with an unsigned 64-bit value (uint64, fixed64).
     *
     * @param value the value's bits.
     */
    public void uint64(final long value) {
        appendUnsigned(value);
        out.append('\n');
    }

    /**
     * Ends a line with a float, as {@code Float.toString} writes it: by {@link ShortestDecimal} wherever that
     * matches the running JDK, else by the JDK's conversion (very large and very small magnitudes through a cache of
     * their text, as that conversion allocates for them).
     *
     * @param value the value.
     */
    public void float32(final float value) {
        final int exponent = Math.getExponent(value);
        if (exponent <= Float.MAX_EXPONENT && ShortestDecimal.matchesJdk(value)) {
            decimal(ShortestDecimal.write(value, decimalText, 0));
        } else if (exponent >= FLOAT_DIRECT_MIN_EXPONENT && exponent <= DIRECT_MAX_EXPONENT
                || value == 0
                || exponent == Float.MAX_EXPONENT + 1) {
            out.append(value);
        } else {
            decimals().appendFloat(value, out);
        }
        out.append('\n');
    }

    /**
     * Ends a line with a double, as {@code Double.toString} writes it: by {@link ShortestDecimal} wherever that
     * matches the running JDK, else by the JDK's conversion (very large and very small magnitudes through a cache of
     * their text, as that conversion allocates for them).
     *
     * @param value the value.
     */
    public void float64(final double value) {
        final int exponent = Math.getExponent(value);
        if (exponent <= Double.MAX_EXPONENT && ShortestDecimal.matchesJdk(value)) {
            decimal(ShortestDecimal.write(value, decimalText, 0));
        } else if (exponent >= DOUBLE_DIRECT_MIN_EXPONENT && exponent <= DIRECT_MAX_EXPONENT
                || value == 0
                || exponent == Double.MAX_EXPONENT + 1) {
            out.append(value);
        } else {
            decimals().appendDouble(value, out);
        }
        out.append('\n');
    }

    /** Appends the first {@code length} bytes of {@link #decimalText}. */
    private void decimal(final int length) {
        final byte[] text = decimalText;
        final char[] chars = escapeChars;
        for (int i = 0; i < length; i++) {
            chars[i] = (char) text[i];
        }
        out.append(chars, 0, length);
    }

    private DecimalCache decimals() {
        if (decimals == null) {
            decimals = new DecimalCache();
        }
        return decimals;
    }

    /**
     * Ends a line with a bool.
     *
     * @param value the value.
     */
    public void bool(final boolean value) {
        out.append(value ? "true" : "false").append('\n');
    }

    /**
     * Ends a line with an enum value: its name, or its number when the enum does not declare it.
     *
     * @param name   the value's name, or null for an undeclared number.
     * @param number the number.
     */
    public void enumValue(final String name, final int number) {
        if (name == null) {
            out.append(number).append('\n');
        } else {
            out.append(name).append('\n');
        }
    }

    /**
     * Ends a line with a string, quoted, its UTF-8 bytes escaped as protobuf-java escapes them.
     *
     * @param value the string.
     */
    public void string(final Utf8View value) {
        final DirectBuffer buffer = value.buffer();
        final int offset = value.offset();
        final int length = value.byteLength();
        out.append('"');
        if (Utf8.isValid(buffer, offset, length)) {
            escape(buffer, offset, length);
        } else {
            // protobuf-java prints the String it decoded, with replacement characters: print those bytes.
            final byte[] bytes = Utf8.toString(buffer, offset, length).getBytes(StandardCharsets.UTF_8);
            for (final byte b : bytes) {
                escape(b);
            }
        }
        out.append("\"\n");
    }

    /**
     * Ends a line with bytes, quoted and escaped as protobuf-java escapes them.
     *
     * @param value the bytes.
     */
    public void bytes(final BytesView value) {
        out.append('"');
        escape(value.buffer(), value.offset(), value.length());
        out.append("\"\n");
    }

    /**
     * Prints a nested message or group: {@code name {}, its fields and unknown fields one level deeper, {@code }}.
     *
     * @param name    the field's text-format name.
     * @param message the nested message, wrapped.
     */
    public void message(final String name, final MessageDecoder message) {
        open(name);
        message.appendFieldsTo(this);
        unknowns.print(message);
        close();
    }

    /**
     * Prints a map entry: like {@link #message}, without unknown fields (protobuf-java's map entries drop them).
     *
     * @param name  the map field's text-format name.
     * @param entry the entry, wrapped.
     */
    public void mapEntry(final String name, final MessageDecoder entry) {
        open(name);
        entry.appendFieldsTo(this);
        close();
    }

    /** {@link #message(String, MessageDecoder)} of a dynamic message. */
    void message(final String name, final DynamicDecoder message) {
        open(name);
        dynamic().fields(message);
        unknowns.print(message);
        close();
    }

    /** {@link #mapEntry(String, MessageDecoder)} of a dynamic message's map entry. */
    void mapEntry(final String name, final DynamicDecoder entry) {
        open(name);
        dynamic().fields(entry);
        close();
    }

    /** {@code name {}, one level deeper. */
    private void open(final String name) {
        indent();
        out.append(name).append(" {\n");
        level++;
    }

    /** One level back, {@code }}. */
    private void close() {
        level--;
        indent();
        out.append("}\n");
    }

    /** @return the order of the map entries being printed, for {@link DynamicMapEntries}. */
    MapOrder maps() {
        return maps;
    }

    /**
     * Starts collecting the entries of a map field, to print them sorted by key.
     *
     * @param stringKeys true if the keys are strings; else numbers or bools.
     * @return the mark to pass to {@link #sortMap} and {@link #endMap}.
     */
    public int beginMap(final boolean stringKeys) {
        return maps.begin(stringKeys);
    }

    /**
     * Adds the entry at {@code element} with a numeric key (bool: 0 or 1), compared as protobuf-java compares the
     * boxed key: signed, also for the unsigned kinds.
     *
     * @param key     the key as a Java value, widened to long.
     * @param element the entry's index in the field.
     */
    public void mapKey(final long key, final int element) {
        maps.add(key, element);
    }

    /**
     * Adds the entry at {@code element} with a string key, compared as {@code String.compareTo} compares (UTF-16
     * order).
     *
     * @param key     the key; its bytes are recorded, not copied.
     * @param element the entry's index in the field.
     */
    public void mapKey(final Utf8View key, final int element) {
        maps.add(key, element);
    }

    /**
     * Sorts the entries added since {@code mark} by key and keeps, of entries with the same key, the last one (the
     * value protobuf reads).
     *
     * @param mark the value {@link #beginMap} returned.
     * @return the end of the sorted entries: print {@link #mapElement(int)} for each index in {@code [mark, end)}.
     */
    public int sortMap(final int mark) {
        return maps.sorted(mark);
    }

    /**
     * @param index an index in {@code [mark, end)} of {@link #sortMap}.
     * @return the index in the field of the entry to print there.
     */
    public int mapElement(final int index) {
        return maps.element(index);
    }

    /**
     * Forgets the entries of the map printed since {@code mark}.
     *
     * @param mark the value {@link #beginMap} returned.
     */
    public void endMap(final int mark) {
        maps.end(mark);
    }

    // ---------------------------------------------------------------------------------------------- text

    /** Appends the indentation of the current level. */
    void indent() {
        for (int i = 0; i < level; i++) {
            out.append("  ");
        }
    }

    /** Appends {@code value} as an unsigned 64-bit number. */
    void appendUnsigned(final long value) {
        if (value >= 0) {
            out.append(value);
        } else {
            final long quotient = (value >>> 1) / 5;
            out.append(quotient).append((char) ('0' + (value - quotient * 10)));
        }
    }

    /** Appends the low {@code digits} hex digits of {@code value}, lower case. */
    void appendHex(final long value, final int digits) {
        for (int shift = 4 * (digits - 1); shift >= 0; shift -= 4) {
            out.append(HEX[(int) (value >>> shift) & 0xF]);
        }
    }

    /**
     * The bytes escaped into a reused char array (at most four chars a byte), appended a chunk at a time; Agrona's
     * buffers read as plain memory once the range is checked.
     */
    private void escape(final DirectBuffer buffer, final int offset, final int length) {
        final char[] c = escapeChars;
        final boolean raw = Memory.isRaw(buffer) && offset >= 0 && length >= 0 && offset <= buffer.capacity() - length;
        final byte[] array = buffer.byteArray();
        final long address = buffer.addressOffset();
        final int end = offset + length;
        for (int from = offset; from < end; ) {
            final int to = Math.min(end, from + ESCAPE_CHUNK);
            int n = 0;
            if (raw) {
                for (int i = from; i < to; i++) {
                    n = escape(Memory.getByte(array, address, i), c, n);
                }
            } else {
                for (int i = from; i < to; i++) {
                    n = escape(buffer.getByte(i), c, n);
                }
            }
            out.append(c, 0, n);
            from = to;
        }
    }

    /** {@link #escape(byte)} into {@code c} at {@code n}: the index after it. */
    private static int escape(final byte b, final char[] c, final int n) {
        final char simple = switch (b) {
            case 0x07 -> 'a';
            case '\b' -> 'b';
            case '\f' -> 'f';
            case '\n' -> 'n';
            case '\r' -> 'r';
            case '\t' -> 't';
            case 0x0B -> 'v';
            case '\\' -> '\\';
            case '\'' -> '\'';
            case '"' -> '"';
            default -> 0;
        };
        if (simple != 0) {
            c[n] = '\\';
            c[n + 1] = simple;
            return n + 2;
        }
        if (b >= 0x20 && b <= 0x7E) {
            c[n] = (char) b;
            return n + 1;
        }
        c[n] = '\\';
        c[n + 1] = (char) ('0' + ((b >>> 6) & 3));
        c[n + 2] = (char) ('0' + ((b >>> 3) & 7));
        c[n + 3] = (char) ('0' + (b & 7));
        return n + 4;
    }

    /** One byte as protobuf-java's {@code TextFormat.escapeBytes} writes it. */
    void escape(final byte b) {
        switch (b) {
            case 0x07 -> out.append("\\a");
            case '\b' -> out.append("\\b");
            case '\f' -> out.append("\\f");
            case '\n' -> out.append("\\n");
            case '\r' -> out.append("\\r");
            case '\t' -> out.append("\\t");
            case 0x0B -> out.append("\\v");
            case '\\' -> out.append("\\\\");
            case '\'' -> out.append("\\'");
            case '"' -> out.append("\\\"");
            default -> {
                if (b >= 0x20 && b <= 0x7E) {
                    out.append((char) b);
                } else {
                    out.append('\\')
                            .append((char) ('0' + ((b >>> 6) & 3)))
                            .append((char) ('0' + ((b >>> 3) & 7)))
                            .append((char) ('0' + (b & 7)));
                }
            }
        }
    }
}
