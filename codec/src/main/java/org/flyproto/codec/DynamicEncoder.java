package org.flyproto.codec;

import java.util.Arrays;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.flyproto.codec.schema.FieldSchema;
import org.flyproto.codec.schema.FieldType;
import org.flyproto.codec.schema.MessageSchema;

/**
 * An encoder of a message type known only at run time, from its {@link MessageSchema}: writes any field by its
 * {@link FieldSchema} in one pass, in place, as a generated encoder does.
 *
 * <pre>{@code
 * DynamicEncoder e = new DynamicEncoder();           // once, reused
 * e.wrap(schema, buffer, offset)
 *  .uint64Value(e.field("order_id"), 42)
 *  .string(e.field("symbol"), "AAPL");
 * e.beginMessage(e.field("fills"))                   // length prefix reserved ...
 *  .int64Value(e.field("price"), 1_234_400)
 *  .end();                                           // ... and backpatched here
 * int length = e.encodedLength();
 * }</pre>
 *
 * <p><b>Values.</b> A setter writes one value of a singular field, or one element of a repeated field; the elements
 * of a packed field written one after another form one packed run, which the next write of another field (or
 * {@link #end()}, {@link #encodedLength()}) closes; an empty run writes nothing. A singular field without presence
 * (proto3's implicit presence) at its default (zero, false, empty, {@code +0.0}) is not written, as generated encoders
 * and protobuf-java do not write it. Fields written in field-number order give the very bytes protobuf-java's
 * {@code toByteArray()} gives. A setter of the wrong type for its field, or a field of another message, throws
 * {@link IllegalArgumentException} naming the field.
 *
 * <p><b>Nesting.</b> {@link #beginMessage(FieldSchema)} opens a message, group or map entry (a map entry's key is its
 * field 1, its value its field 2), whose fields the following setters write until {@link #end()}: length-prefixed
 * messages get their length backpatched, groups and DELIMITED messages their END_GROUP tag.
 *
 * <p><b>Bounds.</b> Into a fixed region too small, a write throws {@link ProtoEncodeException} and nothing is written
 * outside the region; an expandable buffer wrapped without a length grows. Not thread-safe.
 */
public final class DynamicEncoder {
    private final WriteCursor cursor = new WriteCursor();
    /** Per open level, 0 the root: the message's schema, the field that opened it, its open packed run. */
    private MessageSchema[] schemas = new MessageSchema[8];

    private FieldSchema[] opened = new FieldSchema[8];
    private FieldSchema[] runs = new FieldSchema[8];
    private int level;

    /** Creates an encoder; wrap it before writing. */
    public DynamicEncoder() {}

    /**
     * Starts a message at {@code offset}; the region extends to the buffer's capacity, and grows with an expandable
     * buffer.
     *
     * @param schema the message's type.
     * @param buffer the buffer.
     * @param offset where the message starts.
     * @return this encoder.
     * @throws IllegalArgumentException if the offset is outside the buffer.
     */
    public DynamicEncoder wrap(final MessageSchema schema, final MutableDirectBuffer buffer, final int offset) {
        cursor.wrap(buffer, offset);
        return root(schema);
    }

    /**
     * Starts a message at {@code offset} in the fixed region {@code [offset, offset + length)}.
     *
     * @param schema the message's type.
     * @param buffer the buffer.
     * @param offset where the message starts.
     * @param length the size of the region.
     * @return this encoder.
     * @throws IllegalArgumentException if the region is not inside the buffer.
     */
    public DynamicEncoder wrap(
            final MessageSchema schema, final MutableDirectBuffer buffer, final int offset, final int length) {
        cursor.wrap(buffer, offset, length);
        return root(schema);
    }

    /**
     * Starts measuring a message instead of writing it: the same calls then count exactly the bytes they would write,
     * and {@link #encodedLength()} is the size.
     *
     * @param schema the message's type.
     * @return this encoder.
     */
    public DynamicEncoder wrapForSize(final MessageSchema schema) {
        cursor.wrapForSize();
        return root(schema);
    }

    private DynamicEncoder root(final MessageSchema schema) {
        level = 0;
        schemas[0] = schema;
        opened[0] = null;
        runs[0] = null;
        return this;
    }

