package org.flyproto.codec.schema;

import java.util.function.Supplier;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.buffers.Tag;
import org.flyproto.buffers.WireType;

/**
 * One field of a {@link MessageSchema}: its number, names, type and cardinality, and for message and enum fields the
 * schema of the type (resolved on first use, so that types may refer to each other and to themselves).
 *
 * <p>Immutable; generated encoders build theirs once, in their {@code SCHEMA}.
 */
public final class FieldSchema {
    /** No flag. */
    public static final int NONE = 0;

    /** A repeated field (maps included). */
    public static final int REPEATED = 1;

    /** A repeated scalar or enum field written packed. */
    public static final int PACKED = 1 << 1;

    /** A singular field that tracks presence (explicit presence, a oneof member, a message). */
    public static final int PRESENCE = 1 << 2;

    /** A map field: repeated, of its entry type (key field 1, value field 2). */
    public static final int MAP = 1 << 3;

    /** A group, or an editions message field with {@code message_encoding = DELIMITED}. */
    public static final int DELIMITED = 1 << 4;

    /** A proto2 {@code required} field (editions {@code LEGACY_REQUIRED}). */
    public static final int REQUIRED = 1 << 5;

    /** An enum field whose undeclared numbers protobuf keeps as unknown fields (a closed enum). */
    public static final int CLOSED_ENUM = 1 << 6;

    /** A string field whose UTF-8 is validated, as protobuf-java validates it. */
    public static final int VALIDATE_UTF8 = 1 << 7;

    /** An extension of the message (its text and JSON names are {@code [full.name]}). */
    public static final int EXTENSION = 1 << 8;

    private final int number;
    private final String name;
    private final String jsonName;
    private final String textName;
    private final FieldType type;
    private final int flags;
    private final int oneof;
    private final Supplier<MessageSchema> messageType;
    private final Supplier<EnumSchema> enumType;
    private MessageSchema resolvedMessage;
    private EnumSchema resolvedEnum;
    private boolean hasDefault;
    private long defaultBits;
    private double defaultDouble;
    private DirectBuffer defaultBytes = NO_BYTES;

    private static final DirectBuffer NO_BYTES = new UnsafeBuffer(new byte[0]);

    private FieldSchema(
            final int number,
            final String name,
            final String jsonName,
            final String textName,
            final FieldType type,
            final int flags,
            final int oneof,
            final Supplier<MessageSchema> messageType,
            final Supplier<EnumSchema> enumType) {
        if (number < 1 || number > Tag.MAX_FIELD_NUMBER) {
            throw new IllegalArgumentException("field number out of range: " + number);
        }
        if ((type == FieldType.MESSAGE) != (messageType != null) || (type == FieldType.ENUM) != (enumType != null)) {
            throw new IllegalArgumentException(name + ": a message or enum field, and only one, names its type");
        }
        if ((flags & PACKED) != 0 && ((flags & REPEATED) == 0 || !type.isPackable())) {
            throw new IllegalArgumentException(name + ": only repeated scalar and enum fields are packed");
        }
        this.number = number;
        this.name = name;
        this.jsonName = jsonName;
        this.textName = textName;
        this.type = type;
        this.flags = flags;
        this.oneof = oneof;
        this.messageType = messageType;
        this.enumType = enumType;
    }

    /** A copy of {@code field} with the explicit default {@link #withDefault} gives it. */
    private FieldSchema(final FieldSchema field) {
        this(
                field.number,
                field.name,
                field.jsonName,
                field.textName,
                field.type,
                field.flags,
                field.oneof,
                field.messageType,
                field.enumType);
    }

    /**
     * A scalar, string or bytes field.
     *
     * @param number   the field number.
     * @param name     the name in the .proto file.
     * @param jsonName the name in protobuf's JSON mapping (lowerCamel, or the {@code json_name} option).
     * @param textName the name in protobuf's text format: the name, or {@code [full.name]} for an extension.
     * @param type     the type, not MESSAGE or ENUM.
     * @param flags    the flags ({@link #REPEATED}, {@link #PACKED}, ...), or-ed.
     * @param oneof    the index of its oneof in the message's {@link MessageSchema#oneofName(int)}, or -1.
     * @return the field.
     */
    public static FieldSchema scalar(
            final int number,
            final String name,
            final String jsonName,
            final String textName,
            final FieldType type,
            final int flags,
            final int oneof) {
        return new FieldSchema(number, name, jsonName, textName, type, flags, oneof, null, null);
    }

