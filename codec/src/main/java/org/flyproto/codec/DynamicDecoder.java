package org.flyproto.codec;

import java.util.Arrays;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.buffers.BytesView;
import org.flyproto.buffers.Utf8View;
import org.flyproto.buffers.Varint;
import org.flyproto.buffers.WireType;
import org.flyproto.buffers.ZigZag;
import org.flyproto.codec.schema.EnumSchema;
import org.flyproto.codec.schema.FieldSchema;
import org.flyproto.codec.schema.FieldType;
import org.flyproto.codec.schema.MessageSchema;

/**
 * A decoder of a message type known only at run time, from its {@link MessageSchema} (a generated encoder's
 * {@code SCHEMA}, or one loaded from a descriptor set): the flyweight a generated decoder is, driven by the schema
 * instead of generated code.
 *
 * <p><b>Wrap.</b> {@link #wrap} validates as a generated decoder's {@code wrap} does, scanning the whole tree once:
 * every tag, wire type, length, varint, group and packed run, the nesting depth, and the UTF-8 of every string whose
 * field validates it. Errors are found in the order a generated decoder finds them: a singular string replaced by a
 * later occurrence is checked when it is replaced, every other string after the structure of the whole tree (the
 * first invalid one in wire order, where a generated decoder reports the first one read).
 * {@link #wrapTrusted} skips UTF-8 validation and the eager walk of nested messages; it
 * still checks what it reads. Neither reads outside the wrapped region whatever the bytes say, also with Agrona's
 * bounds checks disabled; bad input raises {@link ProtoDecodeException} with the absolute offset.
 *
 * <p><b>Two ways to read.</b>
 *
 * <ul>
 *   <li><b>By field</b>, as protobuf-java's {@code DynamicMessage} reads: {@link #has}, typed getters
 *       ({@link #int32Value(FieldSchema)}, {@link #string(FieldSchema)}, {@link #message(FieldSchema)}, ...) that
 *       return the last occurrence of a scalar, the default when absent (an explicit default, a closed enum's first
 *       value, else zero or empty), the merge of every occurrence of a singular message field; {@link #count} and
 *       {@link #elements} over repeated fields and maps (packed and unpacked occurrences mixed, in wire order);
 *       {@link #mapEntry(FieldSchema, long)} and {@link #mapEntry(FieldSchema, CharSequence)} look a map key up, the
 *       last entry with the key winning. A number a closed enum does not declare is an unknown field, not a value
 *       (in a map entry, an unknown field of the entry, whose value then reads as the default, as
 *       {@code DynamicMessage} reads it; generated code drops such an entry).
 *   <li><b>In wire order</b>: {@link #next()} moves to each field occurrence in turn, known or not;
 *       {@link #number()}, {@link #wireType()}, {@link #field()} (null for an unknown field) describe it and the
 *       no-argument getters ({@link #int32Value()}, {@link #string()}, {@link #message()}, {@link #elements()} for a
 *       packed run) read it.
 * </ul>
 *
 * <p>A field is looked up by number or name through {@link #field(int)} and {@link #field(CharSequence)}.
 *
 * <p><b>Reuse.</b> A flyweight, and so is what it hands out: one nested decoder and one cursor per field, one for the
 * occurrence of the walk, one {@code Utf8View} and one {@code BytesView}, created on first use and pointed again at
 * what is asked for next; wrapping again invalidates them. Nothing is allocated in steady state. Not thread-safe.
 */
public final class DynamicDecoder extends WireReader {
    private static final DirectBuffer EMPTY = new UnsafeBuffer(new byte[0]);
    private static final int[] NO_INTS = new int[0];
    private static final int NONE = -1;

    private MessageSchema schema;
    /** Absolute index of the first byte of the message (of its first region when merged). */
    private int offset;
    /** Absolute exclusive end of the message (of its last region when merged). */
    private int end;

    private boolean trusted;
    private boolean deep;
    /** Index of the first invalid UTF-8 byte a validating scan found below and in this message, or -1. */
    private int badUtf8;

    /** The regions of this message's content when it is the merge of several occurrences. */
    private Regions merged;

    private boolean isMerged;

    /** Per field index: the tag offset of the first occurrence that counts, or -1. */
    private int[] first = NO_INTS;
    /** Per field index: occurrences (singular) or elements (repeated) that count. */
    private int[] count = NO_INTS;
    /** Per field index: the start of the last occurrence's value (content for strings, bytes and messages). */
    private int[] valueStart = NO_INTS;
    /** Per field index: the end of the last occurrence's value (content). */
    private int[] valueEnd = NO_INTS;
    /** Per field index: the end of the last occurrence that counts, where its cursor can stop. */
    private int[] lastEnd = NO_INTS;
    /** Per oneof: the index of the member set last, or -1. */
    private int[] oneofCase = NO_INTS;

    private int unknownCount;

    /** The occurrence of the walk: its tag (0 before the first and after the last), its field, where it lies. */
    private int tag;

    private FieldSchema current;
    private int tagStart;
    private int currentStart;
    private int currentEnd;

    private DynamicDecoder[] children = new DynamicDecoder[0];
    private DynamicCursor[] cursors = new DynamicCursor[0];
    private DynamicDecoder walkChild;
    private DynamicDecoder scratch;
    private DynamicCursor runCursor;
    private DynamicDecoder lookup;
    private DynamicCursor lookupCursor;
    private final Utf8View utf8View = new Utf8View();
    private final BytesView bytesView = new BytesView();

    private DynamicDecoder printingTwin;
    private TextPrinter textPrinter;

    /** Creates a decoder; wrap it before reading. */
    public DynamicDecoder() {
        buffer = EMPTY;
    }

