package org.flyproto.gen.java;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.util.HashMap;
import java.util.Map;
import javax.lang.model.element.Modifier;
import org.flyproto.gen.model.FieldModel;
import org.flyproto.gen.model.MessageModel;
import org.flyproto.gen.model.ValueKind;

/** Emits, per field of an encoder, its setters (and the child encoder a message field needs). */
final class EncoderFieldEmitter {
    private static final TypeName BYTE_ARRAY = ArrayTypeName.of(TypeName.BYTE);

    private final ClassName self;
    private final Map<Integer, Integer> requiredBits = new HashMap<>();

    EncoderFieldEmitter(final ClassName self, final MessageModel message) {
        this.self = self;
        for (final FieldModel field : message.fields()) {
            if (field.required()) {
                requiredBits.put(field.number(), requiredBits.size());
            }
        }
    }

    /** Number of required fields, each tracked by a bit in the {@code requiredN} words. */
    int requiredCount() {
        return requiredBits.size();
    }

    static String requiredWord(final int bit) {
        return "required" + (bit / 32);
    }

    static String requiredMask(final int bit) {
        return bit % 32 == 31 ? "0x80000000" : "0x" + Integer.toHexString(1 << (bit % 32));
    }

    /** For a required field, records in the setter that it was written. */
    private void markWritten(final MethodSpec.Builder method, final FieldModel field) {
        final Integer bit = requiredBits.get(field.number());
        if (bit != null) {
            method.addStatement("$N |= $L", requiredWord(bit), requiredMask(bit));
        }
    }

    void storage(final TypeSpec.Builder type, final FieldModel field) {
        if (field.isMessage()) {
            type.addField(childType(field), field.names().encoderField(), Modifier.PRIVATE);
        }
    }

    void setters(final TypeSpec.Builder type, final FieldModel field) {
        switch (field.cardinality()) {
            case IMPLICIT -> singular(type, field, true);
            case OPTIONAL, ONEOF -> singular(type, field, false);
            case REPEATED -> repeated(type, field);
            case MAP -> {
                message(type, field, field.names().add(), "Starts one more element");
                switch (field.map().value().valueKind()) {
                    case SCALAR, ENUM, STRING, BYTES -> mapPut(type, field);
                    case MESSAGE -> {
                        // Only through addX() and endX(): the value is a message of its own.
                    }
                }
            }
        }
    }

    /**
     * @param elideDefault true for implicit presence: a value equal to the default is not written, as protobuf-java
     *     does.
     */
    private void singular(final TypeSpec.Builder type, final FieldModel field, final boolean elideDefault) {
        switch (field.valueKind()) {
            case SCALAR, ENUM -> scalar(type, field, elideDefault);
            case STRING, BYTES ->
                lengthDelimited(type, field, field.names().accessor(), "Sets the value", elideDefault);
            case MESSAGE -> message(type, field, field.names().begin(), "Starts the nested message");
        }
    }

    private void repeated(final TypeSpec.Builder type, final FieldModel field) {
        switch (field.valueKind()) {
            case SCALAR, ENUM -> {
                if (field.packed()) {
                    packed(type, field);
                } else {
                    unpacked(type, field);
                }
            }
            case STRING, BYTES -> lengthDelimited(type, field, field.names().add(), "Appends one element", false);
            case MESSAGE -> message(type, field, field.names().add(), "Starts one more element");
        }
    }

    // ---------------------------------------------------------------------------------------------------------------

    private void scalar(final TypeSpec.Builder type, final FieldModel field, final boolean elideDefault) {
        final boolean isEnum = field.valueKind() == ValueKind.ENUM;
        final String name = isEnum ? field.names().raw() : field.names().accessor();
        final MethodSpec.Builder method = setter(field, name)
                .addParameter(KindCode.javaType(field.kind()), "value", Modifier.FINAL)
                .addJavadoc("@param value the value$L.\n", isEnum ? "'s number" : "")
                .addJavadoc("@return this encoder.\n")
                .addStatement("final $T c = writeCursor($N)", RuntimeTypes.WRITE_CURSOR, Constants.tag(field));
        final CodeBlock write = CodeBlock.of("c.$N($N, value)", KindCode.writer(field.kind()), Constants.tag(field));
        if (elideDefault) {
            method.beginControlFlow("if ($L)", KindCode.isNonDefault(field.kind(), "value"))
                    .addStatement(write)
                    .endControlFlow();
        } else {
            method.addStatement(write);
        }
        markWritten(method, field);
        type.addMethod(method.addStatement("return this").build());
        if (isEnum) {
            type.addMethod(setter(field, field.names().accessor())
                    .addParameter(enumType(field), "value", Modifier.FINAL)
                    .addJavadoc("@param value the value; not {@code $N}.\n", EnumEmitter.SENTINEL)
                    .addJavadoc("@return this encoder.\n")
                    .addStatement("return $N(value.number())", name)
                    .build());
        }
    }

