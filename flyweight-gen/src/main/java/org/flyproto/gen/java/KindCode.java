package org.flyproto.gen.java;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import org.flyproto.gen.model.FieldKind;

/** The Java side of each protobuf scalar kind: types, read expressions, cursor and writer methods. */
final class KindCode {

    private KindCode() {}

    /** Java type of a value (the raw number for enums). */
    static TypeName javaType(final FieldKind kind) {
        return switch (kind) {
            case DOUBLE -> TypeName.DOUBLE;
            case FLOAT -> TypeName.FLOAT;
            case INT64, UINT64, FIXED64, SFIXED64, SINT64 -> TypeName.LONG;
            case INT32, UINT32, FIXED32, SFIXED32, SINT32, ENUM -> TypeName.INT;
            case BOOL -> TypeName.BOOLEAN;
            case STRING, BYTES, MESSAGE -> throw new IllegalArgumentException(kind + " is not a scalar");
        };
    }

    /** Default value literal. */
    static String defaultLiteral(final FieldKind kind) {
        return switch (kind) {
            case DOUBLE -> "0.0";
            case FLOAT -> "0.0f";
            case INT64, UINT64, FIXED64, SFIXED64, SINT64 -> "0L";
            case BOOL -> "false";
            case INT32, UINT32, FIXED32, SFIXED32, SINT32, ENUM -> "0";
            case STRING, BYTES, MESSAGE -> throw new IllegalArgumentException(kind + " is not a scalar");
        };
    }

    /**
     * A Java expression for an explicit default value.
     *
     * @param kind  the field's kind.
     * @param value as {@link org.flyproto.gen.model.FieldModel#defaultValue()} documents it.
     */
    static CodeBlock literal(final FieldKind kind, final Object value) {
        return switch (kind) {
            case DOUBLE -> doubleLiteral((Double) value);
            case FLOAT -> floatLiteral((Float) value);
            case INT64, UINT64, FIXED64, SFIXED64, SINT64 -> CodeBlock.of("$LL", value);
            case BOOL, INT32, UINT32, FIXED32, SFIXED32, SINT32, ENUM -> CodeBlock.of("$L", value);
            case STRING -> CodeBlock.of("$S", value);
            case BYTES -> {
                final byte[] bytes = (byte[]) value;
                final CodeBlock.Builder array = CodeBlock.builder().add("new byte[] {");
                for (int i = 0; i < bytes.length; i++) {
                    array.add(i == 0 ? "$L" : ", $L", bytes[i]);
                }
                yield array.add("}").build();
            }
            case MESSAGE -> throw new IllegalArgumentException("messages have no default literal");
        };
    }

    private static CodeBlock doubleLiteral(final double value) {
        if (Double.isNaN(value)) {
            return CodeBlock.of("$T.NaN", Double.class);
        }
        if (Double.isInfinite(value)) {
            return CodeBlock.of(value > 0 ? "$T.POSITIVE_INFINITY" : "$T.NEGATIVE_INFINITY", Double.class);
        }
        return CodeBlock.of("$Ld", Double.toString(value));
    }

    private static CodeBlock floatLiteral(final float value) {
        if (Float.isNaN(value)) {
            return CodeBlock.of("$T.NaN", Float.class);
        }
        if (Float.isInfinite(value)) {
            return CodeBlock.of(value > 0 ? "$T.POSITIVE_INFINITY" : "$T.NEGATIVE_INFINITY", Float.class);
        }
        return CodeBlock.of("$Lf", Float.toString(value));
    }

