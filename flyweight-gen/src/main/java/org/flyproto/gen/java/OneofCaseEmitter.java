package org.flyproto.gen.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import javax.lang.model.element.Modifier;
import org.flyproto.gen.model.OneofModel;

/** Emits the case enum of a oneof: one constant per member with its field number, and a "not set" constant, 0. */
final class OneofCaseEmitter {
    private OneofCaseEmitter() {}

    static TypeSpec emit(final OneofModel oneof) {
        final ClassName self =
                ClassName.get(oneof.caseType().javaPackage(), oneof.caseType().simpleName());
        final TypeSpec.Builder type = TypeSpec.enumBuilder(self)
                .addModifiers(Modifier.PUBLIC)
                .addJavadoc(
                        "Which member of oneof {@code $L} is set.\n",
                        oneof.caseType().fullName());
        final CodeBlock.Builder cases = CodeBlock.builder();
        for (final OneofModel.Member member : oneof.members()) {
            type.addEnumConstant(
                    member.constantName(),
                    TypeSpec.anonymousClassBuilder("$L", member.number())
                            .addJavadoc("Field {@code $L}.\n", member.number())
                            .build());
            cases.addStatement("case $L -> $N", member.number(), member.constantName());
        }
        type.addEnumConstant(
                oneof.notSetName(),
                TypeSpec.anonymousClassBuilder("0")
                        .addJavadoc("No member is set.\n")
                        .build());
        type.addField(int.class, "number", Modifier.PRIVATE, Modifier.FINAL);
        type.addMethod(MethodSpec.constructorBuilder()
                .addParameter(int.class, "number", Modifier.FINAL)
                .addStatement("this.number = number")
                .build());
        type.addMethod(MethodSpec.methodBuilder("number")
                .addModifiers(Modifier.PUBLIC)
                .returns(int.class)
                .addJavadoc("@return the member's field number, 0 for {@link #$N}.\n", oneof.notSetName())
                .addStatement("return number")
                .build());
        type.addMethod(MethodSpec.methodBuilder("forNumber")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(self)
                .addParameter(int.class, "number", Modifier.FINAL)
                .addJavadoc("@param number a field number, or 0.\n")
                .addJavadoc("@return the member with that number, or {@link #$N}.\n", oneof.notSetName())
                .addCode("return switch (number) {\n$>")
                .addCode(cases.build())
                .addStatement("default -> $N", oneof.notSetName())
                .addCode("$<};\n")
                .build());
        return type.build();
    }
}
