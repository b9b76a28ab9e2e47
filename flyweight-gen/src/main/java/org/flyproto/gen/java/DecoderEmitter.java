package org.flyproto.gen.java;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import javax.lang.model.element.Modifier;
import org.flyproto.gen.model.FieldModel;
import org.flyproto.gen.model.MessageModel;
import org.flyproto.gen.model.OneofModel;
import org.flyproto.gen.model.TypeRef;
import org.flyproto.gen.model.ValueKind;

/**
 * Emits the decoder class of a message: constants, storage, {@code wrap}/{@code wrapTrusted}, the {@code reset} and
 * {@code scan} the base class calls, and (through {@link DecoderFieldEmitter}) the accessors.
 */
final class DecoderEmitter {

    /**
     * Fields per scan method: keeps each well below HotSpot's 8000-byte limit for JIT compilation (64 fields of the
     * longest cases take about 6,800 bytes; {@code GeneratedCodeCompilesTest} checks a message of 300).
     */
    static final int FIELDS_PER_SCAN_METHOD = 48;

    private DecoderEmitter() {}

    static ClassName className(final TypeRef type) {
        return ClassName.get(type.javaPackage(), type.decoderName());
    }

    static TypeSpec emit(final MessageModel message) {
        final ClassName self = className(message.type());
        final TypeSpec.Builder type = TypeSpec.classBuilder(self)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .superclass(RuntimeTypes.MESSAGE_DECODER)
                .addJavadoc(Javadoc.of(message.javadoc()))
                .addJavadoc(
                        "Decoder of {@code $L}: a reusable flyweight over the encoded message in a buffer.\n\n"
                                + "<p>{@link #wrap} validates the whole message (UTF-8 when a string is read);"
                                + " {@link #wrapTrusted} skips the UTF-8 checks and the eager validation of nested"
                                + " messages, for bytes from a producer you trust. Neither ever reads outside the"
                                + " wrapped region. Accessors can be called in any order; absent fields read as their"
                                + " defaults.\n\n"
                                + "<p>{@code appendTo(StringBuilder)} prints the message in protobuf's text format, as"
                                + " protobuf-java's {@code TextFormat} prints it, without allocating and without"
                                + " disturbing this decoder; {@code toString()} returns that text.\n",
                        message.type().fullName());
        for (final FieldModel field : message.fields()) {
            Constants.add(type, field);
        }
        final DecoderFieldEmitter fields = new DecoderFieldEmitter(self, message);
        for (final FieldModel field : message.fields()) {
            fields.storage(type, field);
        }
        for (int word = 0; word < (message.presenceBits() + 31) / 32; word++) {
            type.addField(FieldSpec.builder(int.class, presenceWord(word), Modifier.PRIVATE)
                    .build());
        }
        final boolean closedEnumEntry =
                message.mapEntry() && message.fields().stream().anyMatch(FieldModel::closedEnum);
        if (closedEnumEntry) {
            type.addField(FieldSpec.builder(boolean.class, "undeclaredValue", Modifier.PRIVATE)
                    .addJavadoc("True when the value read last is a number its closed enum does not declare.\n")
                    .build());
            type.addMethod(MethodSpec.methodBuilder("acceptedAsElement")
                    .addAnnotation(Override.class)
                    .addModifiers(Modifier.PUBLIC)
                    .returns(boolean.class)
                    .addJavadoc("@return false if the value is undeclared: protobuf keeps the whole entry as an unknown"
                            + " field, so map iteration and lookup skip it.\n")
                    .addStatement("return !undeclaredValue")
                    .build());
        }
        for (final OneofModel oneof : message.oneofs()) {
            type.addField(FieldSpec.builder(int.class, oneof.caseAccessor(), Modifier.PRIVATE)
                    .addJavadoc("Number of the member of {@code $L} read last, 0 if none.\n", oneof.protoName())
                    .build());
        }
        type.addMethod(MethodSpec.constructorBuilder()
                .addModifiers(Modifier.PUBLIC)
                .addJavadoc("Creates a decoder; wrap it before use. Reuse it: wrapping allocates nothing.\n")
                .build());
        type.addMethod(wrap(self, "wrap", false));
        type.addMethod(wrap(self, "wrapTrusted", true));
        type.addMethod(wrapDelimited(self, "wrapDelimited", false));
        type.addMethod(wrapDelimited(self, "wrapDelimitedTrusted", true));
        type.addMethod(DecoderStateEmitter.resetFields(message));
        type.addMethod(DecoderStateEmitter.mirrorFields(self, message));
        type.addMethods(scan(message, fields));
        for (final OneofModel oneof : message.oneofs()) {
            if (DecoderFieldEmitter.hasValidatedStringMember(message, oneof)) {
                type.addMethod(replacedCheck(message, oneof));
            }
        }
        for (final OneofModel oneof : message.oneofs()) {
            final ClassName caseType = ClassName.get(
                    oneof.caseType().javaPackage(), oneof.caseType().simpleName());
            type.addMethod(MethodSpec.methodBuilder(oneof.caseAccessor())
                    .addModifiers(Modifier.PUBLIC)
                    .returns(caseType)
                    .addJavadoc(
                            "Oneof {@code $L}: which member is set; the last one on the wire wins.\n\n",
                            oneof.protoName())
                    .addJavadoc("@return the member, or {@link $T#$N}.\n", caseType, oneof.notSetName())
                    .addStatement("return $T.forNumber($N)", caseType, oneof.caseAccessor())
                    .build());
        }
        for (final FieldModel field : message.fields()) {
            fields.accessors(type, field);
        }
        if (message.needsInitCheck()) {
            type.addMethod(isInitialized(message));
        }
        type.addMethod(tagKind(message));
        type.addMethod(fullName(message));
        TextEmitter.emit(type, self, message);
        JsonEmitter.emit(type, self, message);
        if (WellKnownTypes.isAny(message)) {
            WellKnownTypes.addAnyDecoderMethods(type);
        }
        if (message.fields().stream().anyMatch(FieldModel::closedEnum)) {
            type.addMethod(declares(message));
        }
        if (message.fields().stream().anyMatch(DecoderEmitter::closedEnumMap)) {
            type.addMethod(declaresEntry(message));
        }
        return type.build();
    }

