package org.flyproto.wkt;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.codec.ProtoDecodeException;
import org.flyproto.codec.schema.EnumSchema;
import org.flyproto.codec.schema.FieldSchema;
import org.flyproto.codec.schema.FieldType;
import org.flyproto.codec.schema.MessageSchema;

/**
 * Loads a {@code FileDescriptorSet} — the bytes {@code protoc --descriptor_set_out} writes, with or without
 * {@code --include_imports} — into run-time schemas ({@link LoadedSchemas}), read through flyproto's own flyweights
 * of {@code descriptor.proto}: no protobuf-java at run time.
 *
 * <p>Each field's presence, packing, encoding (length-prefixed or delimited), UTF-8 validation and its enum's
 * closedness are resolved as protobuf-java resolves them: from the file's syntax (proto2, proto3) or edition and the
 * features set on the file, the enclosing messages, the field's oneof and the field itself. A field whose type is in
 * a file the set does not hold resolves to the well-known type of that name if there is one
 * ({@code google.protobuf.*}, shipped here); any other missing type fails the load.
 *
 * <p>Loading allocates (it is done once); the schemas it returns do not, when used.
 */
public final class DescriptorSetLoader {
    private static final int LABEL_REPEATED = 3;
    private static final int LABEL_REQUIRED = 2;
    private static final int TYPE_GROUP = 10;
    private static final int TYPE_MESSAGE = 11;
    private static final int TYPE_ENUM = 14;

    private static final int EDITION_PROTO2 = 998;
    private static final int EDITION_PROTO3 = 999;
    private static final int EDITION_2023 = 1000;

    private static final int PRESENCE_EXPLICIT = 1;
    private static final int PRESENCE_IMPLICIT = 2;
    private static final int PRESENCE_LEGACY_REQUIRED = 3;
    private static final int ENUM_OPEN = 1;
    private static final int ENUM_CLOSED = 2;
    private static final int REPEATED_PACKED = 1;
    private static final int REPEATED_EXPANDED = 2;
    private static final int UTF8_VERIFY = 2;
    private static final int UTF8_NONE = 3;
    private static final int MESSAGE_LENGTH_PREFIXED = 1;
    private static final int MESSAGE_DELIMITED = 2;

    /** The resolved features that matter for the wire format, as FeatureSet's enum numbers. */
    private record Features(int presence, int enumType, int repeated, int utf8, int messageEncoding) {
        static Features defaults(final int edition) {
            return switch (edition) {
                case EDITION_PROTO2 ->
                    new Features(PRESENCE_EXPLICIT, ENUM_CLOSED, REPEATED_EXPANDED, UTF8_NONE, MESSAGE_LENGTH_PREFIXED);
                case EDITION_PROTO3 ->
                    new Features(PRESENCE_IMPLICIT, ENUM_OPEN, REPEATED_PACKED, UTF8_VERIFY, MESSAGE_LENGTH_PREFIXED);
                default ->
                    new Features(PRESENCE_EXPLICIT, ENUM_OPEN, REPEATED_PACKED, UTF8_VERIFY, MESSAGE_LENGTH_PREFIXED);
            };
        }

        /** These features overridden by those {@code set} sets. */
        Features with(final FeatureSetDecoder set) {
            return new Features(
                    set.hasFieldPresence() ? set.fieldPresenceRaw() : presence,
                    set.hasEnumType() ? set.enumTypeRaw() : enumType,
                    set.hasRepeatedFieldEncoding() ? set.repeatedFieldEncodingRaw() : repeated,
                    set.hasUtf8Validation() ? set.utf8ValidationRaw() : utf8,
                    set.hasMessageEncoding() ? set.messageEncodingRaw() : messageEncoding);
        }
    }

    /** A field as read, before its types are resolved. */
    private record RawField(
            String name,
            String fullName,
            String extendee,
            int number,
            int label,
            int type,
            String typeName,
            String jsonName,
            int oneof,
            boolean proto3Optional,
            boolean hasPacked,
            boolean packed,
            Features features,
            boolean javaStringCheckUtf8,
            String scope,
            String file,
            String defaultValue) {}

