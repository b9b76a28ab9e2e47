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
 * Emits the copy methods of an encoder: {@code copyFields(decoder, from, to)} writes the decoder's known fields with
 * numbers in a range, in number order, through the encoder's own setters (so the output is canonical);
 * {@code copyUnknownFields(decoder)} carries the unknown fields through byte for byte; {@code copy(decoder)} does both
 * for the whole message. Forwarding a message with one field changed is {@code copyFields(d, 1, n - 1)}, the new
 * value, {@code copyFields(d, n + 1, MAX)}, {@code copyUnknownFields(d)}: no allocation.
 */
final class CopyEmitter {
    private CopyEmitter() {}

    static void emit(final TypeSpec.Builder type, final ClassName self, final MessageModel message) {
        final ClassName decoder = DecoderEmitter.className(message.type());
        final MethodSpec.Builder fields = MethodSpec.methodBuilder("copyFields")
                .addModifiers(Modifier.PUBLIC)
                .returns(self)
                .addParameter(decoder, "from", Modifier.FINAL)
                .addParameter(int.class, "fromNumber", Modifier.FINAL)
                .addParameter(int.class, "toNumber", Modifier.FINAL)
                .addJavadoc("Writes the known fields of {@code from} whose numbers are in {@code [fromNumber,"
                        + " toNumber]}, in field-number order, through this encoder's setters: the output is canonical"
                        + " whatever the input's order or packing. Nested messages are copied recursively.\n\n")
                .addJavadoc("@param from a wrapped decoder of the same message type.\n")
                .addJavadoc("@param fromNumber the lowest field number to copy.\n")
                .addJavadoc("@param toNumber the highest field number to copy.\n")
                .addJavadoc("@return this encoder.\n");
        for (final FieldModel field : message.fields()) {
            fields.beginControlFlow(
                    "if ($N >= fromNumber && $N <= toNumber)",
                    field.names().numberConstant(),
                    field.names().numberConstant());
            fields.addCode(copy(field, message.mapEntry()));
            fields.endControlFlow();
        }
        type.addMethod(fields.addStatement("return this").build());
        type.addMethod(MethodSpec.methodBuilder("copyUnknownFields")
                .addModifiers(Modifier.PUBLIC)
                .returns(self)
                .addParameter(decoder, "from", Modifier.FINAL)
                .addJavadoc("Writes the fields of {@code from} that this schema does not know, byte for byte, in"
                        + " their wire order.\n\n")
                .addJavadoc("@param from a wrapped decoder of the same message type.\n")
                .addJavadoc("@return this encoder.\n")
                .addStatement("from.copyUnknownFieldsTo(writeCursor())")
                .addStatement("return this")
                .build());
        type.addMethod(MethodSpec.methodBuilder("copy")
                .addModifiers(Modifier.PUBLIC)
                .returns(self)
                .addParameter(decoder, "from", Modifier.FINAL)
                .addJavadoc("Writes all of {@code from}: its known fields in canonical form, then its unknown fields"
                        + " byte for byte. No allocation.\n\n")
                .addJavadoc("@param from a wrapped decoder of the same message type.\n")
                .addJavadoc("@return this encoder.\n")
                .addStatement(
                        "return copyFields(from, 1, $T.MAX_FIELD_NUMBER).copyUnknownFields(from)", RuntimeTypes.TAG)
                .build());
    }

    private static CodeBlock copy(final FieldModel field, final boolean mapEntry) {
        final FieldNames n = field.names();
        final CodeBlock.Builder code = CodeBlock.builder();
        switch (field.cardinality()) {
            case REPEATED, MAP -> {
                switch (field.valueKind()) {
                    case MESSAGE -> {
                        final ClassName child = DecoderEmitter.className(field.messageType());
                        code.beginControlFlow("for ($T x = from.$N(); x.next(); )", child, n.accessor())
                                .addStatement("$N().copy(x)", n.add())
                                .addStatement("$N()", n.end())
                                .endControlFlow();
                    }
                    case SCALAR, ENUM, STRING, BYTES -> {
                        final boolean isEnum = field.valueKind() == ValueKind.ENUM;
                        if (field.packed()) {
                            code.addStatement("$N()", n.begin());
                        }
                        code.beginControlFlow("for (var x = from.$N(); x.next(); )", n.accessor())
                                .addStatement("$N(x.$N())", isEnum ? n.addRaw() : n.add(), isEnum ? "raw" : "value")
                                .endControlFlow();
                        if (field.packed()) {
                            code.addStatement("$N()", n.end());
                        }
                    }
                }
            }
            case IMPLICIT, OPTIONAL, ONEOF -> {
                // Map entries always carry key and value, as protobuf-java writes them.
                final boolean guarded = field.cardinality() != Cardinality.IMPLICIT && !mapEntry;
                if (guarded) {
                    code.beginControlFlow("if (from.$N())", n.has());
                }
                switch (field.valueKind()) {
                    case MESSAGE ->
                        code.addStatement("$N().copy(from.$N())", n.begin(), n.accessor())
                                .addStatement("$N()", n.end());
                    case ENUM -> code.addStatement("$N(from.$N())", n.raw(), n.raw());
                    case SCALAR, STRING, BYTES -> code.addStatement("$N(from.$N())", n.accessor(), n.accessor());
                }
                if (guarded) {
                    code.endControlFlow();
                }
            }
        }
        return code.build();
    }
}
