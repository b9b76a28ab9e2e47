package org.flyproto.gen.model;

import com.google.protobuf.ByteString;
import com.google.protobuf.DescriptorProtos.SourceCodeInfo;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumDescriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.Descriptors.OneofDescriptor;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.flyproto.buffers.WireType;
import org.flyproto.gen.GeneratorException;

/**
 * Builds the {@link FileModel} of a .proto file from protobuf-java descriptors, reading every semantic property
 * (presence, packing, UTF-8 validation, enum closedness, delimited encoding, defaults, required) from the resolved
 * descriptors rather than re-deriving it from the syntax, so proto2, proto3 and editions files mean what protobuf-java
 * says; extensions declared in the files generated together become fields of their extendee.
 */
public final class ModelBuilder {
    // Field numbers of FileDescriptorProto, DescriptorProto and EnumDescriptorProto, for source-info paths.
    private static final int FILE_MESSAGE_TYPE = 4;
    private static final int FILE_ENUM_TYPE = 5;
    private static final int MESSAGE_FIELD = 2;
    private static final int MESSAGE_NESTED_TYPE = 3;
    private static final int MESSAGE_ENUM_TYPE = 4;
    private static final int ENUM_VALUE = 2;

    private final Naming naming;
    private final Map<String, List<FieldDescriptor>> extensionsByExtendee = new HashMap<>();
    private final InitChecks initChecks = new InitChecks(extensionsByExtendee);
    /** The names of the files generated in this run. */
    private final Set<String> filesInRun = new HashSet<>();

    /**
     * @param naming the naming rules.
     * @param files  every file generated in this run: extensions they declare become fields of their extendee's
     *     flyweights (when the extendee is generated in the same run); other extensions stay unknown fields.
     */
    public ModelBuilder(final Naming naming, final List<FileDescriptor> files) {
        this.naming = naming;
        for (final FileDescriptor file : files) {
            filesInRun.add(file.getName());
            for (final FieldDescriptor extension : file.getExtensions()) {
                addExtension(extension);
            }
            for (final Descriptor message : file.getMessageTypes()) {
                collectExtensions(message);
            }
        }
    }

    private void collectExtensions(final Descriptor message) {
        for (final FieldDescriptor extension : message.getExtensions()) {
            addExtension(extension);
        }
        for (final Descriptor nested : message.getNestedTypes()) {
            collectExtensions(nested);
        }
    }

    private void addExtension(final FieldDescriptor extension) {
        if (extension.getContainingType().getOptions().getMessageSetWireFormat()) {
            // A message-set extension travels inside an item group (field 1), never under its own number: the items
            // stay unknown fields of the message set, read and copied through byte for byte.
            return;
        }
        extensionsByExtendee
                .computeIfAbsent(extension.getContainingType().getFullName(), name -> new ArrayList<>())
                .add(extension);
    }

    /**
     * @param file the file.
     * @return its model.
     * @throws GeneratorException if names of generated types or members would clash whatever the naming rules.
     */
    public FileModel build(final FileDescriptor file) throws GeneratorException {
        naming.checkTypeNames(file);
        final Map<List<Integer>, String> comments = comments(file.toProto().getSourceCodeInfo());
        final List<MessageModel> messages = new ArrayList<>();
        final List<EnumModel> enums = new ArrayList<>();
        for (int i = 0; i < file.getMessageTypes().size(); i++) {
            addMessage(file.getMessageTypes().get(i), List.of(FILE_MESSAGE_TYPE, i), comments, messages, enums);
        }
        for (int i = 0; i < file.getEnumTypes().size(); i++) {
            enums.add(enumModel(file.getEnumTypes().get(i), List.of(FILE_ENUM_TYPE, i), comments));
        }
        return new FileModel(file.getName(), naming.javaPackage(file), messages, enums);
    }

