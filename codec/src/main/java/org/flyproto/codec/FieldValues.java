package org.flyproto.codec;

import org.flyproto.buffers.ZigZag;
import org.flyproto.codec.schema.FieldSchema;
import org.flyproto.codec.schema.FieldType;

/**
 * Writes one value of a field described by its {@link FieldSchema}, for the writers that work from a schema instead
 * of generated setters (the JSON and text-format parsers): a tagged value of a singular or unpacked repeated field,
 * or an element of a packed run between {@link WriteCursor#beginPacked(int)} and {@link WriteCursor#endPacked(int)}.
 * Integers arrive as a {@code long} holding the value as protobuf-java holds it (32-bit types in the low 32 bits,
 * unsigned types as their bit pattern, bools as 0 or 1, enums as their number); range checks are the caller's.
 */
final class FieldValues {
    private FieldValues() {}

    /**
     * Writes a tagged integer, bool or enum value.
     *
     * @param c     the cursor, its innermost level the field's message.
     * @param field the field, of an integer, bool or enum type.
     * @param value the value.
     */
    static void integer(final WriteCursor c, final FieldSchema field, final long value) {
        final int tag = field.tag();
        switch (field.type()) {
            case INT32, ENUM -> c.writeInt32(tag, (int) value);
            case UINT32 -> c.writeUnsigned32(tag, (int) value);
            case SINT32 -> c.writeSInt32(tag, (int) value);
            case FIXED32, SFIXED32 -> c.writeFixed32(tag, (int) value);
            case INT64, UINT64 -> c.writeVarint64(tag, value);
            case SINT64 -> c.writeSInt64(tag, value);
            case FIXED64, SFIXED64 -> c.writeFixed64(tag, value);
            case BOOL -> c.writeBool(tag, value != 0);
            default -> throw notOf(field, "an integer");
        }
    }

    /**
     * Writes an integer, bool or enum element of a packed run.
     *
     * @param c     the cursor, its innermost level the run.
     * @param field the field, of an integer, bool or enum type.
     * @param value the value.
     */
    static void integerElement(final WriteCursor c, final FieldSchema field, final long value) {
        switch (field.type()) {
            case INT32, ENUM -> RunElements.int32(c, (int) value);
            case UINT32 -> RunElements.unsigned32(c, (int) value);
            case SINT32 -> RunElements.unsigned32(c, ZigZag.encode32((int) value));
            case FIXED32, SFIXED32 -> RunElements.fixed32(c, (int) value);
            case INT64, UINT64 -> RunElements.varint64(c, value);
            case SINT64 -> RunElements.varint64(c, ZigZag.encode64(value));
            case FIXED64, SFIXED64 -> RunElements.fixed64(c, value);
            case BOOL -> RunElements.unsigned32(c, value != 0 ? 1 : 0);
            default -> throw notOf(field, "an integer");
        }
    }

    /**
     * Writes a tagged float or double value.
     *
     * @param c     the cursor, its innermost level the field's message.
     * @param field the field, of type FLOAT or DOUBLE.
     * @param value the value (rounded to float for a FLOAT field).
     */
    static void floating(final WriteCursor c, final FieldSchema field, final double value) {
        if (field.type() == FieldType.FLOAT) {
            c.writeFloat(field.tag(), (float) value);
        } else if (field.type() == FieldType.DOUBLE) {
            c.writeDouble(field.tag(), value);
        } else {
            throw notOf(field, "a floating-point");
        }
    }

    /**
     * Writes a float or double element of a packed run.
     *
     * @param c     the cursor, its innermost level the run.
     * @param field the field, of type FLOAT or DOUBLE.
     * @param value the value (rounded to float for a FLOAT field).
     */
    static void floatingElement(final WriteCursor c, final FieldSchema field, final double value) {
        if (field.type() == FieldType.FLOAT) {
            RunElements.fixed32(c, Float.floatToRawIntBits((float) value));
        } else if (field.type() == FieldType.DOUBLE) {
            RunElements.fixed64(c, Double.doubleToRawLongBits(value));
        } else {
            throw notOf(field, "a floating-point");
        }
    }

    /**
     * Opens a nested message of a message, group or map field (a map entry); {@link #endMessage} closes it.
     *
     * @param c     the cursor, its innermost level the field's message.
     * @param field the field.
     */
    static void beginMessage(final WriteCursor c, final FieldSchema field) {
        if (field.isDelimited()) {
            c.beginGroup(field.tag());
        } else {
            c.begin(field.tag());
        }
    }

    /**
     * Closes the nested message {@link #beginMessage} opened, backpatching its length.
     *
     * @param c     the cursor, its innermost level the nested message.
     * @param field the field.
     */
    static void endMessage(final WriteCursor c, final FieldSchema field) {
        if (field.isDelimited()) {
            c.endGroup(field.tag());
        } else {
            c.end(field.tag());
        }
    }

    private static IllegalArgumentException notOf(final FieldSchema field, final String kind) {
        return new IllegalArgumentException(field + " is not of " + kind + " type");
    }
}
