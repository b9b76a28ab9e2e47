package org.flyproto.codec.schema;

import org.flyproto.buffers.WireType;

/**
 * The protobuf type of a field. Groups and editions' DELIMITED messages are {@link #MESSAGE} with
 * {@link FieldSchema#isDelimited()}.
 */
public enum FieldType {
    DOUBLE(WireType.I64),
    FLOAT(WireType.I32),
    INT64(WireType.VARINT),
    UINT64(WireType.VARINT),
    INT32(WireType.VARINT),
    FIXED64(WireType.I64),
    FIXED32(WireType.I32),
    BOOL(WireType.VARINT),
    STRING(WireType.LEN),
    BYTES(WireType.LEN),
    UINT32(WireType.VARINT),
    SFIXED32(WireType.I32),
    SFIXED64(WireType.I64),
    SINT32(WireType.VARINT),
    SINT64(WireType.VARINT),
    ENUM(WireType.VARINT),
    MESSAGE(WireType.LEN);

    private final int wireType;

    FieldType(final int wireType) {
        this.wireType = wireType;
    }

    /**
     * @return the wire type of one value written unpacked ({@link WireType}); LEN for messages, also delimited ones.
     */
    public int wireType() {
        return wireType;
    }

    /**
     * @return true for the scalar and enum types, which a repeated field may write packed.
     */
    public boolean isPackable() {
        return wireType != WireType.LEN;
    }
}
