package org.flyproto.codec;

import java.nio.charset.StandardCharsets;
import org.agrona.DirectBuffer;
import org.flyproto.buffers.BytesView;
import org.flyproto.buffers.Utf8;
import org.flyproto.buffers.Utf8View;
import org.flyproto.buffers.WireType;

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
public final class TextPrinter {
    private static final char[] HEX = "0123456789abcdef".toCharArray();
    /** protobuf-java's recursion limit, which bounds the groups nested in a length-delimited unknown field. */
    private static final int GROUP_DEPTH_LIMIT = 100;
    /** How deep length-delimited unknown fields are opened as messages; deeper ones print as strings. */
    private static final int UNKNOWN_NESTING_LIMIT = 100;

    private static final int VARINT = 0;
    private static final int FIXED32 = 1;
    private static final int FIXED64 = 2;
    private static final int LENGTH_DELIMITED = 3;
    private static final int GROUP = 4;
    /** A varint that protobuf-java keeps as an int sign-extended to long: a closed enum's undeclared number. */
    private static final int ENUM_VARINT = 5;

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
    private StringBuilder scratch;

    /**
     * Unknown fields of the messages being printed: key = number << 34 | order of its wire type << 31 | slot, sorted
     * per message; slot indexes the other arrays.
     */
    private long[] unknownKeys = new long[16];

    private int[] unknownKinds = new int[16];
    private int[] unknownStarts = new int[16];
    private int[] unknownEnds = new int[16];
    private int unknownCount;

    /** Map entries being sorted: the key (numbers, bools as 0/1) or the key's bytes, and the entry's index. */
    private long[] mapKeys = new long[16];

    private int[] mapKeyStarts = new int[16];
    private int[] mapKeyLengths = new int[16];
    private int[] mapElements = new int[16];
    /** Slots of {@link #mapKeys} in sorted order. */
    private int[] mapOrder = new int[16];

    private int mapCount;
    private DirectBuffer mapKeyBuffer;
    private boolean mapStringKeys;

    /** Set by {@link #varint}: the value read. */
    private long varintValue;
    /** Set by {@link #skipUnknownGroup}: the position after the END_GROUP tag. */
    private int groupEnd;

    TextPrinter() {}

