package org.flyproto.gen.model;

import org.flyproto.buffers.WireType;

/** The protobuf type of a field, with the wire type of one (unpacked) value. */
public enum FieldKind {
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

    FieldKind(final int wireType) {
        this.wireType = wireType;
    }

    /**
     * @return the wire type of one value written unpacked.
     */
    public int wireType() {
        return wireType;
    }

    /**
     * @return true for the scalar kinds that may be packed.
     */
    public boolean isPackable() {
        return wireType != WireType.LEN;
    }

    /**
     * @return how generated code treats one value of this kind.
     */
    public ValueKind valueKind() {
        return switch (this) {
            case ENUM -> ValueKind.ENUM;
            case STRING -> ValueKind.STRING;
            case BYTES -> ValueKind.BYTES;
            case MESSAGE -> ValueKind.MESSAGE;
            case DOUBLE,
                    FLOAT,
                    INT64,
                    UINT64,
                    INT32,
                    FIXED64,
                    FIXED32,
                    BOOL,
                    UINT32,
                    SFIXED32,
                    SFIXED64,
                    SINT32,
                    SINT64 -> ValueKind.SCALAR;
        };
    }
}
