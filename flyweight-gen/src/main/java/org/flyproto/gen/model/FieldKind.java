package org.flyproto.gen.model;

/** The protobuf type of a field, with the wire type of one (unpacked) value. */
public enum FieldKind {
    DOUBLE(WireTypes.I64),
    FLOAT(WireTypes.I32),
    INT64(WireTypes.VARINT),
    UINT64(WireTypes.VARINT),
    INT32(WireTypes.VARINT),
    FIXED64(WireTypes.I64),
    FIXED32(WireTypes.I32),
    BOOL(WireTypes.VARINT),
    STRING(WireTypes.LEN),
    BYTES(WireTypes.LEN),
    UINT32(WireTypes.VARINT),
    SFIXED32(WireTypes.I32),
    SFIXED64(WireTypes.I64),
    SINT32(WireTypes.VARINT),
    SINT64(WireTypes.VARINT),
    ENUM(WireTypes.VARINT),
    MESSAGE(WireTypes.LEN);

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
        return wireType != WireTypes.LEN;
    }

    /** Wire type numbers, as in the protobuf encoding spec. */
    public static final class WireTypes {
        /** Varint. */
        public static final int VARINT = 0;
        /** Little-endian 8 bytes. */
        public static final int I64 = 1;
        /** Length-delimited. */
        public static final int LEN = 2;
        /** Little-endian 4 bytes. */
        public static final int I32 = 5;

        private WireTypes() {}
    }
}
