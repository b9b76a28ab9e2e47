package org.flyproto.gen.model;

/**
 * Every name generated code derives from one field: its accessors and setters, its storage in the flyweights and its
 * constants. Emitters take names from here and never build them; {@link MemberNames} decides the two stems so that no
 * two members of a message clash.
 *
 * <p>Storage names are the stem plus a fixed suffix ({@code Value}, {@code Offset}, {@code Length}, {@code First},
 * {@code Count}, {@code Elements}, {@code View}, {@code Cursor}, {@code Decoder}, {@code Found}, {@code Encoder}); no
 * suffix ends another,
 * so two distinct stems never give the same storage name.
 *
 * @param stem         lowerCamel base of every method and storage name, e.g. {@code orderId}.
 * @param constantStem UPPER_SNAKE base of the constants, e.g. {@code ORDER_ID} for {@code ORDER_ID_FIELD_NUMBER}.
 */
public record FieldNames(String stem, String constantStem) {
    /** @return the decoder's accessor and the encoder's setter: {@code x}. */
    public String accessor() {
        return stem;
    }

    /** @return the presence test: {@code hasX}. */
    public String has() {
        return "has" + capitalized();
    }

    /** @return the allocating string accessor: {@code xAsString}. */
    public String asString() {
        return stem + "AsString";
    }

    /** @return the accessor and setter of an enum's number: {@code xRaw}. */
    public String raw() {
        return stem + "Raw";
    }

    /** @return a map's lookup by key: {@code findX}. */
    public String find() {
        return "find" + capitalized();
    }

    /** @return appending one element (or starting one message element): {@code addX}. */
    public String add() {
        return "add" + capitalized();
    }

    /** @return appending one enum element by number: {@code addXRaw}. */
    public String addRaw() {
        return "add" + capitalized() + "Raw";
    }

    /** @return starting a nested message or a packed run: {@code beginX}. */
    public String begin() {
        return "begin" + capitalized();
    }

    /** @return ending a nested message or a packed run: {@code endX}. */
    public String end() {
        return "end" + capitalized();
    }

    /** @return writing one map entry: {@code putX}. */
    public String put() {
        return "put" + capitalized();
    }

    /** @return the decoder's stored scalar value. */
    public String valueField() {
        return stem + "Value";
    }

    /** @return the decoder's stored index of a length-delimited value. */
    public String offsetField() {
        return stem + "Offset";
    }

    /** @return the decoder's stored length of a length-delimited value. */
    public String lengthField() {
        return stem + "Length";
    }

    /** @return the decoder's stored index of the first occurrence's tag. */
    public String firstField() {
        return stem + "First";
    }

    /** @return the element count of a repeated field or map: {@code xCount}. */
    public String count() {
        return stem + "Count";
    }

    /** @return the decoder's count of a singular message's occurrences, or of a repeated scalar's elements. */
    public String countField() {
        return stem + "Count";
    }

    /** @return the decoder's record of a repeated message field's elements. */
    public String elementsField() {
        return stem + "Elements";
    }

    /** @return the decoder's reused string or bytes view. */
    public String viewField() {
        return stem + "View";
    }

    /** @return the decoder's reused cursor of a repeated scalar. */
    public String cursorField() {
        return stem + "Cursor";
    }

    /** @return the decoder's reused nested decoder. */
    public String decoderField() {
        return stem + "Decoder";
    }

    /** @return the decoder's reused entry decoder of a map lookup. */
    public String foundField() {
        return stem + "Found";
    }

    /** @return the encoder's reused nested encoder. */
    public String encoderField() {
        return stem + "Encoder";
    }

    /** @return the public field-number constant: {@code X_FIELD_NUMBER}. */
    public String numberConstant() {
        return constantStem + "_FIELD_NUMBER";
    }

    /** @return the private tag constant: {@code TAG_X}. */
    public String tagConstant() {
        return "TAG_" + constantStem;
    }

    /** @return the private tag constant of a packed run: {@code PACKED_TAG_X}. */
    public String packedTagConstant() {
        return "PACKED_TAG_" + constantStem;
    }

    /** @return the private constant holding the leaf shape of a message field's type: {@code SHAPE_X}. */
    public String shapeConstant() {
        return "SHAPE_" + constantStem;
    }

    /** @return the private constant holding an explicit string or bytes default's bytes: {@code DEFAULT_X}. */
    public String defaultConstant() {
        return "DEFAULT_" + constantStem;
    }

    /** @return the private constant holding an explicit string default as a String: {@code DEFAULT_X_STRING}. */
    public String defaultStringConstant() {
        return defaultConstant() + "_STRING";
    }

    private String capitalized() {
        return Character.toUpperCase(stem.charAt(0)) + stem.substring(1);
    }
}
