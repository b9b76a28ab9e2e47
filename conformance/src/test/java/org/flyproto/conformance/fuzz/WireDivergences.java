package org.flyproto.conformance.fuzz;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;

/**
 * Walks wire bytes of any message type the way protobuf-java 4.x parses them, schema and all (its descriptors), to
 * find where flyproto is documented to read the same bytes differently (docs/design.md, "Where flyproto and
 * protobuf-java differ"):
 *
 * <ol>
 *   <li>{@link #longTag}: a tag longer than 5 bytes, or of 5 bytes whose last is above 0x0F (a field number above
 *       2^29-1). protobuf-java keeps the low 32 bits; flyproto rejects it.
 *   <li>{@link #tenthByteContinues}: a varint read on protobuf-java's 64-bit path (int64, uint64, sint64, bool,
 *       unknown varint fields, and the elements of their packed runs) whose 10th byte has its continuation bit set.
 *       protobuf-java stops after 10 bytes and reads on; flyproto rejects the varint as longer than 10 bytes.
 * </ol>
 *
 * <p>The schema-independent cousin of the proto3-only {@code HostileWireWalker}. Meant for input protobuf-java
 * accepted, or rejected for invalid UTF-8: the walk stops silently at the first malformed byte.
 */
public final class WireDivergences {
    /** A tag longer than 5 bytes, or a field number above 2^29-1. */
    public boolean longTag;
    /** A 64-bit varint whose 10th byte continues. */
    public boolean tenthByteContinues;

    private WireDivergences() {}

    /** Ends the walk at malformed bytes. */
    private static final class Malformed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Malformed() {
            super(null, null, false, false);
        }
    }

    /**
     * @param type  the message type of the bytes.
     * @param bytes the bytes.
     * @return what the walk found, up to the first malformed byte if any.
     */
    public static WireDivergences find(final Descriptor type, final byte[] bytes) {
        final WireDivergences found = new WireDivergences();
        try {
            found.fields(bytes, 0, bytes.length, type, 0);
        } catch (final Malformed e) {
            // Found what there was to find before it.
        }
        return found;
    }

    /** @return true if flyproto is documented to reject what protobuf-java accepts. */
    public boolean flyprotoIsStricter() {
        return longTag || tenthByteContinues;
    }

    @Override
    public String toString() {
        return "longTag=" + longTag + " tenthByteContinues=" + tenthByteContinues;
    }

    /**
     * Walks fields from {@code start} to {@code end} (a message, {@code groupField} 0) or to the END_GROUP of
     * {@code groupField}, of {@code type} (null: an unknown group, whose fields are all unknown).
     *
     * @return the index after the last byte walked.
     */
    private int fields(final byte[] b, final int start, final int end, final Descriptor type, final int groupField) {
        int pos = start;
        while (pos < end) {
            final int tagLength = varintLength(b, pos, end);
            if (tagLength > 5 || (tagLength == 5 && (b[pos + 4] & 0xFF) > 0x0F)) {
                longTag = true;
            }
            final int tag = (int) value(b, pos, tagLength);
            pos += tagLength;
            final int number = tag >>> 3;
            final int wireType = tag & 7;
            if (number == 0) {
                throw new Malformed();
            }
            final FieldDescriptor field = type == null ? null : type.findFieldByNumber(number);
            final boolean member = field != null && wireType == wireType(field);
            switch (wireType) {
                case 0 ->
                    pos = member && !is64BitVarint(field) ? pos + varintLength(b, pos, end) : varint64(b, pos, end);
                case 1 -> pos = skip(pos, 8, end);
                case 5 -> pos = skip(pos, 4, end);
                case 2 -> {
                    final int lengthLength = varintLength(b, pos, end);
                    // protobuf-java keeps the low 32 bits of a length, and rejects it if negative.
                    final int length = (int) value(b, pos, lengthLength);
                    pos += lengthLength;
                    if (length < 0 || length > end - pos) {
                        throw new Malformed();
                    }
                    final int contentEnd = pos + length;
                    if (member && field.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
                        fields(b, pos, contentEnd, field.getMessageType(), 0);
                    } else if (field != null && field.isPackable()) {
                        packed(b, pos, contentEnd, field);
                    }
                    pos = contentEnd;
                }
                case 3 -> pos = fields(b, pos, end, member ? field.getMessageType() : null, number);
                case 4 -> {
                    if (number != groupField) {
                        throw new Malformed();
                    }
                    return pos;
                }
                default -> throw new Malformed();
            }
        }
        if (groupField != 0) {
            throw new Malformed();
        }
        return pos;
    }

    private void packed(final byte[] b, final int start, final int end, final FieldDescriptor field) {
        if (wireType(field) != 0) {
            return;
        }
        for (int p = start; p < end; ) {
            p = is64BitVarint(field) ? varint64(b, p, end) : p + varintLength(b, p, end);
        }
    }

    /** The wire type of a field's values when not packed. */
    private static int wireType(final FieldDescriptor field) {
        return field.getLiteType().getWireType();
    }

    /** Whether protobuf-java reads the field's varints on its 64-bit path. */
    private static boolean is64BitVarint(final FieldDescriptor field) {
        return switch (field.getType()) {
            case INT64, UINT64, SINT64, BOOL -> true;
            default -> false;
        };
    }

    /** A varint on protobuf-java's 64-bit path: at most 10 bytes, whatever the continuation bit of the 10th. */
    private int varint64(final byte[] b, final int pos, final int end) {
        for (int i = 0; i < 10; i++) {
            if (pos + i >= end) {
                throw new Malformed();
            }
            if (b[pos + i] >= 0) {
                return pos + i + 1;
            }
        }
        tenthByteContinues = true;
        return pos + 10;
    }

    /** The length of a varint read strictly: at most 10 bytes, the last without continuation. */
    private static int varintLength(final byte[] b, final int pos, final int end) {
        for (int i = 0; i < 10 && pos + i < end; i++) {
            if (b[pos + i] >= 0) {
                return i + 1;
            }
        }
        throw new Malformed();
    }

    /** The low 64 bits of a varint of {@code length} bytes. */
    private static long value(final byte[] b, final int pos, final int length) {
        long value = 0;
        for (int i = 0; i < length; i++) {
            value |= (long) (b[pos + i] & 0x7F) << (7 * i);
        }
        return value;
    }

    private static int skip(final int pos, final int count, final int end) {
        if (count > end - pos) {
            throw new Malformed();
        }
        return pos + count;
    }
}
