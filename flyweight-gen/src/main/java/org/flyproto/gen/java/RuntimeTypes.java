package org.flyproto.gen.java;

import com.palantir.javapoet.ClassName;

/** Every runtime type generated code refers to, in one place (the members they give flyweights: {@code RuntimeMembers}). */
final class RuntimeTypes {
    static final String CODEC = "org.flyproto.codec";
    static final String BUFFERS = "org.flyproto.buffers";
    static final String SCHEMA = "org.flyproto.codec.schema";

    static final ClassName MESSAGE_DECODER = ClassName.get(CODEC, "MessageDecoder");
    static final ClassName OCCURRENCES = ClassName.get(CODEC, "Occurrences");
    static final ClassName LEAF_SHAPE = ClassName.get(CODEC, "LeafShape");
    static final ClassName PACKED_ARRAYS = ClassName.get(CODEC, "PackedArrays");
    static final ClassName RUN_ELEMENTS = ClassName.get(CODEC, "RunElements");
    static final ClassName MESSAGE_ENCODER = ClassName.get(CODEC, "MessageEncoder");
    static final ClassName WRITE_CURSOR = ClassName.get(CODEC, "WriteCursor");
    static final ClassName MESSAGE_SCHEMA = ClassName.get(SCHEMA, "MessageSchema");
    static final ClassName FIELD_SCHEMA = ClassName.get(SCHEMA, "FieldSchema");
    static final ClassName FIELD_TYPE = ClassName.get(SCHEMA, "FieldType");
    static final ClassName ENUM_SCHEMA = ClassName.get(SCHEMA, "EnumSchema");
    static final ClassName UTF8_VIEW = ClassName.get(BUFFERS, "Utf8View");
    static final ClassName BYTES_VIEW = ClassName.get(BUFFERS, "BytesView");
    static final ClassName UTF8 = ClassName.get(BUFFERS, "Utf8");
    static final ClassName ZIGZAG = ClassName.get(BUFFERS, "ZigZag");
    static final ClassName TAG = ClassName.get(BUFFERS, "Tag");
    static final ClassName DIRECT_BUFFER = ClassName.get("org.agrona", "DirectBuffer");
    static final ClassName MUTABLE_DIRECT_BUFFER = ClassName.get("org.agrona", "MutableDirectBuffer");
    static final ClassName UNSAFE_BUFFER = ClassName.get("org.agrona.concurrent", "UnsafeBuffer");

    private RuntimeTypes() {}

    /** The cursor class of a repeated scalar, by its simple name. */
    static ClassName cursor(final String simpleName) {
        return ClassName.get(CODEC, simpleName);
    }
}
