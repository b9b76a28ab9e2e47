package org.flyproto.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import com.google.protobuf.Duration;
import com.google.protobuf.ExtensionRegistry;
import com.google.protobuf.FieldMask;
import com.google.protobuf.Int64Value;
import com.google.protobuf.ListValue;
import com.google.protobuf.StringValue;
import com.google.protobuf.Struct;
import com.google.protobuf.Timestamp;
import com.google.protobuf.Value;
import com.google.protobuf.util.JsonFormat;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.codec.JsonPrinter;
import org.flyproto.conformance.alloc.Features;
import org.flyproto.conformance.alloc.FeaturesAlloc;
import org.flyproto.conformance.alloc.Item;
import org.flyproto.conformance.alloc.Level;
import org.flyproto.conformance.alloc.flyproto.FeaturesDecoder;
import org.flyproto.conformance.messages.proto3.TestMessagesProto3.ForeignEnum;
import org.flyproto.conformance.messages.proto3.TestMessagesProto3.TestAllTypesProto3;
import org.flyproto.conformance.messages.proto3.flyproto.TestAllTypesProto3Decoder;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The allocation gate of JSON printing: after warm-up, {@value #ITERATIONS} prints of a message with every kind of
 * field (strings needing escapes and of every UTF-8 length, bytes, 64-bit and unsigned numbers, floats of large and
 * small magnitude, enums, repeated fields, maps, nested messages, every well-known type, Any of registered types, a
 * proto2 group, extensions, merged occurrences) allocate 0 bytes on the calling thread, into a buffer with room and
 * into a StringBuilder with room, pretty and compact, after a validating and after a trusted wrap.
 */
class JsonAllocationTest {
    private static final int ITERATIONS = 100_000;
    private static final int WARM_UP = 20_000;

    private final MutableDirectBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(8192));
    private final MutableDirectBuffer features = new UnsafeBuffer(new byte[1024]);
    private final MutableDirectBuffer out = new UnsafeBuffer(ByteBuffer.allocateDirect(1 << 16));
    private final StringBuilder text = new StringBuilder(1 << 16);
    private final TestAllTypesProto3Decoder decoder = new TestAllTypesProto3Decoder();
    private final FeaturesDecoder featuresDecoder = new FeaturesDecoder();
    private final JsonPrinter pretty = JsonPrinter.printer().usingTypeRegistry(JsonFormatTest.TYPES);
    private final JsonPrinter compact = pretty.omittingInsignificantWhitespace()
            .alwaysPrintFieldsWithNoPresence()
            .preservingProtoFieldNames()
            .printingEnumsAsInts();
    private int length;
    private int featuresLength;
    private long sink;

    @BeforeEach
    void encodeOnceAndCheckAgainstJsonFormat() throws Exception {
        final TestAllTypesProto3 message = message();
        final byte[] bytes = message.toByteArray();
        buffer.putBytes(0, bytes);
        length = bytes.length;
        final Features feature = features();
        final byte[] featureBytes =
                feature.toByteString().concat(feature.toByteString()).toByteArray();
        features.putBytes(0, featureBytes);
        featuresLength = featureBytes.length;
        final ExtensionRegistry registry = ExtensionRegistry.newInstance();
        FeaturesAlloc.registerAllExtensions(registry);
        final Features parsedFeatures = Features.parseFrom(featureBytes, registry);
        // What is printed is what JsonFormat prints; the fixture holds what it claims to.
        final String expected = JsonFormat.printer()
                .usingTypeRegistry(JsonFormatTest.ORACLE_TYPES)
                .print(TestAllTypesProto3.parseFrom(bytes));
        assertThat(pretty.appendTo(decoder.wrap(buffer, 0, length), new StringBuilder()))
                .hasToString(expected);
        assertThat(expected)
                .contains("\"@type\"", "\\u003c", "Z\u00fcrich", "E-40", "\"optionalTimestamp\"", "\"repeatedValue\"");
        final int written = compact.printTo(decoder.wrap(buffer, 0, length), out, 0);
        final byte[] utf8 = new byte[written];
        out.getBytes(0, utf8);
        assertThat(new String(utf8, StandardCharsets.UTF_8))
                .isEqualTo(JsonFormat.printer()
                        .usingTypeRegistry(JsonFormatTest.ORACLE_TYPES)
                        .omittingInsignificantWhitespace()
                        .alwaysPrintFieldsWithNoPresence()
                        .preservingProtoFieldNames()
                        .printingEnumsAsInts()
                        .print(TestAllTypesProto3.parseFrom(bytes)));
        assertThat(pretty.printToString(featuresDecoder.wrap(features, 0, featuresLength)))
                .isEqualTo(JsonFormat.printer().print(parsedFeatures));
    }

    @Test
    void shouldPrintIntoABufferWithoutAllocating() {
        assertThat(allocatedBy(() -> sink += pretty.printTo(decoder.wrap(buffer, 0, length), out, 0)))
                .isZero();
        assertThat(allocatedBy(() -> sink += compact.printTo(decoder.wrapTrusted(buffer, 0, length), out, 0)))
                .isZero();
        assertThat(allocatedBy(
                        () -> sink += compact.printTo(featuresDecoder.wrap(features, 0, featuresLength), out, 0)))
                .isZero();
    }

    @Test
    void shouldPrintIntoAStringBuilderWithoutAllocating() {
        assertThat(allocatedBy(() -> {
                    text.setLength(0);
                    sink += compact.appendTo(decoder.wrap(buffer, 0, length), text)
                            .length();
                }))
                .isZero();
        assertThat(allocatedBy(() -> {
                    text.setLength(0);
                    sink += pretty.appendTo(decoder.wrapTrusted(buffer, 0, length), text)
                            .length();
                }))
                .isZero();
        assertThat(allocatedBy(() -> {
                    text.setLength(0);
                    sink += pretty.appendTo(featuresDecoder.wrapTrusted(features, 0, featuresLength), text)
                            .length();
                }))
                .isZero();
    }

    @Test
    void shouldSeeAllocationWhereThereIsSome() {
        // The gate is only worth something if the measurement sees a real allocation: printToString makes a String.
        assertThat(allocatedBy(() -> sink +=
                        pretty.printToString(decoder.wrap(buffer, 0, length)).length()))
                .isGreaterThanOrEqualTo((long) ITERATIONS * length);
    }

    private long allocatedBy(final Runnable work) {
        final long allocated = AllocationMeter.allocatedBy(work, WARM_UP, ITERATIONS);
        assertThat(sink).isNotEqualTo(42); // keep the results alive
        return allocated;
    }

    private static TestAllTypesProto3 message() {
        final TestAllTypesProto3 nested = TestAllTypesProto3.newBuilder()
                .setOptionalInt32(-7)
                .setOptionalString("nested \u2028")
                .build();
        return TestAllTypesProto3.newBuilder()
                .setOptionalInt32(Integer.MIN_VALUE)
                .setOptionalInt64(Long.MIN_VALUE)
                .setOptionalUint32(-1)
                .setOptionalUint64(-1L)
                .setOptionalSint64(123_456_789_012L)
                .setOptionalFixed64(Long.MIN_VALUE + 5)
                .setOptionalFloat(3.4e-40f)
                .setOptionalDouble(1.7e300)
                .setOptionalBool(true)
                .setOptionalString("Z\u00fcrich <&> \"quoted\" \\ \n\t\u0001 \u20ac \ud83d\ude80 \u6771\u4eac")
                .setOptionalBytes(ByteString.copyFrom(new byte[] {0, 1, 2, (byte) 0xFF, 0x7F, (byte) 0x80, 9}))
                .setOptionalNestedMessage(
                        TestAllTypesProto3.NestedMessage.newBuilder().setA(5).setCorecursive(nested))
                .setOptionalForeignEnum(ForeignEnum.FOREIGN_BAZ)
                .setOptionalNestedEnumValue(77)
                .addRepeatedInt32(1)
                .addRepeatedInt32(-300)
                .addRepeatedDouble(Double.NaN)
                .addRepeatedDouble(2.5)
                .addRepeatedFloat(Float.MAX_VALUE)
                .addRepeatedString("a")
                .addRepeatedString("\u00e9")
                .addPackedSint64(-1)
                .addPackedBool(true)
                .addRepeatedNestedMessage(
                        TestAllTypesProto3.NestedMessage.newBuilder().setA(1))
                .putMapStringString("k\"", "v<")
                .putMapInt32Int32(-1, 1)
                .putMapBoolBool(false, true)
                .putMapUint64Uint64(-1L, 2L)
                .putMapStringNestedMessage(
                        "m",
                        TestAllTypesProto3.NestedMessage.newBuilder().setA(3).build())
                .setOneofString("oneof")
                .setOptionalInt64Wrapper(Int64Value.of(-9))
                .setOptionalStringWrapper(StringValue.of("wrapped"))
                .setOptionalDuration(Duration.newBuilder().setSeconds(-3).setNanos(-500_000))
                .setOptionalTimestamp(
                        Timestamp.newBuilder().setSeconds(1_700_000_000L).setNanos(123_000_000))
                .setOptionalFieldMask(FieldMask.newBuilder().addPaths("foo_bar").addPaths("baz"))
                .setOptionalStruct(Struct.newBuilder()
                        .putFields("n", Value.newBuilder().setNumberValue(1.5).build())
                        .putFields(
                                "l",
                                Value.newBuilder()
                                        .setListValue(ListValue.newBuilder()
                                                .addValues(Value.newBuilder().setStringValue("s"))
                                                .addValues(Value.newBuilder().setNullValueValue(0)))
                                        .build()))
                .setOptionalAny(Any.pack(nested))
                .addRepeatedAny(Any.pack(Timestamp.newBuilder().setSeconds(5).build()))
                .addRepeatedAny(Any.pack(Any.pack(StringValue.of("deep"))))
                .addRepeatedValue(Value.newBuilder().setBoolValue(true))
                .addRepeatedValue(Value.getDefaultInstance())
                .build();
    }

    private static Features features() {
        return Features.newBuilder()
                .putItems("zeta", Item.newBuilder().setId(1).setLabel("one").build())
                .putItems("alpha", Item.newBuilder().addCodes(3).build())
                .putNames(7, "seven")
                .setMeta(Features.Meta.newBuilder().setLevel(Level.LOW).addTags("x"))
                .setMerged(Item.newBuilder().setId(2).setLabel("first"))
                .setExtension(FeaturesAlloc.extra, Item.newBuilder().setId(9).build())
                .addExtension(FeaturesAlloc.levels, Level.HIGH)
                .build();
    }
}
