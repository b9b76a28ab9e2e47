package org.flyproto.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.codec.DynamicEncoder;
import org.flyproto.codec.ProtoEncodeException;
import org.flyproto.codec.schema.FieldSchema;
import org.flyproto.codec.schema.MessageSchema;
import org.flyproto.conformance.DynamicMessages.Source;
import org.flyproto.conformance.alloc.Features;
import org.flyproto.conformance.proto3.AllTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link DynamicEncoder} writing protobuf-java messages field by field in number order, from their descriptors: the
 * very bytes of {@code toByteArray()} over every buffer kind, the same size when measured, for every test schema with
 * the run-time schema generated and loaded; misuse and a region too small fail without writing outside it.
 */
class DynamicEncoderTest {
    private static final int MESSAGES = 20;
    private static final int DEPTH = 3;
    private static final int OFFSET = 3;
    private static final byte GUARD = (byte) 0xEE;

    static Stream<Arguments> schemasAndSources() {
        return DynamicDecoderTest.schemasAndSources();
    }

    @ParameterizedTest(name = "{0} {2}")
    @MethodSource("schemasAndSources")
    void shouldWriteFieldsInNumberOrderAsProtobufJavaWritesThem(
            final String name, final Message root, final Source source) {
        final MessageSchema schema = source.schema(root.getDescriptorForType());
        final DynamicEncoder encoder = new DynamicEncoder();
        int index = 0;
        for (final long seed : SchemaRoundTripTest.seeds(MESSAGES)) {
            final Message message = SchemaRoundTripTest.randomMessage(seed, root, DEPTH);
            final byte[] expected = message.toByteArray();
            write(message, encoder.wrap(schema, new ExpandableArrayBuffer(16), 0));
            final byte[] grown = new byte[encoder.encodedLength()];
            encoder.encodedBuffer().getBytes(0, grown);
            assertThat(DynamicDecoderTest.hex(grown))
                    .as("seed %d: %s", seed, message)
                    .isEqualTo(DynamicDecoderTest.hex(expected));
            final BufferKind kind = BufferKind.values()[index++ % BufferKind.values().length];
            final MutableDirectBuffer buffer = kind.allocate(OFFSET + expected.length);
            write(message, encoder.wrap(schema, buffer, OFFSET));
            final byte[] actual = new byte[encoder.encodedLength()];
            encoder.encodedBuffer().getBytes(OFFSET, actual);
            assertThat(DynamicDecoderTest.hex(actual))
                    .as("%s seed %d", kind, seed)
                    .isEqualTo(DynamicDecoderTest.hex(expected));
            write(message, encoder.wrapForSize(schema));
            assertThat(encoder.encodedLength()).isEqualTo(expected.length);
        }
    }

