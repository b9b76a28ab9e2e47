package org.flyproto.codec;

import java.util.Arrays;
import org.flyproto.buffers.WireType;
import org.flyproto.codec.schema.FieldSchema;
import org.flyproto.codec.schema.MessageSchema;

/**
 * The unknown fields of a message in text format, as protobuf-java prints an {@code UnknownFieldSet}: grouped by
 * number, ascending; within a number the varints, then fixed32 ({@code 0x%08x}), fixed64 ({@code 0x%016x}),
 * length-delimited values (a {@code { }} block when the bytes parse as a message by {@code UnknownFieldSet.parseFrom}'s
 * rules, else an escaped string), then groups; each kind in wire order. A closed enum's undeclared number is a varint
 * that protobuf-java keeps as an int, sign-extended.
 *
 * <p>The fields are recorded in primitive arrays used as a stack (a nested message's records go above its parent's
 * and are dropped when printed), sorted in place by a key of number, kind and record index; no allocation once the
 * arrays have grown to the largest message seen.
 */
final class UnknownFieldsText {
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
    private static final int ENUM_VARINT = 8;

    private final TextPrinter printer;

    /**
     * Key = number << 34 | order of its wire type << 31 | record index, sorted per message; the index points into the
     * other arrays.
     */
    private long[] unknownKeys = new long[16];

    private int[] unknownKinds = new int[16];
    private int[] unknownStarts = new int[16];
    private int[] unknownEnds = new int[16];
    private int unknownCount;

    /** Set by {@link #varint}: the value read. */
    private long varintValue;
    /** Set by {@link #skipUnknownGroup}: the position after the END_GROUP tag. */
    private int groupEnd;
    /** How many length-delimited unknown fields the one being printed is inside. */
    private int nesting;

    UnknownFieldsText(final TextPrinter printer) {
        this.printer = printer;
    }

    /**
     * Records every field of {@code d} that protobuf keeps as an unknown field (as
     * {@link MessageDecoder#copyUnknownFieldsTo} finds them), then restores its position.
     */
    private void collect(final MessageDecoder d) {
        final int end = d.limit;
        d.walkContent(d, d.offset);
        try {
            while (d.walkOn()) {
                final int tag = d.nextTag();
                final int number = tag >>> 3;
                switch (d.tagKind(tag)) {
                    case MessageDecoder.KNOWN_TAG -> d.skipField(tag);
                    case MessageDecoder.CLOSED_ENUM_TAG -> {
                        final int start = d.pos;
                        if (!d.declaresNumber(tag, d.readVarint32())) {
                            unknown(number, ENUM_VARINT, start, d.pos);
                        }
                    }
                    case MessageDecoder.CLOSED_ENUM_PACKED_TAG -> {
                        final int runEnd = d.readLength() + d.pos;
                        final int savedLimit = d.limit;
                        d.limit = runEnd;
                        try {
                            while (d.pos < runEnd) {
                                final int start = d.pos;
                                if (!d.declaresNumber(tag, d.readVarint32())) {
                                    unknown(number, ENUM_VARINT, start, d.pos);
                                }
                            }
                        } finally {
                            d.limit = savedLimit;
                        }
                    }
                    case MessageDecoder.CLOSED_ENUM_MAP_TAG -> {
                        final int length = d.readLength();
                        final int start = d.pos;
                        d.pos += length;
                        if (!d.declaresEntry(tag, start, length)) {
                            unknown(number, WireType.LEN, start, d.pos);
                        }
                    }
                    default -> collectField(d, tag);
                }
            }
        } finally {
            d.walk = null;
            d.pos = end;
            d.limit = end;
        }
    }

    private void collectField(final MessageDecoder d, final int tag) {
        final int number = tag >>> 3;
        final int wireType = tag & 7;
        if (wireType == WireType.LEN) {
            final int length = d.readLength();
            final int start = d.pos;
            d.pos += length;
            unknown(number, wireType, start, d.pos);
        } else if (wireType == WireType.START_GROUP) {
            final int start = d.pos;
            unknown(number, wireType, start, d.skipGroupContent(number));
        } else {
            final int start = d.pos;
            d.skipField(tag);
            unknown(number, wireType, start, d.pos);
        }
    }

    /** Forgets everything: before a print, which may follow one that threw. */
    void reset() {
        unknownCount = 0;
        nesting = 0;
    }

    /** Prints the unknown fields of {@code message}, as protobuf-java prints its UnknownFieldSet. */
    void print(final MessageDecoder message) {
        final int mark = unknownCount;
        collect(message);
        printUnknown(message, mark);
    }

    /** Prints the unknown fields of a dynamic message, as a generated decoder's of its type. */
    void print(final DynamicDecoder message) {
        final int mark = unknownCount;
        collect(message);
        printUnknown(message, mark);
    }