    private void addMessage(
            final Descriptor message,
            final List<Integer> path,
            final Map<List<Integer>, String> comments,
            final List<MessageModel> messages,
            final List<EnumModel> enums)
            throws GeneratorException {
        final Map<OneofDescriptor, OneofModel> oneofs = new LinkedHashMap<>();
        for (final OneofDescriptor oneof : message.getRealOneofs()) {
            oneofs.put(oneof, oneofModel(message, oneof));
        }
        final List<FieldDescriptor> sorted = new ArrayList<>(message.getFields());
        sorted.addAll(extensionsByExtendee.getOrDefault(message.getFullName(), List.of()));
        sorted.sort(Comparator.comparingInt(FieldDescriptor::getNumber));
        List<FieldModel> fields = new ArrayList<>();
        int presenceBit = 0;
        for (final FieldDescriptor field : sorted) {
            final OneofModel oneof = oneofs.get(field.getRealContainingOneof());
            final boolean bit = !field.isRepeated() && (field.hasPresence() || isMapEntry(message)) && oneof == null;
            final FieldModel model = fieldModel(
                    field,
                    bit ? presenceBit++ : -1,
                    field.isExtension() ? "" : comments.getOrDefault(fieldPath(path, field), ""),
                    oneof);
            fields.add(field.isExtension() ? asExtension(model, message, field, sorted) : model);
        }
        fields = MemberNames.resolve(message.getFullName(), fields, List.copyOf(oneofs.values()));
        messages.add(new MessageModel(
                naming.typeRef(message),
                fields,
                comments.getOrDefault(path, ""),
                List.copyOf(oneofs.values()),
                initChecks.needsCheck(message),
                isMapEntry(message)));
        for (int i = 0; i < message.getEnumTypes().size(); i++) {
            enums.add(enumModel(message.getEnumTypes().get(i), append(path, MESSAGE_ENUM_TYPE, i), comments));
        }
        for (int i = 0; i < message.getNestedTypes().size(); i++) {
            addMessage(
                    message.getNestedTypes().get(i), append(path, MESSAGE_NESTED_TYPE, i), comments, messages, enums);
        }
    }

    /**
     * An extension as a field of its extendee: named after the extension, prefixed with the message it is declared in
     * if another extension of the extendee has the same name, with {@code Ext} appended if a field of the extendee has
     * the same name, and documented as the extension it is.
     */
    private static FieldModel asExtension(
            final FieldModel model,
            final Descriptor extendee,
            final FieldDescriptor extension,
            final List<FieldDescriptor> allFields) {
        String stem = model.names().stem();
        String constantStem = model.names().constantStem();
        final Descriptor scope = extension.getExtensionScope();
        for (final FieldDescriptor other : allFields) {
            if (other != extension && other.isExtension() && other.getName().equals(extension.getName())) {
                if (scope != null) {
                    stem = Character.toLowerCase(scope.getName().charAt(0))
                            + scope.getName().substring(1)
                            + Character.toUpperCase(stem.charAt(0))
                            + stem.substring(1);
                    constantStem = Naming.upperSnake(scope.getName()) + "_" + constantStem;
                }
                break;
            }
        }
        boolean clash = false;
        for (final FieldDescriptor field : extendee.getFields()) {
            clash |= Naming.fieldStem(field).equals(stem);
        }
        return model.withNames(
                        new FieldNames(clash ? stem + "Ext" : stem, clash ? constantStem + "_EXT" : constantStem))
                .withJavadoc("Extension " + extension.getFullName() + ", declared in "
                        + extension.getFile().getName() + ".");
    }

    private OneofModel oneofModel(final Descriptor message, final OneofDescriptor oneof) {
        final List<OneofModel.Member> members = new ArrayList<>();
        for (final FieldDescriptor field : oneof.getFields()) {
            members.add(new OneofModel.Member(Naming.constantName(field), field.getNumber()));
        }
        return new OneofModel(
                oneof.getName(),
                Naming.oneofName(oneof),
                oneof.getName().toUpperCase(Locale.ROOT) + "_NOT_SET",
                naming.caseTypeRef(message, oneof),
                List.copyOf(members));
    }