    /** Appends {@code message}'s fields and unknown fields to {@code out}. */
    void print(final MessageDecoder message, final StringBuilder out) {
        this.out = out;
        level = 0;
        unknownCount = 0;
        mapCount = 0;
        try {
            message.appendFieldsTo(this);
            unknownFields(message);
        } finally {
            this.out = null;
            mapKeyBuffer = null;
        }
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
     * Ends a line with a float, as {@code Float.toString} writes it (very large and very small magnitudes through a
     * cache of their text, as the JDK's conversion of those allocates).
     *
     * @param value the value.
     */
    public void float32(final float value) {
        final int exponent = Math.getExponent(value);
        if (exponent >= FLOAT_DIRECT_MIN_EXPONENT && exponent <= DIRECT_MAX_EXPONENT
                || value == 0
                || exponent == Float.MAX_EXPONENT + 1) {
            out.append(value);
        } else {
            decimals().appendFloat(value, out);
        }
        out.append('\n');
    }

    /**
     * Ends a line with a double, as {@code Double.toString} writes it (very large and very small magnitudes through
     * a cache of their text, as the JDK's conversion of those allocates).
     *
     * @param value the value.
     */
    public void float64(final double value) {
        final int exponent = Math.getExponent(value);
        if (exponent >= DOUBLE_DIRECT_MIN_EXPONENT && exponent <= DIRECT_MAX_EXPONENT
                || value == 0
                || exponent == Double.MAX_EXPONENT + 1) {
            out.append(value);
        } else {
            decimals().appendDouble(value, out);
        }
        out.append('\n');
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
        indent();
        out.append(name).append(" {\n");
        level++;
        message.appendFieldsTo(this);
        unknownFields(message);
        level--;
        indent();
        out.append("}\n");
    }

    /**
     * Prints a map entry: like {@link #message}, without unknown fields (protobuf-java's map entries drop them).
     *
     * @param name  the map field's text-format name.
     * @param entry the entry, wrapped.
     */
    public void mapEntry(final String name, final MessageDecoder entry) {
        indent();
        out.append(name).append(" {\n");
        level++;
        entry.appendFieldsTo(this);
        level--;
        indent();
        out.append("}\n");
    }

    /**
     * Starts collecting the entries of a map field, to print them sorted by key.
     *
     * @param stringKeys true if the keys are strings; else numbers or bools.
     * @return the mark to pass to {@link #sortMap} and {@link #endMap}.
     */
    public int beginMap(final boolean stringKeys) {
        mapStringKeys = stringKeys;
        return mapCount;
    }

    /**
     * Adds the entry at {@code element} with a numeric key (bool: 0 or 1), compared as protobuf-java compares the
     * boxed key: signed, also for the unsigned kinds.
     *
     * @param key     the key as a Java value, widened to long.
     * @param element the entry's index in the field.
     */
    public void mapKey(final long key, final int element) {
        final int slot = mapSlot();
        mapKeys[slot] = key;
        mapElements[slot] = element;
    }

    /**
     * Adds the entry at {@code element} with a string key, compared as {@code String.compareTo} compares (UTF-16
     * order).
     *
     * @param key     the key; its bytes are recorded, not copied.
     * @param element the entry's index in the field.
     */
    public void mapKey(final Utf8View key, final int element) {
        final int slot = mapSlot();
        mapKeyBuffer = key.buffer();
        mapKeyStarts[slot] = key.offset();
        mapKeyLengths[slot] = key.byteLength();
        mapElements[slot] = element;
    }

    /**
     * Sorts the entries added since {@code mark} by key and keeps, of entries with the same key, the last one (the
     * value protobuf reads).
     *
     * @param mark the value {@link #beginMap} returned.
     * @return the end of the sorted entries: print {@link #mapElement(int)} for each index in {@code [mark, end)}.
     */
    public int sortMap(final int mark) {
        final int end = mapCount;
        for (int i = mark; i < end; i++) {
            mapOrder[i] = i;
        }
        heapSortOrder(mark, end);
        int kept = mark;
        for (int i = mark; i < end; i++) {
            if (i + 1 < end && compareKeys(mapOrder[i], mapOrder[i + 1]) == 0) {
                continue;
            }
            mapOrder[kept++] = mapOrder[i];
        }
        return kept;
    }

    /**
     * @param index an index in {@code [mark, end)} of {@link #sortMap}.
     * @return the index in the field of the entry to print there.
     */
    public int mapElement(final int index) {
        return mapElements[mapOrder[index]];
    }

    /**
     * Forgets the entries of the map printed since {@code mark}.
     *
     * @param mark the value {@link #beginMap} returned.
     */
    public void endMap(final int mark) {
        mapCount = mark;
    }

    private int mapSlot() {
        if (mapCount == mapKeys.length) {
            final int n = 2 * mapCount;
            mapKeys = java.util.Arrays.copyOf(mapKeys, n);
            mapKeyStarts = java.util.Arrays.copyOf(mapKeyStarts, n);
            mapKeyLengths = java.util.Arrays.copyOf(mapKeyLengths, n);
            mapElements = java.util.Arrays.copyOf(mapElements, n);
            mapOrder = java.util.Arrays.copyOf(mapOrder, n);
        }
        return mapCount++;
    }

    /** Heap sort of {@code mapOrder[from, to)} by key, then element index: in place, no allocation. */
    private void heapSortOrder(final int from, final int to) {
        final int n = to - from;
        for (int i = n / 2 - 1; i >= 0; i--) {
            siftDown(from, i, n);
        }
        for (int last = n - 1; last > 0; last--) {
            swapOrder(from, from + last);
            siftDown(from, 0, last);
        }
    }

    private void siftDown(final int from, final int root, final int n) {
        int parent = root;
        while (true) {
            int child = 2 * parent + 1;
            if (child >= n) {
                return;
            }
            if (child + 1 < n && compareSlots(mapOrder[from + child], mapOrder[from + child + 1]) < 0) {
                child++;
            }
            if (compareSlots(mapOrder[from + parent], mapOrder[from + child]) >= 0) {
                return;
            }
            swapOrder(from + parent, from + child);
            parent = child;
        }
    }

    private void swapOrder(final int a, final int b) {
        final int t = mapOrder[a];
        mapOrder[a] = mapOrder[b];
        mapOrder[b] = t;
    }

    private int compareSlots(final int a, final int b) {
        final int byKey = compareKeys(a, b);
        return byKey != 0 ? byKey : Integer.compare(mapElements[a], mapElements[b]);
    }

    private int compareKeys(final int a, final int b) {
        if (!mapStringKeys) {
            return Long.compare(mapKeys[a], mapKeys[b]);
        }
        return Utf16Order.compare(mapKeyBuffer, mapKeyStarts[a], mapKeyLengths[a], mapKeyStarts[b], mapKeyLengths[b]);
    }

    // ---------------------------------------------------------------------------------------------- unknown fields

    /** Prints the unknown fields of {@code message}, as protobuf-java prints its UnknownFieldSet. */
    private void unknownFields(final MessageDecoder message) {
        final int mark = unknownCount;
        message.collectUnknownFields(this);
        printUnknown(message, mark);
    }

    /**
     * Records an unknown field of the message being printed, for {@link MessageDecoder#collectUnknownFields}.
     *
     * @param number   the field number.
     * @param wireType its wire type; VARINT + 8 for a closed enum's undeclared number.
     * @param start    the value's first byte (a length-delimited field's or group's content).
     * @param end      the value's end.
     */
    void unknown(final int number, final int wireType, final int start, final int end) {
        final int kind = switch (wireType) {
            case WireType.VARINT -> VARINT;
            case WireType.I32 -> FIXED32;
            case WireType.I64 -> FIXED64;
            case WireType.LEN -> LENGTH_DELIMITED;
            case WireType.START_GROUP -> GROUP;
            default -> ENUM_VARINT;
        };
        if (unknownCount == unknownKeys.length) {
            final int n = 2 * unknownCount;
            unknownKeys = java.util.Arrays.copyOf(unknownKeys, n);
            unknownKinds = java.util.Arrays.copyOf(unknownKinds, n);
            unknownStarts = java.util.Arrays.copyOf(unknownStarts, n);
            unknownEnds = java.util.Arrays.copyOf(unknownEnds, n);
        }
        final int slot = unknownCount++;
        final long order = kind == ENUM_VARINT ? VARINT : kind;
        unknownKeys[slot] = ((long) number << 34) | (order << 31) | slot;
        unknownKinds[slot] = kind;
        unknownStarts[slot] = start;
        unknownEnds[slot] = end;
    }

    /** Sorts the unknown fields recorded since {@code mark}, prints them, and forgets them. */
    private void printUnknown(final MessageDecoder reader, final int mark) {
        final int end = unknownCount;
        sortKeys(unknownKeys, mark, end);
        for (int i = mark; i < end; i++) {
            final long key = unknownKeys[i];
            final int slot = (int) (key & 0x7FFF_FFFFL);
            final int number = (int) (key >>> 34);
            final int start = unknownStarts[slot];
            final int valueEnd = unknownEnds[slot];
            indent();
            out.append(number);
            switch (unknownKinds[slot]) {
                case VARINT -> {
                    varint(reader, start, valueEnd);
                    out.append(": ");
                    appendUnsigned(varintValue);
                }
                case ENUM_VARINT -> {
                    varint(reader, start, valueEnd);
                    out.append(": ");
                    appendUnsigned((int) varintValue);
                }
                case FIXED32 -> {
                    out.append(": 0x");
                    appendHex(reader.fixed32At(start) & 0xFFFF_FFFFL, 8);
                }
                case FIXED64 -> {
                    out.append(": 0x");
                    appendHex(reader.fixed64At(start), 16);
                }
                case LENGTH_DELIMITED -> lengthDelimited(reader, start, valueEnd);
                default -> {
                    out.append(" {\n");
                    level++;
                    final int nested = unknownCount;
                    parseUnknown(reader, start, valueEnd, 0);
                    printUnknown(reader, nested);
                    level--;
                    indent();
                    out.append('}');
                }
            }
            out.append('\n');
        }
        unknownCount = mark;
    }

    private void lengthDelimited(final MessageDecoder reader, final int start, final int end) {
        out.append(": ");
        final int nested = unknownCount;
        if (level < UNKNOWN_NESTING_LIMIT && parseUnknown(reader, start, end, 0)) {
            out.append("{\n");
            level++;
            printUnknown(reader, nested);
            level--;
            indent();
            out.append('}');
        } else {
            out.append('"');
            for (int i = start; i < end; i++) {
                escape(reader.byteAt(i));
            }
            out.append('"');
        }
    }

    /**
     * Records the fields of {@code [start, end)} as protobuf-java's {@code UnknownFieldSet.parseFrom} reads them.
     *
     * @return false, having recorded nothing, if they do not parse.
     */
    private boolean parseUnknown(final MessageDecoder reader, final int start, final int end, final int depth) {
        final int mark = unknownCount;
        int p = start;
        while (p < end) {
            p = varint(reader, p, end);
            final int tag = (int) varintValue;
            final int number = tag >>> 3;
            if (p < 0 || number == 0) {
                unknownCount = mark;
                return false;
            }
            final int valueStart = p;
            switch (tag & 7) {
                case WireType.VARINT -> p = varint(reader, p, end);
                case WireType.I64 -> p = end - p >= 8 ? p + 8 : -1;
                case WireType.I32 -> p = end - p >= 4 ? p + 4 : -1;
                case WireType.LEN -> {
                    p = varint(reader, p, end);
                    final int length = (int) varintValue;
                    p = p < 0 || length < 0 || end - p < length ? -1 : p + length;
                    if (p >= 0) {
                        unknown(number, WireType.LEN, p - length, p);
                        continue;
                    }
                }
                case WireType.START_GROUP -> {
                    final int contentEnd =
                            depth < GROUP_DEPTH_LIMIT ? skipUnknownGroup(reader, p, end, number, depth + 1) : -1;
                    if (contentEnd >= 0) {
                        unknown(number, WireType.START_GROUP, valueStart, contentEnd);
                        p = groupEnd;
                        continue;
                    }
                    p = -1;
                }
                default -> p = -1;
            }
            if (p < 0) {
                unknownCount = mark;
                return false;
            }
            unknown(number, tag & 7, valueStart, p);
        }
        return true;
    }

    /**
     * Checks a group's content from {@code p} to its END_GROUP tag.
     *
     * @return the content's end (the END_GROUP tag's first byte), with {@link #groupEnd} after the tag; or -1.
     */
    private int skipUnknownGroup(
            final MessageDecoder reader, final int start, final int end, final int number, final int depth) {
        int p = start;
        while (p < end) {
            final int tagStart = p;
            p = varint(reader, p, end);
            final int tag = (int) varintValue;
            if (p < 0 || tag >>> 3 == 0) {
                return -1;
            }
            switch (tag & 7) {
                case WireType.VARINT -> p = varint(reader, p, end);
                case WireType.I64 -> p = end - p >= 8 ? p + 8 : -1;
                case WireType.I32 -> p = end - p >= 4 ? p + 4 : -1;
                case WireType.LEN -> {
                    p = varint(reader, p, end);
                    final int length = (int) varintValue;
                    p = p < 0 || length < 0 || end - p < length ? -1 : p + length;
                }
                case WireType.START_GROUP ->
                    p = depth < GROUP_DEPTH_LIMIT && skipUnknownGroup(reader, p, end, tag >>> 3, depth + 1) >= 0
                            ? groupEnd
                            : -1;
                case WireType.END_GROUP -> {
                    if (tag >>> 3 != number) {
                        return -1;
                    }
                    groupEnd = p;
                    return tagStart;
                }
                default -> p = -1;
            }
            if (p < 0) {
                return -1;
            }
        }
        return -1;
    }

    /**
     * Reads a varint of up to 10 bytes at {@code p}, below {@code end}, into {@link #varintValue}.
     *
     * @return the position after it, or -1 if it is truncated or longer than 10 bytes.
     */
    private int varint(final MessageDecoder reader, final int start, final int end) {
        if (start < 0) {
            return -1;
        }
        long value = 0;
        int p = start;
        for (int shift = 0; shift < 70; shift += 7) {
            if (p >= end) {
                return -1;
            }
            final byte b = reader.byteAt(p++);
            value |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                varintValue = value;
                return p;
            }
        }
        return -1;
    }

    /** Sorts {@code keys[from, to)} in place (heap sort: no allocation). */
    private static void sortKeys(final long[] keys, final int from, final int to) {
        final int n = to - from;
        for (int i = n / 2 - 1; i >= 0; i--) {
            siftDown(keys, from, i, n);
        }
        for (int last = n - 1; last > 0; last--) {
            final long t = keys[from];
            keys[from] = keys[from + last];
            keys[from + last] = t;
            siftDown(keys, from, 0, last);
        }
    }

    private static void siftDown(final long[] keys, final int from, final int root, final int n) {
        int parent = root;
        while (true) {
            int child = 2 * parent + 1;
            if (child >= n) {
                return;
            }
            if (child + 1 < n && keys[from + child] < keys[from + child + 1]) {
                child++;
            }
            if (keys[from + parent] >= keys[from + child]) {
                return;
            }
            final long t = keys[from + parent];
            keys[from + parent] = keys[from + child];
            keys[from + child] = t;
            parent = child;
        }
    }

    // ---------------------------------------------------------------------------------------------- text

    private void indent() {
        for (int i = 0; i < level; i++) {
            out.append("  ");
        }
    }

    private void appendUnsigned(final long value) {
        if (value >= 0) {
            out.append(value);
        } else {
            final long quotient = (value >>> 1) / 5;
            out.append(quotient).append((char) ('0' + (value - quotient * 10)));
        }
    }

    private void appendHex(final long value, final int digits) {
        for (int shift = 4 * (digits - 1); shift >= 0; shift -= 4) {
            out.append(HEX[(int) (value >>> shift) & 0xF]);
        }
    }

    private void escape(final DirectBuffer buffer, final int offset, final int length) {
        for (int i = offset, end = offset + length; i < end; i++) {
            escape(buffer.getByte(i));
        }
    }

    /** One byte as protobuf-java's {@code TextFormat.escapeBytes} writes it. */
    private void escape(final byte b) {
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
