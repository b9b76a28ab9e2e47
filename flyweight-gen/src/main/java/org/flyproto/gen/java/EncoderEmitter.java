package org.flyproto.gen.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import javax.lang.model.element.Modifier;
import org.flyproto.gen.model.FieldModel;
import org.flyproto.gen.model.MessageModel;
import org.flyproto.gen.model.TypeRef;

/**
 * Emits the encoder class of a message: constants, {@code wrap} methods, and (through {@link EncoderFieldEmitter})
 * the setters.
 */
final class EncoderEmitter {

    private EncoderEmitter() {}

    static ClassName className(final TypeRef type) {
        return ClassName.get(type.javaPackage(), type.encoderName());
    }

    static TypeSpec emit(final MessageModel message) {
        final ClassName self = className(message.type());
        final TypeSpec.Builder type = TypeSpec.classBuilder(self)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .superclass(RuntimeTypes.MESSAGE_ENCODER)
                .addJavadoc(Javadoc.of(message.javadoc()))
                .addJavadoc(
                        "Encoder of {@code $L}: writes the fields in the order the setters are called, in one pass,"
                                + " straight into the buffer.\n\n"
                                + "<p>Call the setters in field-number order for canonical bytes (the bytes"
                                + " protobuf-java writes). Fields with implicit presence are not written when set to"
                                + " their default, as protobuf-java does. A nested message is written between"
                                + " {@code beginX()}/{@code addX()} and {@code endX()}; its length prefix is"
                                + " backpatched. Reuse one instance: encoding allocates nothing.\n",
                        message.type().fullName());
        for (final FieldModel field : message.fields()) {
            Constants.add(type, field);
        }
        final EncoderFieldEmitter fields = new EncoderFieldEmitter(self, message);
        for (final FieldModel field : message.fields()) {
            fields.storage(type, field);
        }
        type.addMethod(MethodSpec.constructorBuilder()
                .addModifiers(Modifier.PUBLIC)
                .addJavadoc("Creates an encoder; wrap it before use.\n")
                .build());
        type.addMethod(MethodSpec.methodBuilder("wrap")
                .addModifiers(Modifier.PUBLIC)
                .returns(self)
                .addParameter(RuntimeTypes.MUTABLE_DIRECT_BUFFER, "buffer", Modifier.FINAL)
                .addParameter(int.class, "offset", Modifier.FINAL)
                .addJavadoc("Starts a message at {@code offset}. The message may extend to the buffer's capacity;"
                        + " an expandable buffer grows as needed.\n\n")
                .addJavadoc("@param buffer the buffer to write to.\n")
                .addJavadoc("@param offset index of the message's first byte.\n")
                .addJavadoc("@return this encoder.\n")
                .addStatement("wrapRoot(buffer, offset)")
                .addStatement("return this")
                .build());
        type.addMethod(MethodSpec.methodBuilder("wrap")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(self)
                .addParameter(RuntimeTypes.MUTABLE_DIRECT_BUFFER, "buffer", Modifier.FINAL)
                .addParameter(int.class, "offset", Modifier.FINAL)
                .addParameter(int.class, "length", Modifier.FINAL)
                .addJavadoc("Starts a message in the fixed region {@code [offset, offset + length)}, e.g. a claimed"
                        + " ring-buffer slot: a message that does not fit raises"
                        + " {@link org.flyproto.codec.ProtoEncodeException} and nothing is written outside the"
                        + " region.\n\n")
                .addJavadoc("@param buffer the buffer to write to.\n")
                .addJavadoc("@param offset index of the message's first byte.\n")
                .addJavadoc("@param length size of the region.\n")
                .addJavadoc("@return this encoder.\n")
                .addStatement("wrapRoot(buffer, offset, length)")
                .addStatement("return this")
                .build());
        type.addMethod(MethodSpec.methodBuilder("wrapForSize")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(self)
                .addJavadoc("Starts measuring a message instead of writing one: the setters that follow write nothing"
                        + " and count exactly the bytes they would write after a {@code wrap}, nested length"
                        + " prefixes included, so that {@link #encodedLength()} is then the length to claim before"
                        + " encoding in place with the same calls.\n\n")
                .addJavadoc("@return this encoder.\n")
                .addStatement("super.wrapForSize()")
                .addStatement("return this")
                .build());
        type.addMethod(MethodSpec.methodBuilder("wrapDelimited")
                .addModifiers(Modifier.PUBLIC)
                .returns(self)
                .addParameter(RuntimeTypes.MUTABLE_DIRECT_BUFFER, "buffer", Modifier.FINAL)
                .addParameter(int.class, "offset", Modifier.FINAL)
                .addJavadoc("Starts a message preceded by its varint length, for a stream readable by protobuf-java's"
                        + " {@code parseDelimitedFrom}: write the fields, then call {@link #endDelimited()}, which"
                        + " writes the length and returns where the next message starts.\n\n")
                .addJavadoc("@param buffer the buffer to write to (its capacity bounds the message; an expandable"
                        + " buffer grows).\n")
                .addJavadoc("@param offset index of the length prefix.\n")
                .addJavadoc("@return this encoder.\n")
                .addStatement("wrapDelimitedRoot(buffer, offset)")
                .addStatement("return this")
                .build());
        for (final FieldModel field : message.fields()) {
            fields.setters(type, field);
        }
        if (message.needsInitCheck()) {
            addInitializedTracking(type, fields.requiredCount());
        }
        addEndNested(type, message);
        addFieldName(type, message);
        CopyEmitter.emit(type, self, message);
        type.addMethod(DecoderEmitter.fullName(message));
        SchemaEmitter.emit(type, message);
        if (WellKnownTypes.isAny(message)) {
            WellKnownTypes.addAnyEncoderMethods(type, self);
        }
        return type.build();
    }

