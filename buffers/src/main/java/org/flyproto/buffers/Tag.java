package org.flyproto.buffers;

/**
 * Field tags: a field number and a {@link WireType} packed as {@code (fieldNumber << 3) | wireType} and written as an
 * unsigned 32-bit {@link Varint}.
 */
public final class Tag {
    /** Largest field number protobuf allows: {@code 2^29 - 1}. */
    public static final int MAX_FIELD_NUMBER = (1 << 29) - 1;

    private static final int WIRE_TYPE_BITS = 3;
    private static final int WIRE_TYPE_MASK = (1 << WIRE_TYPE_BITS) - 1;

    private Tag() {}

    /**
     * Makes a tag. Neither argument is validated: the field number must be in {@code [1, MAX_FIELD_NUMBER]} and the
     * wire type one of the {@link WireType} constants for the result to be a valid tag.
     *
     * @param fieldNumber field number.
     * @param wireType one of the {@link WireType} constants.
     * @return {@code (fieldNumber << 3) | wireType}.
     */
    public static int make(final int fieldNumber, final int wireType) {
        return (fieldNumber << WIRE_TYPE_BITS) | wireType;
    }

    /**
     * Field number of a tag.
     *
     * @param tag tag as decoded by {@link Varint#get32}.
     * @return {@code tag >>> 3}.
     */
    public static int fieldNumber(final int tag) {
        return tag >>> WIRE_TYPE_BITS;
    }

    /**
     * Wire type of a tag.
     *
     * @param tag tag as decoded by {@link Varint#get32}.
     * @return {@code tag & 7}, which may be a value outside the {@link WireType} constants (6 or 7) for bad input.
     */
    public static int wireType(final int tag) {
        return tag & WIRE_TYPE_MASK;
    }

    /**
     * Encoded size of a tag for this field number, whatever its wire type.
     *
     * @param fieldNumber field number in {@code [0, MAX_FIELD_NUMBER]}.
     * @return 1 to 5 bytes.
     */
    public static int sizeOf(final int fieldNumber) {
        return Varint.sizeOfUnsigned32(fieldNumber << WIRE_TYPE_BITS);
    }
}