    /** A message as read; {@code parent} is the enclosing message's full name, or null at the top of a file. */
    private static final class RawMessage {
        final String fullName;
        final String file;
        final String parent;
        final boolean mapEntry;
        boolean messageSet;
        final List<RawField> fields = new ArrayList<>();
        final List<String> oneofs = new ArrayList<>();
        final List<Boolean> oneofSynthetic = new ArrayList<>();

        RawMessage(final String fullName, final String file, final String parent, final boolean mapEntry) {
            this.fullName = fullName;
            this.file = file;
            this.parent = parent;
            this.mapEntry = mapEntry;
        }
    }

    private final Map<String, RawMessage> messages = new LinkedHashMap<>();
    private final Map<String, EnumSchema> enums = new LinkedHashMap<>();
    private final List<RawField> extensions = new ArrayList<>();

    private DescriptorSetLoader() {}

    /**
     * Loads the descriptor set in {@code bytes}.
     *
     * @param bytes a serialized {@code google.protobuf.FileDescriptorSet}.
     * @return its schemas.
     * @throws ProtoDecodeException if the bytes are not a valid descriptor set.
     * @throws IllegalArgumentException if a field's type is in none of its files and is not a well-known type, or
     *     a name is defined twice.
     */
    public static LoadedSchemas load(final byte[] bytes) {
        return load(new UnsafeBuffer(bytes), 0, bytes.length);
    }

    /**
     * Loads the descriptor set in {@code [offset, offset + length)} of {@code buffer}.
     *
     * @param buffer the buffer.
     * @param offset index of the first byte.
     * @param length the number of bytes.
     * @return its schemas.
     * @throws ProtoDecodeException if the bytes are not a valid descriptor set.
     * @throws IllegalArgumentException if a field's type is in none of its files and is not a well-known type, or
     *     a name is defined twice.
     */
    public static LoadedSchemas load(final DirectBuffer buffer, final int offset, final int length) {
        final DescriptorSetLoader loader = new DescriptorSetLoader();
        final FileDescriptorSetDecoder set = new FileDescriptorSetDecoder().wrap(buffer, offset, length);
        for (final FileDescriptorProtoDecoder file = set.file(); file.next(); ) {
            loader.readFile(file);
        }
        return loader.build();
    }

    private void readFile(final FileDescriptorProtoDecoder file) {
        final String name = file.nameAsString();
        final String pkg = file.hasPackage_() ? file.package_AsString() : "";
        final int edition = edition(file);
        Features features = Features.defaults(edition);
        boolean checkUtf8 = false;
        if (file.hasOptions()) {
            final FileOptionsDecoder options = file.options();
            if (options.hasFeatures()) {
                features = features.with(options.features());
            }
            checkUtf8 = options.javaStringCheckUtf8();
        }
        final String prefix = pkg.isEmpty() ? "" : pkg + ".";
        for (final EnumDescriptorProtoDecoder e = file.enumType(); e.next(); ) {
            readEnum(e, prefix, features);
        }
        for (final DescriptorProtoDecoder m = file.messageType(); m.next(); ) {
            readMessage(m, prefix, null, name, features, checkUtf8);
        }
        for (final FieldDescriptorProtoDecoder f = file.extension(); f.next(); ) {
            extensions.add(readField(f, prefix, name, null, features, checkUtf8, List.of()));
        }
    }

    private static int edition(final FileDescriptorProtoDecoder file) {
        if (file.hasEdition()) {
            return file.editionRaw();
        }
        final String syntax = file.hasSyntax() ? file.syntaxAsString() : "";
        return switch (syntax) {
            case "", "proto2" -> EDITION_PROTO2;
            case "proto3" -> EDITION_PROTO3;
            default -> EDITION_2023;
        };
    }

    private void readEnum(final EnumDescriptorProtoDecoder e, final String prefix, final Features scope) {
        final String fullName = prefix + e.nameAsString();
        Features features = scope;
        if (e.hasOptions() && e.options().hasFeatures()) {
            features = features.with(e.options().features());
        }
        final List<String> names = new ArrayList<>();
        final List<Integer> numbers = new ArrayList<>();
        for (final EnumValueDescriptorProtoDecoder v = e.value(); v.next(); ) {
            names.add(v.nameAsString());
            numbers.add(v.number());
        }
        final EnumSchema schema = EnumSchema.of(
                fullName,
                features.enumType() == ENUM_CLOSED,
                names.toArray(new String[0]),
                numbers.stream().mapToInt(Integer::intValue).toArray());
        if (enums.putIfAbsent(fullName, schema) != null) {
            throw new IllegalArgumentException(fullName + " is defined twice");
        }
    }