    private static List<Integer> fieldPath(final List<Integer> messagePath, final FieldDescriptor field) {
        return append(messagePath, MESSAGE_FIELD, field.getIndex());
    }

    private FieldModel fieldModel(
            final FieldDescriptor field, final int presenceBit, final String javadoc, final OneofModel oneof) {
        final FieldKind kind = kind(field.getType());
        final boolean isMessage = kind == FieldKind.MESSAGE;
        return new FieldModel(
                field.getName(),
                new FieldNames(Naming.fieldStem(field), Naming.constantName(field)),
                field.getNumber(),
                kind,
                field.isRepeated(),
                field.isRepeated() && kind.isPackable() && field.isPacked(),
                // Map entries always carry key and value, even at their defaults, as protobuf-java writes them.
                !field.isRepeated() && (field.hasPresence() || isMapEntry(field.getContainingType())),
                presenceBit,
                kind == FieldKind.STRING && field.needsUtf8Check(),
                isMessage ? naming.typeRef(field.getMessageType()) : null,
                kind == FieldKind.ENUM ? naming.typeRef(field.getEnumType()) : null,
                javadoc,
                kind == FieldKind.ENUM && field.legacyEnumFieldTreatedAsClosed(),
                field.getType() == FieldDescriptor.Type.GROUP,
                field.isRequired(),
                defaultValue(field),
                oneof,
                isMessage && initChecks.needsCheck(field.getMessageType()),
                field.isMapField() ? mapModel(field.getMessageType()) : null,
                Naming.textName(field),
                Naming.jsonName(field),
                isMessage ? leafShape(field.getMessageType()) : null);
    }

    /**
     * The leaf shape of a message type, or null if it is not a leaf: it has a message, group or map field, a oneof
     * with a validated string, or a field the shape must name with a number above 63. Its fields are those its
     * decoder scans: with the extensions of this run when it is generated in this run; a type generated in another
     * run that may have extensions there is not taken for a leaf.
     */
    private LeafShapeModel leafShape(final Descriptor type) {
        final List<FieldDescriptor> fields = new ArrayList<>(type.getFields());
        if (filesInRun.contains(type.getFile().getName())) {
            fields.addAll(extensionsByExtendee.getOrDefault(type.getFullName(), List.of()));
        } else if (type.toProto().getExtensionRangeCount() > 0) {
            return null;
        }
        long strings = 0;
        long packedVarints = 0;
        long packedFixed32 = 0;
        long packedFixed64 = 0;
        for (final FieldDescriptor field : fields) {
            final FieldKind kind = kind(field.getType());
            final boolean validatedString = kind == FieldKind.STRING && field.needsUtf8Check();
            if (kind == FieldKind.MESSAGE || validatedString && field.getRealContainingOneof() != null) {
                return null;
            }
            final boolean singularString = validatedString && !field.isRepeated();
            final boolean packable = field.isRepeated() && kind.isPackable();
            if (!singularString && !packable) {
                continue;
            }
            if (field.getNumber() >= Long.SIZE) {
                return null;
            }
            final long bit = 1L << field.getNumber();
            if (singularString) {
                strings |= bit;
            } else if (kind.wireType() == WireType.VARINT) {
                packedVarints |= bit;
            } else if (kind.wireType() == WireType.I32) {
                packedFixed32 |= bit;
            } else {
                packedFixed64 |= bit;
            }
        }
        return new LeafShapeModel(strings, packedVarints, packedFixed32, packedFixed64);
    }

    private MapModel mapModel(final Descriptor entry) {
        return new MapModel(
                fieldModel(entry.findFieldByNumber(1), 0, "", null),
                fieldModel(entry.findFieldByNumber(2), 1, "", null));
    }

    private static boolean isMapEntry(final Descriptor message) {
        return message.getOptions().getMapEntry();
    }

