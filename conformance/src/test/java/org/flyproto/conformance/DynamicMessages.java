package org.flyproto.conformance;

import com.google.protobuf.ByteString;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.ExtensionRegistry;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.UnknownFieldSet;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.flyproto.buffers.BytesView;
import org.flyproto.buffers.Utf8View;
import org.flyproto.codec.DynamicCursor;
import org.flyproto.codec.DynamicDecoder;
import org.flyproto.codec.DynamicEncoder;
import org.flyproto.codec.schema.FieldSchema;
import org.flyproto.codec.schema.MessageSchema;
import org.flyproto.wkt.DescriptorSetLoader;
import org.flyproto.wkt.LoadedSchemas;

/**
 * Test support for {@link DynamicDecoder} and {@link DynamicEncoder}: a message's run-time schema as the generator
 * emits it and as {@link DescriptorSetLoader} loads it; everything a dynamic decoder reads by field, as a protobuf-java
 * message; a copy through a dynamic encoder in field-number order.
 */
public final class DynamicMessages {
    private static final Map<FileDescriptor, LoadedSchemas> LOADED_SETS = new ConcurrentHashMap<>();

    private DynamicMessages() {}

    /** Where a run-time schema comes from. */
    public enum Source {
        /** The generated encoder's {@code SCHEMA}. */
        GENERATED,
        /** {@link DescriptorSetLoader} over the {@code .proto} files' descriptors. */
        LOADED;

        /**
         * @param type a message type of the test schemas.
         * @return its run-time schema from this source.
         */
        public MessageSchema schema(final Descriptor type) {
            if (this == GENERATED) {
                return ReflectiveMirror.newEncoder(type).schema();
            }
            return LOADED_SETS
                    .computeIfAbsent(type.getFile(), DynamicMessages::load)
                    .message(type.getFullName());
        }
    }

    private static final Map<FileDescriptor, ExtensionRegistry> REGISTRIES = new ConcurrentHashMap<>();

    /**
     * @param type a message type of the test schemas.
     * @return the extensions of its file (and of the files it imports), for protobuf-java's parser.
     */
    public static ExtensionRegistry extensions(final Descriptor type) {
        return REGISTRIES.computeIfAbsent(type.getFile(), file -> {
            final Set<FileDescriptor> all = new LinkedHashSet<>();
            collect(file, all);
            final ExtensionRegistry registry = ExtensionRegistry.newInstance();
            for (final FileDescriptor f : all) {
                f.getExtensions().forEach(e -> add(registry, e));
                f.getMessageTypes().forEach(m -> addNested(registry, m));
            }
            return registry.getUnmodifiable();
        });
    }

    private static void addNested(final ExtensionRegistry registry, final Descriptor message) {
        message.getExtensions().forEach(e -> add(registry, e));
        message.getNestedTypes().forEach(m -> addNested(registry, m));
    }

    private static void add(final ExtensionRegistry registry, final FieldDescriptor extension) {
        if (extension.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
            registry.add(extension, DynamicMessage.getDefaultInstance(extension.getMessageType()));
        } else {
            registry.add(extension);
        }
    }

    /**
     * @return the field or extension of {@code type} with {@code number}, or null.
     */
    public static FieldDescriptor field(final Descriptor type, final int number) {
        final FieldDescriptor field = type.findFieldByNumber(number);
        if (field != null) {
            return field;
        }
        final ExtensionRegistry.ExtensionInfo extension = extensions(type).findImmutableExtensionByNumber(type, number);
        return extension == null ? null : extension.descriptor;
    }

    /**
     * @return {@code bytes} parsed as a {@code DynamicMessage} of {@code type}, its file's extensions known.
     */
    public static DynamicMessage parse(final Descriptor type, final byte[] bytes)
            throws InvalidProtocolBufferException {
        return DynamicMessage.parseFrom(type, bytes, extensions(type));
    }

