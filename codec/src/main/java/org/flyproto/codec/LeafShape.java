package org.flyproto.codec;

/**
 * What a validating scan checks in a message type with no message, group or map fields (a leaf of the message tree),
 * beyond the well-formedness of its tags, varints and lengths: generated decoders hold one for each message field
 * whose type is such a leaf, so that a validating wrap checks an occurrence of it by walking its bytes (
 * {@link WireReader#validateLeaf}) instead of scanning it into a decoder, which the read scans again.
 *
 * <p>Each mask has bit {@code n} set for field number {@code n} (1 to 63).
 *
 * @param strings       singular string fields whose UTF-8 is validated: an occurrence replaced by a later one is
 *     never read, but protobuf-java rejects its bad UTF-8, so a second occurrence sends the message to the full
 *     validating scan.
 * @param packedVarints repeated varint fields (integers, bools, enums): a length-delimited occurrence is a packed
 *     run, whose varints must be well formed.
 * @param packedFixed32 repeated 4-byte fields: a packed run's length must be a multiple of 4.
 * @param packedFixed64 repeated 8-byte fields: a packed run's length must be a multiple of 8.
 */
public record LeafShape(long strings, long packedVarints, long packedFixed32, long packedFixed64) {
    /** The shape of a leaf with nothing to check but its wire format: scalars, bytes and unvalidated strings. */
    public static final LeafShape PLAIN = new LeafShape(0L, 0L, 0L, 0L);
}
