package org.flyproto.gen.model;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.Descriptors.OneofDescriptor;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.flyproto.gen.GeneratorException;
import org.flyproto.gen.GeneratorOptions;

/**
 * Every naming rule of the generator, in one place: Java packages, type names, field stems (the names of the members
 * derived from a field are resolved against each other by {@link MemberNames}).
 *
 * <ul>
 *   <li>Package: the {@code package} option, else the file's {@code java_package} (or proto package) followed by
 *       {@code package_suffix} ({@code .flyproto} by default), so generated classes coexist with protobuf-java's.
 *       The well-known types that {@code flyproto-wkt} ships pre-generated ({@link #WELL_KNOWN_FILES}) are always in
 *       {@value #WELL_KNOWN_PACKAGE}, where references to them must resolve; every other file, whatever its path,
 *       follows the rules above.
 *   <li>Types: nested types are flattened by joining the names, {@code Order.Leg} → {@code OrderLeg}; if two classes
 *       generated from a file would get the same name that way (a message's {@code Decoder} and {@code Encoder}, an
 *       enum, a oneof's {@code Case} enum), the nested types of the file are joined with {@code _} instead; if that
 *       still clashes, generation stops naming both elements.
 *   <li>Fields: lowerCamelCase as protobuf-java does it; a group-like field (a group, or a delimited field whose name
 *       is its type's name in lower case, the type declared beside it) is named after its type, as protobuf-java
 *       names it ({@code optional group MyGroup} → {@code myGroup}).
 * </ul>
 */
public final class Naming {
    /** Java package of the pre-generated well-known types (artifact flyproto-wkt). */
    public static final String WELL_KNOWN_PACKAGE = "org.flyproto.wkt";

    /** The files whose flyweights {@code flyproto-wkt} ships, in {@value #WELL_KNOWN_PACKAGE}. */
    public static final Set<String> WELL_KNOWN_FILES = Set.of(
            "google/protobuf/any.proto",
            "google/protobuf/api.proto",
            "google/protobuf/descriptor.proto",
            "google/protobuf/duration.proto",
            "google/protobuf/empty.proto",
            "google/protobuf/field_mask.proto",
            "google/protobuf/source_context.proto",
            "google/protobuf/struct.proto",
            "google/protobuf/timestamp.proto",
            "google/protobuf/type.proto",
            "google/protobuf/wrappers.proto");

    private final GeneratorOptions options;
    private final Map<FileDescriptor, TypeNames> typeNamesByFile = new HashMap<>();

    /**
     * @param options the generator options (package rules).
     */
    public Naming(final GeneratorOptions options) {
        this.options = options;
    }

    /**
     * @param file a .proto file.
     * @return the Java package of its generated classes.
     */
    public String javaPackage(final FileDescriptor file) {
        if (WELL_KNOWN_FILES.contains(file.getName())) {
            // The well-known types ship pre-generated in flyproto-wkt: references always resolve there.
            return WELL_KNOWN_PACKAGE;
        }
        if (options.packageOverride() != null && !options.packageOverride().isEmpty()) {
            return options.packageOverride();
        }
        final String base =
                file.getOptions().hasJavaPackage() ? file.getOptions().getJavaPackage() : file.getPackage();
        final String suffix = options.packageSuffix() == null ? "" : options.packageSuffix();
        if (base.isEmpty()) {
            final String stripped = suffix.startsWith(".") ? suffix.substring(1) : suffix;
            return stripped.isEmpty() ? "flyproto" : stripped;
        }
        return base + suffix;
    }

    /**
     * @param message a message type.
     * @return a reference to its generated classes.
     */
    public TypeRef typeRef(final Descriptor message) {
        return new TypeRef(
                javaPackage(message.getFile()),
                typeNames(message.getFile()).names().get(message.getFullName()),
                message.getFullName());
    }

    /**
     * @param enumType an enum type.
     * @return a reference to its generated enum.
     */
    public TypeRef typeRef(final EnumDescriptor enumType) {
        return new TypeRef(
                javaPackage(enumType.getFile()),
                typeNames(enumType.getFile()).names().get(enumType.getFullName()),
                enumType.getFullName());
    }

    /**
     * @param message the message holding the oneof.
     * @param oneof   a oneof.
     * @return a reference to its generated case enum: the message's name, the oneof's name and {@code Case}.
     */
    public TypeRef caseTypeRef(final Descriptor message, final OneofDescriptor oneof) {
        return new TypeRef(
                javaPackage(message.getFile()),
                typeNames(message.getFile()).names().get(oneof.getFullName()),
                oneof.getFullName());
    }