    /**
     * For a oneof with string members whose UTF-8 is validated: checks the string member a new occurrence of the
     * oneof replaces, as protobuf-java rejects invalid UTF-8 in every occurrence it parses. Called by a validating scan
     * only, so messages without such replacements pay one compare per member occurrence.
     */
    private static MethodSpec replacedCheck(final MessageModel message, final OneofModel oneof) {
        final CodeBlock.Builder cases = CodeBlock.builder();
        for (final FieldModel field : message.fields()) {
            if (field.oneof() == oneof && DecoderFieldEmitter.isValidatedString(field)) {
                cases.addStatement(
                        "case $L -> checkUtf8($N, $N)",
                        field.number(),
                        field.names().offsetField(),
                        field.names().lengthField());
            }
        }
        return MethodSpec.methodBuilder(oneof.replacedCheck())
                .addModifiers(Modifier.PRIVATE)
                .beginControlFlow("switch ($N)", oneof.caseAccessor())
                .addCode(cases.build())
                .addCode("default -> {\n}\n")
                .endControlFlow()
                .build();
    }

    static String presenceWord(final int word) {
        return "presence" + word;
    }

    private static MethodSpec wrap(final ClassName self, final String name, final boolean trusted) {
        final MethodSpec.Builder method = MethodSpec.methodBuilder(name)
                .addModifiers(Modifier.PUBLIC)
                .returns(self)
                .addParameter(RuntimeTypes.DIRECT_BUFFER, "buffer", Modifier.FINAL)
                .addParameter(int.class, "offset", Modifier.FINAL)
                .addParameter(int.class, "length", Modifier.FINAL);
        if (!trusted) {
            method.addAnnotation(Override.class);
        }
        if (trusted) {
            method.addJavadoc("Wraps an encoded message from a trusted producer: UTF-8 is not validated and nested"
                    + " messages are checked only when opened. Still never reads outside the region.\n\n");
        } else {
            method.addJavadoc("Wraps an encoded message and validates it: every tag, wire type, length and varint,"
                    + " down to the deepest nested message, and the nesting depth. Strings are validated when"
                    + " read.\n\n");
        }
        return method.addJavadoc("@param buffer the buffer holding the message.\n")
                .addJavadoc("@param offset index of its first byte.\n")
                .addJavadoc("@param length its length in bytes.\n")
                .addJavadoc("@return this decoder.\n")
                .addJavadoc("@throws org.flyproto.codec.ProtoDecodeException if the bytes are not a valid message.\n")
                .addStatement("wrapRoot(buffer, offset, length, $L)", trusted)
                .addStatement("return this")
                .build();
    }