    /** Expression reading one value in a decoder or cursor (a {@code WireReader}). */
    static CodeBlock read(final FieldKind kind) {
        return switch (kind) {
            case DOUBLE -> CodeBlock.of("$T.longBitsToDouble(readFixed64())", Double.class);
            case FLOAT -> CodeBlock.of("$T.intBitsToFloat(readFixed32())", Float.class);
            case INT64, UINT64 -> CodeBlock.of("readVarint64()");
            case INT32, UINT32, ENUM -> CodeBlock.of("readVarint32()");
            case SINT32 -> CodeBlock.of("$T.decode32(readVarint32())", RuntimeTypes.ZIGZAG);
            case SINT64 -> CodeBlock.of("$T.decode64(readVarint64())", RuntimeTypes.ZIGZAG);
            case FIXED32, SFIXED32 -> CodeBlock.of("readFixed32()");
            case FIXED64, SFIXED64 -> CodeBlock.of("readFixed64()");
            case BOOL -> CodeBlock.of("readBool()");
            case STRING, BYTES, MESSAGE -> throw new IllegalArgumentException(kind + " is not a scalar");
        };
    }

    /** Statement skipping one unpacked value in a scan. */
    static CodeBlock skip(final FieldKind kind) {
        return switch (kind) {
            case DOUBLE, FIXED64, SFIXED64 -> CodeBlock.of("readFixed64()");
            case FLOAT, FIXED32, SFIXED32 -> CodeBlock.of("readFixed32()");
            case INT64, UINT64, INT32, UINT32, SINT32, SINT64, BOOL, ENUM -> CodeBlock.of("readVarint64()");
            case STRING, BYTES, MESSAGE -> throw new IllegalArgumentException(kind + " is not packable");
        };
    }

    /** Size of one packed element, or 0 for varints. */
    static int fixedSize(final FieldKind kind) {
        return switch (kind) {
            case DOUBLE, FIXED64, SFIXED64 -> 8;
            case FLOAT, FIXED32, SFIXED32 -> 4;
            case INT64, UINT64, INT32, UINT32, SINT32, SINT64, BOOL, ENUM -> 0;
            case STRING, BYTES, MESSAGE -> throw new IllegalArgumentException(kind + " is not packable");
        };
    }

    /** Condition under which an implicit-presence value differs from the default, as protobuf-java tests it. */
    static CodeBlock isNonDefault(final FieldKind kind, final String value) {
        return switch (kind) {
            case DOUBLE -> CodeBlock.of("$T.doubleToRawLongBits($N) != 0L", Double.class, value);
            case FLOAT -> CodeBlock.of("$T.floatToRawIntBits($N) != 0", Float.class, value);
            case BOOL -> CodeBlock.of("$N", value);
            case INT64, UINT64, FIXED64, SFIXED64, SINT64 -> CodeBlock.of("$N != 0L", value);
            case INT32, UINT32, FIXED32, SFIXED32, SINT32, ENUM -> CodeBlock.of("$N != 0", value);
            case STRING, BYTES, MESSAGE -> throw new IllegalArgumentException(kind + " is not a scalar");
        };
    }

    /** The {@code WriteCursor} method writing tag and value. */
    static String writer(final FieldKind kind) {
        return switch (kind) {
            case DOUBLE -> "writeDouble";
            case FLOAT -> "writeFloat";
            case INT64, UINT64 -> "writeVarint64";
            case INT32, ENUM -> "writeInt32";
            case UINT32 -> "writeUnsigned32";
            case SINT32 -> "writeSInt32";
            case SINT64 -> "writeSInt64";
            case FIXED32, SFIXED32 -> "writeFixed32";
            case FIXED64, SFIXED64 -> "writeFixed64";
            case BOOL -> "writeBool";
            case STRING, BYTES, MESSAGE -> throw new IllegalArgumentException(kind + " is not a scalar");
        };
    }

    /** The {@code WriteCursor} method writing a whole packed run from an array. */
    static String packedWriter(final FieldKind kind) {
        return switch (kind) {
            case DOUBLE -> "packedDouble";
            case FLOAT -> "packedFloat";
            case INT64, UINT64 -> "packedVarint64";
            case INT32, ENUM -> "packedInt32";
            case UINT32 -> "packedUnsigned32";
            case SINT32 -> "packedSInt32";
            case SINT64 -> "packedSInt64";
            case FIXED32, SFIXED32 -> "packedFixed32";
            case FIXED64, SFIXED64 -> "packedFixed64";
            case BOOL -> "packedBool";
            case STRING, BYTES, MESSAGE -> throw new IllegalArgumentException(kind + " is not packable");
        };
    }

