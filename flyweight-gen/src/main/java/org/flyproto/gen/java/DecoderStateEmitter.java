package org.flyproto.gen.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import javax.lang.model.element.Modifier;
import org.flyproto.gen.model.FieldModel;
import org.flyproto.gen.model.FieldNames;
import org.flyproto.gen.model.MessageModel;
import org.flyproto.gen.model.OneofModel;
import org.flyproto.gen.model.ValueKind;

/**
 * A decoder's scan state as a whole: {@code resetFields}, which clears it before each scan, and {@code mirrorFields},
 * which copies it from another decoder of the same type (the printing twin), from one list of what the scan records.
 */
final class DecoderStateEmitter {
    private DecoderStateEmitter() {}

    /** {@code resetFields}: every field to its absent state, before each scan. */
    static MethodSpec resetFields(final MessageModel message) {
        final CodeBlock.Builder body = CodeBlock.builder();
        for (final FieldModel field : message.fields()) {
            reset(body, field);
        }
        for (int word = 0; word < (message.presenceBits() + 31) / 32; word++) {
            body.addStatement("$N = 0", DecoderEmitter.presenceWord(word));
        }
        for (final OneofModel oneof : message.oneofs()) {
            body.addStatement("$N = 0", oneof.caseAccessor());
        }
        if (message.mapEntry() && message.fields().stream().anyMatch(FieldModel::closedEnum)) {
            body.addStatement("undeclaredValue = false");
        }
        return MethodSpec.methodBuilder("resetFields")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PROTECTED)
                .addCode(body.build())
                .build();
    }

    /** {@code mirrorFields}: the scan's record copied from a decoder of the same type, instead of a second scan. */
    static MethodSpec mirrorFields(final ClassName self, final MessageModel message) {
        final CodeBlock.Builder body = CodeBlock.builder();
        for (final FieldModel field : message.fields()) {
            mirror(body, field);
        }
        for (int word = 0; word < (message.presenceBits() + 31) / 32; word++) {
            copy(body, DecoderEmitter.presenceWord(word));
        }
        for (final OneofModel oneof : message.oneofs()) {
            copy(body, oneof.caseAccessor());
        }
        if (message.mapEntry() && message.fields().stream().anyMatch(FieldModel::closedEnum)) {
            copy(body, "undeclaredValue");
        }
        final CodeBlock copies = body.build();
        final MethodSpec.Builder method = MethodSpec.methodBuilder("mirrorFields")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PROTECTED)
                .addParameter(RuntimeTypes.MESSAGE_DECODER, "source", Modifier.FINAL);
        if (!copies.isEmpty()) {
            // A message without fields has nothing to copy.
            method.addStatement("final $T s = ($T) source", self, self).addCode(copies);
        }
        return method.build();
    }

    private static void reset(final CodeBlock.Builder body, final FieldModel field) {
        final FieldNames n = field.names();
        switch (field.cardinality()) {
            case REPEATED, MAP -> {
                if (field.valueKind() == ValueKind.MESSAGE) {
                    body.addStatement("$N.clear()", n.elementsField());
                } else {
                    body.addStatement("$N = -1", n.firstField());
                    body.addStatement("$N = 0", n.countField());
                }
            }
            case IMPLICIT, OPTIONAL, ONEOF -> {
                switch (field.valueKind()) {
                    case STRING, BYTES, MESSAGE -> {
                        body.addStatement("$N = limit", n.offsetField());
                        body.addStatement("$N = 0", n.lengthField());
                        if (field.valueKind() == ValueKind.MESSAGE) {
                            body.addStatement("$N = 0", n.countField());
                        }
                    }
                    case SCALAR, ENUM -> body.addStatement("$N = $L", n.valueField(), defaultValue(field));
                }
            }
        }
    }

    /**
     * The statements copying what the scan recorded for {@code field} from the decoder {@code s} of the same type:
     * the state {@link #reset} clears, and a singular message's first occurrence; cursors and child decoders stay this
     * decoder's own.
     */
    private static void mirror(final CodeBlock.Builder body, final FieldModel field) {
        final FieldNames n = field.names();
        switch (field.cardinality()) {
            case REPEATED, MAP -> {
                if (field.valueKind() == ValueKind.MESSAGE) {
                    body.addStatement("$N.copy(s.$N)", n.elementsField(), n.elementsField());
                } else {
                    copy(body, n.firstField());
                    copy(body, n.countField());
                }
            }
            case IMPLICIT, OPTIONAL, ONEOF -> {
                switch (field.valueKind()) {
                    case STRING, BYTES -> {
                        copy(body, n.offsetField());
                        copy(body, n.lengthField());
                    }
                    case MESSAGE -> {
                        copy(body, n.offsetField());
                        copy(body, n.lengthField());
                        copy(body, n.firstField());
                        copy(body, n.countField());
                    }
                    case SCALAR, ENUM -> copy(body, n.valueField());
                }
            }
        }
    }

    private static void copy(final CodeBlock.Builder body, final String name) {
        body.addStatement("$N = s.$N", name, name);
    }

    /** The value an absent scalar reads as: its explicit default, or the type's zero. */
    static CodeBlock defaultValue(final FieldModel field) {
        return field.defaultValue() == null
                ? CodeBlock.of("$L", KindCode.defaultLiteral(field.kind()))
                : KindCode.literal(field.kind(), field.defaultValue());
    }
}