    private void unpacked(final TypeSpec.Builder type, final FieldModel field) {
        final boolean isEnum = field.valueKind() == ValueKind.ENUM;
        final String name = (isEnum ? field.names().addRaw() : field.names().add());
        type.addMethod(setter(field, name)
                .addParameter(KindCode.javaType(field.kind()), "value", Modifier.FINAL)
                .addJavadoc("<p>Appends one element (written unpacked, as the schema says).\n\n")
                .addJavadoc("@param value the element$L.\n", isEnum ? "'s number" : "")
                .addJavadoc("@return this encoder.\n")
                .addStatement(
                        "writeCursor($N).$N($N, value)",
                        Constants.tag(field),
                        KindCode.writer(field.kind()),
                        Constants.tag(field))
                .addStatement("return this")
                .build());
        if (isEnum) {
            type.addMethod(enumElement(field, name));
        }
    }

    private void packed(final TypeSpec.Builder type, final FieldModel field) {
        final boolean isEnum = field.valueKind() == ValueKind.ENUM;
        final String arrays = (isEnum ? field.names().raw() : field.names().accessor());
        final String packedTag = Constants.packedTag(field);
        type.addMethod(setter(field, arrays)
                .addParameter(KindCode.arrayType(field.kind()), "values", Modifier.FINAL)
                .addParameter(int.class, "offset", Modifier.FINAL)
                .addParameter(int.class, "count", Modifier.FINAL)
                .addJavadoc("<p>Writes {@code count} elements as one packed run (nothing if {@code count} is 0).\n\n")
                .addJavadoc("@param values the elements$L.\n", isEnum ? "' numbers" : "")
                .addJavadoc("@param offset index of the first element in {@code values}.\n")
                .addJavadoc("@param count number of elements.\n")
                .addJavadoc("@return this encoder.\n")
                .addJavadoc(
                        "@throws $T if {@code [offset, offset + count)} is not inside {@code values}; nothing is"
                                + " written.\n",
                        IndexOutOfBoundsException.class)
                .addStatement(
                        "$T.$N(writeCursor($N), $N, values, offset, count)",
                        RuntimeTypes.PACKED_ARRAYS,
                        KindCode.packedWriter(field.kind()),
                        packedTag,
                        packedTag)
                .addStatement("return this")
                .build());
        type.addMethod(setter(field, arrays)
                .addParameter(KindCode.arrayType(field.kind()), "values", Modifier.FINAL)
                .addJavadoc("<p>Writes all elements as one packed run (nothing if empty).\n\n")
                .addJavadoc("@param values the elements$L.\n", isEnum ? "' numbers" : "")
                .addJavadoc("@return this encoder.\n")
                .addStatement("return $N(values, 0, values.length)", arrays)
                .build());
        type.addMethod(setter(field, field.names().begin())
                .addJavadoc(
                        "<p>Opens a packed run written element by element with {@link #$N}; close it with {@link #$N}."
                                + " Its length prefix is backpatched.\n\n",
                        (isEnum ? field.names().addRaw() : field.names().add()),
                        field.names().end())
                .addJavadoc("@return this encoder.\n")
                .addStatement("beginPackedRun($N)", packedTag)
                .addStatement("return this")
                .build());
        final String add = (isEnum ? field.names().addRaw() : field.names().add());
        type.addMethod(setter(field, add)
                .addParameter(KindCode.javaType(field.kind()), "value", Modifier.FINAL)
                .addJavadoc(
                        "<p>Appends one element to the packed run opened by {@link #$N}.\n\n",
                        field.names().begin())
                .addJavadoc("@param value the element$L.\n", isEnum ? "'s number" : "")
                .addJavadoc("@return this encoder.\n")
                .addJavadoc("@throws IllegalStateException if the run is not open.\n")
                .addStatement("final $T c = packedRun($N)", RuntimeTypes.WRITE_CURSOR, packedTag)
                .addStatement(KindCode.rawWrite(field.kind(), "value"))
                .addStatement("return this")
                .build());
        if (isEnum) {
            type.addMethod(enumElement(field, add));
        }
        type.addMethod(setter(field, field.names().end())
                .addJavadoc(
                        "<p>Closes the packed run opened by {@link #$N} and backpatches its length; an empty run"
                                + " leaves no bytes.\n\n",
                        field.names().begin())
                .addJavadoc("@return this encoder.\n")
                .addStatement("endPackedRun($N)", packedTag)
                .addStatement("return this")
                .build());
    }