    private static LoadedSchemas load(final FileDescriptor file) {
        final Set<FileDescriptor> all = new LinkedHashSet<>();
        collect(file, all);
        final FileDescriptorSet.Builder set = FileDescriptorSet.newBuilder();
        all.forEach(f -> set.addFile(f.toProto()));
        return DescriptorSetLoader.load(set.build().toByteArray());
    }

    private static void collect(final FileDescriptor file, final Set<FileDescriptor> into) {
        if (into.contains(file)) {
            return;
        }
        for (final FileDescriptor dependency : file.getDependencies()) {
            collect(dependency, into);
        }
        into.add(file);
    }

    /**
     * Reads every field of {@code decoder} through its by-field API into {@code builder}: singular fields that are set
     * (implicit-presence ones unless at their default), every element of repeated fields and maps, nested messages
     * recursively. Unknown fields are not read.
     *
     * @param decoder a wrapped decoder.
     * @param builder a builder of the same message type (generated or {@code DynamicMessage}).
     * @return the message built.
     */
    public static Message read(final DynamicDecoder decoder, final Message.Builder builder) {
        final Descriptor type = builder.getDescriptorForType();
        final MessageSchema schema = decoder.schema();
        for (int i = 0; i < schema.fieldCount(); i++) {
            final FieldSchema field = schema.field(i);
            final FieldDescriptor descriptor = field(type, field.number());
            if (descriptor == null) {
                continue;
            }
            if (field.isRepeated()) {
                for (final DynamicCursor c = decoder.elements(field); c.next(); ) {
                    builder.addRepeatedField(descriptor, element(c, descriptor, builder));
                }
            } else if (descriptor.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
                if (decoder.has(field)) {
                    builder.setField(descriptor, read(decoder.message(field), builder.newBuilderForField(descriptor)));
                }
            } else {
                final Object value = value(decoder, field, descriptor);
                if (decoder.has(field) || (!field.hasPresence() && !value.equals(descriptor.getDefaultValue()))) {
                    builder.setField(descriptor, value);
                }
            }
        }
        return builder.buildPartial();
    }

    /**
     * @return the value of a singular scalar, string, bytes or enum field as protobuf-java's {@code getField} holds it.
     */
    public static Object value(final DynamicDecoder d, final FieldSchema f, final FieldDescriptor descriptor) {
        return switch (f.type()) {
            case INT32, UINT32, SINT32, FIXED32, SFIXED32 -> d.int32Value(f);
            case INT64, UINT64, SINT64, FIXED64, SFIXED64 -> d.int64Value(f);
            case FLOAT -> d.floatValue(f);
            case DOUBLE -> d.doubleValue(f);
            case BOOL -> d.boolValue(f);
            case ENUM -> enumValue(descriptor.getEnumType(), d.enumValue(f));
            case STRING -> d.string(f).toString();
            case BYTES -> bytes(d.bytes(f));
            case MESSAGE -> throw new IllegalArgumentException(f.toString());
        };
    }

    private static Object element(final DynamicCursor c, final FieldDescriptor descriptor, final Message.Builder b) {
        return switch (c.field().type()) {
            case INT32, UINT32, SINT32, FIXED32, SFIXED32 -> c.int32Value();
            case INT64, UINT64, SINT64, FIXED64, SFIXED64 -> c.int64Value();
            case FLOAT -> c.floatValue();
            case DOUBLE -> c.doubleValue();
            case BOOL -> c.boolValue();
            case ENUM -> enumValue(descriptor.getEnumType(), c.enumValue());
            case STRING -> c.string().toString();
            case BYTES -> bytes(c.bytes());
            case MESSAGE -> read(c.message(), b.newBuilderForField(descriptor));
        };
    }

    private static Object enumValue(final EnumDescriptor type, final int number) {
        return type.isClosed() ? type.findValueByNumber(number) : type.findValueByNumberCreatingIfUnknown(number);
    }