    private void readMessage(
            final DescriptorProtoDecoder m,
            final String prefix,
            final String parent,
            final String file,
            final Features scope,
            final boolean checkUtf8) {
        final String fullName = prefix + m.nameAsString();
        Features features = scope;
        boolean mapEntry = false;
        boolean messageSet = false;
        if (m.hasOptions()) {
            final MessageOptionsDecoder options = m.options();
            if (options.hasFeatures()) {
                features = features.with(options.features());
            }
            mapEntry = options.mapEntry();
            messageSet = options.messageSetWireFormat();
        }
        final RawMessage message = new RawMessage(fullName, file, parent, mapEntry);
        message.messageSet = messageSet;
        if (messages.putIfAbsent(fullName, message) != null) {
            throw new IllegalArgumentException(fullName + " is defined twice");
        }
        final List<Features> oneofFeatures = new ArrayList<>();
        for (final OneofDescriptorProtoDecoder o = m.oneofDecl(); o.next(); ) {
            message.oneofs.add(o.nameAsString());
            oneofFeatures.add(
                    o.hasOptions() && o.options().hasFeatures()
                            ? features.with(o.options().features())
                            : features);
        }
        final String nested = fullName + ".";
        for (final EnumDescriptorProtoDecoder e = m.enumType(); e.next(); ) {
            readEnum(e, nested, features);
        }
        for (final FieldDescriptorProtoDecoder f = m.field(); f.next(); ) {
            message.fields.add(readField(f, nested, file, fullName, features, checkUtf8, oneofFeatures));
        }
        for (final DescriptorProtoDecoder n = m.nestedType(); n.next(); ) {
            readMessage(n, nested, fullName, file, features, checkUtf8);
        }
        for (final FieldDescriptorProtoDecoder f = m.extension(); f.next(); ) {
            extensions.add(readField(f, nested, file, fullName, features, checkUtf8, oneofFeatures));
        }
        // A oneof is synthetic (proto3 optional) when its one field is proto3_optional.
        for (int i = 0; i < message.oneofs.size(); i++) {
            boolean synthetic = false;
            for (final RawField field : message.fields) {
                synthetic |= field.oneof() == i && field.proto3Optional();
            }
            message.oneofSynthetic.add(synthetic);
        }
    }

    private static RawField readField(
            final FieldDescriptorProtoDecoder f,
            final String prefix,
            final String file,
            final String scope,
            final Features message,
            final boolean checkUtf8,
            final List<Features> oneofFeatures) {
        final int oneof = f.hasOneofIndex() ? f.oneofIndex() : -1;
        Features features = oneof >= 0 && oneof < oneofFeatures.size() ? oneofFeatures.get(oneof) : message;
        boolean hasPacked = false;
        boolean packed = false;
        if (f.hasOptions()) {
            final FieldOptionsDecoder options = f.options();
            if (options.hasFeatures()) {
                features = features.with(options.features());
            }
            hasPacked = options.hasPacked();
            packed = options.packed();
        }
        final String name = f.nameAsString();
        return new RawField(
                name,
                prefix + name,
                f.hasExtendee() ? stripDot(f.extendeeAsString()) : null,
                f.number(),
                f.labelRaw(),
                f.typeRaw(),
                f.hasTypeName() ? stripDot(f.typeNameAsString()) : null,
                f.hasJsonName() ? f.jsonNameAsString() : jsonName(name),
                oneof,
                f.proto3Optional(),
                hasPacked,
                packed,
                features,
                checkUtf8,
                scope,
                file,
                f.hasDefaultValue() ? f.defaultValueAsString() : null);
    }

    private static String stripDot(final String typeName) {
        return typeName.startsWith(".") ? typeName.substring(1) : typeName;
    }

