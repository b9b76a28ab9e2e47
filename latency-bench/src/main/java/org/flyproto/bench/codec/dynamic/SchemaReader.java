package org.flyproto.bench.codec.dynamic;

import java.util.IdentityHashMap;
import java.util.Map;
import org.flyproto.bench.codec.Sink;
import org.flyproto.buffers.BytesView;
import org.flyproto.codec.DynamicCursor;
import org.flyproto.codec.DynamicDecoder;
import org.flyproto.codec.schema.FieldSchema;
import org.flyproto.codec.schema.FieldType;
import org.flyproto.codec.schema.MessageSchema;

/**
 * Reads every field of a {@link DynamicDecoder} by walking its schema, as a generic consumer of any message type does:
 * in field-number order, a singular message field as its has-bit and (if set) its fields, a repeated field element by
 * element and then its {@code count(f)}; scalars through the typed getters, strings as their {@code Utf8View}, bytes
 * as their length and middle byte. The fields and types of every message type are taken from the schema once, when
 * the reader is built.
 */
final class SchemaReader {
    private final FieldSchema[] fields;
    private final FieldType[] types;
    private final boolean[] repeated;
    /** The reader of each message field's type, null for the other fields. */
    private final SchemaReader[] nested;

    private SchemaReader(final MessageSchema schema, final Map<MessageSchema, SchemaReader> built) {
        built.put(schema, this);
        final int n = schema.fieldCount();
        fields = new FieldSchema[n];
        types = new FieldType[n];
        repeated = new boolean[n];
        nested = new SchemaReader[n];
        for (int i = 0; i < n; i++) {
            final FieldSchema field = schema.field(i);
            fields[i] = field;
            types[i] = field.type();
            repeated[i] = field.isRepeated();
            if (field.type() == FieldType.MESSAGE) {
                final SchemaReader known = built.get(field.messageType());
                nested[i] = known != null ? known : new SchemaReader(field.messageType(), built);
            }
        }
    }

    /**
     * @param schema the root message type.
     * @return its reader, with those of every message type it reaches.
     */
    static SchemaReader of(final MessageSchema schema) {
        return new SchemaReader(schema, new IdentityHashMap<>());
    }

    /**
     * Reads every field of a message.
     *
     * @param message a decoder wrapped on a message of this reader's type.
     * @param sink receives every value read.
     */
    void read(final DynamicDecoder message, final Sink sink) {
        final FieldSchema[] fields = this.fields;
        for (int i = 0; i < fields.length; i++) {
            final FieldSchema field = fields[i];
            if (repeated[i]) {
                final DynamicCursor elements = message.elements(field);
                if (types[i] == FieldType.MESSAGE) {
                    final SchemaReader element = nested[i];
                    while (elements.next()) {
                        element.read(elements.message(), sink);
                    }
                } else {
                    final FieldType type = types[i];
                    while (elements.next()) {
                        element(elements, type, sink);
                    }
                }
                sink.count(message.count(field));
            } else if (types[i] == FieldType.MESSAGE) {
                final boolean has = message.has(field);
                sink.boolValue(has);
                if (has) {
                    nested[i].read(message.message(field), sink);
                }
            } else {
                singular(message, field, types[i], sink);
            }
        }
    }

    private static void singular(
            final DynamicDecoder message, final FieldSchema field, final FieldType type, final Sink sink) {
        switch (type) {
            case DOUBLE -> sink.doubleValue(message.doubleValue(field));
            case FLOAT -> sink.doubleValue(message.floatValue(field));
            case INT64, SINT64, SFIXED64 -> sink.longValue(message.int64Value(field));
            case UINT64, FIXED64 -> sink.longValue(message.uint64Value(field));
            case INT32, SINT32, SFIXED32 -> sink.longValue(message.int32Value(field));
            case UINT32, FIXED32 -> sink.longValue(message.uint32Value(field));
            case BOOL -> sink.boolValue(message.boolValue(field));
            case ENUM -> sink.longValue(message.enumValue(field));
            case STRING -> sink.text(message.string(field));
            case BYTES -> bytes(message.bytes(field), sink);
            case MESSAGE -> throw new IllegalArgumentException("not a scalar: " + field);
        }
    }

    private static void element(final DynamicCursor elements, final FieldType type, final Sink sink) {
        switch (type) {
            case DOUBLE -> sink.doubleValue(elements.doubleValue());
            case FLOAT -> sink.doubleValue(elements.floatValue());
            case INT64, SINT64, SFIXED64 -> sink.longValue(elements.int64Value());
            case UINT64, FIXED64 -> sink.longValue(elements.uint64Value());
            case INT32, SINT32, SFIXED32 -> sink.longValue(elements.int32Value());
            case UINT32, FIXED32 -> sink.longValue(elements.uint32Value());
            case BOOL -> sink.boolValue(elements.boolValue());
            case ENUM -> sink.longValue(elements.enumValue());
            case STRING -> sink.text(elements.string());
            case BYTES -> bytes(elements.bytes(), sink);
            case MESSAGE -> throw new IllegalArgumentException("not a scalar: " + elements.field());
        }
    }

    private static void bytes(final BytesView bytes, final Sink sink) {
        final int length = bytes.length();
        sink.bytes(length, length == 0 ? 0 : bytes.byteAt(length / 2));
    }
}
