package org.flyproto.wkt;

import org.flyproto.codec.schema.EnumSchema;
import org.flyproto.codec.schema.MessageSchema;

/**
 * The schemas of the types shipped here ({@code google/protobuf/*.proto}: the well-known types and
 * {@code descriptor.proto}), by full name: what a descriptor set written without {@code --include_imports} refers to
 * without holding it. Found through the generated classes' names (nested names joined, as the generator joins them).
 */
final class WellKnownSchemas {
    private static final String PREFIX = "google.protobuf.";

    private WellKnownSchemas() {}

    /**
     * @param fullName a message type's full name.
     * @return its schema if it is a type of {@code google.protobuf} shipped here, else null.
     */
    static MessageSchema message(final String fullName) {
        final Class<?> type = generated(fullName, "Encoder");
        if (type == null) {
            return null;
        }
        try {
            return (MessageSchema) type.getField("SCHEMA").get(null);
        } catch (final ReflectiveOperationException e) {
            throw new IllegalStateException(type + " has no schema", e);
        }
    }

    /**
     * @param fullName an enum type's full name.
     * @return its schema if it is an enum of {@code google.protobuf} shipped here, else null.
     */
    static EnumSchema enumType(final String fullName) {
        final Class<?> type = generated(fullName, "");
        if (type == null || !type.isEnum()) {
            return null;
        }
        try {
            return (EnumSchema) type.getMethod("schema").invoke(null);
        } catch (final ReflectiveOperationException e) {
            throw new IllegalStateException(type + " has no schema", e);
        }
    }

    private static Class<?> generated(final String fullName, final String suffix) {
        if (!fullName.startsWith(PREFIX)) {
            return null;
        }
        final String simple = fullName.substring(PREFIX.length()).replace(".", "");
        try {
            return Class.forName(
                    WellKnownSchemas.class.getPackageName() + "." + simple + suffix,
                    true,
                    WellKnownSchemas.class.getClassLoader());
        } catch (final ClassNotFoundException e) {
            return null;
        }
    }
}
