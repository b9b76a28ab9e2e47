package org.flyproto.buffers;

/**
 * Protobuf wire types: the low three bits of a {@link Tag}, which say how the field's value is encoded.
 *
 * @see <a href="https://protobuf.dev/programming-guides/encoding/#structure">Protobuf encoding: message structure</a>
 */
public final class WireType {
    /** Base-128 varint: int32, int64, uint32, uint64, sint32, sint64, bool, enum. */
    public static final int VARINT = 0;

    /** Eight little-endian bytes: fixed64, sfixed64, double. */
    public static final int I64 = 1;

    /** Varint length followed by that many bytes: string, bytes, embedded messages, packed repeated fields. */
    public static final int LEN = 2;

    /** Start of a group (deprecated by protobuf, still on the wire in proto2 data). */
    public static final int START_GROUP = 3;

    /** End of a group (deprecated by protobuf, still on the wire in proto2 data). */
    public static final int END_GROUP = 4;

    /** Four little-endian bytes: fixed32, sfixed32, float. */
    public static final int I32 = 5;

    private WireType() {}
}
