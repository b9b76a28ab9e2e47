package org.flyproto.gen.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;
import org.flyproto.gen.model.Cardinality;
import org.flyproto.gen.model.FieldKind;
import org.flyproto.gen.model.FieldModel;
import org.flyproto.gen.model.FieldNames;
import org.flyproto.gen.model.MessageModel;
import org.flyproto.gen.model.ValueKind;

/**
 * Emits a decoder's JSON printing, {@code appendJsonTo(writer)}: as protobuf-java's {@code JsonFormat} prints a
 * message, the known fields in field-number order through the decoder's own accessors (present fields only, or with
 * {@code alwaysPrintFieldsWithNoPresence} the fields without presence too), maps in {@code JsonFormat}'s order through
 * the writer's scratch. The well-known types with a special JSON form (Timestamp, Duration, the wrappers, Struct,
 * Value, ListValue, FieldMask, Any) print that form instead, and say so with {@code jsonValueForm()}. The second
 * decoder printing reads through is {@link TextEmitter}'s {@code newPrintingDecoder()}.
 */
final class JsonEmitter {
    static final ClassName JSON_WRITER = ClassName.get(RuntimeTypes.CODEC, "JsonWriter");

    static final ClassName JSON_NAME = ClassName.get(RuntimeTypes.CODEC, "JsonName");

    /** The holder of a decoder's {@code JsonName} constants, one per field, named by the field's constant stem. */
    private static final String NAMES = "JsonNames";

    /** As in TextEmitter: chunks keep each method under HotSpot's 8000-byte limit for JIT compilation. */
    private static final int FIELDS_PER_METHOD = 32;

    private static final String NULL_VALUE = "google.protobuf.NullValue";

    private enum Special {
        TIMESTAMP,
        DURATION,
        WRAPPER,
        FIELD_MASK,
        STRUCT,
        VALUE,
        LIST_VALUE,
        ANY
    }

    /** The message types {@code JsonFormat} prints in a special form. */
    private static final Map<String, Special> SPECIAL = Map.ofEntries(
            Map.entry("google.protobuf.Timestamp", Special.TIMESTAMP),
            Map.entry("google.protobuf.Duration", Special.DURATION),
            Map.entry("google.protobuf.DoubleValue", Special.WRAPPER),
            Map.entry("google.protobuf.FloatValue", Special.WRAPPER),
            Map.entry("google.protobuf.Int64Value", Special.WRAPPER),
            Map.entry("google.protobuf.UInt64Value", Special.WRAPPER),
            Map.entry("google.protobuf.Int32Value", Special.WRAPPER),
            Map.entry("google.protobuf.UInt32Value", Special.WRAPPER),
            Map.entry("google.protobuf.BoolValue", Special.WRAPPER),
            Map.entry("google.protobuf.StringValue", Special.WRAPPER),
            Map.entry("google.protobuf.BytesValue", Special.WRAPPER),
            Map.entry("google.protobuf.FieldMask", Special.FIELD_MASK),
            Map.entry("google.protobuf.Struct", Special.STRUCT),
            Map.entry("google.protobuf.Value", Special.VALUE),
            Map.entry("google.protobuf.ListValue", Special.LIST_VALUE),
            Map.entry("google.protobuf.Any", Special.ANY));

    private JsonEmitter() {}