    /**
     * @param file a .proto file.
     * @throws GeneratorException if two classes generated from it would have the same name whatever the rules.
     */
    public void checkTypeNames(final FileDescriptor file) throws GeneratorException {
        final String clash = typeNames(file).clash();
        if (clash != null) {
            throw new GeneratorException(file.getName() + ": " + clash);
        }
    }

    /**
     * @param oneof a oneof.
     * @return its lowerCamel Java name, never a Java keyword.
     */
    public static String oneofName(final OneofDescriptor oneof) {
        final String camel = identifier(lowerCamel(oneof.getName()), oneof.getIndex());
        return RuntimeMembers.JAVA_KEYWORDS.contains(camel) ? camel + "_" : camel;
    }

    /**
     * @param field a field.
     * @return the lowerCamel stem of its Java names, before {@link MemberNames} resolves clashes.
     */
    public static String fieldStem(final FieldDescriptor field) {
        return identifier(lowerCamel(protoJavaName(field)), field.getNumber());
    }

    /** A lowerCamel name that starts with a digit (from {@code _1st}) or is empty (from {@code _}) made an identifier. */
    private static String identifier(final String camel, final int number) {
        if (camel.isEmpty()) {
            return "field" + number;
        }
        return Character.isDigit(camel.charAt(0)) ? "_" + camel : camel;
    }

    /**
     * The name protobuf-java derives accessors from: a group-like field is named after its type, as protobuf-java's
     * {@code FieldDescriptor.isGroupLike()} decides: delimited encoding, the field's name is the type's name in lower
     * case, and the type is declared in the same file and scope as the field.
     */
    private static String protoJavaName(final FieldDescriptor field) {
        return isGroupLike(field) ? field.getMessageType().getName() : field.getName();
    }

    /**
     * @param field a field or extension.
     * @return the name protobuf-java's text format prints for it: {@code [full.name]} for an extension, the type's
     *     name for a group-like field, else its name.
     */
    static String textName(final FieldDescriptor field) {
        return field.isExtension() ? "[" + field.getFullName() + "]" : protoJavaName(field);
    }

    /**
     * @param field a field or extension.
     * @return the name protobuf-java's {@code JsonFormat} prints for it: {@code [full.name]} for an extension, else
     *     its {@code json_name} (protoc's lowerCamel form unless the .proto sets one).
     */
    static String jsonName(final FieldDescriptor field) {
        return field.isExtension() ? "[" + field.getFullName() + "]" : field.getJsonName();
    }

    private static boolean isGroupLike(final FieldDescriptor field) {
        if (field.getType() != FieldDescriptor.Type.GROUP) {
            return false;
        }
        final Descriptor type = field.getMessageType();
        if (!field.getName().equals(type.getName().toLowerCase(Locale.ROOT)) || type.getFile() != field.getFile()) {
            return false;
        }
        final Descriptor scope = field.isExtension() ? field.getExtensionScope() : field.getContainingType();
        return type.getContainingType() == scope;
    }

    /**
     * @param field a field.
     * @return its UPPER_SNAKE constant stem, e.g. {@code ORDER_ID}.
     */
    public static String constantName(final FieldDescriptor field) {
        return field.getName().toUpperCase(Locale.ROOT);
    }

    /** UPPER_SNAKE of a CamelCase name: {@code MessageSetExtension1} → {@code MESSAGE_SET_EXTENSION1}. */
    static String upperSnake(final String name) {
        final StringBuilder out = new StringBuilder(name.length() + 8);
        for (int i = 0; i < name.length(); i++) {
            final char c = name.charAt(i);
            if (i > 0 && Character.isUpperCase(c) && !Character.isUpperCase(name.charAt(i - 1))) {
                out.append('_');
            }
            out.append(Character.toUpperCase(c));
        }
        return out.toString();
    }

    /** lowerCamel as protobuf-java: drop underscores, upper-case the letter after one, and after a digit. */
    static String lowerCamel(final String name) {
        final StringBuilder out = new StringBuilder(name.length());
        boolean upperNext = false;
        for (int i = 0; i < name.length(); i++) {
            final char c = name.charAt(i);
            if (c == '_') {
                upperNext = true;
            } else if (Character.isDigit(c)) {
                out.append(c);
                upperNext = true;
            } else {
                if (out.length() == 0) {
                    out.append(Character.toLowerCase(c));
                } else if (upperNext) {
                    out.append(Character.toUpperCase(c));
                } else {
                    out.append(c);
                }
                upperNext = false;
            }
        }
        return out.toString();
    }

    private TypeNames typeNames(final FileDescriptor file) {
        return typeNamesByFile.computeIfAbsent(file, Naming::computeTypeNames);
    }

