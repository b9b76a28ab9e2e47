package org.flyproto.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Message;
import java.nio.ByteBuffer;
import java.util.stream.Stream;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.codec.DynamicCursor;
import org.flyproto.codec.DynamicDecoder;
import org.flyproto.codec.DynamicEncoder;
import org.flyproto.codec.JsonParser;
import org.flyproto.codec.JsonPrinter;
import org.flyproto.codec.TextParser;
import org.flyproto.codec.schema.FieldSchema;
import org.flyproto.codec.schema.FieldType;
import org.flyproto.codec.schema.MessageSchema;
import org.flyproto.conformance.DynamicMessages.Source;
import org.flyproto.conformance.SchemaRoundTripTest.Schema;
import org.flyproto.conformance.alloc.Features;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The allocation gate of {@link DynamicDecoder} and {@link DynamicEncoder}: over representative messages (maps,
 * oneofs, groups, extensions, merged occurrences; proto2 groups, defaults and closed enums; proto3 packed fields),
 * validating and trusted wrap followed by reading every field by field (map keys looked up) and walking every
 * occurrence, a copy through the encoder, JSON and text format printed and parsed back, 0 bytes allocated per
 * iteration after warm-up.
 */
class DynamicAllocationTest {
    /** Iterations for the representative message (Features), and for the larger all-types ones. */
    private static final int ITERATIONS = 100_000;

    private static final int ALL_TYPES_ITERATIONS = 20_000;
    private static final int WARM_UP = 20_000;
    private static final long SEED = 0xA110CL;
    private static final int MIN_SIZE = 300;
    private static final int MAX_SIZE = 2000;