    /**
     * The explicit default, in the representation {@link FieldModel#defaultValue()} documents; or, for a singular enum
     * field without one, its first declared value when that is not 0 (a closed enum's default, as protobuf-java
     * reads an absent field); else null.
     */
    private static Object defaultValue(final FieldDescriptor field) {
        if (field.isRepeated()) {
            return null;
        }
        if (!field.hasDefaultValue()) {
            if (field.getType() == FieldDescriptor.Type.ENUM) {
                final int first = field.getEnumType().getValues().get(0).getNumber();
                return first == 0 ? null : first;
            }
            return null;
        }
        final Object value = field.getDefaultValue();
        if (value instanceof ByteString bytes) {
            return bytes.toByteArray();
        }
        if (value instanceof EnumValueDescriptor enumValue) {
            return enumValue.getNumber();
        }
        return value;
    }

    private EnumModel enumModel(
            final EnumDescriptor enumType, final List<Integer> path, final Map<List<Integer>, String> comments) {
        final List<EnumModel.Value> values = new ArrayList<>();
        final Map<Integer, String> firstByNumber = new HashMap<>();
        for (int i = 0; i < enumType.getValues().size(); i++) {
            final EnumValueDescriptor value = enumType.getValues().get(i);
            final String first = firstByNumber.putIfAbsent(value.getNumber(), value.getName());
            values.add(new EnumModel.Value(
                    value.getName(), value.getNumber(), first, comments.getOrDefault(append(path, ENUM_VALUE, i), "")));
        }
        return new EnumModel(
                naming.typeRef(enumType), List.copyOf(values), comments.getOrDefault(path, ""), enumType.isClosed());
    }

    private static FieldKind kind(final FieldDescriptor.Type type) {
        return switch (type) {
            case DOUBLE -> FieldKind.DOUBLE;
            case FLOAT -> FieldKind.FLOAT;
            case INT64 -> FieldKind.INT64;
            case UINT64 -> FieldKind.UINT64;
            case INT32 -> FieldKind.INT32;
            case FIXED64 -> FieldKind.FIXED64;
            case FIXED32 -> FieldKind.FIXED32;
            case BOOL -> FieldKind.BOOL;
            case STRING -> FieldKind.STRING;
            case BYTES -> FieldKind.BYTES;
            case UINT32 -> FieldKind.UINT32;
            case SFIXED32 -> FieldKind.SFIXED32;
            case SFIXED64 -> FieldKind.SFIXED64;
            case SINT32 -> FieldKind.SINT32;
            case SINT64 -> FieldKind.SINT64;
            case ENUM -> FieldKind.ENUM;
            case MESSAGE, GROUP -> FieldKind.MESSAGE;
        };
    }

    /** Leading and trailing comments by element path. */
    private static Map<List<Integer>, String> comments(final SourceCodeInfo info) {
        final Map<List<Integer>, String> comments = new HashMap<>();
        for (final SourceCodeInfo.Location location : info.getLocationList()) {
            final StringBuilder text = new StringBuilder();
            appendComment(text, location.getLeadingComments());
            appendComment(text, location.getTrailingComments());
            if (text.length() > 0) {
                comments.put(List.copyOf(location.getPathList()), text.toString());
            }
        }
        return comments;
    }

    private static void appendComment(final StringBuilder text, final String comment) {
        if (comment.isBlank()) {
            return;
        }
        if (text.length() > 0) {
            text.append('\n');
        }
        // protoc keeps the space after "//" on every line; drop one leading space per line.
        for (final String line : comment.strip().split("\n", -1)) {
            text.append(line.startsWith(" ") ? line.substring(1) : line).append('\n');
        }
        text.setLength(text.length() - 1);
    }

    private static List<Integer> append(final List<Integer> path, final int a, final int b) {
        final List<Integer> result = new ArrayList<>(path.size() + 2);
        result.addAll(path);
        result.add(a);
        result.add(b);
        return List.copyOf(result);
    }
}
