package org.flyproto.gen.model;

/**
 * The type of a message field, when it is a leaf of the message tree (no message, group or map fields, no oneof with
 * a validated string): what a validating scan of it checks besides the wire format, so that a validating decoder can
 * check an occurrence by walking its bytes instead of scanning it. Each mask has bit {@code n} set for field number
 * {@code n}; the runtime's {@code LeafShape} says what each means.
 *
 * @param strings       singular string fields whose UTF-8 is validated.
 * @param packedVarints repeated varint fields (packable: integers, bools, enums).
 * @param packedFixed32 repeated 4-byte fields.
 * @param packedFixed64 repeated 8-byte fields.
 */
public record LeafShapeModel(long strings, long packedVarints, long packedFixed32, long packedFixed64) {
    /**
     * @return true if there is nothing to check but the wire format.
     */
    public boolean plain() {
        return (strings | packedVarints | packedFixed32 | packedFixed64) == 0;
    }
}
