package org.flyproto.gen.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Modifier;
import org.flyproto.gen.model.Cardinality;
import org.flyproto.gen.model.FieldKind;
import org.flyproto.gen.model.FieldModel;
import org.flyproto.gen.model.FieldNames;
import org.flyproto.gen.model.LeafShapeModel;
import org.flyproto.gen.model.MessageModel;
import org.flyproto.gen.model.OneofModel;
import org.flyproto.gen.model.ValueKind;

/**
 * Emits, per field of a decoder: its storage, its reset, its cases in the scan, and its accessors.
 *
 * <p>Storage names are the field's Java name plus a fixed suffix ({@code Value}, {@code Offset}, {@code Length},
 * {@code First}, {@code Count}, {@code View}, {@code Cursor}, {@code Decoder}, {@code Found}); none of these suffixes ends another,
 * so two fields can never produce the same storage name.
 */
final class DecoderFieldEmitter {

    private final ClassName self;

    private final boolean mapEntry;

    /** The oneofs of the message with a string member whose UTF-8 is validated. */
    private final Set<OneofModel> oneofsWithValidatedStrings = new HashSet<>();

    DecoderFieldEmitter(final ClassName self, final MessageModel message) {
        this.mapEntry = message.mapEntry();
        this.self = self;
        for (final OneofModel oneof : message.oneofs()) {
            if (hasValidatedStringMember(message, oneof)) {
                oneofsWithValidatedStrings.add(oneof);
            }
        }
    }

    /** True for a string field whose UTF-8 a validating decode checks. */
    static boolean isValidatedString(final FieldModel field) {
        return field.valueKind() == ValueKind.STRING && field.validateUtf8();
    }