    private static MethodSpec wrapDelimited(final ClassName self, final String name, final boolean trusted) {
        return MethodSpec.methodBuilder(name)
                .addModifiers(Modifier.PUBLIC)
                .returns(self)
                .addParameter(RuntimeTypes.DIRECT_BUFFER, "buffer", Modifier.FINAL)
                .addParameter(int.class, "offset", Modifier.FINAL)
                .addParameter(int.class, "length", Modifier.FINAL)
                .addJavadoc(
                        "Wraps a message preceded by its varint length, one of a stream written with"
                                + " protobuf-java's {@code writeDelimitedTo} (or {@code wrapDelimited} of the encoder), $L."
                                + " The next message of the stream starts at {@code encodedOffset() + encodedLength()}.\n\n",
                        trusted ? "from a trusted producer, as {@link #wrapTrusted}" : "validating it as {@link #wrap}")
                .addJavadoc("@param buffer the buffer holding the stream.\n")
                .addJavadoc("@param offset index of the length prefix.\n")
                .addJavadoc("@param length bytes available from {@code offset}.\n")
                .addJavadoc("@return this decoder.\n")
                .addJavadoc("@throws org.flyproto.codec.ProtoDecodeException if the prefix or the message is not"
                        + " valid or does not fit.\n")
                .addStatement("wrapDelimitedRoot(buffer, offset, length, $L)", trusted)
                .addStatement("return this")
                .build();
    }

    static MethodSpec fullName(final MessageModel message) {
        return MethodSpec.methodBuilder("messageFullName")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(String.class)
                .addStatement("return $S", message.type().fullName())
                .build();
    }