    /**
     * Wraps an encoded message and validates the whole tree, as a generated decoder's {@code wrap} does.
     *
     * @param schema the message's type.
     * @param buffer the buffer holding the message.
     * @param offset index of its first byte.
     * @param length its length in bytes.
     * @return this decoder.
     * @throws IllegalArgumentException if the region is not inside the buffer.
     * @throws ProtoDecodeException     if the bytes are not a valid message of the type.
     */
    public DynamicDecoder wrap(
            final MessageSchema schema, final DirectBuffer buffer, final int offset, final int length) {
        wrapRoot(schema, buffer, offset, length, false);
        return this;
    }

    /**
     * Wraps an encoded message from a trusted source: UTF-8 is not validated and nested messages are checked only
     * when read; still never a read outside the region.
     *
     * @param schema the message's type.
     * @param buffer the buffer holding the message.
     * @param offset index of its first byte.
     * @param length its length in bytes.
     * @return this decoder.
     * @throws IllegalArgumentException if the region is not inside the buffer.
     * @throws ProtoDecodeException     if what is read is malformed.
     */
    public DynamicDecoder wrapTrusted(
            final MessageSchema schema, final DirectBuffer buffer, final int offset, final int length) {
        wrapRoot(schema, buffer, offset, length, true);
        return this;
    }

    private void wrapRoot(
            final MessageSchema schema,
            final DirectBuffer buffer,
            final int offset,
            final int length,
            final boolean trusted) {
        RegionArgument.check(offset, length, buffer.capacity());
        maxDepth = DEFAULT_MAX_DEPTH;
        attachRegion(buffer, offset, length);
        wrapAt(schema, offset, offset + length, 0, trusted, !trusted);
        if (badUtf8 >= 0) {
            throw new ProtoDecodeException("invalid UTF-8", badUtf8);
        }
    }

    /**
     * Sets the maximum nesting depth of messages and groups below the root, for the next wrap of this root decoder
     * and everything it hands out.
     *
     * @param maxDepth the limit; {@link WireReader#DEFAULT_MAX_DEPTH} unless set.
     * @return this decoder.
     */
    public DynamicDecoder maxDepth(final int maxDepth) {
        this.maxDepth = maxDepth;
        return this;
    }

    private void wrapAt(
            final MessageSchema schema,
            final int start,
            final int end,
            final int depth,
            final boolean trusted,
            final boolean deep) {
        if (depth > maxDepth) {
            throw new ProtoDecodeException("nesting deeper than " + maxDepth, start);
        }
        begin(schema, depth, trusted, deep);
        this.offset = start;
        this.end = end;
        pos = start;
        limit = end;
        scan();
        restartWalk();
    }

    private void begin(final MessageSchema schema, final int depth, final boolean trusted, final boolean deep) {
        this.schema = schema;
        this.depth = depth;
        this.trusted = trusted;
        this.deep = deep;
        this.isMerged = false;
        this.walk = null;
        this.badUtf8 = NONE;
        this.unknownCount = 0;
        final int fields = schema.fieldCount();
        if (first.length < fields) {
            final int n = Math.max(fields, 2 * first.length);
            first = new int[n];
            count = new int[n];
            valueStart = new int[n];
            valueEnd = new int[n];
            lastEnd = new int[n];
            children = Arrays.copyOf(children, n);
            cursors = Arrays.copyOf(cursors, n);
        }
        Arrays.fill(first, 0, fields, NONE);
        Arrays.fill(count, 0, fields, 0);
        if (oneofCase.length < schema.oneofCount()) {
            oneofCase = new int[Math.max(schema.oneofCount(), 2 * oneofCase.length)];
        }
        Arrays.fill(oneofCase, 0, schema.oneofCount(), NONE);
    }