    /** protoc's default JSON name: underscores removed, the letter after each upper-cased. */
    static String jsonName(final String name) {
        final StringBuilder out = new StringBuilder(name.length());
        boolean upper = false;
        for (int i = 0; i < name.length(); i++) {
            final char c = name.charAt(i);
            if (c == '_') {
                upper = true;
            } else if (upper) {
                out.append(Character.toUpperCase(c));
                upper = false;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    private LoadedSchemas build() {
        final Map<String, MessageSchema> built = new HashMap<>();
        final Map<String, List<RawField>> byExtendee = new HashMap<>();
        for (final RawField extension : extensions) {
            byExtendee
                    .computeIfAbsent(extension.extendee(), k -> new ArrayList<>())
                    .add(extension);
        }
        for (final String extendee : byExtendee.keySet()) {
            if (!messages.containsKey(extendee)) {
                throw new IllegalArgumentException("extensions of " + extendee + ", which the set does not hold");
            }
        }
        for (final RawMessage message : messages.values()) {
            final List<String> realOneofs = new ArrayList<>();
            final int[] oneofIndex = new int[message.oneofs.size()];
            for (int i = 0; i < message.oneofs.size(); i++) {
                oneofIndex[i] = message.oneofSynthetic.get(i) ? -1 : realOneofs.size();
                if (!message.oneofSynthetic.get(i)) {
                    realOneofs.add(message.oneofs.get(i));
                }
            }
            final List<FieldSchema> fields = new ArrayList<>();
            for (final RawField field : message.fields) {
                fields.add(field(field, message, field.oneof() < 0 ? -1 : oneofIndex[field.oneof()], built));
            }
            // A message set's extensions travel inside item groups (field 1), never under their own numbers: they stay
            // unknown fields of the message set, as in generated code.
            for (final RawField extension : byExtendee.getOrDefault(message.fullName, List.of())) {
                if (!message.messageSet) {
                    fields.add(field(extension, message, -1, built));
                }
            }
            built.put(
                    message.fullName,
                    MessageSchema.of(
                            message.fullName,
                            message.mapEntry ? MessageSchema.MAP_ENTRY : MessageSchema.NONE,
                            realOneofs.toArray(new String[0]),
                            fields.toArray(new FieldSchema[0])));
        }
        return new LoadedSchemas(built, enums);
    }

    /** The schema of {@code f}, a field of {@code container} or (an extension) of the message it extends. */
    private FieldSchema field(
            final RawField f, final RawMessage container, final int oneof, final Map<String, MessageSchema> built) {
        final boolean extension = f.extendee() != null;
        final boolean repeated = f.label() == LABEL_REPEATED;
        final Features features = f.features();
        final RawMessage target = f.typeName() == null ? null : messages.get(f.typeName());
        final boolean isMessage = f.type() == TYPE_MESSAGE || f.type() == TYPE_GROUP;
        final boolean map = repeated && target != null && target.mapEntry;
        // Maps and the values of map entries stay length-prefixed whatever message_encoding says, as in protobuf.
        final boolean delimited = f.type() == TYPE_GROUP
                || (isMessage && !map && !container.mapEntry && features.messageEncoding() == MESSAGE_DELIMITED);
        final FieldType type = isMessage ? FieldType.MESSAGE : type(f.type(), f.fullName());
        int flags = FieldSchema.NONE;
        if (repeated) {
            flags |= FieldSchema.REPEATED;
            if (type.isPackable() && (f.hasPacked() ? f.packed() : features.repeated() == REPEATED_PACKED)) {
                flags |= FieldSchema.PACKED;
            }
        } else if (isMessage
                || f.oneof() >= 0
                || extension
                || container.mapEntry
                || features.presence() != PRESENCE_IMPLICIT) {
            flags |= FieldSchema.PRESENCE;
        }
        if (map) {
            flags |= FieldSchema.MAP;
        }
        if (delimited) {
            flags |= FieldSchema.DELIMITED;
        }
        if (f.label() == LABEL_REQUIRED || (!repeated && features.presence() == PRESENCE_LEGACY_REQUIRED)) {
            flags |= FieldSchema.REQUIRED;
        }
        if (type == FieldType.STRING
                && (container.mapEntry || f.javaStringCheckUtf8() || features.utf8() == UTF8_VERIFY)) {
            flags |= FieldSchema.VALIDATE_UTF8;
        }
        if (extension) {
            flags |= FieldSchema.EXTENSION;
        }
        final String textName = extension
                ? "[" + f.fullName() + "]"
                : delimited && isGroupLike(f, target, container.fullName) ? simpleName(target.fullName) : f.name();
        final String jsonName = extension ? textName : f.jsonName();
        if (type == FieldType.ENUM) {
            final EnumSchema enumType = enumType(f.typeName(), f.fullName());
            if (enumType.isClosed()) {
                flags |= FieldSchema.CLOSED_ENUM;
            }
            final FieldSchema field =
                    FieldSchema.enumeration(f.number(), f.name(), jsonName, textName, flags, oneof, () -> enumType);
            if (f.defaultValue() == null) {
                // Absent, a closed enum field reads as its first value, which may not be 0.
                return repeated || enumType.valueCount() == 0 || enumType.number(0) == 0
                        ? field
                        : field.withDefault(enumType.number(0));
            }
            final String name = f.defaultValue();
            final int index = enumType.indexOf(name, 0, name.length());
            if (index < 0) {
                throw new IllegalArgumentException(f.fullName() + ": default " + name + " is no value of its enum");
            }
            return field.withDefault(enumType.number(index));
        }
        if (type == FieldType.MESSAGE) {
            final String typeName = f.typeName();
            final Supplier<MessageSchema> resolve;
            if (target != null) {
                resolve = () -> built.get(typeName);
            } else {
                final MessageSchema known = WellKnownSchemas.message(typeName);
                if (known == null) {
                    throw missing(typeName, f.fullName());
                }
                resolve = () -> known;
            }
            return FieldSchema.message(f.number(), f.name(), jsonName, textName, flags, oneof, resolve);
        }
        final FieldSchema field = FieldSchema.scalar(f.number(), f.name(), jsonName, textName, type, flags, oneof);
        return f.defaultValue() == null ? field : Defaults.apply(field, f.defaultValue());
    }

    private EnumSchema enumType(final String typeName, final String field) {
        EnumSchema known = enums.get(typeName);
        if (known == null) {
            known = WellKnownSchemas.enumType(typeName);
        }
        if (known == null) {
            throw missing(typeName, field);
        }
        return known;
    }

    private static IllegalArgumentException missing(final String typeName, final String field) {
        return new IllegalArgumentException(field + ": type " + typeName
                + " is in none of the set's files (write the set with protoc --include_imports)");
    }

    /**
     * As protobuf-java decides that a delimited field is a proto2-style group, named in text format by its type: the
     * type is named as the field (up to case), in the same file, and nested in the field's own scope.
     */
    private static boolean isGroupLike(final RawField f, final RawMessage target, final String container) {
        if (target == null
                || !simpleName(target.fullName).toLowerCase(Locale.ROOT).equals(f.name())) {
            return false;
        }
        final String scope = f.extendee() != null ? f.scope() : container;
        return target.file.equals(f.file()) && java.util.Objects.equals(target.parent, scope);
    }

    private static String simpleName(final String fullName) {
        return fullName.substring(fullName.lastIndexOf('.') + 1);
    }

    private static FieldType type(final int type, final String field) {
        return switch (type) {
            case 1 -> FieldType.DOUBLE;
            case 2 -> FieldType.FLOAT;
            case 3 -> FieldType.INT64;
            case 4 -> FieldType.UINT64;
            case 5 -> FieldType.INT32;
            case 6 -> FieldType.FIXED64;
            case 7 -> FieldType.FIXED32;
            case 8 -> FieldType.BOOL;
            case 9 -> FieldType.STRING;
            case 12 -> FieldType.BYTES;
            case 13 -> FieldType.UINT32;
            case TYPE_ENUM -> FieldType.ENUM;
            case 15 -> FieldType.SFIXED32;
            case 16 -> FieldType.SFIXED64;
            case 17 -> FieldType.SINT32;
            case 18 -> FieldType.SINT64;
            default -> throw new IllegalArgumentException(field + ": unknown field type " + type);
        };
    }
}
