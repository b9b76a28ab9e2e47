package org.flyproto.gen.model;

/**
 * A reference to a generated type, possibly from another file.
 *
 * @param javaPackage the Java package of the generated classes.
 * @param simpleName  the base name: {@code Order} for a message (whose classes are {@link #decoderName()} and
 *     {@link #encoderName()}), the class name for an enum.
 * @param fullName    the protobuf full name.
 */
public record TypeRef(String javaPackage, String simpleName, String fullName) {
    /**
     * @return the simple name of a message's decoder class.
     */
    public String decoderName() {
        return simpleName + "Decoder";
    }

    /**
     * @return the simple name of a message's encoder class.
     */
    public String encoderName() {
        return simpleName + "Encoder";
    }
}
