package org.flyproto.codec.schema;

import java.util.HashMap;
import java.util.Map;

/**
 * The message types an application knows by name, for what names a type at run time: the {@code @type} of a
 * {@code google.protobuf.Any} in JSON, its {@code [type.googleapis.com/pkg.Msg]} expansion in text format. A type URL
 * resolves by the part after its last {@code '/'}, as protobuf resolves it.
 *
 * <p>Immutable and thread-safe once built; {@link #EMPTY} knows no type.
 */
public final class SchemaRegistry {
    /** A registry that knows no type. */
    public static final SchemaRegistry EMPTY = new SchemaRegistry(new MessageSchema[0]);

    private final MessageSchema[] schemas;
    private final NameTable byName;

    private SchemaRegistry(final MessageSchema[] schemas) {
        this.schemas = schemas;
        final String[] names = new String[schemas.length];
        final int[] index = new int[schemas.length];
        for (int i = 0; i < schemas.length; i++) {
            names[i] = schemas[i].fullName();
            index[i] = i;
        }
        byName = new NameTable(names, index);
    }

    /**
     * A registry of {@code types} and of every message type reachable from them through their fields.
     *
     * @param types schemas, e.g. {@code OrderEncoder.SCHEMA}.
     * @return the registry.
     */
    public static SchemaRegistry of(final MessageSchema... types) {
        final Map<String, MessageSchema> all = new HashMap<>();
        for (final MessageSchema type : types) {
            collect(type, all);
        }
        return new SchemaRegistry(all.values().toArray(new MessageSchema[0]));
    }

    private static void collect(final MessageSchema type, final Map<String, MessageSchema> all) {
        final MessageSchema known = all.putIfAbsent(type.fullName(), type);
        if (known != null) {
            if (known != type) {
                throw new IllegalArgumentException("two schemas named " + type.fullName());
            }
            return;
        }
        for (int i = 0; i < type.fieldCount(); i++) {
            final MessageSchema nested = type.field(i).messageType();
            if (nested != null) {
                collect(nested, all);
            }
        }
    }

    /**
     * @param typeUrl chars holding a type URL ({@code type.googleapis.com/pkg.Msg}) or a full name.
     * @param start   index of its first char.
     * @param end     index after its last char.
     * @return the type it names, or null if this registry does not know it.
     */
    public MessageSchema find(final CharSequence typeUrl, final int start, final int end) {
        int from = start;
        for (int i = end - 1; i >= start; i--) {
            if (typeUrl.charAt(i) == '/') {
                from = i + 1;
                break;
            }
        }
        final int index = byName.find(typeUrl, from, end);
        return index < 0 ? null : schemas[index];
    }

    /**
     * {@link #find(CharSequence, int, int)} of a type URL held as UTF-8 bytes.
     *
     * @param buffer the buffer holding it.
     * @param offset index of its first byte.
     * @param length its length in bytes.
     * @return the type it names, or null.
     */
    public MessageSchema find(final org.agrona.DirectBuffer buffer, final int offset, final int length) {
        int from = offset;
        for (int i = offset + length - 1; i >= offset; i--) {
            if (buffer.getByte(i) == '/') {
                from = i + 1;
                break;
            }
        }
        final int index = byName.find(buffer, from, offset + length - from);
        return index < 0 ? null : schemas[index];
    }

    /**
     * @param fullName a message type's full name.
     * @return its schema, or null.
     */
    public MessageSchema find(final String fullName) {
        return find(fullName, 0, fullName.length());
    }
}
