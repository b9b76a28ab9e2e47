package org.flyproto.codec;

import org.flyproto.buffers.BytesView;
import org.flyproto.buffers.Utf8View;
import org.flyproto.buffers.WireType;
import org.flyproto.buffers.ZigZag;
import org.flyproto.codec.schema.FieldSchema;
import org.flyproto.codec.schema.FieldType;

/**
 * A reusable cursor over the elements of a repeated field of a {@link DynamicDecoder}, of any type:
 * {@code for (DynamicCursor c = d.elements(field); c.next(); ) c.int32Value()}.
 *
 * <p>It walks the message from the field's first occurrence to its end, visiting every element in wire order whether
 * it came packed or unpacked; occurrences with another wire type are unknown fields and skipped, as are numbers a
 * closed enum does not declare (protobuf keeps those as unknown fields). Over the packed run of a decoder's wire walk ({@link DynamicDecoder#elements()}) it visits every
 * element of that run. Every read is bounded by the message. {@link #count()} is what the decoder's scan counted.
 *
 * <p>The element's value is read by the getter of its type; {@link #message()} reads a message element (a map entry:
 * key field 1, value field 2) through the cursor's one nested decoder, and {@link #string()} and {@link #bytes()}
 * through its one view. Not thread-safe.
 */
public final class DynamicCursor extends WireReader {
    private DynamicDecoder parent;
    private FieldSchema field;
    private FieldType type;
    private int elementTag;
    private int packedTag;
    private boolean packable;
    private boolean checkDeclared;
    private boolean runOnly;
    private boolean inRun;
    private int regionLimit;
    private int count;
    /**
     * The end of the field's last occurrence: nothing after it is an element. Positions grow through the regions of a
     * merged message (they are occurrences in wire order), so one comparison tells.
     */
    private int stop;

    private long bits;
    private int valueStart;
    private int valueEnd;

    private DynamicDecoder child;
    private final Utf8View utf8View = new Utf8View();
    private final BytesView bytesView = new BytesView();

    /** Created by {@link DynamicDecoder}. */
    DynamicCursor() {}

    DynamicCursor wrap(
            final DynamicDecoder parent, final FieldSchema field, final int first, final int count, final int stop) {
        start(parent, field);
        this.count = count;
        this.stop = first < 0 ? 0 : stop;
        runOnly = false;
        inRun = false;
        if (first < 0) {
            walk = null;
            pos = parent.contentEnd();
            limit = pos;
        } else {
            parent.walkContent(this, first);
        }
        regionLimit = limit;
        return this;
    }

    DynamicCursor wrapRun(final DynamicDecoder parent, final FieldSchema field, final int start, final int end) {
        start(parent, field);
        runOnly = true;
        inRun = true;
        stop = end;
        walk = null;
        pos = start;
        limit = end;
        regionLimit = end;
        count = switch (field.type().wireType()) {
            case WireType.I32 -> (end - start) / 4;
            case WireType.I64 -> (end - start) / 8;
            default -> countPackedVarints(end - start);
        };
        return this;
    }

    private void start(final DynamicDecoder parent, final FieldSchema field) {
        this.parent = parent;
        this.field = field;
        attach(parent);
        depth = parent.depth;
        maxDepth = parent.maxDepth;
        type = field.type();
        elementTag = field.tag();
        packedTag = field.packedTag();
        packable = type.isPackable();
        checkDeclared = field.isClosedEnum();
    }

    /**
     * @return the field this cursor iterates.
     */
    public FieldSchema field() {
        return field;
    }

    /**
     * @return the number of elements, as the decoder's scan counted them (of the run, for a packed run's cursor).
     */
    public int count() {
        return count;
    }

    /**
     * Moves to the next element.
     *
     * @return false when there are no more.
     */
    public boolean next() {
        while (advance()) {
            if (read()) {
                return true;
            }
        }
        return false;
    }

    /** Moves {@code pos} to the next element's value: false at the end. */
    private boolean advance() {
        if (inRun) {
            if (pos < limit) {
                return true;
            }
            if (runOnly) {
                return false;
            }
            inRun = false;
            limit = regionLimit;
        }
        while (true) {
            if (pos >= limit) {
                if (!walkOn()) {
                    return false;
                }
                regionLimit = limit;
            }
            if (pos >= stop) {
                return false;
            }
            final int tag = readTag();
            if (tag == elementTag) {
                return true;
            }
            if (packable && tag == packedTag) {
                final int length = readLength();
                if (length > 0) {
                    inRun = true;
                    limit = pos + length;
                    return true;
                }
                continue;
            }
            skipField(tag);
        }
    }