    /**
     * Records what protobuf-java's generated code keeps as unknown fields of {@code d}: the occurrences its walk
     * finds unknown, a packed run's undeclared closed-enum numbers, and map entries whose closed-enum value is
     * undeclared.
     */
    private void collect(final DynamicDecoder d) {
        if (d.unknownFieldCount() == 0 && !hasClosedEnumMap(d.schema())) {
            return;
        }
        for (d.restartWalk(); d.next(); ) {
            final int number = d.number();
            final FieldSchema field = d.field();
            final int start = d.occurrenceValueStart();
            final int end = d.occurrenceValueEnd();
            if (field == null) {
                final FieldSchema declared = d.schema().fieldByNumber(number);
                final boolean enumNumber =
                        declared != null && declared.isClosedEnum() && d.wireType() == WireType.VARINT;
                unknown(number, enumNumber ? ENUM_VARINT : d.wireType(), start, end);
            } else if (field.isClosedEnum() && d.isPackedRun()) {
                for (int p = start; p < end; ) {
                    final int next = varint(d, p, end);
                    if (next < 0) {
                        throw new ProtoDecodeException("malformed varint in a packed run", p);
                    }
                    if (!field.enumType().isKnown((int) varintValue)) {
                        unknown(number, ENUM_VARINT, p, next);
                    }
                    p = next;
                }
            } else if (field.isMap()
                    && DynamicMapEntries.isUndeclaredEntry(
                            d.message(), field.messageType().fieldByNumber(2))) {
                unknown(number, WireType.LEN, start, end);
            }
        }
        d.restartWalk();
    }

    private static boolean hasClosedEnumMap(final MessageSchema schema) {
        for (int i = 0; i < schema.fieldCount(); i++) {
            final FieldSchema field = schema.field(i);
            if (field.isMap() && field.messageType().fieldByNumber(2).isClosedEnum()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Records an unknown field of the message being printed.
     *
     * @param number   the field number.
     * @param wireType its wire type, or {@link #ENUM_VARINT} for a closed enum's undeclared number.
     * @param start    the value's first byte (a length-delimited field's or group's content).
     * @param end      the value's end.
     */
    private void unknown(final int number, final int wireType, final int start, final int end) {
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
            unknownKeys = Arrays.copyOf(unknownKeys, n);
            unknownKinds = Arrays.copyOf(unknownKinds, n);
            unknownStarts = Arrays.copyOf(unknownStarts, n);
            unknownEnds = Arrays.copyOf(unknownEnds, n);
        }
        final int slot = unknownCount++;
        final long order = kind == ENUM_VARINT ? VARINT : kind;
        unknownKeys[slot] = ((long) number << 34) | (order << 31) | slot;
        unknownKinds[slot] = kind;
        unknownStarts[slot] = start;
        unknownEnds[slot] = end;
    }

    /** Sorts the unknown fields recorded since {@code mark}, prints them, and forgets them. */
    private void printUnknown(final WireReader reader, final int mark) {
        final int end = unknownCount;
        sortKeys(unknownKeys, mark, end);
        for (int i = mark; i < end; i++) {
            final long key = unknownKeys[i];
            final int slot = (int) (key & 0x7FFF_FFFFL);
            final int number = (int) (key >>> 34);
            final int start = unknownStarts[slot];
            final int valueEnd = unknownEnds[slot];
            printer.indent();
            printer.out().append(number);
            switch (unknownKinds[slot]) {
                case VARINT -> {
                    varint(reader, start, valueEnd);
                    printer.out().append(": ");
                    printer.appendUnsigned(varintValue);
                }
                case ENUM_VARINT -> {
                    varint(reader, start, valueEnd);
                    printer.out().append(": ");
                    printer.appendUnsigned((int) varintValue);
                }
                case FIXED32 -> {
                    printer.out().append(": 0x");
                    printer.appendHex(reader.fixed32At(start) & 0xFFFF_FFFFL, 8);
                }
                case FIXED64 -> {
                    printer.out().append(": 0x");
                    printer.appendHex(reader.fixed64At(start), 16);
                }
                case LENGTH_DELIMITED -> lengthDelimited(reader, start, valueEnd);
                default -> {
                    printer.out().append(" {\n");
                    printer.nest(1);
                    final int nested = unknownCount;
                    parseUnknown(reader, start, valueEnd, 0);
                    printUnknown(reader, nested);
                    printer.nest(-1);
                    printer.indent();
                    printer.out().append('}');
                }
            }
            printer.out().append('\n');
        }
        unknownCount = mark;
    }

    private void lengthDelimited(final WireReader reader, final int start, final int end) {
        printer.out().append(": ");
        final int nested = unknownCount;
        if (nesting < UNKNOWN_NESTING_LIMIT && parseUnknown(reader, start, end, 0)) {
            printer.out().append("{\n");
            printer.nest(1);
            nesting++;
            printUnknown(reader, nested);
            nesting--;
            printer.nest(-1);
            printer.indent();
            printer.out().append('}');
        } else {
            printer.out().append('"');
            for (int i = start; i < end; i++) {
                printer.escape(reader.byteAt(i));
            }
            printer.out().append('"');
        }
    }

    /**
     * Records the fields of {@code [start, end)} as protobuf-java's {@code UnknownFieldSet.parseFrom} reads them.
     *
     * @return false, having recorded nothing, if they do not parse.
     */
    private boolean parseUnknown(final WireReader reader, final int start, final int end, final int depth) {
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
            final WireReader reader, final int start, final int end, final int number, final int depth) {
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
    private int varint(final WireReader reader, final int start, final int end) {
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
}
