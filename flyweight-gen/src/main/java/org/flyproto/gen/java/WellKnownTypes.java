package org.flyproto.gen.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.TypeVariableName;
import javax.lang.model.element.Modifier;
import org.flyproto.gen.model.MessageModel;

/**
 * Extra methods of well-known types: {@code google.protobuf.Any} packs and unpacks a message of any type in place.
 */
final class WellKnownTypes {
    private static final String ANY = "google.protobuf.Any";
    private static final String TYPE_URL_PREFIX = "type.googleapis.com/";

    private WellKnownTypes() {}

    static boolean isAny(final MessageModel message) {
        return ANY.equals(message.type().fullName());
    }

    /** {@code is(fullName)}, {@code unpack(decoder)}. */
    static void addAnyDecoderMethods(final TypeSpec.Builder type) {
        type.addMethod(MethodSpec.methodBuilder("is")
                .addModifiers(Modifier.PUBLIC)
                .returns(boolean.class)
                .addParameter(String.class, "fullName", Modifier.FINAL)
                .addJavadoc("Whether the packed message is of the named type: the type URL's last segment, after its"
                        + " last {@code /}, is {@code fullName}. No allocation.\n\n")
                .addJavadoc("@param fullName a protobuf full name, e.g. {@code market.Order}.\n")
                .addJavadoc("@return true if the type URL names it.\n")
                .addStatement("final $T url = typeUrl()", RuntimeTypes.UTF8_VIEW)
                .addStatement("final int start = url.length() - fullName.length()")
                .beginControlFlow("if (start < 1 || url.charAt(start - 1) != '/')")
                .addStatement("return false")
                .endControlFlow()
                .beginControlFlow("for (int i = 0; i < fullName.length(); i++)")
                .beginControlFlow("if (url.charAt(start + i) != fullName.charAt(i))")
                .addStatement("return false")
                .endControlFlow()
                .endControlFlow()
                .addStatement("return true")
                .build());
        final TypeVariableName d = TypeVariableName.get("D", RuntimeTypes.MESSAGE_DECODER);
        type.addMethod(MethodSpec.methodBuilder("unpack")
                .addModifiers(Modifier.PUBLIC)
                .addTypeVariable(d)
                .returns(d)
                .addParameter(d, "target", Modifier.FINAL)
                .addJavadoc(
                        "Wraps {@code target} on the packed message, if it is of {@code target}'s type; the"
                                + " message is validated as {@link $T#wrap} does.\n\n",
                        RuntimeTypes.MESSAGE_DECODER)
                .addJavadoc("@param target a decoder of the expected type (reused).\n")
                .addJavadoc("@param <D> the decoder's type.\n")
                .addJavadoc("@return {@code target}, wrapped; or null if the type URL names another type.\n")
                .beginControlFlow("if (!is(target.messageFullName()))")
                .addStatement("return null")
                .endControlFlow()
                .addStatement("final $T bytes = value()", RuntimeTypes.BYTES_VIEW)
                .addStatement("target.wrap(bytes.buffer(), bytes.offset(), bytes.length())")
                .addStatement("return target")
                .build());
    }

    /** {@code beginValue(encoder)} / {@code endValue()}: pack a message in place, its type URL written first. */
    static void addAnyEncoderMethods(final TypeSpec.Builder type, final ClassName self) {
        type.addField(RuntimeTypes.MESSAGE_ENCODER, "packed", Modifier.PRIVATE);
        final TypeVariableName e = TypeVariableName.get("E", RuntimeTypes.MESSAGE_ENCODER);
        type.addMethod(MethodSpec.methodBuilder("beginValue")
                .addModifiers(Modifier.PUBLIC)
                .addTypeVariable(e)
                .returns(e)
                .addParameter(e, "message", Modifier.FINAL)
                .addJavadoc(
                        "Packs a message in place: writes the type URL {@code $L<full name>} (field 1), then"
                                + " starts field 2 with {@code message} as its encoder; write its fields, then call"
                                + " {@link #endValue()}. No allocation.\n\n",
                        TYPE_URL_PREFIX)
                .addJavadoc("@param message the encoder of the message to pack (yours, reused).\n")
                .addJavadoc("@param <E> its type.\n")
                .addJavadoc("@return {@code message}, ready to write.\n")
                .addStatement("writeCursor().writeString(TAG_TYPE_URL, $S, message.messageFullName())", TYPE_URL_PREFIX)
                .addStatement("packed = message")
                .addStatement("return beginChild(message, TAG_VALUE)")
                .build());
        type.addMethod(MethodSpec.methodBuilder("endValue")
                .addModifiers(Modifier.PUBLIC)
                .returns(self)
                .addJavadoc("Ends the message packed by {@link #beginValue}.\n\n")
                .addJavadoc("@return this encoder.\n")
                .addStatement("endChild(packed, TAG_VALUE)")
                .addStatement("return this")
                .build());
    }
}
