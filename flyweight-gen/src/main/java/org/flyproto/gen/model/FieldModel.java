package org.flyproto.gen.model;

import org.flyproto.buffers.Tag;
import org.flyproto.buffers.WireType;

/**
 * One field of a message.
 *
 * @param protoName    the name in the .proto file.
 * @param names        every Java name derived from the field, free of clashes within its message.
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
 * @param closedEnum   true for an enum field whose unknown numbers protobuf-java keeps as unknown fields rather than
 *     as the value (proto2 enums, editions {@code enum_type = CLOSED}).
 * @param delimited    true for a group, or an editions message field with {@code message_encoding = DELIMITED}:
 *     written between START_GROUP and END_GROUP tags instead of with a length prefix.
 * @param required     true for a proto2 {@code required} or editions {@code LEGACY_REQUIRED} field.
 * @param defaultValue the explicit default of a proto2/editions field, or null: an Integer (int32, uint32, sint32,
 *     fixed32, sfixed32, and the number of an enum), Long (64-bit kinds), Float, Double, Boolean, String, or byte[].
 * @param oneof        the oneof this field belongs to, or null.
 * @param childNeedsInitCheck for a message field: true if its type, or a type below it, has required fields.
 * @param map          for a map field (a repeated field of its entry message type): the entry's key and value
 *     fields; else null.
 * @param textName     the name protobuf's text format prints for the field: {@code [full.name]} for an extension,
 *     the type's name for a group-like field, else the name in the .proto file.
 * @param jsonName     the lowerCamel name protobuf's JSON mapping prints for the field ({@code json_name} as protoc
 *     resolves it): {@code [full.name]} for an extension.
 * @param leafShape    for a message field whose type is a leaf of the message tree: what validating an occurrence
 *     checks; else null (validated by a scan).
 */
public record FieldModel(
        String protoName,
        FieldNames names,
        int number,
        FieldKind kind,
        boolean repeated,
        boolean packed,
        boolean presence,
        int presenceBit,
        boolean validateUtf8,
        TypeRef messageType,
        TypeRef enumType,
        String javadoc,
        boolean closedEnum,
        boolean delimited,
        boolean required,
        Object defaultValue,
        OneofModel oneof,
        boolean childNeedsInitCheck,
        MapModel map,
        String textName,
        String jsonName,
        LeafShapeModel leafShape) {

    /**
     * @return how many values the field holds and how presence is known.
     */
    public Cardinality cardinality() {
        if (map != null) {
            return Cardinality.MAP;
        }
        if (repeated) {
            return Cardinality.REPEATED;
        }
        if (oneof != null) {
            return Cardinality.ONEOF;
        }
        return presence ? Cardinality.OPTIONAL : Cardinality.IMPLICIT;
    }

    /**
     * @return what one value is.
     */
    public ValueKind valueKind() {
        return kind.valueKind();
    }

    /**
     * @return true if the values are messages, whatever the cardinality: a message or group field, repeated or not,
     *     or a map (of entry messages).
     */
    public boolean isMessage() {
        return valueKind() == ValueKind.MESSAGE;
    }

    /**
     * @return true for a repeated scalar or enum, which the wire may carry packed whatever the schema says.
     */
    public boolean isPackable() {
        return repeated && kind.isPackable();
    }

    /**
     * @return the tag of one unpacked value (or of the field, for length-delimited kinds; START_GROUP for delimited
     *     messages).
     */
    public int tag() {
        return Tag.make(number, delimited ? WireType.START_GROUP : kind.wireType());
    }

    /**
     * @return the tag of a packed run of this field.
     */
    public int packedTag() {
        return Tag.make(number, WireType.LEN);
    }

    /**
     * @param newNames other names.
     * @return this field with those names.
     */
    public FieldModel withNames(final FieldNames newNames) {
        return with(newNames, javadoc);
    }

    /**
     * @param newJavadoc another comment.
     * @return this field with that comment.
     */
    public FieldModel withJavadoc(final String newJavadoc) {
        return with(names, newJavadoc);
    }

    /** This field with other names and comment: the one place that lists the components for a variant. */
    private FieldModel with(final FieldNames newNames, final String newJavadoc) {
        return new FieldModel(
                protoName,
                newNames,
                number,
                kind,
                repeated,
                packed,
                presence,
                presenceBit,
                validateUtf8,
                messageType,
                enumType,
                newJavadoc,
                closedEnum,
                delimited,
                required,
                defaultValue,
                oneof,
                childNeedsInitCheck,
                map,
                textName,
                jsonName,
                leafShape);
    }
}
