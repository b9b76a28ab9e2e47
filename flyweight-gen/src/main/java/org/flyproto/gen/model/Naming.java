package org.flyproto.gen.model;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.Descriptors.OneofDescriptor;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.flyproto.gen.GeneratorOptions;

/**
 * Every naming rule of the generator, in one place: Java packages, type names, field names.
 *
 * <ul>
 *   <li>Package: the {@code package} option, else the file's {@code java_package} (or proto package) followed by
 *       {@code package_suffix} ({@code .flyproto} by default), so generated classes coexist with protobuf-java's.
 *       The well-known types ({@code google/protobuf/*.proto}) are always in {@value #WELL_KNOWN_PACKAGE}, where the
 *       runtime ships them.
 *   <li>Types: nested types are flattened by joining the names, {@code Order.Leg} → {@code OrderLeg}; if two types
 *       of a file would get the same name that way, the nested ones are joined with {@code _} instead.
 *   <li>Fields: lowerCamelCase as protobuf-java does it (a group after its type's name); a name that is a Java
 *       keyword or a method of the flyweight base classes gets a trailing {@code _}.
 * </ul>
 */
public final class Naming {
    private static final Set<String> RESERVED = Set.of(
            // Java keywords and literals
            "abstract",
            "assert",
            "boolean",
            "break",
            "byte",
            "case",
            "catch",
            "char",
            "class",
            "const",
            "continue",
            "default",
            "do",
            "double",
            "else",
            "enum",
            "extends",
            "final",
            "finally",
            "float",
            "for",
            "goto",
            "if",
            "implements",
            "import",
            "instanceof",
            "int",
            "interface",
            "long",
            "native",
            "new",
            "package",
            "private",
            "protected",
            "public",
            "return",
            "short",
            "static",
            "strictfp",
            "super",
            "switch",
            "synchronized",
            "this",
            "throw",
            "throws",
            "transient",
            "try",
            "void",
            "volatile",
            "while",
            "true",
            "false",
            "null",
            "var",
            "yield",
            "record",
            "sealed",
            "permits",
            // java.lang.Object
            "getClass",
            "hashCode",
            "equals",
            "toString",
            "notify",
            "notifyAll",
            "wait",
            "clone",
            "finalize",
            // flyweight base classes and generated members (the base classes' fields need no entry: a field and a
            // method of the same name never clash in Java)
            "wrap",
            "wrapTrusted",
            "next",
            "encodedBuffer",
            "encodedOffset",
            "encodedLength",
            "maxDepth",
            "resetFields",
            "scanFields",
            "writeCursor",
            "isInitialized",
            "onBegin",
            "wrapDelimited",
            "wrapDelimitedTrusted",
            "endDelimited",
            "copy",
            "copyFields",
            "copyUnknownFields",
            "tagKind",
            "declaresNumber",
            "copyUnknownFieldsTo",
            "messageFullName",
            "unpack",
            "beginValue",
            "endValue",
            "readTag",
            "readVarint32",
            "readVarint64",
            "readBool",
            "readFixed32",
            "readFixed64",
            "readLength",
            "acceptedAsElement",
            "declaresEntry",
            "checkUtf8");

    /** Java package of the pre-generated well-known types (artifact flyproto-wkt). */
    public static final String WELL_KNOWN_PACKAGE = "org.flyproto.wkt";

    private static final String WELL_KNOWN_PREFIX = "google/protobuf/";

    private final GeneratorOptions options;
    private final Map<FileDescriptor, Map<String, String>> typeNamesByFile = new HashMap<>();

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
        if (file.getName().startsWith(WELL_KNOWN_PREFIX)) {
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
                typeNames(message.getFile()).get(message.getFullName()),
                message.getFullName());
    }

    /**
     * @param enumType an enum type.
     * @return a reference to its generated enum.
     */
    public TypeRef typeRef(final EnumDescriptor enumType) {
        return new TypeRef(
                javaPackage(enumType.getFile()),
                typeNames(enumType.getFile()).get(enumType.getFullName()),
                enumType.getFullName());
    }

    /**
     * @param message the message holding the oneof.
     * @param oneof   a oneof.
     * @return a reference to its generated case enum: the message's name, the oneof's name and {@code Case}.
     */
    public TypeRef caseTypeRef(final Descriptor message, final OneofDescriptor oneof) {
        final TypeRef owner = typeRef(message);
        final String camel = lowerCamel(oneof.getName());
        return new TypeRef(
                owner.javaPackage(),
                owner.simpleName() + Character.toUpperCase(camel.charAt(0)) + camel.substring(1) + "Case",
                oneof.getFullName());
    }

    /**
     * @param oneof a oneof.
     * @return its lowerCamel Java name, never reserved.
     */
    public static String oneofName(final OneofDescriptor oneof) {
        final String camel = lowerCamel(oneof.getName());
        return RESERVED.contains(camel) ? camel + "_" : camel;
    }

    /**
     * @param field a field.
     * @return its lowerCamel Java name, never reserved.
     */
    public static String fieldName(final FieldDescriptor field) {
        final String camel = lowerCamel(protoJavaName(field));
        return RESERVED.contains(camel) ? camel + "_" : camel;
    }

    /**
     * The name protobuf-java derives accessors from: a group's field name is its type name in lower case, so, as in
     * protobuf-java, a group-like field is named after its type ({@code MyGroup} → {@code myGroup}).
     */
    private static String protoJavaName(final FieldDescriptor field) {
        if (field.getType() == FieldDescriptor.Type.GROUP
                && field.getName().equals(field.getMessageType().getName().toLowerCase(Locale.ROOT))) {
            return field.getMessageType().getName();
        }
        return field.getName();
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

    private Map<String, String> typeNames(final FileDescriptor file) {
        return typeNamesByFile.computeIfAbsent(file, Naming::computeTypeNames);
    }

    private static Map<String, String> computeTypeNames(final FileDescriptor file) {
        final Map<String, String> joined = new HashMap<>();
        final Map<String, String> underscored = new HashMap<>();
        for (final Descriptor message : file.getMessageTypes()) {
            collect(message, "", "", joined, underscored);
        }
        for (final EnumDescriptor enumType : file.getEnumTypes()) {
            joined.put(enumType.getFullName(), enumType.getName());
            underscored.put(enumType.getFullName(), enumType.getName());
        }
        final Map<String, Integer> uses = new HashMap<>();
        joined.values().forEach(name -> uses.merge(name, 1, Integer::sum));
        final Set<String> clashing = new HashSet<>();
        uses.forEach((name, count) -> {
            if (count > 1) {
                clashing.add(name);
            }
        });
        final Map<String, String> result = new HashMap<>();
        joined.forEach(
                (fullName, name) -> result.put(fullName, clashing.contains(name) ? underscored.get(fullName) : name));
        return result;
    }

    private static void collect(
            final Descriptor message,
            final String joinedPrefix,
            final String underscoredPrefix,
            final Map<String, String> joined,
            final Map<String, String> underscored) {
        final String joinedName = joinedPrefix + message.getName();
        final String underscoredName =
                underscoredPrefix.isEmpty() ? message.getName() : underscoredPrefix + "_" + message.getName();
        joined.put(message.getFullName(), joinedName);
        underscored.put(message.getFullName(), underscoredName);
        for (final EnumDescriptor enumType : message.getEnumTypes()) {
            joined.put(enumType.getFullName(), joinedName + enumType.getName());
            underscored.put(enumType.getFullName(), underscoredName + "_" + enumType.getName());
        }
        for (final Descriptor nested : message.getNestedTypes()) {
            collect(nested, joinedName, underscoredName, joined, underscored);
        }
    }
}
