package org.flyproto.gen.model;

/**
 * One field of a message.
 *
 * @param protoName    the name in the .proto file.
 * @param javaName     lowerCamel Java name used for accessors and setters, never clashing with a Java keyword or a
 *     method of the flyweight base classes.
 * @param constantName UPPER_SNAKE name used for constants, e.g. {@code ORDER_ID} for {@code ORDER_ID_FIELD_NUMBER}.
 * @param number       the field number.
 * @param kind         the protobuf type.
 * @param repeated     true for a repeated field.
 * @param packed       true if a repeated scalar is written packed.
 * @param presence     true if a singular field tracks presence ({@code hasX()}); false for implicit presence.
 * @param presenceBit  index of the presence bit among the message's fields with presence, or -1.
 * @param validateUtf8 true if a string field's UTF-8 is validated on decode, as protobuf-java does for this field.
 * @param messageType  the message type of a message field, else null.
 * @param enumType     the enum type of an enum field, else null.
 * @param javadoc      the field's comment, or empty.
 */
public record FieldModel(
        String protoName,
        String javaName,
        String constantName,
        int number,
        FieldKind kind,
        boolean repeated,
        boolean packed,
        boolean presence,
        int presenceBit,
        boolean validateUtf8,
        TypeRef messageType,
        TypeRef enumType,
        String javadoc) {

    /**
     * @return the tag of one unpacked value (or of the field, for length-delimited kinds).
     */
    public int tag() {
        return (number << 3) | kind.wireType();
    }

    /**
     * @return the tag of a packed run of this field.
     */
    public int packedTag() {
        return (number << 3) | FieldKind.WireTypes.LEN;
    }

    /**
     * @return the javaName with its first letter upper-cased, for {@code hasX}, {@code addX}, {@code beginX}.
     */
    public String capitalizedName() {
        return Character.toUpperCase(javaName.charAt(0)) + javaName.substring(1);
    }
}