    private MethodSpec enumElement(final FieldModel field, final String rawMethod) {
        return setter(field, field.names().add())
                .addParameter(enumType(field), "value", Modifier.FINAL)
                .addJavadoc("<p>Appends one element.\n\n")
                .addJavadoc("@param value the element; not {@code $N}.\n", EnumEmitter.SENTINEL)
                .addJavadoc("@return this encoder.\n")
                .addStatement("return $N(value.number())", rawMethod)
                .build();
    }

    /**
     * @param name  the setters' name: {@code x} for a singular field, {@code addX} for a repeated one.
     * @param verb  what the setters do, to start their javadoc.
     * @param elide true for implicit presence: an empty value is not written.
     */
    private void lengthDelimited(
            final TypeSpec.Builder type,
            final FieldModel field,
            final String name,
            final String verb,
            final boolean elide) {
        final boolean isString = field.valueKind() == ValueKind.STRING;
        final String tag = Constants.tag(field);
        if (isString) {
            final MethodSpec.Builder chars = setter(field, name)
                    .addParameter(CharSequence.class, "value", Modifier.FINAL)
                    .addJavadoc("<p>$L, encoded as UTF-8 (unpaired surrogates become {@code '?'}).\n\n", verb)
                    .addJavadoc("@param value the text.\n")
                    .addJavadoc("@return this encoder.\n")
                    .addStatement("final $T c = writeCursor($N)", RuntimeTypes.WRITE_CURSOR, tag);
            addWrite(chars, elide, "value.length() != 0", CodeBlock.of("c.writeString($N, value)", tag));
            markWritten(chars, field);
            type.addMethod(chars.addStatement("return this").build());
        }
        final MethodSpec.Builder raw = setter(field, name)
                .addParameter(RuntimeTypes.DIRECT_BUFFER, "src", Modifier.FINAL)
                .addParameter(int.class, "offset", Modifier.FINAL)
                .addParameter(int.class, "length", Modifier.FINAL)
                .addJavadoc(
                        "<p>$L from bytes in a buffer$L.\n\n",
                        verb,
                        isString ? ", already encoded as UTF-8 (copied as they are, not validated)" : "")
                .addJavadoc("@param src the source buffer.\n")
                .addJavadoc("@param offset index of the first byte in {@code src}.\n")
                .addJavadoc("@param length number of bytes.\n")
                .addJavadoc("@return this encoder.\n")
                .addStatement("final $T c = writeCursor($N)", RuntimeTypes.WRITE_CURSOR, tag);
        addWrite(raw, elide, "length != 0", CodeBlock.of("c.writeBytes($N, src, offset, length)", tag));
        markWritten(raw, field);
        type.addMethod(raw.addStatement("return this").build());
        final ClassName view = isString ? RuntimeTypes.UTF8_VIEW : RuntimeTypes.BYTES_VIEW;
        type.addMethod(setter(field, name)
                .addParameter(view, "value", Modifier.FINAL)
                .addJavadoc("<p>$L from a view, copying its bytes as they are (forwarding without decoding).\n\n", verb)
                .addJavadoc("@param value the view.\n")
                .addJavadoc("@return this encoder.\n")
                .addStatement(
                        "return $N(value.buffer(), value.offset(), value.$N())",
                        name,
                        isString ? "byteLength" : "length")
                .build());
        if (!isString) {
            final MethodSpec.Builder array = setter(field, name)
                    .addParameter(BYTE_ARRAY, "src", Modifier.FINAL)
                    .addParameter(int.class, "offset", Modifier.FINAL)
                    .addParameter(int.class, "length", Modifier.FINAL)
                    .addJavadoc("<p>$L from a byte array.\n\n", verb)
                    .addJavadoc("@param src the source array.\n")
                    .addJavadoc("@param offset index of the first byte in {@code src}.\n")
                    .addJavadoc("@param length number of bytes.\n")
                    .addJavadoc("@return this encoder.\n")
                    .addStatement("final $T c = writeCursor($N)", RuntimeTypes.WRITE_CURSOR, tag);
            addWrite(array, elide, "length != 0", CodeBlock.of("c.writeBytes($N, src, offset, length)", tag));
            markWritten(array, field);
            type.addMethod(array.addStatement("return this").build());
            type.addMethod(setter(field, name)
                    .addParameter(BYTE_ARRAY, "src", Modifier.FINAL)
                    .addJavadoc("<p>$L from a whole byte array.\n\n", verb)
                    .addJavadoc("@param src the source array.\n")
                    .addJavadoc("@return this encoder.\n")
                    .addStatement("return $N(src, 0, src.length)", name)
                    .build());
        }
    }