    private final MutableDirectBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(1 << 16));
    private final MutableDirectBuffer target = new UnsafeBuffer(ByteBuffer.allocateDirect(1 << 16));
    private final DynamicDecoder decoder = new DynamicDecoder();
    private final DynamicEncoder encoder = new DynamicEncoder();
    private long sink;

    static Stream<Arguments> messages() {
        return Stream.of(
                        Features.getDefaultInstance(),
                        Schema.PROTO2_ALL_TYPES.prototype(),
                        Schema.PROTO3_ALL_TYPES.prototype())
                .map(prototype -> Arguments.of(
                        prototype.getDescriptorForType().getName(),
                        representative(prototype),
                        prototype instanceof Features ? ITERATIONS : ALL_TYPES_ITERATIONS));
    }

    /** A random message of a size a message bus carries: from a few hundred bytes to a couple of kilobytes. */
    private static Message representative(final Message prototype) {
        for (long seed = SEED; ; seed++) {
            final Message message = SchemaRoundTripTest.randomMessage(seed, prototype, 2);
            if (message.getSerializedSize() >= MIN_SIZE && message.getSerializedSize() <= MAX_SIZE) {
                return message;
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("messages")
    void shouldDecodeReadEverythingAndEncodeWithoutAllocating(
            final String name, final Message message, final int iterations) {
        final byte[] bytes = message.toByteArray();
        assertThat(bytes.length).isBetween(MIN_SIZE, MAX_SIZE);
        buffer.putBytes(0, bytes);
        final MessageSchema schema = Source.LOADED.schema(message.getDescriptorForType());
        final int length = bytes.length;
        assertThat(readEverything(decoder.wrap(schema, buffer, 0, length))).isNotZero();

        assertThat(AllocationMeter.allocatedBy(
                        () -> sink += readEverything(decoder.wrap(schema, buffer, 0, length)), WARM_UP, iterations))
                .as("validating wrap and read of %s", name)
                .isZero();
        assertThat(AllocationMeter.allocatedBy(
                        () -> sink += readEverything(decoder.wrapTrusted(schema, buffer, 0, length)),
                        WARM_UP,
                        iterations))
                .as("trusted wrap and read of %s", name)
                .isZero();
        assertThat(AllocationMeter.allocatedBy(() -> sink += copy(schema, length), WARM_UP, iterations))
                .as("copy of %s through the encoder", name)
                .isZero();
        assertThat(copy(schema, length)).isEqualTo(length);
        final byte[] copied = new byte[length];
        target.getBytes(0, copied);
        assertThat(copied).isEqualTo(bytes);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("messages")
    void shouldPrintAndParseJsonAndTextWithoutAllocating(
            final String name, final Message message, final int iterations) {
        final byte[] bytes = message.toByteArray();
        buffer.putBytes(0, bytes);
        final MessageSchema schema = Source.LOADED.schema(message.getDescriptorForType());
        final int length = bytes.length;
        final JsonPrinter printer = JsonPrinter.printer().omittingInsignificantWhitespace();
        final JsonParser jsonParser = JsonParser.create();
        final TextParser textParser = TextParser.builder().build();
        final MutableDirectBuffer json = new UnsafeBuffer(ByteBuffer.allocateDirect(1 << 17));
        final MutableDirectBuffer text = new UnsafeBuffer(ByteBuffer.allocateDirect(1 << 17));
        final StringBuilder chars = new StringBuilder(1 << 17);
        decoder.wrap(schema, buffer, 0, length);
        final int jsonLength = printer.printTo(decoder, json, 0);
        decoder.appendTo(chars);
        final int textLength = text.putStringWithoutLengthUtf8(0, chars.toString());
        final int iterationsHere = iterations / 4;

        assertThat(AllocationMeter.allocatedBy(
                        () -> sink += printer.printTo(decoder.wrap(schema, buffer, 0, length), target, 0),
                        WARM_UP / 4,
                        iterationsHere))
                .as("JSON of %s into a buffer", name)
                .isZero();
        assertThat(AllocationMeter.allocatedBy(
                        () -> {
                            chars.setLength(0);
                            sink += decoder.wrap(schema, buffer, 0, length)
                                    .appendTo(chars)
                                    .length();
                        },
                        WARM_UP / 4,
                        iterationsHere))
                .as("text format of %s into a StringBuilder", name)
                .isZero();
        assertThat(AllocationMeter.allocatedBy(
                        () -> {
                            jsonParser.parse(json, 0, jsonLength, encoder.wrap(schema, target, 0));
                            sink += encoder.encodedLength();
                        },
                        WARM_UP / 4,
                        iterationsHere))
                .as("JSON of %s parsed", name)
                .isZero();
        assertThat(AllocationMeter.allocatedBy(
                        () -> {
                            textParser.merge(text, 0, textLength, encoder.wrap(schema, target, 0));
                            sink += encoder.encodedLength();
                        },
                        WARM_UP / 4,
                        iterationsHere))
                .as("text format of %s parsed", name)
                .isZero();
        final byte[] parsed = new byte[encoder.encodedLength()];
        target.getBytes(0, parsed);
        assertThat(parsed).as("parsed back").isEqualTo(bytes);
    }

    /** The gate can fail: the same reading, plus one small allocation, is seen. */
    @Test
    void shouldSeeAllocationWhereThereIsSome() {
        final byte[] bytes = representative(Features.getDefaultInstance()).toByteArray();
        buffer.putBytes(0, bytes);
        final MessageSchema schema = Source.LOADED.schema(Features.getDescriptor());
        assertThat(AllocationMeter.allocatedBy(
                        () -> sink += readEverything(decoder.wrap(schema, buffer, 0, bytes.length))
                                + new StringBuilder(8).length(),
                        100,
                        1_000))
                .isPositive();
    }

    private int copy(final MessageSchema schema, final int length) {
        DynamicMessages.copy(decoder.wrap(schema, buffer, 0, length), encoder.wrap(schema, target, 0));
        return encoder.encodedLength();
    }

    /** Reads every field by field, recursively, looks every map key up, and walks every occurrence. */
    private static long readEverything(final DynamicDecoder d) {
        long sum = d.unknownFieldCount();
        final MessageSchema schema = d.schema();
        for (int i = 0; i < schema.fieldCount(); i++) {
            final FieldSchema f = schema.field(i);
            if (f.isMap()) {
                final FieldSchema key = f.messageType().field(0);
                for (final DynamicCursor c = d.elements(f); c.next(); ) {
                    final DynamicDecoder entry = c.message();
                    sum += readEverything(entry);
                    final DynamicDecoder found = key.type() == FieldType.STRING
                            ? d.mapEntry(f, entry.string(key))
                            : d.mapEntry(f, longKey(entry, key));
                    sum += found.encodedLength();
                }
            } else if (f.isRepeated()) {
                for (final DynamicCursor c = d.elements(f); c.next(); ) {
                    sum += element(c);
                }
                sum += d.count(f);
            } else {
                sum += d.has(f) ? 1 : 0;
                sum += value(d, f);
            }
        }
        d.restartWalk();
        while (d.next()) {
            sum += d.number() + d.occurrenceLength();
            if (d.isPackedRun()) {
                for (final DynamicCursor c = d.elements(); c.next(); ) {
                    sum += element(c);
                }
            }
        }
        return sum;
    }

    private static long longKey(final DynamicDecoder entry, final FieldSchema key) {
        return switch (key.type()) {
            case BOOL -> entry.boolValue(key) ? 1 : 0;
            case INT64, UINT64, SINT64, FIXED64, SFIXED64 -> entry.int64Value(key);
            default -> entry.int32Value(key);
        };
    }

    private static long value(final DynamicDecoder d, final FieldSchema f) {
        return switch (f.type()) {
            case INT32, UINT32, SINT32, FIXED32, SFIXED32 -> d.int32Value(f);
            case INT64, UINT64, SINT64, FIXED64, SFIXED64 -> d.int64Value(f);
            case FLOAT -> Float.floatToRawIntBits(d.floatValue(f));
            case DOUBLE -> Double.doubleToRawLongBits(d.doubleValue(f));
            case BOOL -> d.boolValue(f) ? 1 : 0;
            case ENUM -> d.enumValue(f);
            case STRING -> d.string(f).length();
            case BYTES -> d.bytes(f).length();
            case MESSAGE -> d.has(f) ? readEverything(d.message(f)) : 0;
        };
    }

    private static long element(final DynamicCursor c) {
        return switch (c.field().type()) {
            case INT32, UINT32, SINT32, FIXED32, SFIXED32 -> c.int32Value();
            case INT64, UINT64, SINT64, FIXED64, SFIXED64 -> c.int64Value();
            case FLOAT -> Float.floatToRawIntBits(c.floatValue());
            case DOUBLE -> Double.doubleToRawLongBits(c.doubleValue());
            case BOOL -> c.boolValue() ? 1 : 0;
            case ENUM -> c.enumValue();
            case STRING -> c.string().length();
            case BYTES -> c.bytes().length();
            case MESSAGE -> readEverything(c.message());
        };
    }
}