    /**
     * {@code endNested(child, tag)}: a nested encoder's {@code end()} ends its message through the field's own
     * {@code endX()}, which also does the required-field bookkeeping.
     */
    private static void addEndNested(final TypeSpec.Builder type, final MessageModel message) {
        final CodeBlock.Builder cases = CodeBlock.builder();
        for (final FieldModel field : message.fields()) {
            if (field.isMessage()) {
                cases.addStatement(
                        "case $N -> $N()",
                        field.names().tagConstant(),
                        field.names().end());
            }
        }
        if (cases.isEmpty()) {
            return;
        }
        type.addMethod(MethodSpec.methodBuilder("endNested")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PROTECTED)
                .addParameter(RuntimeTypes.MESSAGE_ENCODER, "child", Modifier.FINAL)
                .addParameter(int.class, "tag", Modifier.FINAL)
                .beginControlFlow("switch (tag)")
                .addCode(cases.build())
                .addStatement("default -> super.endNested(child, tag)")
                .endControlFlow()
                .build());
    }

    /** {@code fieldName(number)}: the .proto names of the fields, for misuse messages (a cold path). */
    private static void addFieldName(final TypeSpec.Builder type, final MessageModel message) {
        if (message.fields().isEmpty()) {
            return;
        }
        final CodeBlock.Builder cases = CodeBlock.builder();
        for (final FieldModel field : message.fields()) {
            cases.addStatement("case $L -> $S", field.number(), field.protoName());
        }
        type.addMethod(MethodSpec.methodBuilder("fieldName")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PROTECTED)
                .returns(String.class)
                .addParameter(int.class, "number", Modifier.FINAL)
                .addCode("return switch (number) {\n$>")
                .addCode(cases.build())
                .addStatement("default -> null")
                .addCode("$<};\n")
                .build());
    }

    /**
     * {@code isInitialized()}: every required field of this message was written, and every nested message ended so
     * far was initialized. The state is cleared when the encoder starts a message.
     */
    private static void addInitializedTracking(final TypeSpec.Builder type, final int requiredCount) {
        final int words = (requiredCount + 31) / 32;
        final MethodSpec.Builder onBegin = MethodSpec.methodBuilder("onBegin")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PROTECTED);
        final CodeBlock.Builder check = CodeBlock.builder().add("return !nestedUninitialized");
        for (int word = 0; word < words; word++) {
            final String name = EncoderFieldEmitter.requiredWord(word * 32);
            type.addField(int.class, name, Modifier.PRIVATE);
            onBegin.addStatement("$N = 0", name);
            final int bitsInWord = Math.min(32, requiredCount - word * 32);
            final String mask = bitsInWord == 32 ? "0xffffffff" : "0x" + Integer.toHexString((1 << bitsInWord) - 1);
            check.add(" && ($N & $L) == $L", name, mask, mask);
        }
        type.addField(boolean.class, "nestedUninitialized", Modifier.PRIVATE);
        onBegin.addStatement("nestedUninitialized = false");
        type.addMethod(onBegin.build());
        type.addMethod(MethodSpec.methodBuilder("isInitialized")
                .addModifiers(Modifier.PUBLIC)
                .returns(boolean.class)
                .addJavadoc("Whether every required field of this message was written, and every nested message"
                        + " ended so far was initialized, as protobuf-java's {@code isInitialized()} would say of"
                        + " the message.\n\n")
                .addJavadoc("@return true if nothing required is missing.\n")
                .addStatement(check.build())
                .build());
    }
}