    /** Reads the element at {@code pos}: false if protobuf keeps it as an unknown field. */
    private boolean read() {
        valueStart = pos;
        switch (type) {
            case FIXED32, SFIXED32, FLOAT -> bits = readFixed32();
            case FIXED64, SFIXED64, DOUBLE -> bits = readFixed64();
            case STRING, BYTES -> {
                final int length = readLength();
                valueStart = pos;
                pos += length;
            }
            case MESSAGE -> {
                if (field.isDelimited()) {
                    valueStart = pos;
                    valueEnd = skipGroupContent(field.number());
                    return true;
                }
                final int length = readLength();
                valueStart = pos;
                pos += length;
                valueEnd = pos;
                return true;
            }
            default -> {
                bits = readVarint64();
                if (checkDeclared && !runOnly) {
                    valueEnd = pos;
                    return field.enumType().isKnown((int) bits);
                }
            }
        }
        valueEnd = pos;
        return true;
    }

    int valueStart() {
        return valueStart;
    }

    int valueEnd() {
        return valueEnd;
    }

    /**
     * The element as a 32-bit integer: int32, sint32, sfixed32, and uint32 and fixed32 as their bit pattern.
     *
     * @return the value.
     * @throws IllegalArgumentException if the field is of another type.
     */
    public int int32Value() {
        if (!DynamicDecoder.isInt32(type)) {
            throw DynamicDecoder.wrongType(field, "32-bit integer");
        }
        return type == FieldType.SINT32 ? ZigZag.decode32((int) bits) : (int) bits;
    }

    /**
     * @return {@link #int32Value()}: a uint32 or fixed32 as its bit pattern.
     */
    public int uint32Value() {
        return int32Value();
    }

    /**
     * The element as a 64-bit integer: int64, sint64, sfixed64, and uint64 and fixed64 as their bit pattern.
     *
     * @return the value.
     * @throws IllegalArgumentException if the field is of another type.
     */
    public long int64Value() {
        if (!DynamicDecoder.isInt64(type)) {
            throw DynamicDecoder.wrongType(field, "64-bit integer");
        }
        return type == FieldType.SINT64 ? ZigZag.decode64(bits) : bits;
    }

    /**
     * @return {@link #int64Value()}: a uint64 or fixed64 as its bit pattern.
     */
    public long uint64Value() {
        return int64Value();
    }

    /**
     * @return the element of a float field.
     * @throws IllegalArgumentException if the field is of another type.
     */
    public float floatValue() {
        require(FieldType.FLOAT);
        return Float.intBitsToFloat((int) bits);
    }

    /**
     * @return the element of a double field.
     * @throws IllegalArgumentException if the field is of another type.
     */
    public double doubleValue() {
        require(FieldType.DOUBLE);
        return Double.longBitsToDouble(bits);
    }

    /**
     * @return the element of a bool field.
     * @throws IllegalArgumentException if the field is of another type.
     */
    public boolean boolValue() {
        require(FieldType.BOOL);
        return bits != 0;
    }

    /**
     * @return the number of the element of an enum field.
     * @throws IllegalArgumentException if the field is of another type.
     */
    public int enumValue() {
        require(FieldType.ENUM);
        return (int) bits;
    }

    /**
     * @return a view of the element of a string field (the cursor's one string view; validated at a validating wrap
     *     if the field validates UTF-8).
     * @throws IllegalArgumentException if the field is of another type.
     */
    public Utf8View string() {
        require(FieldType.STRING);
        return utf8View.wrap(buffer, valueStart, valueEnd - valueStart);
    }

    /**
     * @return a view of the element of a bytes field (the cursor's one bytes view).
     * @throws IllegalArgumentException if the field is of another type.
     */
    public BytesView bytes() {
        require(FieldType.BYTES);
        return bytesView.wrap(buffer, valueStart, valueEnd - valueStart);
    }

    /**
     * @return a decoder of the element of a message, group or map field (the cursor's one nested decoder).
     * @throws IllegalArgumentException if the field is of another type.
     */
    public DynamicDecoder message() {
        require(FieldType.MESSAGE);
        DynamicDecoder d = child;
        if (d == null) {
            d = new DynamicDecoder();
            child = d;
        }
        return d.wrapChild(parent, field.messageType(), valueStart, valueEnd, false);
    }

    private void require(final FieldType expected) {
        if (type != expected) {
            throw DynamicDecoder.wrongType(field, expected.name());
        }
    }
}