    static void emit(final TypeSpec.Builder type, final ClassName self, final MessageModel message) {
        final MethodSpec.Builder print = MethodSpec.methodBuilder("appendJsonTo")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PROTECTED)
                .addParameter(JSON_WRITER, "writer", Modifier.FINAL);
        final Special special = SPECIAL.get(message.type().fullName());
        if (special != null) {
            print.addCode(special(special, message));
            type.addMethod(print.build());
            type.addMethod(MethodSpec.methodBuilder("jsonValueForm")
                    .addAnnotation(Override.class)
                    .addModifiers(Modifier.PROTECTED)
                    .returns(boolean.class)
                    .addStatement("return true")
                    .build());
            return;
        }
        final List<FieldModel> fields = message.fields();
        final ClassName names = self.nestedClass(NAMES);
        names(type, names, fields);
        if (fields.size() <= FIELDS_PER_METHOD) {
            for (final FieldModel field : fields) {
                print.addCode(print(field, names));
            }
        } else {
            for (int chunk = 0; chunk * FIELDS_PER_METHOD < fields.size(); chunk++) {
                final String name = "appendJson" + (chunk + 1);
                print.addStatement("$N(writer)", name);
                final MethodSpec.Builder part = MethodSpec.methodBuilder(name)
                        .addModifiers(Modifier.PRIVATE)
                        .addParameter(JSON_WRITER, "writer", Modifier.FINAL);
                for (final FieldModel field : fields.subList(
                        chunk * FIELDS_PER_METHOD, Math.min(fields.size(), (chunk + 1) * FIELDS_PER_METHOD))) {
                    part.addCode(print(field, names));
                }
                type.addMethod(part.build());
            }
        }
        type.addMethod(print.build());
    }

    /**
     * The holder class of the message's {@code JsonName} constants (its own fields; extensions print under names the
     * writer chooses): initialized on the first JSON print, not with the decoder.
     */
    private static void names(final TypeSpec.Builder type, final ClassName names, final List<FieldModel> fields) {
        final TypeSpec.Builder holder = TypeSpec.classBuilder(names)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("The fields' JSON member names, encoded once.\n");
        boolean any = false;
        for (final FieldModel field : fields) {
            if (!isExtension(field)) {
                any = true;
                holder.addField(
                        FieldSpec.builder(JSON_NAME, field.names().constantStem(), Modifier.STATIC, Modifier.FINAL)
                                .initializer("$T.of($S, $S)", JSON_NAME, field.jsonName(), field.protoName())
                                .build());
            }
        }
        if (any) {
            type.addType(holder.addMethod(MethodSpec.constructorBuilder()
                            .addModifiers(Modifier.PRIVATE)
                            .build())
                    .build());
        }
    }

    private static CodeBlock print(final FieldModel field, final ClassName names) {
        final FieldNames n = field.names();
        final CodeBlock.Builder code = CodeBlock.builder();
        // By its simple name: the nested holder shadows any other type of that name inside the decoder.
        final CodeBlock name = CodeBlock.of("$L.$N", names.simpleName(), n.constantStem());
        switch (field.cardinality()) {
            case MAP -> {
                code.beginControlFlow("if ($N.count() != 0 || writer.printsFieldsWithNoPresence())", n.elementsField());
                map(code, field, name);
                code.endControlFlow();
            }
            case REPEATED -> {
                if (isExtension(field)) {
                    // JsonFormat adds the defaults of the message's own fields only, not of its extensions.
                    code.beginControlFlow("if ($N() != 0)", n.count())
                            .addStatement(
                                    "writer.beginExtensionArray($S, $S, $S)",
                                    jsonName(field),
                                    field.protoName(),
                                    field.jsonName());
                } else {
                    code.beginControlFlow("if ($N() != 0 || writer.printsFieldsWithNoPresence())", n.count())
                            .addStatement("writer.beginArray($L)", name);
                }
                elements(code, field);
                code.addStatement("writer.endArray()").endControlFlow();
            }
            case IMPLICIT, OPTIONAL, ONEOF -> {
                final String start = (isExtension(field)
                                ? CodeBlock.of(
                                        "writer.extensionField($S, $S, $S)",
                                        jsonName(field),
                                        field.protoName(),
                                        field.jsonName())
                                : CodeBlock.of("writer.field($L)", name))
                        .toString();
                if (field.cardinality() != Cardinality.IMPLICIT || field.valueKind() == ValueKind.MESSAGE) {
                    code.beginControlFlow("if ($N())", n.has())
                            .add(value(field, start, read(field)))
                            .endControlFlow();
                } else if (isExtension(field) || isNullValue(field)) {
                    code.beginControlFlow(
                                    "if ($L || writer.printsFieldsWithNoPresence())", nonDefault(field, read(field)))
                            .add(value(field, start, read(field)))
                            .endControlFlow();
                } else {
                    code.add(implicit(field, name));
                }
            }
        }
        return code.build();
    }

    /** The elements of a repeated field, in an array the caller opened. */
    private static void elements(final CodeBlock.Builder code, final FieldModel field) {
        final FieldNames n = field.names();
        if (field.valueKind() == ValueKind.MESSAGE) {
            code.beginControlFlow(
                            "for ($T c = $N(); c.next(); )",
                            DecoderEmitter.className(field.messageType()),
                            n.accessor())
                    .addStatement("writer.element().message(c)")
                    .endControlFlow();
        } else {
            code.beginControlFlow("for (var c = $N(); c.next(); )", n.accessor())
                    .add(value(
                            field, "writer.element()", field.valueKind() == ValueKind.ENUM ? "c.raw()" : "c.value()"))
                    .endControlFlow();
        }
    }

    /**
     * A map field's entries as an object, each key once where it first occurs with its last value, as
     * {@code JsonFormat} prints the {@code LinkedHashMap} protobuf-java parses.
     */
    private static void map(final CodeBlock.Builder code, final FieldModel field, final CodeBlock name) {
        final FieldNames n = field.names();
        final FieldModel key = field.map().key();
        final FieldModel value = field.map().value();
        final String keyAccessor = key.names().accessor();
        code.addStatement("final int mark = writer.beginMapOrder($L)", key.valueKind() == ValueKind.STRING)
                .addStatement("final $T e = $N()", DecoderEmitter.className(field.messageType()), n.accessor())
                .beginControlFlow("for (int i = 0; e.next(); i++)");
        if (key.kind() == FieldKind.BOOL) {
            code.addStatement("writer.mapKey(e.$N() ? 1 : 0, i)", keyAccessor);
        } else {
            code.addStatement("writer.mapKey(e.$N(), i)", keyAccessor);
        }
        code.endControlFlow().addStatement("final int end = writer.orderMap(mark)");
        if (name != null) {
            code.addStatement("writer.beginObject($L)", name);
        } else {
            code.addStatement("writer.beginObject()");
        }
        final String keyCall = switch (key.kind()) {
            case UINT32, FIXED32, UINT64, FIXED64 -> "unsignedKey";
            default -> "key";
        };
        code.beginControlFlow("for (int k = mark; k < end; k++)")
                .addStatement("openElement(e, this, $N, writer.mapElement(k))", n.elementsField())
                .add(value(
                        value,
                        CodeBlock.of("writer.$N(e.$N())", keyCall, keyAccessor).toString(),
                        "e." + read(value)))
                .endControlFlow()
                .addStatement("writer.endObject()")
                .addStatement("writer.endMapOrder(mark)");
    }

    /** How the field's value is read: an enum's number, else the accessor. */
    private static String read(final FieldModel field) {
        return (field.valueKind() == ValueKind.ENUM
                        ? field.names().raw()
                        : field.names().accessor()) + "()";
    }

    private static CodeBlock nonDefault(final FieldModel field, final String read) {
        return switch (field.kind()) {
            case DOUBLE -> CodeBlock.of("$T.doubleToRawLongBits($L) != 0L", Double.class, read);
            case FLOAT -> CodeBlock.of("$T.floatToRawIntBits($L) != 0", Float.class, read);
            case BOOL -> CodeBlock.of("$L", read);
            default -> CodeBlock.of("$L != 0", read);
        };
    }

    /**
     * A field without presence, of the message's own, in one call that prints it unless it is at its default (the
     * writer's overload taking the field's {@code JsonName}): the accessor read once.
     */
    private static CodeBlock implicit(final FieldModel field, final CodeBlock name) {
        if (field.kind() != FieldKind.ENUM) {
            return CodeBlock.of("writer.$N($L, $L);\n", call(field), name, read(field));
        }
        final ClassName type = enumType(field);
        return CodeBlock.builder()
                .add("{\n$>")
                .addStatement("final int raw = $L", read(field))
                .addStatement(
                        "writer.enumValue($L, raw, $T.isKnown(raw) ? $T.forNumber(raw).name() : null)",
                        name,
                        type,
                        type)
                .add("$<}\n")
                .build();
    }

    /** {@code start} (an expression giving the writer, positioned for a value), then the value {@code read}. */
    private static CodeBlock value(final FieldModel field, final String start, final String read) {
        if (field.kind() != FieldKind.ENUM) {
            return CodeBlock.of("$L.$N($L);\n", start, call(field), read);
        }
        if (isNullValue(field)) {
            return CodeBlock.of("$L.nullValue();\n", start);
        }
        final ClassName type = enumType(field);
        return CodeBlock.of(
                "$L.enumValue($T.isKnown($L) ? $T.forNumber($L).name() : null, $L);\n",
                start,
                type,
                read,
                type,
                read,
                read);
    }

    /** The writer's method printing a value of the field's kind (not an enum). */
    private static String call(final FieldModel field) {
        return switch (field.kind()) {
            case INT32, SINT32, SFIXED32 -> "int32";
            case INT64, SINT64, SFIXED64 -> "int64";
            case UINT32, FIXED32 -> "uint32";
            case UINT64, FIXED64 -> "uint64";
            case FLOAT -> "float32";
            case DOUBLE -> "float64";
            case BOOL -> "bool";
            case STRING -> "string";
            case BYTES -> "bytes";
            case MESSAGE -> "message";
            case ENUM -> throw new IllegalArgumentException("an enum prints through enumValue: " + field.protoName());
        };
    }

    private static ClassName enumType(final FieldModel field) {
        return ClassName.get(field.enumType().javaPackage(), field.enumType().simpleName());
    }

    /** {@code google.protobuf.NullValue}, printed as {@code null} whatever its number. */
    private static boolean isNullValue(final FieldModel field) {
        return field.kind() == FieldKind.ENUM
                && NULL_VALUE.equals(field.enumType().fullName());
    }

    /**
     * The name {@code JsonFormat} prints: the model's JSON name; for an extension (which the model names
     * {@code [full.name]}, the text-format form) the lowerCamel form of its name, as protobuf-java's
     * {@code FieldDescriptor.getJsonName()} makes it and {@code JsonFormat} prints it.
     */
    static String jsonName(final FieldModel field) {
        if (!isExtension(field)) {
            return field.jsonName();
        }
        final String name = field.protoName();
        final StringBuilder camel = new StringBuilder(name.length());
        boolean upper = false;
        for (int i = 0; i < name.length(); i++) {
            final char c = name.charAt(i);
            if (c == '_') {
                upper = true;
            } else {
                camel.append(upper && c >= 'a' && c <= 'z' ? (char) (c - 'a' + 'A') : c);
                upper = false;
            }
        }
        return camel.toString();
    }

    /** The model names extensions, and only them, {@code [full.name]}. */
    private static boolean isExtension(final FieldModel field) {
        return field.jsonName().startsWith("[");
    }

    // ---------------------------------------------------------------------------------------------- special forms

    private static CodeBlock special(final Special special, final MessageModel message) {
        return switch (special) {
            case TIMESTAMP ->
                CodeBlock.of("writer.wellKnown().timestamp($N(), $N());\n", accessor(message, 1), accessor(message, 2));
            case DURATION ->
                CodeBlock.of("writer.wellKnown().duration($N(), $N());\n", accessor(message, 1), accessor(message, 2));
            case WRAPPER -> value(field(message, 1), "writer", read(field(message, 1)));
            case FIELD_MASK ->
                CodeBlock.builder()
                        .addStatement("writer.wellKnown().beginFieldMask()")
                        .beginControlFlow("for (var c = $N(); c.next(); )", accessor(message, 1))
                        .addStatement("writer.wellKnown().fieldMaskPath(c.value())")
                        .endControlFlow()
                        .addStatement("writer.wellKnown().endFieldMask()")
                        .build();
            case STRUCT -> {
                final CodeBlock.Builder code = CodeBlock.builder();
                map(code, field(message, 1), null);
                yield code.build();
            }
            case LIST_VALUE -> {
                final CodeBlock.Builder code = CodeBlock.builder().addStatement("writer.beginArray()");
                elements(code, field(message, 1));
                yield code.addStatement("writer.endArray()").build();
            }
            case VALUE -> value(message);
            case ANY ->
                CodeBlock.of("writer.wellKnown().any($N(), $N(), this);\n", accessor(message, 1), accessor(message, 2));
        };
    }

    /** {@code google.protobuf.Value}: the member of its oneof that is set, or {@code null} when none is. */
    private static CodeBlock value(final MessageModel message) {
        final CodeBlock.Builder code = CodeBlock.builder();
        for (int number = 1; number <= 6; number++) {
            final FieldModel member = field(message, number);
            if (number == 1) {
                code.beginControlFlow("if ($N())", member.names().has());
            } else {
                code.nextControlFlow("else if ($N())", member.names().has());
            }
            if (number == 2) {
                code.addStatement("writer.numberValue($N())", member.names().accessor());
            } else {
                code.add(value(member, "writer", read(member)));
            }
        }
        return code.nextControlFlow("else")
                .addStatement("writer.nullValue()")
                .endControlFlow()
                .build();
    }

    private static String accessor(final MessageModel message, final int number) {
        return field(message, number).names().accessor();
    }

    private static FieldModel field(final MessageModel message, final int number) {
        return message.fields().stream()
                .filter(f -> f.number() == number)
                .findFirst()
                .orElseThrow(() -> new IllegalStateException(message.type().fullName() + " has no field " + number));
    }
}
