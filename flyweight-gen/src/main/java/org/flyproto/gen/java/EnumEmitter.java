package org.flyproto.gen.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import javax.lang.model.element.Modifier;
import org.flyproto.gen.model.EnumModel;

/**
 * Emits a Java enum for a protobuf enum: one constant per value, an {@code UNRECOGNIZED} sentinel for numbers the
 * schema does not know (open enums keep the raw number readable through the decoder's {@code xRaw()}), aliases as
 * static fields, {@code number()} and {@code forNumber(int)}.
 */
final class EnumEmitter {
    static final String SENTINEL = "UNRECOGNIZED";

    private EnumEmitter() {}

    static TypeSpec emit(final EnumModel model) {
        final ClassName self =
                ClassName.get(model.type().javaPackage(), model.type().simpleName());
        final TypeSpec.Builder type = TypeSpec.enumBuilder(self)
                .addModifiers(Modifier.PUBLIC)
                .addJavadoc(Javadoc.of(model.javadoc()))
                .addJavadoc("Values of {@code $L}.\n", model.type().fullName());
        final CodeBlock.Builder cases = CodeBlock.builder();
        for (final EnumModel.Value value : model.values()) {
            if (value.aliasOf() != null) {
                type.addField(FieldSpec.builder(self, value.name(), Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc(Javadoc.of(value.javadoc()))
                        .addJavadoc("Alias of {@link #$L}.\n", value.aliasOf())
                        .initializer("$N", value.aliasOf())
                        .build());
                continue;
            }
            type.addEnumConstant(
                    value.name(),
                    TypeSpec.anonymousClassBuilder("$L", value.number())
                            .addJavadoc(Javadoc.of(value.javadoc()))
                            .addJavadoc("{@code $L = $L}.\n", value.name(), value.number())
                            .build());
            cases.addStatement("case $L -> $N", value.number(), value.name());
        }
        type.addEnumConstant(
                SENTINEL,
                TypeSpec.anonymousClassBuilder("$L", -1)
                        .addJavadoc("A number this version of the schema does not know; read it with the decoder's raw"
                                + " accessor.\n")
                        .build());
        type.addField(int.class, "number", Modifier.PRIVATE, Modifier.FINAL);
        type.addMethod(MethodSpec.constructorBuilder()
                .addParameter(int.class, "number", Modifier.FINAL)
                .addStatement("this.number = number")
                .build());
        type.addMethod(MethodSpec.methodBuilder("number")
                .addModifiers(Modifier.PUBLIC)
                .returns(int.class)
                .addJavadoc("The number of this value on the wire.\n\n")
                .addJavadoc("@return the number.\n")
                .addJavadoc("@throws IllegalArgumentException for {@link #$L}, which has none.\n", SENTINEL)
                .beginControlFlow("if (this == $N)", SENTINEL)
                .addStatement(
                        "throw new $T($S)",
                        IllegalArgumentException.class,
                        SENTINEL + " has no number: use the raw accessor of the decoder")
                .endControlFlow()
                .addStatement("return number")
                .build());
        type.addMethod(MethodSpec.methodBuilder("isKnown")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(boolean.class)
                .addParameter(int.class, "number", Modifier.FINAL)
                .addJavadoc("@param number a number read from the wire.\n")
                .addJavadoc("@return true if the schema declares it.\n")
                .addStatement("return forNumber(number) != $N", SENTINEL)
                .build());
        type.addMethod(MethodSpec.methodBuilder("forNumber")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(self)
                .addParameter(int.class, "number", Modifier.FINAL)
                .addJavadoc("@param number a number read from the wire.\n")
                .addJavadoc("@return the value with that number, or {@link #$L}; never null.\n", SENTINEL)
                .addCode("return switch (number) {\n$>")
                .addCode(cases.build())
                .addStatement("default -> $N", SENTINEL)
                .addCode("$<};\n")
                .build());
        SchemaEmitter.emit(type, self, model);
        return type.build();
    }
}