    /**
     * An enum field; {@link #scalar} for the parameters.
     *
     * @param number   the field number.
     * @param name     the name in the .proto file.
     * @param jsonName the name in protobuf's JSON mapping.
     * @param textName the name in protobuf's text format.
     * @param flags    the flags, or-ed.
     * @param oneof    the index of its oneof, or -1.
     * @param enumType the enum's schema, asked for on first use.
     * @return the field.
     */
    public static FieldSchema enumeration(
            final int number,
            final String name,
            final String jsonName,
            final String textName,
            final int flags,
            final int oneof,
            final Supplier<EnumSchema> enumType) {
        return new FieldSchema(number, name, jsonName, textName, FieldType.ENUM, flags, oneof, null, enumType);
    }

    /**
     * A message, group or map field; {@link #scalar} for the parameters.
     *
     * @param number      the field number.
     * @param name        the name in the .proto file.
     * @param jsonName    the name in protobuf's JSON mapping.
     * @param textName    the name in protobuf's text format (a group's type name for a group).
     * @param flags       the flags, or-ed ({@link #MAP} and {@link #REPEATED} for a map, of its entry type).
     * @param oneof       the index of its oneof, or -1.
     * @param messageType the message's schema, asked for on first use.
     * @return the field.
     */
    public static FieldSchema message(
            final int number,
            final String name,
            final String jsonName,
            final String textName,
            final int flags,
            final int oneof,
            final Supplier<MessageSchema> messageType) {
        return new FieldSchema(number, name, jsonName, textName, FieldType.MESSAGE, flags, oneof, messageType, null);
    }

    /**
     * This field with an explicit default ({@code [default = ...]} in proto2 and editions): what a reader of the
     * message sees when the field is absent.
     *
     * @param value the default of an integer, bool or enum field: the value as protobuf-java holds it (32-bit types
     *     in the low 32 bits, unsigned types as their bit pattern, bools as 0 or 1, enums as their number).
     * @return a copy of this field with that default.
     * @throws IllegalArgumentException if the field is not of an integer, bool or enum type, or is repeated.
     */
    public FieldSchema withDefault(final long value) {
        if (!type.isPackable() || type == FieldType.FLOAT || type == FieldType.DOUBLE || isRepeated()) {
            throw new IllegalArgumentException(this + ": not a singular integer, bool or enum field");
        }
        final FieldSchema copy = new FieldSchema(this);
        copy.hasDefault = true;
        copy.defaultBits = value;
        copy.defaultDouble = value;
        return copy;
    }

    /**
     * This field with an explicit default, as {@link #withDefault(long)}.
     *
     * @param value the default of a float or double field (a float's default is a float's value).
     * @return a copy of this field with that default.
     * @throws IllegalArgumentException if the field is not a singular float or double field.
     */
    public FieldSchema withDefault(final double value) {
        if ((type != FieldType.FLOAT && type != FieldType.DOUBLE) || isRepeated()) {
            throw new IllegalArgumentException(this + ": not a singular float or double field");
        }
        final FieldSchema copy = new FieldSchema(this);
        copy.hasDefault = true;
        copy.defaultDouble = value;
        copy.defaultBits = Double.doubleToRawLongBits(value);
        return copy;
    }

    /**
     * This field with an explicit default, as {@link #withDefault(long)}.
     *
     * @param value the default of a string field (its UTF-8) or of a bytes field; copied.
     * @return a copy of this field with that default.
     * @throws IllegalArgumentException if the field is not a singular string or bytes field.
     */
    public FieldSchema withDefault(final byte[] value) {
        if ((type != FieldType.STRING && type != FieldType.BYTES) || isRepeated()) {
            throw new IllegalArgumentException(this + ": not a singular string or bytes field");
        }
        final FieldSchema copy = new FieldSchema(this);
        copy.hasDefault = true;
        copy.defaultBytes = new UnsafeBuffer(value.clone());
        return copy;
    }