    private static MethodSpec tagKind(final MessageModel message) {
        final MethodSpec.Builder method = MethodSpec.methodBuilder("tagKind")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PROTECTED)
                .returns(int.class)
                .addParameter(int.class, "tag", Modifier.FINAL);
        final CodeBlock.Builder cases = CodeBlock.builder();
        for (final FieldModel field : message.fields()) {
            cases.addStatement("case $N -> $N", Constants.tag(field), tagKind(field));
            if (field.isPackable()) {
                cases.addStatement(
                        "case $N -> $N",
                        Constants.packedTag(field),
                        field.closedEnum() ? "CLOSED_ENUM_PACKED_TAG" : "KNOWN_TAG");
            }
        }
        return method.addCode("return switch (tag) {\n$>")
                .addCode(cases.build())
                .addStatement("default -> UNKNOWN_TAG")
                .addCode("$<};\n")
                .build();
    }

    private static String tagKind(final FieldModel field) {
        if (field.closedEnum()) {
            return "CLOSED_ENUM_TAG";
        }
        return closedEnumMap(field) ? "CLOSED_ENUM_MAP_TAG" : "KNOWN_TAG";
    }

    static boolean closedEnumMap(final FieldModel field) {
        return switch (field.cardinality()) {
            case MAP -> field.map().value().closedEnum();
            case IMPLICIT, OPTIONAL, ONEOF, REPEATED -> false;
        };
    }

    /** For maps with closed enum values: whether an entry's value is declared, read by the map's entry decoder. */
    private static MethodSpec declaresEntry(final MessageModel message) {
        final CodeBlock.Builder cases = CodeBlock.builder();
        for (final FieldModel field : message.fields()) {
            if (!closedEnumMap(field)) {
                continue;
            }
            final String child = field.names().foundField();
            cases.beginControlFlow("case $N ->", Constants.tag(field))
                    .beginControlFlow("if ($N == null)", child)
                    .addStatement("$N = new $T()", child, className(field.messageType()))
                    .endControlFlow()
                    .addStatement("yield openChild($N, this, start, length).acceptedAsElement()", child)
                    .endControlFlow();
        }
        return MethodSpec.methodBuilder("declaresEntry")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PROTECTED)
                .returns(boolean.class)
                .addParameter(int.class, "tag", Modifier.FINAL)
                .addParameter(int.class, "start", Modifier.FINAL)
                .addParameter(int.class, "length", Modifier.FINAL)
                .addCode("return switch (tag) {\n$>")
                .addCode(cases.build())
                .addStatement("default -> true")
                .addCode("$<};\n")
                .build();
    }

    /** For closed enum fields: which numbers their enum declares, so undeclared ones are carried as unknown. */
    private static MethodSpec declares(final MessageModel message) {
        final CodeBlock.Builder cases = CodeBlock.builder();
        for (final FieldModel field : message.fields()) {
            if (!field.closedEnum()) {
                continue;
            }
            final ClassName enumType = ClassName.get(
                    field.enumType().javaPackage(), field.enumType().simpleName());
            cases.addStatement("case $N -> $T.isKnown(number)", Constants.tag(field), enumType);
            if (field.isPackable()) {
                cases.addStatement("case $N -> $T.isKnown(number)", Constants.packedTag(field), enumType);
            }
        }
        return MethodSpec.methodBuilder("declaresNumber")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PROTECTED)
                .returns(boolean.class)
                .addParameter(int.class, "tag", Modifier.FINAL)
                .addParameter(int.class, "number", Modifier.FINAL)
                .addCode("return switch (tag) {\n$>")
                .addCode(cases.build())
                .addStatement("default -> true")
                .addCode("$<};\n")
                .build();
    }

    /**
     * Whether every required field is present, here and in every present message below, as protobuf-java's
     * {@code isInitialized()}. Opens the nested decoders to check them.
     */
    private static MethodSpec isInitialized(final MessageModel message) {
        final MethodSpec.Builder method = MethodSpec.methodBuilder("isInitialized")
                .addModifiers(Modifier.PUBLIC)
                .returns(boolean.class)
                .addJavadoc("Whether every required field is present, in this message and in every message present"
                        + " below it, as protobuf-java's {@code isInitialized()}. Not checked by {@code wrap}.\n\n"
                        + "<p>Re-wraps the nested decoders this decoder hands out, to check them.\n\n")
                .addJavadoc("@return true if nothing required is missing.\n");
        for (final FieldModel field : message.fields()) {
            if (field.required()) {
                method.beginControlFlow("if (!($L))", DecoderFieldEmitter.isSet(field))
                        .addStatement("return false")
                        .endControlFlow();
            }
        }
        for (final FieldModel field : message.fields()) {
            if (!field.childNeedsInitCheck()) {
                continue;
            }
            final ClassName child = className(field.messageType());
            switch (field.cardinality()) {
                case REPEATED, MAP ->
                    method.beginControlFlow(
                                    "for ($T x = $N(); x.next(); )",
                                    child,
                                    field.names().accessor())
                            .beginControlFlow("if (!x.isInitialized())")
                            .addStatement("return false")
                            .endControlFlow()
                            .endControlFlow();
                case IMPLICIT, OPTIONAL, ONEOF ->
                    method.beginControlFlow(
                                    "if ($L && !$N().isInitialized())",
                                    DecoderFieldEmitter.isSet(field),
                                    field.names().accessor())
                            .addStatement("return false")
                            .endControlFlow();
            }
        }
        return method.addStatement("return true").build();
    }

    /**
     * The scan loop: a {@code switch} on the tag, with the cases in field-number order, each of which reads the next tag
     * and, when it is the next field's (as protobuf writes fields in number order), falls through to its case without
     * going back to the {@code switch}; the element of a repeated field loops while the same tag follows. So a message
     * written in canonical order costs one compare per field. {@code nextTag()} returns 0 only at the end.
     *
     * <p>HotSpot does not JIT-compile methods over 8000 bytes of bytecode, so the fields are split into chained methods
     * of at most {@value #FIELDS_PER_SCAN_METHOD} each: a tag not handled by the first method's cases goes to the
     * next one's {@code switch}, and from the last to {@code skipField}.
     */
    private static List<MethodSpec> scan(final MessageModel message, final DecoderFieldEmitter fields) {
        final List<FieldModel> byNumber = new ArrayList<>(message.fields());
        byNumber.sort(Comparator.comparingInt(FieldModel::number));
        final List<List<FieldModel>> chunks = new ArrayList<>();
        for (int i = 0; i < byNumber.size(); i += FIELDS_PER_SCAN_METHOD) {
            chunks.add(byNumber.subList(i, Math.min(byNumber.size(), i + FIELDS_PER_SCAN_METHOD)));
        }
        if (chunks.isEmpty()) {
            chunks.add(List.of());
        }
        final boolean needsTagStart = message.fields().stream().anyMatch(DecoderEmitter::readsTagStart);
        final List<MethodSpec> methods = new ArrayList<>();
        methods.add(mainScan(chunks.get(0), fields, needsTagStart, chunks.size() > 1));
        for (int chunk = 1; chunk < chunks.size(); chunk++) {
            final CodeBlock.Builder body = CodeBlock.builder();
            body.add("switch (tag) {\n$>");
            for (final FieldModel field : chunks.get(chunk)) {
                for (final DecoderFieldEmitter.ScanCase scanCase : fields.scanCases(field)) {
                    body.add("case $N -> {\n$>", scanCase.tag())
                            .add(scanCase.body())
                            .add("$<}\n");
                }
            }
            if (chunk + 1 < chunks.size()) {
                body.addStatement("default -> $N(tag$L)", scanMethod(chunk + 1), needsTagStart ? ", tagStart" : "");
            } else {
                body.addStatement("default -> skipField(tag)");
            }
            body.add("$<}\n");
            final MethodSpec.Builder method = MethodSpec.methodBuilder(scanMethod(chunk))
                    .addModifiers(Modifier.PRIVATE)
                    .addParameter(int.class, "tag", Modifier.FINAL);
            if (needsTagStart) {
                method.addParameter(int.class, "tagStart", Modifier.FINAL);
            }
            methods.add(method.addCode(body.build()).build());
        }
        return methods;
    }

    private static MethodSpec mainScan(
            final List<FieldModel> fields,
            final DecoderFieldEmitter emitter,
            final boolean needsTagStart,
            final boolean chained) {
        // The chain: each field's case for the encoding protobuf writes; then the other encoding's (a repeated
        // scalar's packed or unpacked elements), outside the chain.
        final List<DecoderFieldEmitter.ScanCase> cases = new ArrayList<>();
        final List<DecoderFieldEmitter.ScanCase> others = new ArrayList<>();
        for (final FieldModel field : fields) {
            final List<DecoderFieldEmitter.ScanCase> fieldCases = emitter.scanCases(field);
            cases.add(fieldCases.get(0));
            others.addAll(fieldCases.subList(1, fieldCases.size()));
        }
        final CodeBlock.Builder readTagBuilder = CodeBlock.builder();
        if (needsTagStart) {
            readTagBuilder.addStatement("tagStart = pos");
        }
        final CodeBlock readTag = readTagBuilder.addStatement("tag = nextTag()").build();
        final CodeBlock.Builder body = CodeBlock.builder();
        if (needsTagStart) {
            body.addStatement("int tagStart = pos");
        }
        body.addStatement("int tag = nextTag()");
        body.beginControlFlow("while (true)");
        body.add("switch (tag) {\n$>");
        body.add("case 0:\n$>").addStatement("return").add("$<");
        for (int i = 0; i < cases.size(); i++) {
            final DecoderFieldEmitter.ScanCase scanCase = cases.get(i);
            body.add("case $N: {\n$>", scanCase.tag());
            if (scanCase.repeats()) {
                body.beginControlFlow("do")
                        .add(scanCase.body())
                        .add(readTag)
                        .endControlFlow("while (tag == $N)", scanCase.tag());
            } else {
                body.add(scanCase.body()).add(readTag);
            }
            if (i + 1 < cases.size()) {
                body.beginControlFlow("if (tag != $N)", cases.get(i + 1).tag())
                        .addStatement("continue")
                        .endControlFlow()
                        .add("// Falls through: the next field's tag.\n");
            } else {
                body.addStatement("continue");
            }
            body.add("$<}\n");
        }
        for (final DecoderFieldEmitter.ScanCase scanCase : others) {
            body.add("case $N: {\n$>", scanCase.tag())
                    .add(scanCase.body())
                    .add(readTag)
                    .addStatement("continue")
                    .add("$<}\n");
        }
        body.add("default:\n$>");
        if (chained) {
            body.addStatement("$N(tag$L)", scanMethod(1), needsTagStart ? ", tagStart" : "");
        } else {
            body.addStatement("skipField(tag)");
        }
        body.add(readTag).add("$<");
        body.add("$<}\n");
        body.endControlFlow();
        final MethodSpec.Builder method = MethodSpec.methodBuilder("scanFields")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PROTECTED);
        if (!cases.isEmpty()) {
            method.addAnnotation(AnnotationSpec.builder(SuppressWarnings.class)
                    .addMember("value", "$S", "fallthrough")
                    .build());
        }
        return method.addCode(body.build()).build();
    }

    /** Whether the field's scan case records where its tag starts: the first occurrence, to iterate or merge from. */
    private static boolean readsTagStart(final FieldModel field) {
        return switch (field.cardinality()) {
            case REPEATED, MAP -> field.valueKind() != ValueKind.MESSAGE;
            case IMPLICIT, OPTIONAL, ONEOF ->
                switch (field.valueKind()) {
                    case MESSAGE -> true;
                    case SCALAR, ENUM, STRING, BYTES -> false;
                };
        };
    }

    private static String scanMethod(final int chunk) {
        return "scanFields" + chunk;
    }
}