    /** Wraps this decoder on a nested message of {@code parent}: one region, or none for an absent field. */
    DynamicDecoder wrapChild(
            final DynamicDecoder parent,
            final MessageSchema schema,
            final int start,
            final int end,
            final boolean deep) {
        maxDepth = parent.maxDepth;
        attach(parent);
        wrapAt(schema, start, end, parent.depth + 1, parent.trusted, deep);
        return this;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // The scan
    // ---------------------------------------------------------------------------------------------------------------

    /** Scans {@code [pos, limit)}, recording the occurrences the getters read. */
    private void scan() {
        final MessageSchema s = schema;
        while (true) {
            final int at = pos;
            final int t = nextTag();
            if (t == 0) {
                return;
            }
            final int index = s.indexOf(t >>> 3);
            if (index < 0) {
                skipField(t);
                unknownCount++;
                continue;
            }
            final FieldSchema field = s.field(index);
            final int wireType = t & 7;
            if (wireType == (field.tag() & 7)) {
                if (deep) {
                    checkReplaced(index, field);
                }
                unpacked(index, field, at);
            } else if (wireType == WireType.LEN
                    && field.isRepeated()
                    && field.type().isPackable()) {
                packed(index, field, at);
            } else {
                skipField(t);
                unknownCount++;
            }
        }
    }

    /**
     * A validating scan checks the UTF-8 of a singular string when a later occurrence replaces it (of the field, or of
     * another member of its oneof), before reading the new value, as a generated decoder's scan does; the string that
     * stays the value is checked with the others at the end of the wrap. So both report the same error first.
     */
    private void checkReplaced(final int index, final FieldSchema field) {
        final int replaced = field.oneof() >= 0 ? oneofCase[field.oneof()] : count[index] > 0 ? index : NONE;
        if (replaced >= 0 && !field.isRepeated()) {
            final FieldSchema value = schema.field(replaced);
            if (value.type() == FieldType.STRING && value.validatesUtf8()) {
                checkUtf8(valueStart[replaced], valueEnd[replaced] - valueStart[replaced]);
            }
        }
    }

    private void unpacked(final int index, final FieldSchema field, final int at) {
        final int start = pos;
        switch (field.type()) {
            case INT32, INT64, UINT32, UINT64, SINT32, SINT64, BOOL -> readVarint64();
            case ENUM -> {
                final int number = readVarint32();
                if (field.isClosedEnum() && !field.enumType().isKnown(number)) {
                    unknownCount++;
                    return;
                }
            }
            case FIXED32, SFIXED32, FLOAT -> readFixed32();
            case FIXED64, SFIXED64, DOUBLE -> readFixed64();
            case STRING -> {
                final int length = readLength();
                final int content = pos;
                pos += length;
                if (deep && field.validatesUtf8()) {
                    checkUtf8Deferred(content, length);
                }
                record(index, field, at, content, pos);
                return;
            }
            case BYTES -> {
                final int length = readLength();
                pos += length;
                record(index, field, at, pos - length, pos);
                return;
            }
            case MESSAGE -> {
                message(index, field, at);
                return;
            }
        }
        record(index, field, at, start, pos);
    }

    private void message(final int index, final FieldSchema field, final int at) {
        final int start;
        final int contentEnd;
        if (field.isDelimited()) {
            start = pos;
            contentEnd = skipGroupContent(field.number());
        } else {
            final int length = readLength();
            start = pos;
            contentEnd = pos + length;
            pos = contentEnd;
        }
        if (deep) {
            DynamicDecoder child = scratch;
            if (child == null) {
                child = new DynamicDecoder();
                scratch = child;
            }
            child.wrapChild(this, field.messageType(), start, contentEnd, true);
            if (child.badUtf8 >= 0 && badUtf8 < 0) {
                badUtf8 = child.badUtf8;
            }
        }
        record(index, field, at, start, contentEnd);
    }

    /** Records an occurrence of a field: the last one, counted; a oneof's member set anew starts over. */
    private void record(final int index, final FieldSchema field, final int at, final int start, final int stop) {
        final int oneof = field.oneof();
        if (oneof >= 0) {
            if (oneofCase[oneof] != index) {
                oneofCase[oneof] = index;
                first[index] = NONE;
                count[index] = 0;
            }
        }
        if (first[index] < 0) {
            first[index] = at;
        }
        count[index]++;
        valueStart[index] = start;
        valueEnd[index] = stop;
        lastEnd[index] = pos;
    }

    private void packed(final int index, final FieldSchema field, final int at) {
        final int length = readLength();
        final int runEnd = pos + length;
        int elements;
        switch (field.type()) {
            case FIXED32, SFIXED32, FLOAT -> {
                checkPackedFixed(length, 4);
                elements = length / 4;
            }
            case FIXED64, SFIXED64, DOUBLE -> {
                checkPackedFixed(length, 8);
                elements = length / 8;
            }
            case ENUM -> {
                if (deep) {
                    checkPackedVarints(length);
                }
                if (field.isClosedEnum()) {
                    elements = declaredElements(field.enumType(), runEnd);
                } else {
                    elements = countPackedVarints(length);
                }
            }
            default -> elements = deep ? checkPackedVarints(length) : countPackedVarints(length);
        }
        pos = runEnd;
        if (first[index] < 0) {
            first[index] = at;
        }
        count[index] += elements;
        lastEnd[index] = runEnd;
    }

    /** Reads the run up to {@code runEnd}: the elements a closed enum declares count, the others are unknown. */
    private int declaredElements(final EnumSchema type, final int runEnd) {
        final int savedLimit = limit;
        limit = runEnd;
        int declared = 0;
        try {
            while (pos < runEnd) {
                if (type.isKnown(readVarint32())) {
                    declared++;
                } else {
                    unknownCount++;
                }
            }
        } finally {
            limit = savedLimit;
        }
        return declared;
    }

    private void checkUtf8Deferred(final int start, final int length) {
        if (badUtf8 < 0) {
            final int bad = org.flyproto.buffers.Utf8.invalidIndex(buffer, start, length);
            if (bad >= 0) {
                badUtf8 = bad;
            }
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // The message
    // ---------------------------------------------------------------------------------------------------------------

    /**
     * @return the schema of the message this decoder reads.
     */
    public MessageSchema schema() {
        return schema;
    }

    /**
     * @return the buffer the message is read from.
     */
    public DirectBuffer encodedBuffer() {
        return buffer;
    }

    /**
     * @return index of the message's first byte (of its first occurrence, for a merged message).
     */
    public int encodedOffset() {
        return offset;
    }

    /**
     * @return the message's length in bytes (from its first occurrence to the end of its last, for a merged message).
     */
    public int encodedLength() {
        return end - offset;
    }

    /**
     * @return true if this message is the merge of several occurrences of a singular message field.
     */
    public boolean isMerged() {
        return isMerged;
    }

    /**
     * @return the number of fields of this message that protobuf keeps as unknown: occurrences of numbers the schema
     *     does not have or with another wire type, and numbers a closed enum does not declare (each element of a
     *     packed run). Those of nested messages, map entries included, are theirs.
     */
    public int unknownFieldCount() {
        return unknownCount;
    }

    /**
     * @param number a field number.
     * @return the field of this message's schema with that number.
     * @throws IllegalArgumentException if there is none.
     */
    public FieldSchema field(final int number) {
        if (schema == null) {
            throw new IllegalStateException("the decoder is not wrapped");
        }
        final FieldSchema field = schema.fieldByNumber(number);
        if (field == null) {
            throw new IllegalArgumentException(schema + " has no field " + number);
        }
        return field;
    }

    /**
     * @param name a field's name: its text-format name (the .proto name; a group's type name; {@code [full.name]} for
     *     an extension) or its JSON name.
     * @return the field of this message's schema with that name.
     * @throws IllegalArgumentException if there is none.
     */
    public FieldSchema field(final CharSequence name) {
        FieldSchema field = schema.textField(name, 0, name.length());
        if (field == null) {
            field = schema.jsonField(name, 0, name.length());
        }
        if (field == null) {
            throw new IllegalArgumentException(schema + " has no field " + name);
        }
        return field;
    }

    private int indexOf(final FieldSchema field) {
        final MessageSchema s = schema;
        if (s == null) {
            throw new IllegalStateException("the decoder is not wrapped");
        }
        final int index = s.indexOf(field.number());
        if (index < 0 || schema.field(index) != field) {
            throw new IllegalArgumentException(field + " is not a field of " + schema);
        }
        return index;
    }

    /** The index of a singular field of {@code type}; or an exception naming the field. */
    private int singularIndex(final FieldSchema field, final FieldType type) {
        if (field.type() != type) {
            throw wrongType(field, type.name());
        }
        final int index = indexOf(field);
        if (field.isRepeated()) {
            throw new IllegalArgumentException(field + " is repeated: read it with elements(field)");
        }
        return index;
    }

    /** The index of a singular field of {@code type} if it is set, else -1. */
    private int presentIndex(final FieldSchema field, final FieldType type) {
        final int index = singularIndex(field, type);
        return isSet(index, field) ? index : NONE;
    }

    private boolean isSet(final int index, final FieldSchema field) {
        return count[index] > 0 && (field.oneof() < 0 || oneofCase[field.oneof()] == index);
    }

    static IllegalArgumentException wrongType(final FieldSchema field, final String expected) {
        return new IllegalArgumentException(field + " is not of type " + expected);
    }

    /**
     * @param field a field of this message.
     * @return for a singular field, true if it is set (for a oneof member, if it is the member set); for a repeated
     *     field, true if it has an element.
     */
    public boolean has(final FieldSchema field) {
        return isSet(indexOf(field), field);
    }

    /**
     * @param field a field of this message.
     * @return the number of elements of a repeated field or map (entries with the same key counted each); for a
     *     singular field, 1 if it is set, else 0.
     */
    public int count(final FieldSchema field) {
        final int index = indexOf(field);
        if (field.isRepeated()) {
            return count[index];
        }
        return isSet(index, field) ? 1 : 0;
    }

    /**
     * @param field a oneof member's field, or any field.
     * @return for a oneof, the member set last (null if none); for a field in no oneof, null.
     */
    public FieldSchema oneofCase(final FieldSchema field) {
        indexOf(field);
        if (field.oneof() < 0) {
            return null;
        }
        final int index = oneofCase[field.oneof()];
        return index < 0 ? null : schema.field(index);
    }

    /**
     * The value of a 32-bit integer field: int32, sint32, sfixed32, and uint32 and fixed32 as their bit pattern.
     *
     * @param field a singular field of this message of one of those types.
     * @return the last value, or the default if absent.
     * @throws IllegalArgumentException if the field is not of such a type or not of this message.
     */
    public int int32Value(final FieldSchema field) {
        final int index = indexOf(field);
        if (field.isRepeated() || !isInt32(field.type())) {
            throw wrongType(field, "singular 32-bit integer");
        }
        return isSet(index, field) ? int32At(field.type(), valueStart[index]) : (int) field.defaultLong();
    }

    /**
     * {@link #int32Value(FieldSchema)} of a uint32 or fixed32 field (any 32-bit integer field): the bit pattern.
     *
     * @param field a singular 32-bit integer field of this message.
     * @return the last value, or the default if absent.
     */
    public int uint32Value(final FieldSchema field) {
        return int32Value(field);
    }

    /**
     * The value of a 64-bit integer field: int64, sint64, sfixed64, and uint64 and fixed64 as their bit pattern.
     *
     * @param field a singular field of this message of one of those types.
     * @return the last value, or the default if absent.
     * @throws IllegalArgumentException if the field is not of such a type or not of this message.
     */
    public long int64Value(final FieldSchema field) {
        final int index = indexOf(field);
        if (field.isRepeated() || !isInt64(field.type())) {
            throw wrongType(field, "singular 64-bit integer");
        }
        return isSet(index, field) ? int64At(field.type(), valueStart[index]) : field.defaultLong();
    }

    /**
     * {@link #int64Value(FieldSchema)} of a uint64 or fixed64 field (any 64-bit integer field): the bit pattern.
     *
     * @param field a singular 64-bit integer field of this message.
     * @return the last value, or the default if absent.
     */
    public long uint64Value(final FieldSchema field) {
        return int64Value(field);
    }

    /**
     * @param field a singular float field of this message.
     * @return the last value, or the default if absent.
     * @throws IllegalArgumentException if it is not one.
     */
    public float floatValue(final FieldSchema field) {
        final int index = presentIndex(field, FieldType.FLOAT);
        return index < 0 ? (float) field.defaultDouble() : Float.intBitsToFloat(fixed32At(valueStart[index]));
    }

    /**
     * @param field a singular double field of this message.
     * @return the last value, or the default if absent.
     * @throws IllegalArgumentException if it is not one.
     */
    public double doubleValue(final FieldSchema field) {
        final int index = presentIndex(field, FieldType.DOUBLE);
        return index < 0 ? field.defaultDouble() : Double.longBitsToDouble(fixed64At(valueStart[index]));
    }

    /**
     * @param field a singular bool field of this message.
     * @return the last value, or the default if absent.
     * @throws IllegalArgumentException if it is not one.
     */
    public boolean boolValue(final FieldSchema field) {
        final int index = presentIndex(field, FieldType.BOOL);
        return index < 0 ? field.defaultLong() != 0 : varintAt(valueStart[index]) != 0;
    }

    /**
     * @param field a singular enum field of this message.
     * @return the number of the last value (for a closed enum, the last the enum declares), or the default if
     *     absent: the explicit default, else the enum's first value.
     * @throws IllegalArgumentException if it is not one.
     */
    public int enumValue(final FieldSchema field) {
        final int index = presentIndex(field, FieldType.ENUM);
        return index < 0 ? (int) enumDefault(field) : (int) varintAt(valueStart[index]);
    }

    static long enumDefault(final FieldSchema field) {
        if (field.hasDefault()) {
            return field.defaultLong();
        }
        final EnumSchema type = field.enumType();
        return type.valueCount() == 0 ? 0 : type.number(0);
    }

    /**
     * @param field a singular string field of this message.
     * @return a view of its last value, or of the default if absent (validated at a validating wrap); the decoder's
     *     one string view.
     * @throws IllegalArgumentException if it is not one.
     */
    public Utf8View string(final FieldSchema field) {
        final int index = presentIndex(field, FieldType.STRING);
        if (index < 0) {
            final DirectBuffer value = field.defaultBytes();
            return utf8View.wrap(value, 0, value.capacity());
        }
        return utf8View.wrap(buffer, valueStart[index], valueEnd[index] - valueStart[index]);
    }

    /**
     * @param field a singular bytes field of this message.
     * @return a view of its last value, or of the default if absent; the decoder's one bytes view.
     * @throws IllegalArgumentException if it is not one.
     */
    public BytesView bytes(final FieldSchema field) {
        final int index = presentIndex(field, FieldType.BYTES);
        if (index < 0) {
            final DirectBuffer value = field.defaultBytes();
            return bytesView.wrap(value, 0, value.capacity());
        }
        return bytesView.wrap(buffer, valueStart[index], valueEnd[index] - valueStart[index]);
    }

    /**
     * A singular message or group field: the merge of all its occurrences, as protobuf merges them (for a oneof
     * member, of those since another member was last set); the empty message if absent.
     *
     * @param field a singular message field of this message.
     * @return the field's decoder (one per field, reused).
     * @throws IllegalArgumentException if it is not one.
     */
    public DynamicDecoder message(final FieldSchema field) {
        final int index = singularIndex(field, FieldType.MESSAGE);
        DynamicDecoder child = children[index];
        if (child == null) {
            child = new DynamicDecoder();
            children[index] = child;
        }
        if (!isSet(index, field)) {
            return child.wrapChild(this, field.messageType(), end, end, false);
        }
        if (count[index] == 1) {
            return child.wrapChild(this, field.messageType(), valueStart[index], valueEnd[index], false);
        }
        child.mergeOccurrences(this, field, first[index]);
        return child;
    }

    private void mergeOccurrences(final DynamicDecoder parent, final FieldSchema field, final int from) {
        maxDepth = parent.maxDepth;
        attach(parent);
        if (parent.depth + 1 > maxDepth) {
            throw new ProtoDecodeException("nesting deeper than " + maxDepth, from);
        }
        if (merged == null) {
            merged = new Regions();
        }
        final Regions regions = merged;
        regions.clear();
        final int fieldTag = field.tag();
        parent.walkContent(this, from);
        for (int t; (t = walkTag()) != 0; ) {
            if (t == fieldTag) {
                if (field.isDelimited()) {
                    final int start = pos;
                    regions.add(start, skipGroupContent(t >>> 3));
                } else {
                    final int length = readLength();
                    regions.add(pos, pos + length);
                    pos += length;
                }
            } else {
                skipField(t);
            }
        }
        scanMerged(field.messageType(), parent.depth + 1, parent.trusted);
    }

    /** Scans the regions of {@link #merged}, one message. */
    private void scanMerged(final MessageSchema schema, final int depth, final boolean trusted) {
        final Regions regions = merged;
        begin(schema, depth, trusted, false);
        offset = regions.start(0);
        end = regions.end(regions.count() - 1);
        for (int i = 0; i < regions.count(); i++) {
            pos = regions.start(i);
            limit = regions.end(i);
            scan();
        }
        isMerged = true;
        restartWalk();
    }

    /**
     * Wraps this decoder on the message packed in an Any that {@code holder} reads, {@code [start, end)} of its
     * buffer: one level deeper, validated (UTF-8 included) unless {@code holder} is trusted.
     *
     * @throws ProtoDecodeException if the bytes are not a valid message of {@code schema}.
     */
    DynamicDecoder wrapPacked(final DynamicDecoder holder, final MessageSchema schema, final int start, final int end) {
        wrapChild(holder, schema, start, end, !holder.trusted);
        if (badUtf8 >= 0) {
            throw new ProtoDecodeException("invalid UTF-8", badUtf8);
        }
        return this;
    }

    /**
     * The decoder printing reads through, so as not to disturb this one: a second decoder (created on first use,
     * then reused) wrapped on what this one reads.
     *
     * @throws IllegalStateException if this decoder was never wrapped.
     */
    DynamicDecoder printingTwin() {
        if (schema == null) {
            throw new IllegalStateException("the decoder is not wrapped");
        }
        DynamicDecoder twin = printingTwin;
        if (twin == null) {
            twin = new DynamicDecoder();
            printingTwin = twin;
        }
        twin.maxDepth = maxDepth;
        twin.attach(this);
        if (isMerged) {
            if (twin.merged == null) {
                twin.merged = new Regions();
            }
            twin.merged.copy(merged);
            twin.scanMerged(schema, depth, trusted);
        } else {
            twin.wrapAt(schema, offset, end, depth, trusted, false);
        }
        return twin;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Text format
    // ---------------------------------------------------------------------------------------------------------------

    /**
     * Appends this message in protobuf's text format, as a generated decoder's {@code appendTo} prints the same bytes
     * of the same type (and protobuf-java's {@code TextFormat.printer().printToString(message)} the message): fields
     * in field-number order, nested messages as indented blocks, map entries sorted by key, then the unknown fields by
     * number.
     *
     * <p>No allocation in steady state when {@code out} has the capacity. Printing never disturbs this decoder: it
     * reads through a second decoder wrapped on the same bytes, so cursors, views and nested decoders handed out
     * before stay as they were. A decoder never wrapped prints nothing.
     *
     * @param out where to append.
     * @return {@code out}.
     */
    public StringBuilder appendTo(final StringBuilder out) {
        if (schema == null) {
            return out;
        }
        textPrinter().print(printingTwin(), out);
        return out;
    }

    /**
     * Appends this message in protobuf's text format, as {@link #appendTo(StringBuilder)} does, to any
     * {@code Appendable} (through a reused StringBuilder unless it is one).
     *
     * @param out where to append.
     * @return {@code out}.
     * @throws java.io.UncheckedIOException if {@code out} throws an IOException.
     */
    public Appendable appendTo(final Appendable out) {
        if (out instanceof StringBuilder builder) {
            return appendTo(builder);
        }
        final StringBuilder text = appendTo(textPrinter().scratch());
        try {
            out.append(text);
        } catch (final java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return out;
    }

    /**
     * @return this message in protobuf's text format, as {@link #appendTo(StringBuilder)} prints it (allocates the
     *     String).
     */
    @Override
    public String toString() {
        return appendTo(new StringBuilder()).toString();
    }

    private TextPrinter textPrinter() {
        TextPrinter printer = textPrinter;
        if (printer == null) {
            printer = new TextPrinter();
            textPrinter = printer;
        }
        return printer;
    }

    /** Points {@code reader} at {@code position} of this message's content, to walk it with {@code walkTag()}. */
    void walkContent(final WireReader reader, final int position) {
        reader.walkFrom(isMerged ? merged : null, end, position);
    }

    /**
     * A cursor over the elements of a repeated field, in wire order, packed and unpacked occurrences alike; for a
     * repeated message field or a map, {@link DynamicCursor#message()} reads each element (a map entry: key field 1,
     * value field 2).
     *
     * @param field a repeated field of this message.
     * @return the field's cursor (one per field, reused), before the first element.
     * @throws IllegalArgumentException if the field is not repeated or not of this message.
     */
    public DynamicCursor elements(final FieldSchema field) {
        final int index = indexOf(field);
        if (!field.isRepeated()) {
            throw new IllegalArgumentException(field + " is not repeated");
        }
        DynamicCursor cursor = cursors[index];
        if (cursor == null) {
            cursor = new DynamicCursor();
            cursors[index] = cursor;
        }
        return cursor.wrap(this, field, first[index], count[index], lastEnd[index]);
    }

    /**
     * Looks up an integer or bool key in a map: the last entry with the key wins, as in protobuf-java's map.
     *
     * @param field a map field of this message whose key is an integer or bool (as {@code long}: 32-bit keys as
     *     {@link #int32Value(FieldSchema)} returns them, bools as 0 or 1).
     * @param key   the key.
     * @return a decoder of the entry (this decoder's one lookup decoder), or null if no entry has the key.
     */
    public DynamicDecoder mapEntry(final FieldSchema field, final long key) {
        final FieldSchema keyField = mapKey(field);
        if (keyField.type() == FieldType.STRING) {
            throw wrongType(keyField, "integer or bool");
        }
        final int at = lastEntry(field, keyField, key, null);
        return at < 0 ? null : entry(field, at, foundEnd);
    }

    /**
     * Looks up a string key in a map: the last entry with the key wins, as in protobuf-java's map.
     *
     * @param field a map field of this message whose key is a string.
     * @param key   the key.
     * @return a decoder of the entry (this decoder's one lookup decoder), or null if no entry has the key.
     */
    public DynamicDecoder mapEntry(final FieldSchema field, final CharSequence key) {
        final FieldSchema keyField = mapKey(field);
        if (keyField.type() != FieldType.STRING) {
            throw wrongType(keyField, "string");
        }
        final int at = lastEntry(field, keyField, 0, key);
        return at < 0 ? null : entry(field, at, foundEnd);
    }

    private FieldSchema mapKey(final FieldSchema field) {
        indexOf(field);
        if (!field.isMap()) {
            throw new IllegalArgumentException(field + " is not a map");
        }
        return field.messageType().field(0);
    }

    /** The map entry of {@code field} at {@code [start, stop)}, through this decoder's one look-up decoder. */
    DynamicDecoder entry(final FieldSchema field, final int start, final int stop) {
        DynamicDecoder d = lookup;
        if (d == null) {
            d = new DynamicDecoder();
            lookup = d;
        }
        return d.wrapChild(this, field.messageType(), start, stop, false);
    }

    /** The end of the content of the entry {@link #lastEntry} found. */
    private int foundEnd;

    /** The start of the content of the last entry whose key is {@code key} (or {@code text}), or -1. */
    private int lastEntry(
            final FieldSchema field, final FieldSchema keyField, final long key, final CharSequence text) {
        DynamicCursor cursor = lookupCursor;
        if (cursor == null) {
            cursor = new DynamicCursor();
            lookupCursor = cursor;
        }
        final int index = indexOf(field);
        cursor.wrap(this, field, first[index], count[index], lastEnd[index]);
        int found = NONE;
        final int keyTag = keyField.tag();
        while (cursor.next()) {
            final int start = cursor.valueStart();
            final int stop = cursor.valueEnd();
            if (entryHasKey(start, stop, keyTag, keyField.type(), key, text)) {
                found = start;
                foundEnd = stop;
            }
        }
        return found;
    }

    private boolean entryHasKey(
            final int start,
            final int stop,
            final int keyTag,
            final FieldType keyType,
            final long key,
            final CharSequence text) {
        // The key's last occurrence in the entry wins; absent, it is the default.
        int keyStart = NONE;
        int keyEnd = NONE;
        final int savedPos = pos;
        final int savedLimit = limit;
        final Regions savedWalk = walk;
        final int savedWalkIndex = walkIndex;
        pos = start;
        limit = stop;
        walk = null;
        try {
            for (int t; (t = nextTag()) != 0; ) {
                if (t == keyTag) {
                    if (keyType == FieldType.STRING) {
                        final int length = readLength();
                        keyStart = pos;
                        pos += length;
                        keyEnd = pos;
                    } else {
                        keyStart = pos;
                        skipField(t);
                    }
                } else {
                    skipField(t);
                }
            }
        } finally {
            pos = savedPos;
            limit = savedLimit;
            walk = savedWalk;
            walkIndex = savedWalkIndex;
        }
        if (keyType == FieldType.STRING) {
            if (keyStart < 0) {
                return text.length() == 0;
            }
            return utf8View.wrap(buffer, keyStart, keyEnd - keyStart).contentEquals(text);
        }
        if (keyStart < 0) {
            return key == 0;
        }
        return integerAt(keyType, keyStart) == key;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // The walk in wire order
    // ---------------------------------------------------------------------------------------------------------------

    /** Puts the walk before the first field occurrence again; {@link #next()} then moves to it. */
    public void restartWalk() {
        walkContent(this, offset);
        tag = 0;
        current = null;
    }

    /**
     * Moves the walk to the next field occurrence in wire order (of every region of a merged message), known or
     * unknown: a packed run is one occurrence.
     *
     * @return false at the end of the message.
     */
    public boolean next() {
        if (!walkOn()) {
            tag = 0;
            current = null;
            return false;
        }
        tagStart = pos;
        final int t = nextTag();
        tag = t;
        final int wireType = t & 7;
        final int index = schema.indexOf(t >>> 3);
        FieldSchema field = index < 0 ? null : schema.field(index);
        if (field != null
                && wireType != (field.tag() & 7)
                && !(wireType == WireType.LEN
                        && field.isRepeated()
                        && field.type().isPackable())) {
            field = null;
        }
        switch (wireType) {
            case WireType.LEN -> {
                final int length = readLength();
                currentStart = pos;
                pos += length;
                currentEnd = pos;
            }
            case WireType.START_GROUP -> {
                currentStart = pos;
                currentEnd = skipGroupContent(t >>> 3);
            }
            default -> {
                currentStart = pos;
                skipField(t);
                currentEnd = pos;
            }
        }
        if (field != null
                && field.isClosedEnum()
                && wireType == WireType.VARINT
                && !field.enumType().isKnown((int) varintAt(currentStart))) {
            field = null;
        }
        current = field;
        return true;
    }

    /**
     * @return the field number of the walk's occurrence.
     */
    public int number() {
        return tag >>> 3;
    }

    /**
     * @return the wire type of the walk's occurrence ({@link WireType}).
     */
    public int wireType() {
        return tag & 7;
    }

    /**
     * @return the field of the walk's occurrence; null when protobuf keeps it as an unknown field (a number the schema
     *     does not have, another wire type than the field's, or an unpacked number a closed enum does not declare).
     */
    public FieldSchema field() {
        return current;
    }

    /**
     * @return true if the walk's occurrence is a packed run of a repeated scalar or enum field.
     */
    public boolean isPackedRun() {
        return current != null && (tag & 7) == WireType.LEN && current.type().isPackable();
    }

    /**
     * @return index of the walk's occurrence's tag: with {@link #occurrenceLength()}, its bytes as they came.
     */
    public int occurrenceOffset() {
        return tagStart;
    }

    /**
     * @return the length of the walk's occurrence, tag to the end of its value (an END_GROUP tag included).
     */
    public int occurrenceLength() {
        return pos - tagStart;
    }

    /** @return the start of the walk's occurrence's value: a length-delimited field's or group's content. */
    int occurrenceValueStart() {
        return currentStart;
    }

    /** @return the end of the walk's occurrence's value (a group's content, its END_GROUP tag excluded). */
    int occurrenceValueEnd() {
        return currentEnd;
    }

    private void requireWire(final int wireType, final String what) {
        if ((tag & 7) != wireType || tag == 0) {
            throw new IllegalStateException(
                    "the occurrence of field " + (tag >>> 3) + " (wire type " + (tag & 7) + ") is not " + what);
        }
    }

    /**
     * The walk's occurrence as a 32-bit integer: a varint's low 32 bits (ZigZag-decoded for a sint32 field), or a
     * fixed32.
     *
     * @return the value.
     * @throws IllegalStateException if the occurrence is neither a varint nor a fixed32.
     */
    public int int32Value() {
        if ((tag & 7) == WireType.I32) {
            return fixed32At(currentStart);
        }
        requireWire(WireType.VARINT, "a varint or fixed32");
        final int raw = (int) varintAt(currentStart);
        return current != null && current.type() == FieldType.SINT32 ? ZigZag.decode32(raw) : raw;
    }

    /**
     * The walk's occurrence as a 64-bit integer: a varint (ZigZag-decoded for a sint64 field), or a fixed64.
     *
     * @return the value.
     * @throws IllegalStateException if the occurrence is neither a varint nor a fixed64.
     */
    public long int64Value() {
        if ((tag & 7) == WireType.I64) {
            return fixed64At(currentStart);
        }
        requireWire(WireType.VARINT, "a varint or fixed64");
        final long raw = varintAt(currentStart);
        return current != null && current.type() == FieldType.SINT64 ? ZigZag.decode64(raw) : raw;
    }

    /**
     * @return {@link #int32Value()}: a uint32 or fixed32 as its bit pattern.
     */
    public int uint32Value() {
        return int32Value();
    }

    /**
     * @return {@link #int64Value()}: a uint64 or fixed64 as its bit pattern.
     */
    public long uint64Value() {
        return int64Value();
    }

    /**
     * @return the walk's occurrence, a fixed32, as a float.
     * @throws IllegalStateException if it is not a fixed32.
     */
    public float floatValue() {
        requireWire(WireType.I32, "a fixed32");
        return Float.intBitsToFloat(fixed32At(currentStart));
    }

    /**
     * @return the walk's occurrence, a fixed64, as a double.
     * @throws IllegalStateException if it is not a fixed64.
     */
    public double doubleValue() {
        requireWire(WireType.I64, "a fixed64");
        return Double.longBitsToDouble(fixed64At(currentStart));
    }

    /**
     * @return the walk's occurrence, a varint, as a bool: non-zero is true.
     * @throws IllegalStateException if it is not a varint.
     */
    public boolean boolValue() {
        requireWire(WireType.VARINT, "a varint");
        return varintAt(currentStart) != 0;
    }

    /**
     * @return the walk's occurrence, a varint, as an enum's number (its low 32 bits).
     * @throws IllegalStateException if it is not a varint.
     */
    public int enumValue() {
        requireWire(WireType.VARINT, "a varint");
        return (int) varintAt(currentStart);
    }

    /**
     * @return a view of the walk's occurrence, length-delimited, as a string (the decoder's one string view; validated
     *     at a validating wrap if its field validates UTF-8).
     * @throws IllegalStateException if it is not length-delimited.
     */
    public Utf8View string() {
        requireWire(WireType.LEN, "length-delimited");
        return utf8View.wrap(buffer, currentStart, currentEnd - currentStart);
    }

    /**
     * @return a view of the walk's occurrence, length-delimited, as bytes (the decoder's one bytes view).
     * @throws IllegalStateException if it is not length-delimited.
     */
    public BytesView bytes() {
        requireWire(WireType.LEN, "length-delimited");
        return bytesView.wrap(buffer, currentStart, currentEnd - currentStart);
    }

    /**
     * @return a decoder of the walk's occurrence of a message or group field, this occurrence alone (not merged with
     *     others); the decoder's one decoder of the walk.
     * @throws IllegalStateException if the occurrence is not of a known message field.
     */
    public DynamicDecoder message() {
        if (current == null || current.type() != FieldType.MESSAGE) {
            throw new IllegalStateException("the occurrence of field " + (tag >>> 3) + " is not of a message field");
        }
        DynamicDecoder child = walkChild;
        if (child == null) {
            child = new DynamicDecoder();
            walkChild = child;
        }
        return child.wrapChild(this, current.messageType(), currentStart, currentEnd, false);
    }

    /**
     * @return a cursor over the elements of the walk's occurrence, a packed run (every element, declared by a closed
     *     enum or not); the decoder's one run cursor.
     * @throws IllegalStateException if the occurrence is not a packed run.
     */
    public DynamicCursor elements() {
        if (!isPackedRun()) {
            throw new IllegalStateException("the occurrence of field " + (tag >>> 3) + " is not a packed run");
        }
        DynamicCursor cursor = runCursor;
        if (cursor == null) {
            cursor = new DynamicCursor();
            runCursor = cursor;
        }
        return cursor.wrapRun(this, current, currentStart, currentEnd);
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Values at recorded positions (validated by the scan)
    // ---------------------------------------------------------------------------------------------------------------

    /** The varint at {@code p}, which the scan read whole inside the region. */
    long varintAt(final int p) {
        long result = 0;
        for (int i = 0; i < Varint.MAX_SIZE; i++) {
            final byte b = byteAt(p + i);
            result |= (long) (b & 0x7F) << (7 * i);
            if (b >= 0) {
                break;
            }
        }
        return result;
    }

    private int int32At(final FieldType type, final int p) {
        return switch (type) {
            case SINT32 -> ZigZag.decode32((int) varintAt(p));
            case FIXED32, SFIXED32 -> fixed32At(p);
            default -> (int) varintAt(p);
        };
    }

    private long int64At(final FieldType type, final int p) {
        return switch (type) {
            case SINT64 -> ZigZag.decode64(varintAt(p));
            case FIXED64, SFIXED64 -> fixed64At(p);
            default -> varintAt(p);
        };
    }

    /** An integer, bool or enum value at {@code p} as a long: 32-bit types sign-extended from their bit pattern. */
    private long integerAt(final FieldType type, final int p) {
        if (isInt32(type)) {
            return int32At(type, p);
        }
        if (type == FieldType.BOOL) {
            return varintAt(p) != 0 ? 1 : 0;
        }
        if (type == FieldType.ENUM) {
            return (int) varintAt(p);
        }
        return int64At(type, p);
    }

    static boolean isInt32(final FieldType type) {
        return switch (type) {
            case INT32, UINT32, SINT32, FIXED32, SFIXED32 -> true;
            default -> false;
        };
    }

    static boolean isInt64(final FieldType type) {
        return switch (type) {
            case INT64, UINT64, SINT64, FIXED64, SFIXED64 -> true;
            default -> false;
        };
    }

    int contentEnd() {
        return end;
    }
}