    /**
     * @return true if the field has a default other than zero or empty ({@link #withDefault}): an explicit one, or a
     *     closed enum's first value when that is not 0.
     */
    public boolean hasDefault() {
        return hasDefault;
    }

    /**
     * @return the explicit default of an integer, bool or enum field as {@link #withDefault(long)} takes it (for a
     *     float or double field the raw bits of the double); 0 without one.
     */
    public long defaultLong() {
        return defaultBits;
    }

    /**
     * @return the explicit default of a float or double field; 0 without one.
     */
    public double defaultDouble() {
        return defaultDouble;
    }

    /**
     * @return the explicit default of a string (UTF-8) or bytes field, as a read-only buffer of exactly its length;
     *     empty without one. Not to be written to.
     */
    public DirectBuffer defaultBytes() {
        return defaultBytes;
    }

    /**
     * @return the field number.
     */
    public int number() {
        return number;
    }

    /**
     * @return the name in the .proto file.
     */
    public String name() {
        return name;
    }

    /**
     * @return the name in protobuf's JSON mapping.
     */
    public String jsonName() {
        return jsonName;
    }

    /**
     * @return the name in protobuf's text format.
     */
    public String textName() {
        return textName;
    }

    /**
     * @return the type.
     */
    public FieldType type() {
        return type;
    }

    /**
     * @return the flags, or-ed.
     */
    public int flags() {
        return flags;
    }

    /**
     * @return true for a repeated field, maps included.
     */
    public boolean isRepeated() {
        return (flags & REPEATED) != 0;
    }

    /**
     * @return true for a repeated scalar or enum field written packed.
     */
    public boolean isPacked() {
        return (flags & PACKED) != 0;
    }

    /**
     * @return true for a singular field that tracks presence.
     */
    public boolean hasPresence() {
        return (flags & PRESENCE) != 0;
    }

    /**
     * @return true for a map field.
     */
    public boolean isMap() {
        return (flags & MAP) != 0;
    }

    /**
     * @return true for a group or a delimited message, written between START_GROUP and END_GROUP tags.
     */
    public boolean isDelimited() {
        return (flags & DELIMITED) != 0;
    }

    /**
     * @return true for a required field.
     */
    public boolean isRequired() {
        return (flags & REQUIRED) != 0;
    }

    /**
     * @return true for a field of a closed enum.
     */
    public boolean isClosedEnum() {
        return (flags & CLOSED_ENUM) != 0;
    }

    /**
     * @return true for a string field whose UTF-8 is validated.
     */
    public boolean validatesUtf8() {
        return (flags & VALIDATE_UTF8) != 0;
    }

    /**
     * @return true for an extension.
     */
    public boolean isExtension() {
        return (flags & EXTENSION) != 0;
    }

    /**
     * @return the index of its oneof in its message, or -1.
     */
    public int oneof() {
        return oneof;
    }

    /**
     * @return the tag of one value written unpacked: START_GROUP for a delimited message.
     */
    public int tag() {
        return Tag.make(number, isDelimited() ? WireType.START_GROUP : type.wireType());
    }

    /**
     * @return the tag of a packed run (wire type LEN).
     */
    public int packedTag() {
        return Tag.make(number, WireType.LEN);
    }

    /**
     * @return the message type of a message, group or map field (a map's entry type); null for other fields.
     */
    public MessageSchema messageType() {
        MessageSchema resolved = resolvedMessage;
        if (resolved == null && messageType != null) {
            resolved = messageType.get();
            resolvedMessage = resolved;
        }
        return resolved;
    }

    /**
     * @return the enum type of an enum field; null for other fields.
     */
    public EnumSchema enumType() {
        EnumSchema resolved = resolvedEnum;
        if (resolved == null && enumType != null) {
            resolved = enumType.get();
            resolvedEnum = resolved;
        }
        return resolved;
    }

    @Override
    public String toString() {
        return name + " = " + number + " (" + type + ")";
    }
}