    /**
     * @return the schema of the innermost open message.
     */
    public MessageSchema schema() {
        return schemas[level];
    }

    /**
     * @return the number of open nested messages: 0 at the root.
     */
    public int depth() {
        return level;
    }

    /**
     * @param number a field number.
     * @return the field of the innermost open message with that number.
     * @throws IllegalArgumentException if there is none.
     */
    public FieldSchema field(final int number) {
        final FieldSchema field = schemas[level].fieldByNumber(number);
        if (field == null) {
            throw new IllegalArgumentException(schemas[level] + " has no field " + number);
        }
        return field;
    }

    /**
     * @param name a field's text-format name (the .proto name, a group's type name, {@code [full.name]}) or JSON
     *     name.
     * @return the field of the innermost open message with that name.
     * @throws IllegalArgumentException if there is none.
     */
    public FieldSchema field(final CharSequence name) {
        final MessageSchema schema = schemas[level];
        FieldSchema field = schema.textField(name, 0, name.length());
        if (field == null) {
            field = schema.jsonField(name, 0, name.length());
        }
        if (field == null) {
            throw new IllegalArgumentException(schema + " has no field " + name);
        }
        return field;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Scalars

    /**
     * Writes a value of a 32-bit integer field: int32, sint32, sfixed32, and uint32 or fixed32 from their bit pattern.
     *
     * @param field a field of the innermost open message, of one of those types.
     * @param value the value.
     * @return this encoder.
     */
    public DynamicEncoder int32Value(final FieldSchema field, final int value) {
        if (!DynamicDecoder.isInt32(field.type())) {
            throw DynamicDecoder.wrongType(field, "32-bit integer");
        }
        return integer(field, value);
    }

    /**
     * {@link #int32Value(FieldSchema, int)}: a uint32 or fixed32 value from its bit pattern.
     *
     * @param field a 32-bit integer field of the innermost open message.
     * @param value the value.
     * @return this encoder.
     */
    public DynamicEncoder uint32Value(final FieldSchema field, final int value) {
        return int32Value(field, value);
    }

    /**
     * Writes a value of a 64-bit integer field: int64, sint64, sfixed64, and uint64 or fixed64 from their bit pattern.
     *
     * @param field a field of the innermost open message, of one of those types.
     * @param value the value.
     * @return this encoder.
     */
    public DynamicEncoder int64Value(final FieldSchema field, final long value) {
        if (!DynamicDecoder.isInt64(field.type())) {
            throw DynamicDecoder.wrongType(field, "64-bit integer");
        }
        return integer(field, value);
    }

    /**
     * {@link #int64Value(FieldSchema, long)}: a uint64 or fixed64 value from its bit pattern.
     *
     * @param field a 64-bit integer field of the innermost open message.
     * @param value the value.
     * @return this encoder.
     */
    public DynamicEncoder uint64Value(final FieldSchema field, final long value) {
        return int64Value(field, value);
    }

    /**
     * @param field a bool field of the innermost open message.
     * @param value the value.
     * @return this encoder.
     */
    public DynamicEncoder boolValue(final FieldSchema field, final boolean value) {
        require(field, FieldType.BOOL);
        return integer(field, value ? 1 : 0);
    }

    /**
     * @param field a enum field of the innermost open message.
     * @param value the value's number (any number: the schema's enum is not consulted).
     * @return this encoder.
     */
    public DynamicEncoder enumValue(final FieldSchema field, final int value) {
        require(field, FieldType.ENUM);
        return integer(field, value);
    }

    private DynamicEncoder integer(final FieldSchema field, final long value) {
        checkField(field);
        if (field.isRepeated()) {
            if (field.isPacked()) {
                openRun(field);
                FieldValues.integerElement(cursor, field, value);
                return this;
            }
        } else if (value == 0 && !field.hasPresence()) {
            closeRun();
            return this;
        }
        closeRun();
        FieldValues.integer(cursor, field, value);
        return this;
    }

    /**
     * @param field a float field of the innermost open message.
     * @param value the value.
     * @return this encoder.
     */
    public DynamicEncoder floatValue(final FieldSchema field, final float value) {
        require(field, FieldType.FLOAT);
        return floating(field, value, Float.floatToRawIntBits(value) == 0);
    }

    /**
     * @param field a double field of the innermost open message.
     * @param value the value.
     * @return this encoder.
     */
    public DynamicEncoder doubleValue(final FieldSchema field, final double value) {
        require(field, FieldType.DOUBLE);
        return floating(field, value, Double.doubleToRawLongBits(value) == 0);
    }

    private DynamicEncoder floating(final FieldSchema field, final double value, final boolean isDefault) {
        checkField(field);
        if (field.isRepeated()) {
            if (field.isPacked()) {
                openRun(field);
                FieldValues.floatingElement(cursor, field, value);
                return this;
            }
        } else if (isDefault && !field.hasPresence()) {
            closeRun();
            return this;
        }
        closeRun();
        FieldValues.floating(cursor, field, value);
        return this;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Elements from arrays

    /**
     * Writes {@code count} elements of a repeated 32-bit integer or enum field from an array: of a packed field one
     * packed run, its length computed first and the values written straight to memory (as a generated encoder's array
     * setter writes them); of an unpacked field, or after elements of a packed run of the same field still open, as
     * that many {@link #int32Value} calls would. uint32 and fixed32 values are their bit patterns.
     *
     * @param field  a repeated int32, uint32, sint32, fixed32, sfixed32 or enum field of the innermost open message.
     * @param values the values.
     * @param offset index of the first value.
     * @param count  how many.
     * @return this encoder.
     * @throws IllegalArgumentException if the field is of another type or not repeated, or the range is not inside
     *     {@code values}.
     */
    public DynamicEncoder int32Values(final FieldSchema field, final int[] values, final int offset, final int count) {
        if (!DynamicDecoder.isInt32(field.type()) && field.type() != FieldType.ENUM) {
            throw DynamicDecoder.wrongType(field, "32-bit integer or enum");
        }
        if (!wholeRun(field, offset, count, values.length)) {
            for (int i = offset; i < offset + count; i++) {
                integer(field, values[i]);
            }
            return this;
        }
        final int tag = field.packedTag();
        switch (field.type()) {
            case UINT32 -> PackedArrays.packedUnsigned32(cursor, tag, values, offset, count);
            case SINT32 -> PackedArrays.packedSInt32(cursor, tag, values, offset, count);
            case FIXED32, SFIXED32 -> PackedArrays.packedFixed32(cursor, tag, values, offset, count);
            default -> PackedArrays.packedInt32(cursor, tag, values, offset, count);
        }
        return this;
    }

    /**
     * {@link #int32Values} for a repeated 64-bit integer field (uint64 and fixed64 values as their bit patterns).
     *
     * @param field  a repeated int64, uint64, sint64, fixed64 or sfixed64 field of the innermost open message.
     * @param values the values.
     * @param offset index of the first value.
     * @param count  how many.
     * @return this encoder.
     * @throws IllegalArgumentException if the field is of another type or not repeated, or the range is not inside
     *     {@code values}.
     */
    public DynamicEncoder int64Values(final FieldSchema field, final long[] values, final int offset, final int count) {
        if (!DynamicDecoder.isInt64(field.type())) {
            throw DynamicDecoder.wrongType(field, "64-bit integer");
        }
        if (!wholeRun(field, offset, count, values.length)) {
            for (int i = offset; i < offset + count; i++) {
                integer(field, values[i]);
            }
            return this;
        }
        final int tag = field.packedTag();
        switch (field.type()) {
            case SINT64 -> PackedArrays.packedSInt64(cursor, tag, values, offset, count);
            case FIXED64, SFIXED64 -> PackedArrays.packedFixed64(cursor, tag, values, offset, count);
            default -> PackedArrays.packedVarint64(cursor, tag, values, offset, count);
        }
        return this;
    }

    /**
     * {@link #int32Values} for a repeated float field.
     *
     * @param field  a repeated float field of the innermost open message.
     * @param values the values.
     * @param offset index of the first value.
     * @param count  how many.
     * @return this encoder.
     * @throws IllegalArgumentException if the field is of another type or not repeated, or the range is not inside
     *     {@code values}.
     */
    public DynamicEncoder floatValues(
            final FieldSchema field, final float[] values, final int offset, final int count) {
        require(field, FieldType.FLOAT);
        if (wholeRun(field, offset, count, values.length)) {
            PackedArrays.packedFloat(cursor, field.packedTag(), values, offset, count);
        } else {
            for (int i = offset; i < offset + count; i++) {
                floating(field, values[i], false);
            }
        }
        return this;
    }

    /**
     * {@link #int32Values} for a repeated double field.
     *
     * @param field  a repeated double field of the innermost open message.
     * @param values the values.
     * @param offset index of the first value.
     * @param count  how many.
     * @return this encoder.
     * @throws IllegalArgumentException if the field is of another type or not repeated, or the range is not inside
     *     {@code values}.
     */
    public DynamicEncoder doubleValues(
            final FieldSchema field, final double[] values, final int offset, final int count) {
        require(field, FieldType.DOUBLE);
        if (wholeRun(field, offset, count, values.length)) {
            PackedArrays.packedDouble(cursor, field.packedTag(), values, offset, count);
        } else {
            for (int i = offset; i < offset + count; i++) {
                floating(field, values[i], false);
            }
        }
        return this;
    }

    /**
     * {@link #int32Values} for a repeated bool field.
     *
     * @param field  a repeated bool field of the innermost open message.
     * @param values the values.
     * @param offset index of the first value.
     * @param count  how many.
     * @return this encoder.
     * @throws IllegalArgumentException if the field is of another type or not repeated, or the range is not inside
     *     {@code values}.
     */
    public DynamicEncoder boolValues(
            final FieldSchema field, final boolean[] values, final int offset, final int count) {
        require(field, FieldType.BOOL);
        if (wholeRun(field, offset, count, values.length)) {
            PackedArrays.packedBool(cursor, field.packedTag(), values, offset, count);
        } else {
            for (int i = offset; i < offset + count; i++) {
                integer(field, values[i] ? 1 : 0);
            }
        }
        return this;
    }

    /**
     * Checks a field written from {@code [offset, offset + count)} of an array of {@code length}: true if its elements
     * go out as one packed run of their own (the open run closed first); false if they are written one by one (an
     * unpacked field, or a packed run of this field open).
     */
    private boolean wholeRun(final FieldSchema field, final int offset, final int count, final int length) {
        RegionArgument.check(offset, count, length);
        checkField(field);
        if (!field.isRepeated()) {
            throw new IllegalArgumentException(field + " is not repeated: write its value with the single setter");
        }
        if (!field.isPacked() || runs[level] == field) {
            return false;
        }
        closeRun();
        return true;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Strings and bytes

    /**
     * Writes a string value from chars, encoded as UTF-8 (unpaired surrogates as {@code '?'}, as protobuf-java does).
     *
     * @param field a string field of the innermost open message.
     * @param value the value.
     * @return this encoder.
     */
    public DynamicEncoder string(final FieldSchema field, final CharSequence value) {
        require(field, FieldType.STRING);
        if (skipEmpty(field, value.length())) {
            return this;
        }
        cursor.writeString(field.tag(), value);
        return this;
    }

    /**
     * Writes a string value already encoded as UTF-8, e.g. a {@code Utf8View}'s bytes forwarded (not validated).
     *
     * @param field  a string field of the innermost open message.
     * @param src    the buffer holding the UTF-8 bytes.
     * @param offset index of the first byte.
     * @param length their number.
     * @return this encoder.
     */
    public DynamicEncoder string(final FieldSchema field, final DirectBuffer src, final int offset, final int length) {
        require(field, FieldType.STRING);
        if (skipEmpty(field, length)) {
            return this;
        }
        cursor.writeBytes(field.tag(), src, offset, length);
        return this;
    }

    /**
     * @param field  a bytes field of the innermost open message.
     * @param src    the buffer holding the value.
     * @param offset index of its first byte.
     * @param length its length.
     * @return this encoder.
     */
    public DynamicEncoder bytes(final FieldSchema field, final DirectBuffer src, final int offset, final int length) {
        require(field, FieldType.BYTES);
        if (skipEmpty(field, length)) {
            return this;
        }
        cursor.writeBytes(field.tag(), src, offset, length);
        return this;
    }

    /**
     * @param field  a bytes field of the innermost open message.
     * @param src    the array holding the value.
     * @param offset index of its first byte.
     * @param length its length.
     * @return this encoder.
     */
    public DynamicEncoder bytes(final FieldSchema field, final byte[] src, final int offset, final int length) {
        require(field, FieldType.BYTES);
        if (skipEmpty(field, length)) {
            return this;
        }
        cursor.writeBytes(field.tag(), src, offset, length);
        return this;
    }

    /** Checks the field, closes an open run; true if the value is an implicit-presence default, not written. */
    private boolean skipEmpty(final FieldSchema field, final int length) {
        checkField(field);
        closeRun();
        return length == 0 && !field.isRepeated() && !field.hasPresence();
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Nesting, and bytes as they are

    /**
     * Opens a message of a message, group or map field (one element of a repeated one, one entry of a map): the
     * setters then write its fields, until {@link #end()}.
     *
     * @param field a message field of the innermost open message.
     * @return this encoder, now writing the nested message.
     */
    public DynamicEncoder beginMessage(final FieldSchema field) {
        require(field, FieldType.MESSAGE);
        checkField(field);
        closeRun();
        FieldValues.beginMessage(cursor, field);
        final int next = level + 1;
        if (next == schemas.length) {
            schemas = Arrays.copyOf(schemas, 2 * next);
            opened = Arrays.copyOf(opened, 2 * next);
            runs = Arrays.copyOf(runs, 2 * next);
        }
        schemas[next] = field.messageType();
        opened[next] = field;
        runs[next] = null;
        level = next;
        return this;
    }

    /**
     * Closes the innermost open message, backpatching its length (or writing its END_GROUP tag).
     *
     * @return this encoder, now writing the enclosing message.
     * @throws IllegalStateException at the root.
     */
    public DynamicEncoder end() {
        if (level == 0) {
            throw new IllegalStateException("end() at the root of " + schemas[0] + ": no nested message is open");
        }
        closeRun();
        FieldValues.endMessage(cursor, opened[level]);
        opened[level] = null;
        level--;
        return this;
    }

    /**
     * Writes bytes as they are into the innermost open message: already-encoded fields carried through, such as an
     * unknown field of a {@link DynamicDecoder}'s walk ({@code occurrenceOffset()}, {@code occurrenceLength()}).
     *
     * @param src    the buffer holding them.
     * @param offset index of the first byte.
     * @param length their number.
     * @return this encoder.
     */
    public DynamicEncoder raw(final DirectBuffer src, final int offset, final int length) {
        closeRun();
        cursor.writeRaw(src, offset, length);
        return this;
    }

    /**
     * The length of the root message so far; closes a packed run left open at the root.
     *
     * @return the encoded length in bytes.
     */
    public int encodedLength() {
        if (level == 0) {
            closeRun();
        }
        return cursor.position() - cursor.start();
    }

    /**
     * @return the buffer written to (null when sizing).
     */
    public MutableDirectBuffer encodedBuffer() {
        return cursor.buffer();
    }

    /**
     * @return index of the root message's first byte.
     */
    public int encodedOffset() {
        return cursor.start();
    }

    /**
     * The cursor a parser writes the innermost open message through ({@link JsonParser}, {@link TextParser}); closes
     * its open packed run first.
     */
    WriteCursor parseCursor() {
        if (schemas[level] == null) {
            throw new IllegalStateException("the encoder is not wrapped");
        }
        closeRun();
        return cursor;
    }

    // ---------------------------------------------------------------------------------------------------------------

    private void openRun(final FieldSchema field) {
        final FieldSchema run = runs[level];
        if (run == field) {
            return;
        }
        if (run != null) {
            cursor.endPacked(run.packedTag());
        }
        cursor.beginPacked(field.packedTag());
        runs[level] = field;
    }

    private void closeRun() {
        final FieldSchema run = runs[level];
        if (run != null) {
            runs[level] = null;
            cursor.endPacked(run.packedTag());
        }
    }

    private void checkField(final FieldSchema field) {
        final MessageSchema schema = schemas[level];
        if (schema == null) {
            throw new IllegalStateException("the encoder is not wrapped");
        }
        if (schema.fieldByNumber(field.number()) != field) {
            throw new IllegalArgumentException(field + " is not a field of " + schema);
        }
    }

    private static void require(final FieldSchema field, final FieldType type) {
        if (field.type() != type) {
            throw DynamicDecoder.wrongType(field, type.name());
        }
    }
}