    static boolean hasValidatedStringMember(final MessageModel message, final OneofModel oneof) {
        for (final FieldModel field : message.fields()) {
            if (field.oneof() == oneof && isValidatedString(field)) {
                return true;
            }
        }
        return false;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Storage

    void storage(final TypeSpec.Builder type, final FieldModel field) {
        final FieldNames n = field.names();
        if (field.leafShape() != null) {
            type.addField(leafShapeConstant(field));
        }
        switch (field.cardinality()) {
            case REPEATED, MAP -> {
                switch (field.valueKind()) {
                    case MESSAGE -> {
                        type.addField(FieldSpec.builder(
                                        RuntimeTypes.OCCURRENCES, n.elementsField(), Modifier.PRIVATE, Modifier.FINAL)
                                .initializer("new $T()", RuntimeTypes.OCCURRENCES)
                                .build());
                        type.addField(childType(field), n.decoderField(), Modifier.PRIVATE);
                        if (field.cardinality() == Cardinality.MAP) {
                            type.addField(childType(field), n.foundField(), Modifier.PRIVATE);
                        }
                    }
                    case SCALAR, ENUM, STRING, BYTES -> {
                        type.addField(int.class, n.firstField(), Modifier.PRIVATE);
                        type.addField(int.class, n.countField(), Modifier.PRIVATE);
                        type.addField(
                                FieldSpec.builder(cursorType(field), n.cursorField(), Modifier.PRIVATE, Modifier.FINAL)
                                        .initializer(newCursor(field))
                                        .build());
                    }
                }
            }
            case IMPLICIT, OPTIONAL, ONEOF -> {
                switch (field.valueKind()) {
                    case STRING, BYTES -> {
                        type.addField(int.class, n.offsetField(), Modifier.PRIVATE);
                        type.addField(int.class, n.lengthField(), Modifier.PRIVATE);
                        final ClassName view = field.valueKind() == ValueKind.STRING
                                ? RuntimeTypes.UTF8_VIEW
                                : RuntimeTypes.BYTES_VIEW;
                        type.addField(FieldSpec.builder(view, n.viewField(), Modifier.PRIVATE, Modifier.FINAL)
                                .initializer("new $T()", view)
                                .build());
                        if (field.defaultValue() != null) {
                            addDefaultConstants(type, field);
                        }
                    }
                    case MESSAGE -> {
                        type.addField(int.class, n.offsetField(), Modifier.PRIVATE);
                        type.addField(int.class, n.lengthField(), Modifier.PRIVATE);
                        // Occurrences to merge: protobuf reads a repeated singular message as their merge.
                        type.addField(int.class, n.firstField(), Modifier.PRIVATE);
                        type.addField(int.class, n.countField(), Modifier.PRIVATE);
                        type.addField(childType(field), n.decoderField(), Modifier.PRIVATE);
                    }
                    case SCALAR, ENUM ->
                        type.addField(KindCode.javaType(field.kind()), n.valueField(), Modifier.PRIVATE);
                }
            }
        }
    }

    /** The explicit default of a string or bytes field, as read-only bytes (and as a String for strings). */
    private static void addDefaultConstants(final TypeSpec.Builder type, final FieldModel field) {
        final CodeBlock bytes;
        if (field.defaultValue() instanceof String text) {
            type.addField(FieldSpec.builder(
                            String.class,
                            field.names().defaultStringConstant(),
                            Modifier.PRIVATE,
                            Modifier.STATIC,
                            Modifier.FINAL)
                    .initializer("$S", text)
                    .build());
            bytes = CodeBlock.of(
                    "$N.getBytes($T.UTF_8)", field.names().defaultStringConstant(), StandardCharsets.class);
        } else {
            bytes = KindCode.literal(FieldKind.BYTES, field.defaultValue());
        }
        type.addField(FieldSpec.builder(
                        RuntimeTypes.DIRECT_BUFFER,
                        defaultConstant(field),
                        Modifier.PRIVATE,
                        Modifier.STATIC,
                        Modifier.FINAL)
                .initializer("new $T($L)", RuntimeTypes.UNSAFE_BUFFER, bytes)
                .build());
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Scan

    /**
     * One case of the scan's {@code switch}: the statements handling one tag.
     *
     * @param tag     the tag constant.
     * @param body    the statements, which leave {@code pos} after the field.
     * @param repeats true when the same tag usually comes again next (an element of a repeated field): the scan then
     *     loops in the case while it does.
     */
    record ScanCase(String tag, CodeBlock body, boolean repeats) {}

    /**
     * @return the field's cases: one, or for a repeated scalar two (packed and unpacked elements), the encoding the
     *     schema writes first.
     */
    List<ScanCase> scanCases(final FieldModel field) {
        final String tag = Constants.tag(field);
        return switch (field.cardinality()) {
            case REPEATED, MAP -> scanRepeated(field, tag);
            case IMPLICIT, OPTIONAL, ONEOF -> List.of(new ScanCase(tag, scanSingular(field), false));
        };
    }

    private CodeBlock scanSingular(final FieldModel field) {
        final FieldNames n = field.names();
        final CodeBlock.Builder body = CodeBlock.builder();
        if (field.cardinality() == Cardinality.ONEOF && oneofsWithValidatedStrings.contains(field.oneof())) {
            // The string member this occurrence replaces is never read, but protobuf-java rejects its bad UTF-8.
            body.beginControlFlow("if (deep && $N != 0)", caseField(field))
                    .addStatement("$N()", field.oneof().replacedCheck())
                    .endControlFlow();
        }
        switch (field.valueKind()) {
            case STRING, BYTES -> {
                if (field.valueKind() == ValueKind.STRING
                        && field.validateUtf8()
                        && field.cardinality() != Cardinality.ONEOF) {
                    // The occurrence this one replaces is never read, but protobuf-java rejects its bad UTF-8.
                    body.beginControlFlow("if (deep && $N != limit)", n.offsetField())
                            .addStatement("checkUtf8($N, $N)", n.offsetField(), n.lengthField())
                            .endControlFlow();
                }
                body.addStatement("$N = readLength()", n.lengthField());
                body.addStatement("$N = pos", n.offsetField());
                body.addStatement("pos += $N", n.lengthField());
                markPresent(body, field);
            }
            case MESSAGE -> {
                readChildExtent(body, field);
                if (field.cardinality() == Cardinality.ONEOF) {
                    // Another member came in between: earlier occurrences of this one are replaced, not merged.
                    body.beginControlFlow("if ($N != $L)", caseField(field), field.number())
                            .addStatement("$N = 0", n.countField())
                            .endControlFlow();
                }
                body.beginControlFlow("if ($N++ == 0)", n.countField())
                        .addStatement("$N = tagStart", n.firstField())
                        .endControlFlow();
                body.addStatement("$N = start", n.offsetField());
                body.addStatement("$N = length", n.lengthField());
                validateChild(body, field);
                markPresent(body, field);
            }
            case SCALAR, ENUM -> {
                if (field.closedEnum()) {
                    // protobuf keeps an unknown number of a closed enum as an unknown field, not as the value.
                    body.addStatement("final int value = readVarint32()");
                    if (mapEntry) {
                        // protobuf keeps a whole map entry with an undeclared value as an unknown field.
                        body.addStatement("undeclaredValue = !$T.isKnown(value)", enumType(field));
                    }
                    body.beginControlFlow("if ($T.isKnown(value))", enumType(field));
                    body.addStatement("$N = value", n.valueField());
                    markPresent(body, field);
                    body.endControlFlow();
                } else {
                    body.addStatement("$N = $L", n.valueField(), KindCode.read(field.kind()));
                    markPresent(body, field);
                }
            }
        }
        return body.build();
    }

    /** Records that the field occurred: its oneof case, or its presence bit. */
    private static void markPresent(final CodeBlock.Builder body, final FieldModel field) {
        if (field.cardinality() == Cardinality.ONEOF) {
            body.addStatement("$N = $L", caseField(field), field.number());
        } else if (field.presenceBit() >= 0) {
            body.addStatement("$N |= $L", presenceWord(field), presenceMask(field));
        }
    }

    /**
     * Declares {@code start} and {@code length} of a nested message's content and moves past it: after a length
     * prefix, or up to the END_GROUP of a delimited (group) encoding.
     */
    private static void readChildExtent(final CodeBlock.Builder body, final FieldModel field) {
        if (field.delimited()) {
            body.addStatement("final int start = pos");
            body.addStatement("final int length = skipGroupContent($L) - start", field.number());
        } else {
            body.addStatement("final int length = readLength()");
            body.addStatement("final int start = pos");
            body.addStatement("pos += length");
        }
    }

    private List<ScanCase> scanRepeated(final FieldModel field, final String tag) {
        final FieldNames n = field.names();
        final CodeBlock.Builder body = CodeBlock.builder();
        switch (field.valueKind()) {
            case MESSAGE -> {
                readChildExtent(body, field);
                if (field.cardinality() == Cardinality.REPEATED && field.leafShape() != null) {
                    validateKept(body, field);
                } else {
                    validateChild(body, field);
                }
                if (DecoderEmitter.closedEnumMap(field)) {
                    // An entry whose value its closed enum does not declare is an unknown field, not an entry.
                    body.beginControlFlow("if (declaresEntry($N, start, length))", tag)
                            .addStatement("$N.add(start, length)", n.elementsField())
                            .endControlFlow();
                } else {
                    body.addStatement("$N.add(start, length)", n.elementsField());
                }
                return List.of(new ScanCase(tag, body.build(), true));
            }
            case STRING, BYTES -> {
                recordFirst(body, field);
                body.addStatement("final int length = readLength()");
                body.addStatement("pos += length");
                body.addStatement("$N++", n.countField());
                return List.of(new ScanCase(tag, body.build(), true));
            }
            case SCALAR, ENUM -> {
                recordFirst(body, field);
                if (field.closedEnum()) {
                    body.beginControlFlow("if ($T.isKnown(readVarint32()))", enumType(field))
                            .addStatement("$N++", n.countField())
                            .endControlFlow();
                } else {
                    body.addStatement(KindCode.skip(field.kind()));
                    body.addStatement("$N++", n.countField());
                }
                final ScanCase unpacked = new ScanCase(tag, body.build(), true);
                final ScanCase packed = new ScanCase(Constants.packedTag(field), scanPackedRun(field), false);
                // The encoding the schema writes first.
                return field.packed() ? List.of(packed, unpacked) : List.of(unpacked, packed);
            }
        }
        throw new IllegalStateException("unreachable");
    }

    private static void recordFirst(final CodeBlock.Builder body, final FieldModel field) {
        body.beginControlFlow("if ($N < 0)", field.names().firstField())
                .addStatement("$N = tagStart", field.names().firstField())
                .endControlFlow();
    }

    /** A packed run of a repeated scalar, accepted whatever the schema says: counted, checked when validating. */
    private static CodeBlock scanPackedRun(final FieldModel field) {
        final String count = field.names().countField();
        final CodeBlock.Builder body = CodeBlock.builder();
        recordFirst(body, field);
        body.addStatement("final int length = readLength()");
        final int fixedSize = KindCode.fixedSize(field.kind());
        if (fixedSize > 0) {
            body.addStatement("checkPackedFixed(length, $L)", fixedSize);
            body.addStatement("$N += length / $L", count, fixedSize);
        } else if (field.closedEnum()) {
            // Numbers the enum does not declare are not elements: decode the run to count the others.
            body.beginControlFlow("if (deep)")
                    .addStatement("checkPackedVarints(length)")
                    .endControlFlow();
            body.addStatement("final int end = pos + length");
            body.beginControlFlow("while (pos < end)")
                    .beginControlFlow("if ($T.isKnown(readVarint32()))", enumType(field))
                    .addStatement("$N++", count)
                    .endControlFlow()
                    .endControlFlow();
            body.addStatement("pos = end");
            return body.build();
        } else {
            body.addStatement("$N += deep ? checkPackedVarints(length) : countPackedVarints(length)", count);
        }
        body.addStatement("pos += length");
        return body.build();
    }

    /**
     * The constant a validating scan checks an occurrence of a message field with, when the field's type is a leaf:
     * {@code LeafShape.PLAIN}, or the masks in hex.
     */
    private static FieldSpec leafShapeConstant(final FieldModel field) {
        final LeafShapeModel shape = field.leafShape();
        final FieldSpec.Builder constant = FieldSpec.builder(
                        RuntimeTypes.LEAF_SHAPE,
                        field.names().shapeConstant(),
                        Modifier.PRIVATE,
                        Modifier.STATIC,
                        Modifier.FINAL)
                .addJavadoc(
                        "What a validating wrap checks in an occurrence of {@code $L}, whose type has no message"
                                + " fields: it walks the bytes rather than scanning them.\n",
                        field.protoName());
        if (shape.plain()) {
            return constant.initializer("$T.PLAIN", RuntimeTypes.LEAF_SHAPE).build();
        }
        return constant.initializer(
                        "new $T($L, $L, $L, $L)",
                        RuntimeTypes.LEAF_SHAPE,
                        hexMask(shape.strings()),
                        hexMask(shape.packedVarints()),
                        hexMask(shape.packedFixed32()),
                        hexMask(shape.packedFixed64()))
                .build();
    }

    private static String hexMask(final long mask) {
        return mask == 0 ? "0L" : "0x" + Long.toHexString(mask) + "L";
    }

    private void validateChild(final CodeBlock.Builder body, final FieldModel field) {
        final String child = field.names().decoderField();
        if (field.leafShape() != null) {
            // Walked, not scanned; the scan only when the walk cannot tell (a validated string occurs twice).
            body.beginControlFlow(
                    "if (deep && !validateLeaf($N, start, length))",
                    field.names().shapeConstant());
        } else {
            body.beginControlFlow("if (deep)");
        }
        body.beginControlFlow("if ($N == null)", child)
                .addStatement("$N = new $T()", child, childType(field))
                .endControlFlow();
        body.addStatement("validateChild($N, this, start, length)", child);
        body.endControlFlow();
    }

    /**
     * A validating scan's check of an element of a repeated field of a leaf type: scanned into a decoder the field
     * keeps, whose scan the iteration then takes over; beyond the elements kept, walked (or scanned as scratch where
     * the walk cannot tell).
     */
    private void validateKept(final CodeBlock.Builder body, final FieldModel field) {
        final FieldNames n = field.names();
        final String child = n.decoderField();
        body.beginControlFlow("if (deep)")
                .beginControlFlow("if ($N == null)", child)
                .addStatement("$N = new $T()", child, childType(field))
                .endControlFlow()
                .beginControlFlow(
                        "if (!validateKept($N, this, $N, start, length) && !validateLeaf($N, start, length))",
                        child,
                        n.elementsField(),
                        n.shapeConstant())
                .addStatement("validateChild($N, this, start, length)", child)
                .endControlFlow()
                .endControlFlow();
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Accessors

    void accessors(final TypeSpec.Builder type, final FieldModel field) {
        switch (field.cardinality()) {
            case REPEATED -> {
                type.addMethod(repeatedAccessor(field));
                type.addMethod(countAccessor(field));
            }
            case MAP -> {
                type.addMethod(repeatedAccessor(field));
                type.addMethod(countAccessor(field));
                type.addMethod(mapLookup(field));
            }
            case IMPLICIT, OPTIONAL, ONEOF -> singularAccessors(type, field);
        }
    }

    private void singularAccessors(final TypeSpec.Builder type, final FieldModel field) {
        final CodeBlock isSet = isSet(field);
        if (isSet != null) {
            type.addMethod(accessor(field, field.names().has(), TypeName.BOOLEAN)
                    .addJavadoc(
                            "@return true if {@code $L} is present$L.\n",
                            field.protoName(),
                            field.cardinality() == Cardinality.ONEOF ? " (the case of its oneof)" : "")
                    .addStatement("return $L", isSet)
                    .build());
        }
        final String name = field.names().accessor();
        final String view = field.names().viewField();
        final String offset = field.names().offsetField();
        final String length = field.names().lengthField();
        switch (field.valueKind()) {
            case STRING -> {
                final MethodSpec.Builder viewAccessor = accessor(field, name, RuntimeTypes.UTF8_VIEW)
                        .addJavadoc(
                                "@return a view over the UTF-8 bytes, valid until the next wrap; no String is"
                                        + " created. $L if absent.\n",
                                field.defaultValue() == null ? "Empty" : "The default");
                final MethodSpec.Builder stringAccessor = accessor(
                                field, field.names().asString(), ClassName.get(String.class))
                        .addJavadoc("<p>Allocates: prefer {@link #$N()}.\n\n", name)
                        .addJavadoc("@return the value as a new String.\n");
                if (isSet != null && (field.cardinality() == Cardinality.ONEOF || field.defaultValue() != null)) {
                    viewAccessor.beginControlFlow("if (!($L))", isSet);
                    stringAccessor.beginControlFlow("if (!($L))", isSet);
                    if (field.defaultValue() != null) {
                        viewAccessor.addStatement(
                                "return $N.wrap($N, 0, $N.capacity())",
                                view,
                                defaultConstant(field),
                                defaultConstant(field));
                        stringAccessor.addStatement("return $N", field.names().defaultStringConstant());
                    } else {
                        viewAccessor.addStatement("return $N.wrap(buffer, limit, 0)", view);
                        stringAccessor.addStatement("return $S", "");
                    }
                    viewAccessor.endControlFlow();
                    stringAccessor.endControlFlow();
                }
                type.addMethod(viewAccessor
                        .addJavadoc(throwsInvalidUtf8(field))
                        .addStatement(
                                field.validateUtf8()
                                        ? CodeBlock.of("return utf8($N, $N, $N)", view, offset, length)
                                        : CodeBlock.of("return wrapView($N, $N, $N)", view, offset, length))
                        .build());
                type.addMethod(stringAccessor
                        .addJavadoc(throwsInvalidUtf8(field))
                        .addStatement(
                                field.validateUtf8()
                                        ? CodeBlock.of("return utf8AsString($N, $N)", offset, length)
                                        : CodeBlock.of(
                                                "return $T.toString(buffer, $N, $N)",
                                                RuntimeTypes.UTF8,
                                                offset,
                                                length))
                        .build());
            }
            case BYTES -> {
                final MethodSpec.Builder method = accessor(field, name, RuntimeTypes.BYTES_VIEW)
                        .addJavadoc(
                                "@return a view over the bytes, valid until the next wrap. $L if absent.\n",
                                field.defaultValue() == null ? "Empty" : "The default");
                if (isSet != null && (field.cardinality() == Cardinality.ONEOF || field.defaultValue() != null)) {
                    method.beginControlFlow("if (!($L))", isSet);
                    if (field.defaultValue() != null) {
                        method.addStatement(
                                "return $N.wrap($N, 0, $N.capacity())",
                                view,
                                defaultConstant(field),
                                defaultConstant(field));
                    } else {
                        method.addStatement("return $N.wrap(buffer, limit, 0)", view);
                    }
                    method.endControlFlow();
                }
                type.addMethod(method.addStatement("return wrapView($N, $N, $N)", view, offset, length)
                        .build());
            }
            case MESSAGE -> {
                final String child = field.names().decoderField();
                final MethodSpec.Builder method = accessor(field, name, childType(field))
                        .addJavadoc("@return the nested message's decoder (reused), wrapped on it; if absent, wrapped"
                                + " on nothing, so every field reads as its default; if it occurs several times,"
                                + " wrapped on the merge of the occurrences, as protobuf reads it.\n")
                        .beginControlFlow("if ($N == null)", child)
                        .addStatement("$N = new $T()", child, childType(field))
                        .endControlFlow();
                if (field.cardinality() == Cardinality.ONEOF) {
                    method.beginControlFlow("if (!($L))", isSet)
                            .addStatement("return openChild($N, this, limit, 0)", child)
                            .endControlFlow();
                }
                method.beginControlFlow("if ($N > 1)", field.names().countField())
                        .addStatement(
                                "return openMerged($N, this, $N, $N)",
                                child,
                                field.names().firstField(),
                                Constants.tag(field))
                        .endControlFlow();
                type.addMethod(method.addStatement("return openChild($N, this, $N, $N)", child, offset, length)
                        .build());
            }
            case ENUM -> {
                final ClassName enumType = enumType(field);
                type.addMethod(accessor(field, name, enumType)
                        .addJavadoc(
                                field.closedEnum()
                                        ? CodeBlock.of(
                                                "@return the value; numbers the enum does not declare never reach it"
                                                        + " (the field reads as absent).\n")
                                        : CodeBlock.of(
                                                "@return the value, or {@link $T#$N} for a number this schema does not"
                                                        + " know (see {@link #$N}).\n",
                                                enumType,
                                                EnumEmitter.SENTINEL,
                                                field.names().raw()))
                        .addStatement(
                                "return $T.forNumber($N())",
                                enumType,
                                field.names().raw())
                        .build());
                type.addMethod(accessor(field, field.names().raw(), TypeName.INT)
                        .addJavadoc(
                                "@return the number as on the wire$L.\n",
                                field.closedEnum() ? "" : ", known to the schema or not")
                        .addStatement("return $L", valueOrDefault(field))
                        .build());
            }
            case SCALAR ->
                type.addMethod(accessor(field, name, KindCode.javaType(field.kind()))
                        .addJavadoc(
                                "@return the value, or $L if absent.\n",
                                field.defaultValue() == null ? "the default" : "its default")
                        .addStatement("return $L", valueOrDefault(field))
                        .build());
        }
    }

    /** The stored value, or the default when a oneof member is not the case. */
    private static CodeBlock valueOrDefault(final FieldModel field) {
        return switch (field.cardinality()) {
            case ONEOF ->
                CodeBlock.of(
                        "$L ? $N : $L",
                        isSet(field),
                        field.names().valueField(),
                        DecoderStateEmitter.defaultValue(field));
            case IMPLICIT, OPTIONAL, REPEATED, MAP ->
                CodeBlock.of("$N", field.names().valueField());
        };
    }

    /** The condition telling a field with presence is present, or null for implicit presence. */
    static CodeBlock isSet(final FieldModel field) {
        return switch (field.cardinality()) {
            case ONEOF -> CodeBlock.of("$N == $L", caseField(field), field.number());
            case OPTIONAL -> CodeBlock.of("($N & $L) != 0", presenceWord(field), presenceMask(field));
            case IMPLICIT, REPEATED, MAP -> null;
        };
    }

    static String caseField(final FieldModel field) {
        return field.oneof().caseAccessor();
    }

    /** Name of the static buffer holding a string or bytes field's explicit default. */
    static String defaultConstant(final FieldModel field) {
        return field.names().defaultConstant();
    }

    /**
     * {@code findX(key)}: the entry of a map with that key, the last one if the key occurs several times (as protobuf
     * reads it), or null. Cost: the entries from the last one back to the match, each scanned.
     */
    private MethodSpec mapLookup(final FieldModel field) {
        final FieldModel key = field.map().key();
        final String found = field.names().foundField();
        final String elements = field.names().elementsField();
        final TypeName keyType =
                key.valueKind() == ValueKind.STRING ? ClassName.get(CharSequence.class) : KindCode.javaType(key.kind());
        final CodeBlock matches = key.valueKind() == ValueKind.STRING
                ? CodeBlock.of("entry.$N().contentEquals(key)", key.names().accessor())
                : CodeBlock.of("entry.$N() == key", key.names().accessor());
        return MethodSpec.methodBuilder(field.names().find())
                .addModifiers(Modifier.PUBLIC)
                .returns(childType(field))
                .addParameter(keyType, "key", Modifier.FINAL)
                .addJavadoc(
                        "Looks up map {@code $L} by key, comparing keys in place (no hashing, no allocation), from"
                                + " the last entry back: cost, the entries after the match. An iteration of {@link"
                                + " #$N()} in progress is left alone.\n\n",
                        field.protoName(),
                        field.names().accessor())
                .addJavadoc("@param key the key.\n")
                .addJavadoc("@return the entry with that key (the last one if it occurs several times, as protobuf"
                        + " reads a map), a reused decoder valid until the next lookup; or null if absent.\n")
                .addStatement("checkCurrent()")
                .beginControlFlow("if ($N == null)", found)
                .addStatement("$N = new $T()", found, childType(field))
                .endControlFlow()
                .beginControlFlow("for (int i = $N.count() - 1; i >= 0; i--)", elements)
                .addStatement("final $T entry = openElement($N, this, $N, i)", childType(field), found, elements)
                .beginControlFlow("if ($L)", matches)
                .addStatement("return entry")
                .endControlFlow()
                .endControlFlow()
                .addStatement("return null")
                .build();
    }

    /** {@code xCount()}: the number of elements of a repeated field or entries of a map, counted by the scan. */
    private static MethodSpec countAccessor(final FieldModel field) {
        final CodeBlock count = field.valueKind() == ValueKind.MESSAGE
                ? CodeBlock.of("$N.count()", field.names().elementsField())
                : CodeBlock.of("$N", field.names().countField());
        return accessor(field, field.names().count(), TypeName.INT)
                .addJavadoc(
                        "@return the number of $L, counted when the message was wrapped: O(1)$L.\n",
                        field.cardinality() == Cardinality.MAP
                                ? "entries (a repeated key counts each time)"
                                : "elements",
                        field.closedEnum() ? "; numbers the closed enum does not declare are not elements" : "")
                .addStatement("return $L", count)
                .build();
    }

    private MethodSpec repeatedAccessor(final FieldModel field) {
        final String name = field.names().accessor();
        if (field.valueKind() == ValueKind.MESSAGE) {
            final String child = field.names().decoderField();
            return accessor(field, name, childType(field))
                    .addJavadoc(
                            field.cardinality() != Cardinality.MAP
                                    ? CodeBlock.of(
                                            "<p>Iterate with {@code for (X x = decoder.$N(); x.next(); )}.\n\n", name)
                                    : CodeBlock.of(
                                            "<p>A map: iterate its entries with {@code for (X e = decoder.$N();"
                                                    + " e.next(); )}, reading {@code e.key()} and {@code e.value()}; entries come in"
                                                    + " wire order and a repeated key occurs again (protobuf keeps the last one, as"
                                                    + " {@link #$N} does).\n\n",
                                            name,
                                            field.names().find()))
                    .addJavadoc("@return the field's decoder (reused), positioned before the first element.\n")
                    .beginControlFlow("if ($N == null)", child)
                    .addStatement("$N = new $T()", child, childType(field))
                    .endControlFlow()
                    .addStatement(
                            "return iterate($N, this, $N)", child, field.names().elementsField())
                    .build();
        }
        return accessor(field, name, cursorType(field))
                .addJavadoc(
                        "<p>Iterate with {@code for (var c = decoder.$N(); c.next(); ) c.value()}; elements written"
                                + " packed and unpacked are both read, in wire order.\n\n",
                        name)
                .addJavadoc("@return the field's cursor (reused), positioned before the first element.\n")
                .addStatement(
                        "return $N.wrap(this, $N, $N)",
                        field.names().cursorField(),
                        field.names().firstField(),
                        field.names().countField())
                .build();
    }

    private static MethodSpec.Builder accessor(final FieldModel field, final String name, final TypeName returns) {
        return MethodSpec.methodBuilder(name)
                .addModifiers(Modifier.PUBLIC)
                .returns(returns)
                .addJavadoc(Javadoc.of(field.javadoc()))
                .addJavadoc("Field {@code $L = $L}.\n\n", field.protoName(), field.number())
                // Checked mode (-Dflyproto.checked=true) only: a decoder kept past its parent's move throws.
                .addStatement("checkCurrent()");
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
            case ENUM ->
                field.closedEnum()
                        ? CodeBlock.of(
                                "new $T<>($L, $T::forNumber, $T::isKnown)",
                                cursor,
                                field.number(),
                                enumType(field),
                                enumType(field))
                        : CodeBlock.of("new $T<>($L, $T::forNumber)", cursor, field.number(), enumType(field));
            case STRING -> CodeBlock.of("new $T($L, $L)", cursor, field.number(), field.validateUtf8());
            case DOUBLE, FLOAT, BOOL, BYTES -> CodeBlock.of("new $T($L)", cursor, field.number());
            case INT32, INT64, UINT32, UINT64, SINT32, SINT64, FIXED32, FIXED64, SFIXED32, SFIXED64, MESSAGE ->
                throw new IllegalArgumentException(field.kind() + " has a cursor encoding, or no cursor");
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
