package org.flyproto.codec;

import org.flyproto.codec.schema.FieldSchema;

/**
 * Reads one value of a {@link DynamicDecoder}'s field, or a {@link DynamicCursor}'s element, by the field's type and
 * hands it to a printer: the part of JSON and text-format printing that the two formats share.
 */
final class DynamicValues {
    private DynamicValues() {}

    /** The value of a singular scalar, string, bytes or enum field (its default when absent). */
    static void singular(final ValueWriter out, final DynamicDecoder d, final FieldSchema f) {
        switch (f.type()) {
            case INT32, SINT32, SFIXED32 -> out.int32(d.int32Value(f));
            case INT64, SINT64, SFIXED64 -> out.int64(d.int64Value(f));
            case UINT32, FIXED32 -> out.uint32(d.uint32Value(f));
            case UINT64, FIXED64 -> out.uint64(d.uint64Value(f));
            case FLOAT -> out.float32(d.floatValue(f));
            case DOUBLE -> out.float64(d.doubleValue(f));
            case BOOL -> out.bool(d.boolValue(f));
            case STRING -> out.string(d.string(f));
            case BYTES -> out.bytes(d.bytes(f));
            case ENUM -> enumValue(out, f, d.enumValue(f));
            case MESSAGE -> throw new IllegalArgumentException(f + " is a message");
        }
    }

    /** The cursor's element, of a repeated scalar, string, bytes or enum field. */
    static void element(final ValueWriter out, final DynamicCursor c) {
        final FieldSchema f = c.field();
        switch (f.type()) {
            case INT32, SINT32, SFIXED32 -> out.int32(c.int32Value());
            case INT64, SINT64, SFIXED64 -> out.int64(c.int64Value());
            case UINT32, FIXED32 -> out.uint32(c.uint32Value());
            case UINT64, FIXED64 -> out.uint64(c.uint64Value());
            case FLOAT -> out.float32(c.floatValue());
            case DOUBLE -> out.float64(c.doubleValue());
            case BOOL -> out.bool(c.boolValue());
            case STRING -> out.string(c.string());
            case BYTES -> out.bytes(c.bytes());
            case ENUM -> enumValue(out, f, c.enumValue());
            case MESSAGE -> throw new IllegalArgumentException(f + " is a message");
        }
    }

    private static void enumValue(final ValueWriter out, final FieldSchema f, final int number) {
        out.enumValue(f.enumType().nameOf(number), number);
    }

    /**
     * @return true if an implicit-presence singular field holds its default (zero, false, empty; +0.0 only, as
     *     protobuf compares the bits), which protobuf does not write and printers leave out.
     */
    static boolean isDefault(final DynamicDecoder d, final FieldSchema f) {
        return switch (f.type()) {
            case INT32, SINT32, SFIXED32 -> d.int32Value(f) == 0;
            case INT64, SINT64, SFIXED64 -> d.int64Value(f) == 0;
            case UINT32, FIXED32 -> d.uint32Value(f) == 0;
            case UINT64, FIXED64 -> d.uint64Value(f) == 0;
            case FLOAT -> Float.floatToRawIntBits(d.floatValue(f)) == 0;
            case DOUBLE -> Double.doubleToRawLongBits(d.doubleValue(f)) == 0L;
            case BOOL -> !d.boolValue(f);
            case STRING -> d.string(f).byteLength() == 0;
            case BYTES -> d.bytes(f).length() == 0;
            case ENUM -> d.enumValue(f) == 0;
            case MESSAGE -> !d.has(f);
        };
    }
}