    /**
     * The simple names of a file's generated types, by protobuf full name (oneofs included, for their case enums), and
     * a description of a clash the rules could not resolve, or null.
     */
    private record TypeNames(Map<String, String> names, String clash) {}

    private static TypeNames computeTypeNames(final FileDescriptor file) {
        final Map<String, String> joined = new LinkedHashMap<>();
        final Map<String, String> underscored = new HashMap<>();
        final Map<String, String> kinds = new HashMap<>();
        for (final Descriptor message : file.getMessageTypes()) {
            collect(message, "", "", joined, underscored, kinds);
        }
        for (final EnumDescriptor enumType : file.getEnumTypes()) {
            put(enumType.getFullName(), enumType.getName(), enumType.getName(), "enum", joined, underscored, kinds);
        }
        final Set<String> clashing = new HashSet<>();
        for (final Map.Entry<String, Set<String>> entry :
                classOwners(joined, kinds).entrySet()) {
            if (entry.getValue().size() > 1) {
                clashing.addAll(entry.getValue());
            }
        }
        final Map<String, String> result = new LinkedHashMap<>();
        joined.forEach((fullName, name) ->
                result.put(fullName, clashing.contains(fullName) ? underscored.get(fullName) : name));
        for (final Map.Entry<String, Set<String>> entry :
                classOwners(result, kinds).entrySet()) {
            if (entry.getValue().size() > 1) {
                final StringBuilder owners = new StringBuilder();
                for (final String owner : entry.getValue()) {
                    owners.append(owners.length() == 0 ? "" : " and ")
                            .append(kind(kinds.get(owner)))
                            .append(' ')
                            .append(owner);
                }
                return new TypeNames(Map.copyOf(result), owners + " would both generate the class " + entry.getKey());
            }
        }
        // A oneof's case enum follows the name its message got.
        final Map<String, String> names = new HashMap<>(result);
        kinds.forEach((fullName, kind) -> {
            if (kind.startsWith("oneof:")) {
                names.put(fullName, result.get(kind.substring("oneof:".length())) + result.get(fullName));
            }
        });
        return new TypeNames(Map.copyOf(names), null);
    }

    private static String kind(final String kind) {
        return kind.startsWith("oneof:") ? "oneof" : kind;
    }

    /** The elements generating each class name: a message its decoder and encoder, an enum or a case enum itself. */
    private static Map<String, Set<String>> classOwners(
            final Map<String, String> names, final Map<String, String> kinds) {
        final Map<String, Set<String>> owners = new java.util.TreeMap<>();
        names.forEach((fullName, name) -> {
            final String kind = kinds.get(fullName);
            final String[] classes = "message".equals(kind)
                    ? new String[] {name + "Decoder", name + "Encoder"}
                    : kind.startsWith("oneof:")
                            ? new String[] {names.get(kind.substring("oneof:".length())) + name}
                            : new String[] {name};
            for (final String className : classes) {
                owners.computeIfAbsent(className, key -> new java.util.TreeSet<>())
                        .add(fullName);
            }
        });
        return owners;
    }

    private static void put(
            final String fullName,
            final String joinedName,
            final String underscoredName,
            final String kind,
            final Map<String, String> joined,
            final Map<String, String> underscored,
            final Map<String, String> kinds) {
        joined.put(fullName, joinedName);
        underscored.put(fullName, underscoredName);
        kinds.put(fullName, kind);
    }

    private static void collect(
            final Descriptor message,
            final String joinedPrefix,
            final String underscoredPrefix,
            final Map<String, String> joined,
            final Map<String, String> underscored,
            final Map<String, String> kinds) {
        final String joinedName = joinedPrefix + message.getName();
        final String underscoredName =
                underscoredPrefix.isEmpty() ? message.getName() : underscoredPrefix + "_" + message.getName();
        put(message.getFullName(), joinedName, underscoredName, "message", joined, underscored, kinds);
        for (final OneofDescriptor oneof : message.getRealOneofs()) {
            final String camel = lowerCamel(oneof.getName());
            final String suffix =
                    (camel.isEmpty() ? "" : Character.toUpperCase(camel.charAt(0)) + camel.substring(1)) + "Case";
            put(oneof.getFullName(), suffix, suffix, "oneof:" + message.getFullName(), joined, underscored, kinds);
        }
        for (final EnumDescriptor enumType : message.getEnumTypes()) {
            put(
                    enumType.getFullName(),
                    joinedName + enumType.getName(),
                    underscoredName + "_" + enumType.getName(),
                    "enum",
                    joined,
                    underscored,
                    kinds);
        }
        for (final Descriptor nested : message.getNestedTypes()) {
            collect(nested, joinedName, underscoredName, joined, underscored, kinds);
        }
    }
}
