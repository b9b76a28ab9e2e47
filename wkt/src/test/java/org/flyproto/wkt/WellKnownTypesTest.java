package org.flyproto.wkt;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Any;
import com.google.protobuf.Duration;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.ListValue;
import com.google.protobuf.Struct;
import com.google.protobuf.Timestamp;
import com.google.protobuf.Value;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.SplittableRandom;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/** The pre-generated well-known types against protobuf-java's own classes. */
class WellKnownTypesTest {
    private final MutableDirectBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(1 << 16));

    @Test
    void shouldReadAndCopyProtobufsOwnDescriptorThroughTheDescriptorFlyweights() throws Exception {
        final com.google.protobuf.DescriptorProtos.FileDescriptorProto expected =
                com.google.protobuf.DescriptorProtos.getDescriptor().toProto();
        final byte[] bytes = expected.toByteArray();
        final UnsafeBuffer in = new UnsafeBuffer(bytes);

        final FileDescriptorProtoDecoder decoder = new FileDescriptorProtoDecoder().wrap(in, 0, bytes.length);
        assertThat(decoder.name().toString()).isEqualTo("google/protobuf/descriptor.proto");
        assertThat(decoder.package_().toString()).isEqualTo("google.protobuf");
        int messages = 0;
        for (DescriptorProtoDecoder message = decoder.messageType(); message.next(); ) {
            assertThat(message.name().toString())
                    .isEqualTo(expected.getMessageType(messages).getName());
            messages++;
        }
        assertThat(messages).isEqualTo(expected.getMessageTypeCount());
        assertThat(decoder.options().javaPackage().toString()).isEqualTo("com.google.protobuf");

        final int length =
                new FileDescriptorProtoEncoder().wrap(buffer, 0).copy(decoder).encodedLength();
        final byte[] copied = new byte[length];
        buffer.getBytes(0, copied);
        assertThat(com.google.protobuf.DescriptorProtos.FileDescriptorProto.parseFrom(copied))
                .isEqualTo(expected);
    }

    @Test
    void shouldRoundTripTimestampAndDuration() throws InvalidProtocolBufferException {
        final Timestamp timestamp = Timestamp.newBuilder()
                .setSeconds(1_700_000_000L)
                .setNanos(123_456_789)
                .build();
        final TimestampEncoder encoder =
                new TimestampEncoder().wrap(buffer, 0).seconds(1_700_000_000L).nanos(123_456_789);
        assertThat(bytes(encoder.encodedLength())).isEqualTo(timestamp.toByteArray());
        final TimestampDecoder decoder = new TimestampDecoder().wrap(buffer, 0, encoder.encodedLength());
        assertThat(decoder.seconds()).isEqualTo(1_700_000_000L);
        assertThat(decoder.nanos()).isEqualTo(123_456_789);

        final Duration duration =
                Duration.newBuilder().setSeconds(-5).setNanos(-1).build();
        final byte[] wire = duration.toByteArray();
        buffer.putBytes(0, wire);
        final DurationDecoder durationDecoder = new DurationDecoder().wrap(buffer, 0, wire.length);
        assertThat(durationDecoder.seconds()).isEqualTo(-5);
        assertThat(durationDecoder.nanos()).isEqualTo(-1);
    }

    @Test
    void shouldPackAndUnpackAnyInPlace() throws InvalidProtocolBufferException {
        final AnyEncoder any = new AnyEncoder().wrap(buffer, 0);
        final TimestampEncoder packed = new TimestampEncoder();
        any.beginValue(packed).seconds(42).nanos(7);
        any.endValue();
        final Any parsed = Any.parseFrom(bytes(any.encodedLength()));
        assertThat(parsed.is(Timestamp.class)).isTrue();
        assertThat(parsed.unpack(Timestamp.class))
                .isEqualTo(Timestamp.newBuilder().setSeconds(42).setNanos(7).build());

        final byte[] wire =
                Any.pack(Duration.newBuilder().setSeconds(9).build()).toByteArray();
        buffer.putBytes(0, wire);
        final AnyDecoder decoder = new AnyDecoder().wrap(buffer, 0, wire.length);
        assertThat(decoder.is("google.protobuf.Duration")).isTrue();
        assertThat(decoder.is("google.protobuf.Timestamp")).isFalse();
        assertThat(decoder.is("protobuf.Duration")).isFalse();
        assertThat(decoder.unpack(new TimestampDecoder())).isNull();
        assertThat(decoder.unpack(new DurationDecoder()).seconds()).isEqualTo(9);
    }

    @Test
    void shouldReadAndWriteRecursiveStructsAsProtobufJava() throws InvalidProtocolBufferException {
        for (long seed = 0; seed < 200; seed++) {
            final Struct struct = randomStruct(new SplittableRandom(seed), 3);
            final byte[] wire = struct.toByteArray();
            buffer.putBytes(0, wire);
            assertThat(read(new StructDecoder().wrap(buffer, 0, wire.length)))
                    .as("seed %d", seed)
                    .isEqualTo(struct);

            final StructEncoder encoder = new StructEncoder().wrap(buffer, 0);
            write(struct, encoder);
            assertThat(bytes(encoder.encodedLength())).as("seed %d", seed).isEqualTo(wire);
        }
    }

    private static Struct read(final StructDecoder decoder) {
        final Struct.Builder struct = Struct.newBuilder();
        for (final StructFieldsEntryDecoder entry = decoder.fields(); entry.next(); ) {
            struct.putFields(entry.key().toString(), read(entry.value()));
        }
        return struct.build();
    }

    private static Value read(final ValueDecoder decoder) {
        return switch (decoder.kindCase()) {
            case NULL_VALUE ->
                Value.newBuilder().setNullValueValue(decoder.nullValueRaw()).build();
            case NUMBER_VALUE ->
                Value.newBuilder().setNumberValue(decoder.numberValue()).build();
            case STRING_VALUE ->
                Value.newBuilder()
                        .setStringValue(decoder.stringValue().toString())
                        .build();
            case BOOL_VALUE ->
                Value.newBuilder().setBoolValue(decoder.boolValue()).build();
            case STRUCT_VALUE ->
                Value.newBuilder().setStructValue(read(decoder.structValue())).build();
            case LIST_VALUE -> {
                final ListValue.Builder list = ListValue.newBuilder();
                for (final ValueDecoder element = decoder.listValue().values(); element.next(); ) {
                    list.addValues(read(element));
                }
                yield Value.newBuilder().setListValue(list).build();
            }
            case KIND_NOT_SET -> Value.getDefaultInstance();
        };
    }

    private static void write(final Struct struct, final StructEncoder encoder) {
        for (final Map.Entry<String, Value> field : struct.getFieldsMap().entrySet()) {
            final StructFieldsEntryEncoder entry = encoder.addFields().key(field.getKey());
            write(field.getValue(), entry.beginValue());
            entry.endValue();
            encoder.endFields();
        }
    }

    private static void write(final Value value, final ValueEncoder encoder) {
        switch (value.getKindCase()) {
            case NULL_VALUE -> encoder.nullValueRaw(value.getNullValueValue());
            case NUMBER_VALUE -> encoder.numberValue(value.getNumberValue());
            case STRING_VALUE -> encoder.stringValue(value.getStringValue());
            case BOOL_VALUE -> encoder.boolValue(value.getBoolValue());
            case STRUCT_VALUE -> {
                write(value.getStructValue(), encoder.beginStructValue());
                encoder.endStructValue();
            }
            case LIST_VALUE -> {
                final ListValueEncoder list = encoder.beginListValue();
                for (final Value element : value.getListValue().getValuesList()) {
                    write(element, list.addValues());
                    list.endValues();
                }
                encoder.endListValue();
            }
            case KIND_NOT_SET -> {}
        }
    }

    private static Struct randomStruct(final SplittableRandom random, final int depth) {
        final Struct.Builder struct = Struct.newBuilder();
        for (int i = random.nextInt(5); i > 0; i--) {
            struct.putFields("k" + random.nextInt(100) + "\u00E9", randomValue(random, depth));
        }
        return struct.build();
    }

    private static Value randomValue(final SplittableRandom random, final int depth) {
        final int kind = random.nextInt(depth > 0 ? 6 : 4);
        return switch (kind) {
            case 0 -> Value.newBuilder().setNullValueValue(0).build();
            case 1 ->
                Value.newBuilder().setNumberValue(random.nextDouble(-1e9, 1e9)).build();
            case 2 -> Value.newBuilder().setStringValue("s" + random.nextInt()).build();
            case 3 -> Value.newBuilder().setBoolValue(random.nextBoolean()).build();
            case 4 ->
                Value.newBuilder()
                        .setStructValue(randomStruct(random, depth - 1))
                        .build();
            default -> {
                final ListValue.Builder list = ListValue.newBuilder();
                for (int i = random.nextInt(4); i > 0; i--) {
                    list.addValues(randomValue(random, depth - 1));
                }
                yield Value.newBuilder().setListValue(list).build();
            }
        };
    }

    private byte[] bytes(final int length) {
        final byte[] out = new byte[length];
        buffer.getBytes(0, out);
        return out;
    }
}
