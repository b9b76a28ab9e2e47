package org.flyproto.gen.java;

import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.TypeSpec;
import javax.lang.model.element.Modifier;
import org.flyproto.gen.model.FieldModel;

/** Field-number and tag constants, the same in a message's encoder and decoder. */
final class Constants {
    private Constants() {}

    static void add(final TypeSpec.Builder type, final FieldModel field) {
        type.addField(FieldSpec.builder(
                        int.class, field.names().numberConstant(), Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("Field number of {@code $L}.\n", field.protoName())
                .initializer("$L", field.number())
                .build());
        type.addField(FieldSpec.builder(int.class, tag(field), Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("$L", field.tag())
                .build());
        if (field.isPackable()) {
            type.addField(
                    FieldSpec.builder(int.class, packedTag(field), Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                            .initializer("$L", field.packedTag())
                            .build());
        }
    }

    static String tag(final FieldModel field) {
        return field.names().tagConstant();
    }

    static String packedTag(final FieldModel field) {
        return field.names().packedTagConstant();
    }
}