    static ByteString bytes(final BytesView view) {
        return ByteString.copyFrom(view.toByteArray());
    }

    /**
     * Writes every field {@code decoder} reads into {@code encoder} in field-number order (a map entry's key and value
     * always, as protobuf-java writes them), then its unknown fields as
     * they came, in wire order: the bytes protobuf-java writes for the message, when its unknown fields are in
     * number order.
     *
     * @param decoder a wrapped decoder.
     * @param encoder an encoder whose innermost open message is of the decoder's type.
     */
    public static void copy(final DynamicDecoder decoder, final DynamicEncoder encoder) {
        final MessageSchema schema = decoder.schema();
        for (int i = 0; i < schema.fieldCount(); i++) {
            final FieldSchema field = schema.field(i);
            if (field.isRepeated()) {
                for (final DynamicCursor c = decoder.elements(field); c.next(); ) {
                    copyElement(c, field, encoder);
                }
            } else if (decoder.has(field) || !field.hasPresence() || schema.isMapEntry()) {
                // protobuf-java writes a map entry's key and value whether set or not.
                copyValue(decoder, field, encoder);
            }
        }
        decoder.restartWalk();
        while (decoder.next()) {
            if (decoder.field() == null) {
                encoder.raw(decoder.encodedBuffer(), decoder.occurrenceOffset(), decoder.occurrenceLength());
            }
        }
    }

    private static void copyValue(final DynamicDecoder d, final FieldSchema f, final DynamicEncoder e) {
        switch (f.type()) {
            case INT32, UINT32, SINT32, FIXED32, SFIXED32 -> e.int32Value(f, d.int32Value(f));
            case INT64, UINT64, SINT64, FIXED64, SFIXED64 -> e.int64Value(f, d.int64Value(f));
            case FLOAT -> e.floatValue(f, d.floatValue(f));
            case DOUBLE -> e.doubleValue(f, d.doubleValue(f));
            case BOOL -> e.boolValue(f, d.boolValue(f));
            case ENUM -> e.enumValue(f, d.enumValue(f));
            case STRING -> {
                final Utf8View s = d.string(f);
                e.string(f, s.buffer(), s.offset(), s.byteLength());
            }
            case BYTES -> {
                final BytesView b = d.bytes(f);
                e.bytes(f, b.buffer(), b.offset(), b.length());
            }
            case MESSAGE -> {
                e.beginMessage(f);
                copy(d.message(f), e);
                e.end();
            }
        }
    }

    private static void copyElement(final DynamicCursor c, final FieldSchema f, final DynamicEncoder e) {
        switch (f.type()) {
            case INT32, UINT32, SINT32, FIXED32, SFIXED32 -> e.int32Value(f, c.int32Value());
            case INT64, UINT64, SINT64, FIXED64, SFIXED64 -> e.int64Value(f, c.int64Value());
            case FLOAT -> e.floatValue(f, c.floatValue());
            case DOUBLE -> e.doubleValue(f, c.doubleValue());
            case BOOL -> e.boolValue(f, c.boolValue());
            case ENUM -> e.enumValue(f, c.enumValue());
            case STRING -> e.string(f, c.string());
            case BYTES -> {
                final BytesView b = c.bytes();
                e.bytes(f, b.buffer(), b.offset(), b.length());
            }
            case MESSAGE -> {
                e.beginMessage(f);
                copy(c.message(), e);
                e.end();
            }
        }
    }

    /**
     * @return the number of values in {@code fields}, as {@link DynamicDecoder#unknownFieldCount()} counts them.
     */
    public static int count(final UnknownFieldSet fields) {
        int n = 0;
        for (final UnknownFieldSet.Field field : fields.asMap().values()) {
            n += field.getVarintList().size()
                    + field.getFixed32List().size()
                    + field.getFixed64List().size()
                    + field.getLengthDelimitedList().size()
                    + field.getGroupList().size();
        }
        return n;
    }
}
