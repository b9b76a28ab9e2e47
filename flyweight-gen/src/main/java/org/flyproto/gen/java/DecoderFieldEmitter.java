package org.flyproto.gen.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import javax.lang.model.element.Modifier;
import org.flyproto.gen.model.FieldKind;
import org.flyproto.gen.model.FieldModel;

/**
 * Emits, per field of a decoder: its storage, its reset, its cases in the scan, and its accessors.
 *
 * <p>Storage names are the field's Java name plus a fixed suffix ({@code Value}, {@code Offset}, {@code Length},
 * {@code First}, {@code View}, {@code Cursor}, {@code Decoder}); none of these suffixes ends another, so two fields
 * can never produce the same storage name.
 */
final class DecoderFieldEmitter {
    private static final ClassName UTF8_VIEW = ClassName.get(KindCode.BUFFERS, "Utf8View");
    private static final ClassName BYTES_VIEW = ClassName.get(KindCode.BUFFERS, "BytesView");
    private static final ClassName UTF8 = ClassName.get(KindCode.BUFFERS, "Utf8");

    private final ClassName self;

    DecoderFieldEmitter(final ClassName self) {
        this.self = self;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Storage and reset

    void storage(final TypeSpec.Builder type, final FieldModel field) {
        final String name = field.javaName();
        if (field.repeated()) {
            type.addField(int.class, name + "First", Modifier.PRIVATE);
            if (field.kind() == FieldKind.MESSAGE) {
                type.addField(childType(field), name + "Decoder", Modifier.PRIVATE);
            } else {
                type.addField(FieldSpec.builder(cursorType(field), name + "Cursor", Modifier.PRIVATE, Modifier.FINAL)
                        .initializer(newCursor(field))
                        .build());
            }
            return;
        }
        switch (field.kind()) {
            case STRING, BYTES -> {
                type.addField(int.class, name + "Offset", Modifier.PRIVATE);
                type.addField(int.class, name + "Length", Modifier.PRIVATE);
                final ClassName view = field.kind() == FieldKind.STRING ? UTF8_VIEW : BYTES_VIEW;
                type.addField(FieldSpec.builder(view, name + "View", Modifier.PRIVATE, Modifier.FINAL)
                        .initializer("new $T()", view)
                        .build());
            }
            case MESSAGE -> {
                type.addField(int.class, name + "Offset", Modifier.PRIVATE);
                type.addField(int.class, name + "Length", Modifier.PRIVATE);
                type.addField(childType(field), name + "Decoder", Modifier.PRIVATE);
            }
            default -> type.addField(KindCode.javaType(field.kind()), name + "Value", Modifier.PRIVATE);
        }
    }

    void reset(final CodeBlock.Builder body, final FieldModel field) {
        final String name = field.javaName();
        if (field.repeated()) {
            body.addStatement("$N = -1", name + "First");
            return;
        }
        switch (field.kind()) {
            case STRING, BYTES, MESSAGE -> {
                body.addStatement("$N = limit", name + "Offset");
                body.addStatement("$N = 0", name + "Length");
            }
            default -> body.addStatement("$N = $L", name + "Value", KindCode.defaultLiteral(field.kind()));
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Scan

    void scanCases(final CodeBlock.Builder body, final FieldModel field) {
        final String name = field.javaName();
        final String tag = Constants.tag(field);
        if (field.repeated()) {
            scanRepeated(body, field, name, tag);
            return;
        }
        switch (field.kind()) {
            case STRING, BYTES -> {
                body.add("case $N -> {\n$>", tag);
                body.addStatement("$N = readLength()", name + "Length");
                body.addStatement("$N = pos", name + "Offset");
                body.addStatement("pos += $N", name + "Length");
            }
            case MESSAGE -> {
                body.add("case $N -> {\n$>", tag);
                body.addStatement("final int length = readLength()");
                body.addStatement("$N = pos", name + "Offset");
                body.addStatement("$N = length", name + "Length");
                validateChild(body, field);
                body.addStatement("pos += length");
            }
            default -> {
                if (!field.presence()) {
                    body.addStatement("case $N -> $N = $L", tag, name + "Value", KindCode.read(field.kind()));
                    return;
                }
                body.add("case $N -> {\n$>", tag);
                body.addStatement("$N = $L", name + "Value", KindCode.read(field.kind()));
            }
        }
        if (field.presence()) {
            body.addStatement("$N |= $L", presenceWord(field), presenceMask(field));
        }
        body.add("$<}\n");
    }

    private void scanRepeated(
            final CodeBlock.Builder body, final FieldModel field, final String name, final String tag) {
        final String first = name + "First";
        body.add("case $N -> {\n$>", tag);
        body.beginControlFlow("if ($N < 0)", first)
                .addStatement("$N = tagStart", first)
                .endControlFlow();
        if (field.kind().isPackable()) {
            body.addStatement(KindCode.skip(field.kind()));
            body.add("$<}\n");
            body.add("case $N -> {\n$>", Constants.packedTag(field));
            body.beginControlFlow("if ($N < 0)", first)
                    .addStatement("$N = tagStart", first)
                    .endControlFlow();
            body.addStatement("final int length = readLength()");
            final int fixedSize = KindCode.fixedSize(field.kind());
            if (fixedSize > 0) {
                body.addStatement("checkPackedFixed(length, $L)", fixedSize);
            } else {
                body.beginControlFlow("if (deep)")
                        .addStatement("checkPackedVarints(length)")
                        .endControlFlow();
            }
            body.addStatement("pos += length");
        } else {
            body.addStatement("final int length = readLength()");
            if (field.kind() == FieldKind.MESSAGE) {
                validateChild(body, field);
            }
            body.addStatement("pos += length");
        }
        body.add("$<}\n");
    }

    private void validateChild(final CodeBlock.Builder body, final FieldModel field) {
        final String child = field.javaName() + "Decoder";
        body.beginControlFlow("if (deep)");
        body.beginControlFlow("if ($N == null)", child)
                .addStatement("$N = new $T()", child, childType(field))
                .endControlFlow();
        body.addStatement("validateChild($N, this, pos, length)", child);
        body.endControlFlow();
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Accessors

    void accessors(final TypeSpec.Builder type, final FieldModel field) {
        if (field.repeated()) {
            type.addMethod(repeatedAccessor(field));
            return;
        }
        if (field.presence()) {
            type.addMethod(accessor(field, "has" + field.capitalizedName(), TypeName.BOOLEAN)
                    .addJavadoc("@return true if {@code $L} is present.\n", field.protoName())
                    .addStatement("return ($N & $L) != 0", presenceWord(field), presenceMask(field))
                    .build());
        }
        final String name = field.javaName();
        switch (field.kind()) {
            case STRING -> {
                final CodeBlock validate = field.validateUtf8()
                        ? CodeBlock.of("return utf8($N, $N, $N)", name + "View", name + "Offset", name + "Length")
                        : CodeBlock.of(
                                "return $N.wrap(buffer, $N, $N)", name + "View", name + "Offset", name + "Length");
                type.addMethod(accessor(field, name, UTF8_VIEW)
                        .addJavadoc("@return a view over the UTF-8 bytes, valid until the next wrap; no String is"
                                + " created. Empty if absent.\n")
                        .addJavadoc(throwsInvalidUtf8(field))
                        .addStatement(validate)
                        .build());
                final CodeBlock asString = field.validateUtf8()
                        ? CodeBlock.of("return utf8AsString($N, $N)", name + "Offset", name + "Length")
                        : CodeBlock.of("return $T.toString(buffer, $N, $N)", UTF8, name + "Offset", name + "Length");
                type.addMethod(accessor(field, name + "AsString", ClassName.get(String.class))
                        .addJavadoc("<p>Allocates: prefer {@link #$N()}.\n\n", name)
                        .addJavadoc("@return the value as a new String.\n")
                        .addJavadoc(throwsInvalidUtf8(field))
                        .addStatement(asString)
                        .build());
            }
            case BYTES ->
                type.addMethod(accessor(field, name, BYTES_VIEW)
                        .addJavadoc("@return a view over the bytes, valid until the next wrap. Empty if absent.\n")
                        .addStatement("return $N.wrap(buffer, $N, $N)", name + "View", name + "Offset", name + "Length")
                        .build());
            case MESSAGE -> {
                final String child = name + "Decoder";
                type.addMethod(accessor(field, name, childType(field))
                        .addJavadoc("@return the nested message's decoder (reused), wrapped on it; if absent, wrapped"
                                + " on nothing, so every field reads as its default.\n")
                        .beginControlFlow("if ($N == null)", child)
                        .addStatement("$N = new $T()", child, childType(field))
                        .endControlFlow()
                        .addStatement("return openChild($N, this, $N, $N)", child, name + "Offset", name + "Length")
                        .build());
            }
            case ENUM -> {
                final ClassName enumType = enumType(field);
                type.addMethod(accessor(field, name, enumType)
                        .addJavadoc(
                                "@return the value, or {@link $T#$N} for a number this schema does not know"
                                        + " (see {@link #$N}).\n",
                                enumType,
                                EnumEmitter.SENTINEL,
                                name + "Raw")
                        .addStatement("return $T.forNumber($N)", enumType, name + "Value")
                        .build());
                type.addMethod(accessor(field, name + "Raw", TypeName.INT)
                        .addJavadoc("@return the number as on the wire, known to the schema or not.\n")
                        .addStatement("return $N", name + "Value")
                        .build());
            }
            default ->
                type.addMethod(accessor(field, name, KindCode.javaType(field.kind()))
                        .addJavadoc("@return the value, or the default if absent.\n")
                        .addStatement("return $N", name + "Value")
                        .build());
        }
    }

    private MethodSpec repeatedAccessor(final FieldModel field) {
        final String name = field.javaName();
        if (field.kind() == FieldKind.MESSAGE) {
            final String child = name + "Decoder";
            return accessor(field, name, childType(field))
                    .addJavadoc("<p>Iterate with {@code for (X x = decoder.$N(); x.next(); )}.\n\n", name)
                    .addJavadoc("@return the field's decoder (reused), positioned before the first element.\n")
                    .beginControlFlow("if ($N == null)", child)
                    .addStatement("$N = new $T()", child, childType(field))
                    .endControlFlow()
                    .addStatement("return iterate($N, this, $N, $N)", child, name + "First", Constants.tag(field))
                    .build();
        }
        return accessor(field, name, cursorType(field))
                .addJavadoc(
                        "Iterate with {@code for (var c = decoder.$N(); c.next(); ) c.value()}; elements written"
                                + " packed and unpacked are both read, in wire order.\n\n",
                        name)
                .addJavadoc("@return the field's cursor (reused), positioned before the first element.\n")
                .addStatement("return $N.wrap(this, $N)", name + "Cursor", name + "First")
                .build();
    }

    private static MethodSpec.Builder accessor(final FieldModel field, final String name, final TypeName returns) {
        return MethodSpec.methodBuilder(name)
                .addModifiers(Modifier.PUBLIC)
                .returns(returns)
                .addJavadoc(Javadoc.of(field.javadoc()))
                .addJavadoc("Field {@code $L = $L}.\n\n", field.protoName(), field.number());
    }

    private static CodeBlock throwsInvalidUtf8(final FieldModel field) {
        return field.validateUtf8()
                ? CodeBlock.of("@throws org.flyproto.codec.ProtoDecodeException on invalid UTF-8, unless wrapped"
                        + " trusted.\n")
                : CodeBlock.of("");
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Types

    private TypeName cursorType(final FieldModel field) {
        final ClassName cursor = KindCode.cursorClass(field.kind());
        return field.kind() == FieldKind.ENUM ? ParameterizedTypeName.get(cursor, enumType(field)) : cursor;
    }

    private CodeBlock newCursor(final FieldModel field) {
        final ClassName cursor = KindCode.cursorClass(field.kind());
        final String encoding = KindCode.cursorEncoding(field.kind());
        if (encoding != null) {
            return CodeBlock.of("new $T($L, $T.$N)", cursor, field.number(), cursor, encoding);
        }
        return switch (field.kind()) {
            case ENUM -> CodeBlock.of("new $T<>($L, $T::forNumber)", cursor, field.number(), enumType(field));
            case STRING -> CodeBlock.of("new $T($L, $L)", cursor, field.number(), field.validateUtf8());
            default -> CodeBlock.of("new $T($L)", cursor, field.number());
        };
    }

    private ClassName childType(final FieldModel field) {
        final ClassName child = DecoderEmitter.className(field.messageType());
        return child.equals(self) ? self : child;
    }

    private static ClassName enumType(final FieldModel field) {
        return ClassName.get(field.enumType().javaPackage(), field.enumType().simpleName());
    }

    private static String presenceWord(final FieldModel field) {
        return DecoderEmitter.presenceWord(field.presenceBit() / 32);
    }

    private static String presenceMask(final FieldModel field) {
        final int bit = field.presenceBit() % 32;
        return bit == 31 ? "0x80000000" : "0x" + Integer.toHexString(1 << bit);
    }
}