    /** Array type taken by the packed writer. */
    static TypeName arrayType(final FieldKind kind) {
        return ArrayTypeName.of(javaType(kind));
    }

    /** Statement writing one element of an open packed run, with the cursor in variable {@code c}. */
    static CodeBlock rawWrite(final FieldKind kind, final String value) {
        return switch (kind) {
            case DOUBLE ->
                CodeBlock.of(
                        "$T.fixed64(c, $T.doubleToRawLongBits($N))", RuntimeTypes.RUN_ELEMENTS, Double.class, value);
            case FLOAT ->
                CodeBlock.of("$T.fixed32(c, $T.floatToRawIntBits($N))", RuntimeTypes.RUN_ELEMENTS, Float.class, value);
            case INT64, UINT64 -> CodeBlock.of("$T.varint64(c, $N)", RuntimeTypes.RUN_ELEMENTS, value);
            case INT32, ENUM -> CodeBlock.of("$T.int32(c, $N)", RuntimeTypes.RUN_ELEMENTS, value);
            case UINT32 -> CodeBlock.of("$T.unsigned32(c, $N)", RuntimeTypes.RUN_ELEMENTS, value);
            case SINT32 ->
                CodeBlock.of(
                        "$T.unsigned32(c, $T.encode32($N))", RuntimeTypes.RUN_ELEMENTS, RuntimeTypes.ZIGZAG, value);
            case SINT64 ->
                CodeBlock.of("$T.varint64(c, $T.encode64($N))", RuntimeTypes.RUN_ELEMENTS, RuntimeTypes.ZIGZAG, value);
            case FIXED32, SFIXED32 -> CodeBlock.of("$T.fixed32(c, $N)", RuntimeTypes.RUN_ELEMENTS, value);
            case FIXED64, SFIXED64 -> CodeBlock.of("$T.fixed64(c, $N)", RuntimeTypes.RUN_ELEMENTS, value);
            case BOOL -> CodeBlock.of("$T.unsigned32(c, $N ? 1 : 0)", RuntimeTypes.RUN_ELEMENTS, value);
            case STRING, BYTES, MESSAGE -> throw new IllegalArgumentException(kind + " is not packable");
        };
    }

    /** The cursor class of a repeated scalar. */
    static ClassName cursorClass(final FieldKind kind) {
        return RuntimeTypes.cursor(
                switch (kind) {
                    case DOUBLE -> "DoubleCursor";
                    case FLOAT -> "FloatCursor";
                    case INT64, UINT64, FIXED64, SFIXED64, SINT64 -> "LongCursor";
                    case INT32, UINT32, FIXED32, SFIXED32, SINT32 -> "IntCursor";
                    case BOOL -> "BoolCursor";
                    case ENUM -> "EnumCursor";
                    case STRING -> "StringCursor";
                    case BYTES -> "BytesCursor";
                    case MESSAGE -> throw new IllegalArgumentException("messages iterate with their decoder");
                });
    }

    /** Constructor arguments after the field number, for cursors of integer kinds; null for the other kinds. */
    static String cursorEncoding(final FieldKind kind) {
        return switch (kind) {
            case SINT32, SINT64 -> "ZIGZAG";
            case FIXED32, SFIXED32, FIXED64, SFIXED64 -> "FIXED";
            case INT32, UINT32, INT64, UINT64 -> "VARINT";
            case DOUBLE, FLOAT, BOOL, ENUM, STRING, BYTES -> null;
            case MESSAGE -> throw new IllegalArgumentException("messages iterate with their decoder");
        };
    }
}