    private static void addWrite(
            final MethodSpec.Builder method, final boolean elide, final String nonEmpty, final CodeBlock write) {
        if (elide) {
            method.beginControlFlow("if ($L)", nonEmpty).addStatement(write).endControlFlow();
        } else {
            method.addStatement(write);
        }
    }

    /**
     * @param open  the method starting a message: {@code beginX} for a singular field, {@code addX} for a repeated
     *     one or a map.
     * @param start what it does, to start its javadoc.
     */
    private void message(final TypeSpec.Builder type, final FieldModel field, final String open, final String start) {
        final String child = field.names().encoderField();
        final String tag = Constants.tag(field);
        final String close = field.names().end();
        final MethodSpec.Builder begin = MethodSpec.methodBuilder(open)
                .addModifiers(Modifier.PUBLIC)
                .returns(childType(field))
                .addJavadoc(Javadoc.of(field.javadoc()))
                .addJavadoc("Field {@code $L = $L}.\n\n", field.protoName(), field.number())
                .addJavadoc(
                        "<p>$L: write its fields with the returned encoder, then call {@link #$N}.\n\n", start, close)
                .addJavadoc("@return the nested message's encoder (reused).\n")
                .beginControlFlow("if ($N == null)", child)
                .addStatement("$N = new $T()", child, childType(field))
                .endControlFlow();
        markWritten(begin, field);
        type.addMethod(
                begin.addStatement("return beginChild($N, $N)", child, tag).build());
        final MethodSpec.Builder end = setter(field, close)
                .addJavadoc(
                        "<p>Ends the nested message started by {@link #$N}$L.\n\n",
                        open,
                        field.delimited() ? " with its END_GROUP tag" : " and backpatches its length")
                .addJavadoc("@return this encoder.\n")
                .addJavadoc("@throws IllegalStateException if it is not the innermost open message.\n")
                .addStatement("endChild($N, $N)", child, tag);
        if (field.childNeedsInitCheck()) {
            end.beginControlFlow("if (!$N.isInitialized())", child)
                    .addStatement("nestedUninitialized = true")
                    .endControlFlow();
        }
        type.addMethod(end.addStatement("return this").build());
    }

    /** {@code putX(key, value)}: one map entry with a non-message value, written in one call. */
    private void mapPut(final TypeSpec.Builder type, final FieldModel field) {
        final FieldModel key = field.map().key();
        final FieldModel value = field.map().value();
        final TypeName keyType = switch (key.valueKind()) {
            case STRING -> ClassName.get(CharSequence.class);
            case SCALAR -> KindCode.javaType(key.kind());
            case ENUM, BYTES, MESSAGE -> throw new IllegalArgumentException("not a map key: " + key.kind());
        };
        final TypeName valueType = switch (value.valueKind()) {
            case STRING -> ClassName.get(CharSequence.class);
            case BYTES -> BYTE_ARRAY;
            case ENUM -> enumType(value);
            case SCALAR -> KindCode.javaType(value.kind());
            case MESSAGE -> throw new IllegalArgumentException("message values have no putX()");
        };
        type.addMethod(setter(field, field.names().put())
                .addParameter(keyType, "key", Modifier.FINAL)
                .addParameter(valueType, "value", Modifier.FINAL)
                .addJavadoc("<p>Writes one entry of the map. Entries are written in call order; a key written twice"
                        + " is read as its last value.\n\n")
                .addJavadoc("@param key the key.\n")
                .addJavadoc("@param value the value.\n")
                .addJavadoc("@return this encoder.\n")
                .addStatement(
                        "$N().$N(key).$N(value)",
                        field.names().add(),
                        key.names().accessor(),
                        value.names().accessor())
                .addStatement("return $N()", field.names().end())
                .build());
    }

    private MethodSpec.Builder setter(final FieldModel field, final String name) {
        return MethodSpec.methodBuilder(name)
                .addModifiers(Modifier.PUBLIC)
                .returns(self)
                .addJavadoc(Javadoc.of(field.javadoc()))
                .addJavadoc("Field {@code $L = $L}.\n\n", field.protoName(), field.number());
    }

    private ClassName childType(final FieldModel field) {
        final ClassName child = EncoderEmitter.className(field.messageType());
        return child.equals(self) ? self : child;
    }

    private static ClassName enumType(final FieldModel field) {
        return ClassName.get(field.enumType().javaPackage(), field.enumType().simpleName());
    }
}
