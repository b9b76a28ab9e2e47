package org.flyproto.gen.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;
import org.flyproto.gen.model.EnumModel;
import org.flyproto.gen.model.FieldModel;
import org.flyproto.gen.model.MessageModel;
import org.flyproto.gen.model.OneofModel;

/**
 * Emits the run-time schema of a message into its encoder ({@code SCHEMA} and {@code schema()}) and of an enum into
 * the enum ({@code schema()}): names, numbers, types and cardinality, for the parsers and tools that work by name.
 */
final class SchemaEmitter {
    /** The encoder's constant: field constants end in {@code _NUMBER} or {@code _TAG}, so no field can clash. */
    static final String CONSTANT = "SCHEMA";

    private SchemaEmitter() {}

    static void emit(final TypeSpec.Builder type, final MessageModel message) {
        final CodeBlock.Builder init = CodeBlock.builder()
                .add(
                        "$T.of(\n$>$>$S,\n",
                        RuntimeTypes.MESSAGE_SCHEMA,
                        message.type().fullName())
                .add("$T.$N,\n", RuntimeTypes.MESSAGE_SCHEMA, message.mapEntry() ? "MAP_ENTRY" : "NONE")
                .add("new $T[] {", String.class);
        final List<OneofModel> oneofs = message.oneofs();
        for (int i = 0; i < oneofs.size(); i++) {
            init.add(i == 0 ? "$S" : ", $S", oneofs.get(i).protoName());
        }
        init.add("}");
        for (final FieldModel field : message.fields()) {
            init.add(",\n").add(field(field, field.oneof() == null ? -1 : oneofs.indexOf(field.oneof())));
        }
        init.add(")$<$<");
        type.addField(FieldSpec.builder(
                        RuntimeTypes.MESSAGE_SCHEMA, CONSTANT, Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc(
                        "The schema of {@code $L}: its fields' numbers, names and types, for parsers and tools.\n",
                        message.type().fullName())
                .initializer(init.build())
                .build());
        type.addMethod(MethodSpec.methodBuilder("schema")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(RuntimeTypes.MESSAGE_SCHEMA)
                .addStatement("return $N", CONSTANT)
                .build());
    }

    private static CodeBlock field(final FieldModel field, final int oneof) {
        final CodeBlock schema = fieldSchema(field, oneof);
        final CodeBlock value = defaultValue(field.defaultValue());
        return value == null ? schema : CodeBlock.of("$L$>\n.withDefault($L)$<", schema, value);
    }

    /**
     * The argument of {@code FieldSchema.withDefault} for a field's default (explicit, or a closed enum's first
     * value), exact for every float and double (NaN, infinities, -0.0 included); null without one.
     */
    private static CodeBlock defaultValue(final Object value) {
        if (value == null) {
            return null;
        }
        if (value instanceof Integer number) {
            return CodeBlock.of("$LL", number);
        }
        if (value instanceof Long number) {
            return CodeBlock.of("$LL", number);
        }
        if (value instanceof Boolean bool) {
            return CodeBlock.of("$LL", bool ? 1 : 0);
        }
        if (value instanceof Float number) {
            return CodeBlock.of("(double) Float.intBitsToFloat($L)", Float.floatToRawIntBits(number));
        }
        if (value instanceof Double number) {
            return CodeBlock.of("Double.longBitsToDouble($LL)", Double.doubleToRawLongBits(number));
        }
        final byte[] bytes = value instanceof String string ? string.getBytes(StandardCharsets.UTF_8) : (byte[]) value;
        final CodeBlock.Builder array = CodeBlock.builder().add("new byte[] {");
        for (int i = 0; i < bytes.length; i++) {
            array.add(i == 0 ? "$L" : ", $L", bytes[i]);
        }
        return array.add("}").build();
    }

    private static CodeBlock fieldSchema(final FieldModel field, final int oneof) {
        final CodeBlock flags = flags(field);
        return switch (field.kind()) {
            case MESSAGE ->
                CodeBlock.of(
                        "$T.message($L, $S, $S, $S, $L, $L, () -> $T.$N)",
                        RuntimeTypes.FIELD_SCHEMA,
                        field.number(),
                        field.protoName(),
                        field.jsonName(),
                        field.textName(),
                        flags,
                        oneof,
                        EncoderEmitter.className(field.messageType()),
                        CONSTANT);
            case ENUM ->
                CodeBlock.of(
                        "$T.enumeration($L, $S, $S, $S, $L, $L, $T::schema)",
                        RuntimeTypes.FIELD_SCHEMA,
                        field.number(),
                        field.protoName(),
                        field.jsonName(),
                        field.textName(),
                        flags,
                        oneof,
                        ClassName.get(
                                field.enumType().javaPackage(), field.enumType().simpleName()));
            default ->
                CodeBlock.of(
                        "$T.scalar($L, $S, $S, $S, $T.$N, $L, $L)",
                        RuntimeTypes.FIELD_SCHEMA,
                        field.number(),
                        field.protoName(),
                        field.jsonName(),
                        field.textName(),
                        RuntimeTypes.FIELD_TYPE,
                        field.kind().name(),
                        flags,
                        oneof);
        };
    }

    private static CodeBlock flags(final FieldModel field) {
        final List<String> names = new ArrayList<>();
        if (field.repeated()) {
            names.add("REPEATED");
        }
        if (field.packed()) {
            names.add("PACKED");
        }
        if (field.presence()) {
            names.add("PRESENCE");
        }
        if (field.map() != null) {
            names.add("MAP");
        }
        if (field.delimited()) {
            names.add("DELIMITED");
        }
        if (field.required()) {
            names.add("REQUIRED");
        }
        if (field.closedEnum()) {
            names.add("CLOSED_ENUM");
        }
        if (field.validateUtf8()) {
            names.add("VALIDATE_UTF8");
        }
        if (field.textName().startsWith("[")) {
            names.add("EXTENSION");
        }
        if (names.isEmpty()) {
            return CodeBlock.of("$T.NONE", RuntimeTypes.FIELD_SCHEMA);
        }
        final CodeBlock.Builder code = CodeBlock.builder();
        for (int i = 0; i < names.size(); i++) {
            code.add(i == 0 ? "$T.$N" : " | $T.$N", RuntimeTypes.FIELD_SCHEMA, names.get(i));
        }
        return code.build();
    }

    /**
     * An enum's {@code schema()}, its value built once in a holder class (a static field could clash with a value's
     * constant).
     */
    static void emit(final TypeSpec.Builder type, final ClassName self, final EnumModel model) {
        final CodeBlock.Builder names = CodeBlock.builder().add("new $T[] {", String.class);
        final CodeBlock.Builder numbers = CodeBlock.builder().add("new int[] {");
        final List<EnumModel.Value> values = model.values();
        for (int i = 0; i < values.size(); i++) {
            names.add(i == 0 ? "$S" : ", $S", values.get(i).name());
            numbers.add(i == 0 ? "$L" : ", $L", values.get(i).number());
        }
        final ClassName holder = self.nestedClass("SchemaHolder");
        type.addType(TypeSpec.classBuilder(holder)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addField(FieldSpec.builder(RuntimeTypes.ENUM_SCHEMA, CONSTANT, Modifier.STATIC, Modifier.FINAL)
                        .initializer(
                                "$T.of($S, $L, $L}, $L})",
                                RuntimeTypes.ENUM_SCHEMA,
                                model.type().fullName(),
                                model.closed(),
                                names.build(),
                                numbers.build())
                        .build())
                .addMethod(MethodSpec.constructorBuilder()
                        .addModifiers(Modifier.PRIVATE)
                        .build())
                .build());
        type.addMethod(MethodSpec.methodBuilder("schema")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(RuntimeTypes.ENUM_SCHEMA)
                .addJavadoc(
                        "@return the schema of {@code $L}: its values' names and numbers.\n",
                        model.type().fullName())
                .addStatement("return $T.$N", holder, CONSTANT)
                .build());
    }
}
