package org.flyproto.gen.model;

/** What one value of a field is, as generated code treats it: the other axis of a field's shape. */
public enum ValueKind {
    /** A number or bool, read and written as a Java primitive. */
    SCALAR,
    /** An enum: a Java enum, with its number readable and writable as {@code xRaw}. */
    ENUM,
    /** A string: a {@code Utf8View} out, a {@code CharSequence} or UTF-8 bytes in. */
    STRING,
    /** Bytes: a {@code BytesView} out, bytes in. */
    BYTES,
    /** A nested message or group: a child flyweight. */
    MESSAGE
}
