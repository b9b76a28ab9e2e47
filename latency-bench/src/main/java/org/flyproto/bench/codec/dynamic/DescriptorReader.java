package org.flyproto.bench.codec.dynamic;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor.JavaType;
import com.google.protobuf.Message;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.flyproto.bench.codec.Sink;

/**
 * Reads every field of a protobuf-java message through its reflection API ({@code getField},
 * {@code getRepeatedField}, {@code getRepeatedFieldCount}, {@code hasField}), walking its descriptor the way
 * {@link SchemaReader} walks a flyproto schema: field-number order, a singular message field as its has-bit and (if
 * set) its fields, a repeated field element by element and then its count. The fields of every message type are taken
 * from the descriptor once, when the reader is built.
 */
final class DescriptorReader {
    private final FieldDescriptor[] fields;
    private final JavaType[] types;
    private final boolean[] repeated;
    /** The reader of each message field's type, null for the other fields. */
    private final DescriptorReader[] nested;

    private DescriptorReader(final Descriptor type, final Map<Descriptor, DescriptorReader> built) {
        built.put(type, this);
        final List<FieldDescriptor> declared = type.getFields().stream()
                .sorted((a, b) -> Integer.compare(a.getNumber(), b.getNumber()))
                .toList();
        final int n = declared.size();
        fields = new FieldDescriptor[n];
        types = new JavaType[n];
        repeated = new boolean[n];
        nested = new DescriptorReader[n];
        for (int i = 0; i < n; i++) {
            final FieldDescriptor field = declared.get(i);
            fields[i] = field;
            types[i] = field.getJavaType();
            repeated[i] = field.isRepeated();
            if (field.getJavaType() == JavaType.MESSAGE) {
                final DescriptorReader known = built.get(field.getMessageType());
                nested[i] = known != null ? known : new DescriptorReader(field.getMessageType(), built);
            }
        }
    }

    /**
     * @param type the root message type.
     * @return its reader, with those of every message type it reaches.
     */
    static DescriptorReader of(final Descriptor type) {
        return new DescriptorReader(type, new IdentityHashMap<>());
    }

    /**
     * Reads every field of a message.
     *
     * @param message a message of this reader's type.
     * @param sink receives every value read.
     */
    void read(final Message message, final Sink sink) {
        final FieldDescriptor[] fields = this.fields;
        for (int i = 0; i < fields.length; i++) {
            final FieldDescriptor field = fields[i];
            if (repeated[i]) {
                final int count = message.getRepeatedFieldCount(field);
                if (types[i] == JavaType.MESSAGE) {
                    for (int j = 0; j < count; j++) {
                        nested[i].read((Message) message.getRepeatedField(field, j), sink);
                    }
                } else {
                    for (int j = 0; j < count; j++) {
                        value(message.getRepeatedField(field, j), types[i], sink);
                    }
                }
                sink.count(count);
            } else if (types[i] == JavaType.MESSAGE) {
                final boolean has = message.hasField(field);
                sink.boolValue(has);
                if (has) {
                    nested[i].read((Message) message.getField(field), sink);
                }
            } else {
                value(message.getField(field), types[i], sink);
            }
        }
    }

    private static void value(final Object value, final JavaType type, final Sink sink) {
        switch (type) {
            case INT -> sink.longValue((Integer) value);
            case LONG -> sink.longValue((Long) value);
            case FLOAT -> sink.doubleValue((Float) value);
            case DOUBLE -> sink.doubleValue((Double) value);
            case BOOLEAN -> sink.boolValue((Boolean) value);
            case STRING -> sink.text((String) value);
            case BYTE_STRING -> {
                final ByteString bytes = (ByteString) value;
                final int length = bytes.size();
                sink.bytes(length, length == 0 ? 0 : bytes.byteAt(length / 2));
            }
            case ENUM -> sink.longValue(((EnumValueDescriptor) value).getNumber());
            case MESSAGE -> throw new IllegalArgumentException("not a scalar: " + value);
        }
    }
}
