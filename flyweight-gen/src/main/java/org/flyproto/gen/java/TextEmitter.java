package org.flyproto.gen.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import javax.lang.model.element.Modifier;
import org.flyproto.gen.model.Cardinality;
import org.flyproto.gen.model.FieldModel;
import org.flyproto.gen.model.FieldNames;
import org.flyproto.gen.model.MessageModel;
import org.flyproto.gen.model.ValueKind;

/**
 * Emits a decoder's text-format printing: {@code appendFieldsTo(printer)} walks the known fields in field-number
 * order through the decoder's own accessors, as protobuf-java's {@code TextFormat} walks {@code getAllFields()}
 * (present fields only; map entries sorted by key through the printer's scratch), and
 * {@code newPrintingDecoder()} makes the second decoder that {@code appendTo} reads through, so that printing never
 * disturbs the decoder the caller holds. {@code appendTo}, {@code toString} and the unknown fields are the runtime's.
 */
final class TextEmitter {
    static final ClassName TEXT_PRINTER = ClassName.get(RuntimeTypes.CODEC, "TextPrinter");

    /** Fields printed per method: a map field's printing takes about 150 bytes of bytecode, a scalar's about 30. */
    private static final int FIELDS_PER_METHOD = 32;

    private TextEmitter() {}

    static void emit(final TypeSpec.Builder type, final ClassName self, final MessageModel message) {
        final MethodSpec.Builder print = MethodSpec.methodBuilder("appendFieldsTo")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PROTECTED)
                .addParameter(TEXT_PRINTER, "printer", Modifier.FINAL);
        final int fields = message.fields().size();
        if (fields <= FIELDS_PER_METHOD) {
            for (final FieldModel field : message.fields()) {
                print.addCode(print(field, message.mapEntry()));
            }
        } else {
            // Chunks, so that no method outgrows HotSpot's 8000-byte limit for JIT compilation.
            for (int chunk = 0; chunk * FIELDS_PER_METHOD < fields; chunk++) {
                final String name = "appendFields" + (chunk + 1);
                print.addStatement("$N(printer)", name);
                final MethodSpec.Builder part = MethodSpec.methodBuilder(name)
                        .addModifiers(Modifier.PRIVATE)
                        .addParameter(TEXT_PRINTER, "printer", Modifier.FINAL);
                for (final FieldModel field : message.fields()
                        .subList(chunk * FIELDS_PER_METHOD, Math.min(fields, (chunk + 1) * FIELDS_PER_METHOD))) {
                    part.addCode(print(field, message.mapEntry()));
                }
                type.addMethod(part.build());
            }
        }
        type.addMethod(print.build());
        type.addMethod(MethodSpec.methodBuilder("newPrintingDecoder")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PROTECTED)
                .returns(self)
                .addStatement("return new $T()", self)
                .build());
    }

    private static CodeBlock print(final FieldModel field, final boolean mapEntry) {
        final FieldNames n = field.names();
        final CodeBlock.Builder code = CodeBlock.builder();
        switch (field.cardinality()) {
            case MAP -> printMap(code, field);
            case REPEATED -> {
                if (field.valueKind() == ValueKind.MESSAGE) {
                    code.beginControlFlow(
                                    "for ($T c = $N(); c.next(); )",
                                    DecoderEmitter.className(field.messageType()),
                                    n.accessor())
                            .addStatement("printer.message($S, c)", field.textName())
                            .endControlFlow();
                } else {
                    code.beginControlFlow("for (var c = $N(); c.next(); )", n.accessor())
                            .add(value(field, "c.value()", "c.raw()"))
                            .endControlFlow();
                }
            }
            case IMPLICIT, OPTIONAL, ONEOF -> {
                // Map entries always have key and value: protobuf-java's MapEntry reports both as present.
                final boolean guarded = field.cardinality() != Cardinality.IMPLICIT && !mapEntry;
                if (guarded) {
                    code.beginControlFlow("if ($N())", n.has());
                }
                switch (field.valueKind()) {
                    case MESSAGE -> code.addStatement("printer.message($S, $N())", field.textName(), n.accessor());
                    case STRING, BYTES -> {
                        if (guarded || mapEntry) {
                            code.add(value(field, n.accessor() + "()", null));
                        } else {
                            final String length = field.valueKind() == ValueKind.STRING ? "byteLength" : "length";
                            code.add("{\n$>")
                                    .addStatement(
                                            "final $T v = $N()",
                                            field.valueKind() == ValueKind.STRING
                                                    ? RuntimeTypes.UTF8_VIEW
                                                    : RuntimeTypes.BYTES_VIEW,
                                            n.accessor())
                                    .beginControlFlow("if (v.$N() != 0)", length)
                                    .add(value(field, "v", null))
                                    .endControlFlow()
                                    .add("$<}\n");
                        }
                    }
                    case SCALAR, ENUM -> {
                        final boolean isEnum = field.valueKind() == ValueKind.ENUM;
                        final String read = (isEnum ? n.raw() : n.accessor()) + "()";
                        if (!guarded && !mapEntry) {
                            code.beginControlFlow("if ($L)", nonDefault(field, read));
                        }
                        code.add(value(field, read, n.raw() + "()"));
                        if (!guarded && !mapEntry) {
                            code.endControlFlow();
                        }
                    }
                }
                if (guarded) {
                    code.endControlFlow();
                }
            }
        }
        return code.build();
    }

    /** Entries sorted by key, as protobuf-java prints a map; of a key that repeats, the last entry. */
    private static void printMap(final CodeBlock.Builder code, final FieldModel field) {
        final FieldNames n = field.names();
        final FieldModel key = field.map().key();
        final String keyRead = switch (key.valueKind()) {
            case STRING -> "e.$N()";
            default -> key.kind() == org.flyproto.gen.model.FieldKind.BOOL ? "e.$N() ? 1 : 0" : "e.$N()";
        };
        code.beginControlFlow("if ($N.count() != 0)", n.elementsField())
                .addStatement("final int mark = printer.beginMap($L)", key.valueKind() == ValueKind.STRING)
                .addStatement("final $T e = $N()", DecoderEmitter.className(field.messageType()), n.accessor())
                .beginControlFlow("for (int i = 0; e.next(); i++)")
                .addStatement("printer.mapKey(" + keyRead + ", i)", key.names().accessor())
                .endControlFlow()
                .addStatement("final int end = printer.sortMap(mark)")
                .beginControlFlow("for (int k = mark; k < end; k++)")
                .addStatement(
                        "printer.mapEntry($S, openElement(e, this, $N, printer.mapElement(k)))",
                        field.textName(),
                        n.elementsField())
                .endControlFlow()
                .addStatement("printer.endMap(mark)")
                .endControlFlow();
    }

    private static CodeBlock nonDefault(final FieldModel field, final String read) {
        return switch (field.kind()) {
            case DOUBLE -> CodeBlock.of("$T.doubleToRawLongBits($L) != 0L", Double.class, read);
            case FLOAT -> CodeBlock.of("$T.floatToRawIntBits($L) != 0", Float.class, read);
            case BOOL -> CodeBlock.of("$L", read);
            default -> CodeBlock.of("$L != 0", read);
        };
    }

    /** One {@code name: value} line; {@code raw} reads an enum's number. */
    private static CodeBlock value(final FieldModel field, final String read, final String raw) {
        final String name = field.textName();
        return switch (field.kind()) {
            case INT32, SINT32, SFIXED32 -> CodeBlock.of("printer.field($S).int32($L);\n", name, read);
            case INT64, SINT64, SFIXED64 -> CodeBlock.of("printer.field($S).int64($L);\n", name, read);
            case UINT32, FIXED32 -> CodeBlock.of("printer.field($S).uint32($L);\n", name, read);
            case UINT64, FIXED64 -> CodeBlock.of("printer.field($S).uint64($L);\n", name, read);
            case FLOAT -> CodeBlock.of("printer.field($S).float32($L);\n", name, read);
            case DOUBLE -> CodeBlock.of("printer.field($S).float64($L);\n", name, read);
            case BOOL -> CodeBlock.of("printer.field($S).bool($L);\n", name, read);
            case STRING -> CodeBlock.of("printer.field($S).string($L);\n", name, read);
            case BYTES -> CodeBlock.of("printer.field($S).bytes($L);\n", name, read);
            case ENUM -> {
                final ClassName type = ClassName.get(
                        field.enumType().javaPackage(), field.enumType().simpleName());
                yield CodeBlock.of(
                        "printer.field($S).enumValue($T.isKnown($L) ? $T.forNumber($L).name() : null, $L);\n",
                        name,
                        type,
                        raw,
                        type,
                        raw,
                        raw);
            }
            case MESSAGE -> throw new IllegalArgumentException("messages print as blocks");
        };
    }
}