    @ParameterizedTest(name = "{0} {2}")
    @MethodSource("schemasAndSources")
    void shouldWriteRepeatedFieldsFromArraysAsProtobufJavaWritesThem(
            final String name, final Message root, final Source source) {
        final MessageSchema schema = source.schema(root.getDescriptorForType());
        final DynamicEncoder encoder = new DynamicEncoder();
        int arrays = 0;
        for (final long seed : SchemaRoundTripTest.seeds(MESSAGES)) {
            final Message message = SchemaRoundTripTest.randomMessage(seed, root, DEPTH);
            final byte[] expected = message.toByteArray();
            write(message, encoder.wrap(schema, new ExpandableArrayBuffer(16), 0), true);
            final byte[] actual = new byte[encoder.encodedLength()];
            encoder.encodedBuffer().getBytes(0, actual);
            assertThat(DynamicDecoderTest.hex(actual))
                    .as("seed %d: %s", seed, message)
                    .isEqualTo(DynamicDecoderTest.hex(expected));
            write(message, encoder.wrapForSize(schema), true);
            assertThat(encoder.encodedLength()).isEqualTo(expected.length);
            arrays += expected.length;
        }
        assertThat(arrays).isPositive();
        final FieldSchema singular = schema.field(0).isRepeated() ? null : schema.field(0);
        if (singular != null && singular.type().isPackable()) {
            encoder.wrap(schema, new ExpandableArrayBuffer(16), 0);
            assertThatThrownBy(() -> encoder.int32Values(singular, new int[1], 0, 1))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void shouldRefuseArraysOfAnotherTypeOrOutsideTheArray() {
        final MessageSchema schema = DynamicMessages.Source.GENERATED.schema(
                org.flyproto.conformance.messages.proto3.TestMessagesProto3.TestAllTypesProto3.getDescriptor());
        final DynamicEncoder encoder = new DynamicEncoder().wrap(schema, new ExpandableArrayBuffer(16), 0);
        final FieldSchema packedInt32 = encoder.field("packed_int32");
        final FieldSchema packedDouble = encoder.field("packed_double");
        final FieldSchema optionalInt32 = encoder.field("optional_int32");
        assertThatThrownBy(() -> encoder.int64Values(packedInt32, new long[1], 0, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("packed_int32");
        assertThatThrownBy(() -> encoder.doubleValues(packedDouble, new double[2], 1, 2))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> encoder.int32Values(optionalInt32, new int[1], 0, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not repeated");
        assertThat(encoder.encodedLength()).as("nothing written").isZero();
        encoder.int32Values(packedInt32, new int[] {1, 300}, 0, 2).doubleValues(packedDouble, new double[0], 0, 0);
        final byte[] bytes = new byte[encoder.encodedLength()];
        encoder.encodedBuffer().getBytes(0, bytes);
        assertThat(DynamicDecoderTest.hex(bytes))
                .isEqualTo(DynamicDecoderTest.hex(
                        org.flyproto.conformance.messages.proto3.TestMessagesProto3.TestAllTypesProto3.newBuilder()
                                .addPackedInt32(1)
                                .addPackedInt32(300)
                                .build()
                                .toByteArray()));
    }

    @Test
    void shouldNotWriteImplicitPresenceFieldsAtTheirDefault() {
        final DynamicEncoder e = new DynamicEncoder()
                .wrap(Source.GENERATED.schema(AllTypes.getDescriptor()), new ExpandableArrayBuffer(), 0);
        e.int32Value(e.field("f_int32"), 0)
                .string(e.field("f_string"), "")
                .doubleValue(e.field("f_double"), 0.0)
                .boolValue(e.field("f_bool"), false);
        assertThat(e.encodedLength()).isZero();
        e.floatValue(e.field("f_float"), -0.0f).int32Value(e.field("o_int32"), 0);
        final byte[] bytes = new byte[e.encodedLength()];
        e.encodedBuffer().getBytes(0, bytes);
        assertThat(bytes)
                .isEqualTo(AllTypes.newBuilder()
                        .setFFloat(-0.0f)
                        .setOInt32(0)
                        .build()
                        .toByteArray());
    }

    @Test
    void shouldRefuseAValueOfAnotherTypeOrAFieldOfAnotherMessageNamingIt() {
        final MessageSchema schema = Source.GENERATED.schema(AllTypes.getDescriptor());
        final DynamicEncoder e = new DynamicEncoder().wrap(schema, new ExpandableArrayBuffer(), 0);
        assertThatThrownBy(() -> e.int32Value(e.field("f_string"), 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("f_string");
        assertThatThrownBy(() -> e.string(e.field("f_int64"), "x"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("f_int64");
        assertThatThrownBy(() -> e.beginMessage(e.field("f_bytes")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("f_bytes");
        final FieldSchema other = Source.LOADED.schema(AllTypes.getDescriptor()).fieldByNumber(1);
        assertThatThrownBy(() -> e.int32Value(other, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a field of");
        assertThatThrownBy(e::end).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> new DynamicEncoder().int32Value(other, 1)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void shouldFailInARegionTooSmallWithoutWritingOutsideIt() {
        final Message message = SchemaRoundTripTest.randomMessage(
                SchemaRoundTripTest.seeds(1)[0], Features.getDefaultInstance(), DEPTH);
        final byte[] expected = message.toByteArray();
        final MessageSchema schema = Source.LOADED.schema(Features.getDescriptor());
        final DynamicEncoder encoder = new DynamicEncoder();
        for (int length = 0; length < expected.length; length += Math.max(1, expected.length / 40)) {
            final UnsafeBuffer buffer = new UnsafeBuffer(new byte[OFFSET + expected.length + OFFSET]);
            buffer.setMemory(0, buffer.capacity(), GUARD);
            final int size = length;
            assertThatThrownBy(() -> write(message, encoder.wrap(schema, buffer, OFFSET, size)))
                    .as("region of %d bytes", size)
                    .isInstanceOf(ProtoEncodeException.class);
            for (int i = 0; i < buffer.capacity(); i++) {
                if (i < OFFSET || i >= OFFSET + size) {
                    assertThat(buffer.getByte(i))
                            .as("byte %d, region of %d", i, size)
                            .isEqualTo(GUARD);
                }
            }
        }
        final UnsafeBuffer exact = new UnsafeBuffer(new byte[expected.length]);
        write(message, encoder.wrap(schema, exact, 0, expected.length));
        assertThat(exact.byteArray()).isEqualTo(expected);
    }

    /** Writes {@code message} field by field in number order; a map entry's key and value always. */
    static void write(final Message message, final DynamicEncoder e) {
        write(message, e, false);
    }

    /**
     * Writes {@code message} field by field in number order; with {@code arrays}, each repeated scalar field's first
     * element by its single setter and the others from an array (so a packed run open when the array comes).
     */
    static void write(final Message message, final DynamicEncoder e, final boolean arrays) {
        final Descriptor type = message.getDescriptorForType();
        final MessageSchema schema = e.schema();
        for (int i = 0; i < schema.fieldCount(); i++) {
            final FieldSchema f = schema.field(i);
            final FieldDescriptor fd = DynamicMessages.field(type, f.number());
            if (fd.isMapField()) {
                // A map's entries as protobuf-java writes them: one per key, in the order keys came, the last value.
                final Map<Object, Object> entries = new LinkedHashMap<>();
                for (final Object entry : (List<?>) message.getField(fd)) {
                    entries.put(((Message) entry).getField(fd.getMessageType().findFieldByNumber(1)), entry);
                }
                entries.values().forEach(entry -> value(e, f, entry));
            } else if (fd.isRepeated()) {
                final List<?> elements = (List<?>) message.getField(fd);
                if (arrays
                        && !elements.isEmpty()
                        && fd.getJavaType() != FieldDescriptor.JavaType.MESSAGE
                        && f.type().isPackable()) {
                    value(e, f, elements.get(0));
                    fromArray(e, f, elements.subList(1, elements.size()));
                } else {
                    for (final Object element : elements) {
                        value(e, f, element);
                    }
                }
            } else if (message.hasField(fd) || type.getOptions().getMapEntry()) {
                value(e, f, message.getField(fd));
            } else if (!f.hasPresence() && fd.getJavaType() != FieldDescriptor.JavaType.MESSAGE) {
                // Implicit presence: the encoder elides the default itself.
                value(e, f, message.getField(fd));
            }
        }
    }

    /** The elements through the encoder's array setters, from index 1 of an array one longer at each end. */
    private static void fromArray(final DynamicEncoder e, final FieldSchema f, final List<?> elements) {
        final int n = elements.size();
        switch (f.type()) {
            case INT32, UINT32, SINT32, FIXED32, SFIXED32, ENUM -> {
                final int[] values = new int[n + 2];
                for (int i = 0; i < n; i++) {
                    values[i + 1] = elements.get(i) instanceof EnumValueDescriptor v
                            ? v.getNumber()
                            : (Integer) elements.get(i);
                }
                e.int32Values(f, values, 1, n);
            }
            case INT64, UINT64, SINT64, FIXED64, SFIXED64 -> {
                final long[] values = new long[n + 2];
                for (int i = 0; i < n; i++) {
                    values[i + 1] = (Long) elements.get(i);
                }
                e.int64Values(f, values, 1, n);
            }
            case FLOAT -> {
                final float[] values = new float[n + 2];
                for (int i = 0; i < n; i++) {
                    values[i + 1] = (Float) elements.get(i);
                }
                e.floatValues(f, values, 1, n);
            }
            case DOUBLE -> {
                final double[] values = new double[n + 2];
                for (int i = 0; i < n; i++) {
                    values[i + 1] = (Double) elements.get(i);
                }
                e.doubleValues(f, values, 1, n);
            }
            case BOOL -> {
                final boolean[] values = new boolean[n + 2];
                for (int i = 0; i < n; i++) {
                    values[i + 1] = (Boolean) elements.get(i);
                }
                e.boolValues(f, values, 1, n);
            }
            default -> throw new AssertionError(f);
        }
    }

    private static void value(final DynamicEncoder e, final FieldSchema f, final Object value) {
        switch (f.type()) {
            case INT32, UINT32, SINT32, FIXED32, SFIXED32 -> e.int32Value(f, (Integer) value);
            case INT64, UINT64, SINT64, FIXED64, SFIXED64 -> e.int64Value(f, (Long) value);
            case FLOAT -> e.floatValue(f, (Float) value);
            case DOUBLE -> e.doubleValue(f, (Double) value);
            case BOOL -> e.boolValue(f, (Boolean) value);
            case ENUM -> e.enumValue(f, ((EnumValueDescriptor) value).getNumber());
            case STRING -> e.string(f, (String) value);
            case BYTES -> {
                final byte[] bytes = ((ByteString) value).toByteArray();
                e.bytes(f, bytes, 0, bytes.length);
            }
            case MESSAGE -> {
                e.beginMessage(f);
                write((Message) value, e);
                e.end();
            }
        }
    }
}
