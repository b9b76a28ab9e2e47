package org.flyproto.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import com.google.protobuf.Duration;
import com.google.protobuf.Empty;
import com.google.protobuf.ExtensionRegistry;
import com.google.protobuf.FieldMask;
import com.google.protobuf.Int32Value;
import com.google.protobuf.ListValue;
import com.google.protobuf.Message;
import com.google.protobuf.NullValue;
import com.google.protobuf.StringValue;
import com.google.protobuf.Struct;
import com.google.protobuf.Timestamp;
import com.google.protobuf.UInt64Value;
import com.google.protobuf.Value;
import com.google.protobuf.util.JsonFormat;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.codec.JsonPrintException;
import org.flyproto.codec.JsonPrinter;
import org.flyproto.codec.JsonTypeRegistry;
import org.flyproto.codec.MessageDecoder;
import org.flyproto.codec.ProtoDecodeException;
import org.flyproto.conformance.alloc.Features;
import org.flyproto.conformance.alloc.FeaturesAlloc;
import org.flyproto.conformance.alloc.Item;
import org.flyproto.conformance.alloc.flyproto.FeaturesDecoder;
import org.flyproto.conformance.alloc.flyproto.FeaturesItemsEntryDecoder;
import org.flyproto.conformance.ext.Base;
import org.flyproto.conformance.ext.ExtGroup;
import org.flyproto.conformance.ext.ExtensionsProto2;
import org.flyproto.conformance.ext.Scope;
import org.flyproto.conformance.ext.flyproto.BaseDecoder;
import org.flyproto.conformance.messages.proto3.TestMessagesProto3.TestAllTypesProto3;
import org.flyproto.conformance.messages.proto3.flyproto.TestAllTypesProto3Decoder;
import org.flyproto.wkt.AnyDecoder;
import org.flyproto.wkt.DurationDecoder;
import org.flyproto.wkt.EmptyDecoder;
import org.flyproto.wkt.FieldMaskDecoder;
import org.flyproto.wkt.StructDecoder;
import org.flyproto.wkt.TimestampDecoder;
import org.flyproto.wkt.UInt64ValueDecoder;
import org.flyproto.wkt.ValueDecoder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * JSON printing at its edges, each output checked against {@code JsonFormat} and, where it matters, written out:
 * the well-known types at their range limits and beyond (where both refuse), Any registered, unregistered, empty,
 * holding a well-known type and holding an Any; Struct and Value nesting; escapes; maps with repeated keys;
 * extensions and groups; the buffer targets (fixed, too small, expandable, bounded); the decoder left undisturbed.
 */
class JsonPrintingTest {
    /** As JsonFormat prints: FieldMask paths that do not round-trip printed too, as the oracle prints them. */
    private static final JsonPrinter PRETTY =
            JsonPrinter.printer().lenientFieldMasks().usingTypeRegistry(JsonFormatTest.TYPES);

    private static final JsonPrinter COMPACT = PRETTY.omittingInsignificantWhitespace();
    private static final JsonFormat.Printer ORACLE =
            JsonFormat.printer().usingTypeRegistry(JsonFormatTest.ORACLE_TYPES);

    @Test
    void shouldPrintTimestampsAtTheirLimitsAndWithEachFractionWidth() throws IOException {
        assertThat(print(new TimestampDecoder(), timestamp(-62_135_596_800L, 0)))
                .isEqualTo("\"0001-01-01T00:00:00Z\"");
        assertThat(print(new TimestampDecoder(), timestamp(253_402_300_799L, 999_999_999)))
                .isEqualTo("\"9999-12-31T23:59:59.999999999Z\"");
        assertThat(print(new TimestampDecoder(), timestamp(63_108_020L, 21_000_000)))
                .isEqualTo("\"1972-01-01T10:00:20.021Z\"");
        assertThat(print(new TimestampDecoder(), timestamp(951_782_400L, 1_000)))
                .isEqualTo("\"2000-02-29T00:00:00.000001Z\"");
        assertThat(print(new TimestampDecoder(), timestamp(-1L, 123_456_789)))
                .isEqualTo("\"1969-12-31T23:59:59.123456789Z\"");
        assertThat(print(new TimestampDecoder(), timestamp(0L, 0))).isEqualTo("\"1970-01-01T00:00:00Z\"");
    }

    @Test
    void shouldRefuseTimestampsOutOfRangeAsJsonFormatDoes() {
        for (final Timestamp bad : new Timestamp[] {
            timestamp(-62_135_596_801L, 0),
            timestamp(253_402_300_800L, 0),
            timestamp(0, -1),
            timestamp(0, 1_000_000_000)
        }) {
            assertThatThrownBy(() -> ORACLE.print(bad)).isInstanceOf(IllegalArgumentException.class);
            assertRefused(new TimestampDecoder(), bad, "Timestamp is not valid");
        }
    }

    @Test
    void shouldPrintDurationsNegativeAndAtTheirLimits() throws IOException {
        assertThat(print(new DurationDecoder(), duration(1, 340_012))).isEqualTo("\"1.000340012s\"");
        assertThat(print(new DurationDecoder(), duration(-1, -340_012_000))).isEqualTo("\"-1.340012s\"");
        assertThat(print(new DurationDecoder(), duration(0, -5_000_000))).isEqualTo("\"-0.005s\"");
        assertThat(print(new DurationDecoder(), duration(0, 0))).isEqualTo("\"0s\"");
        assertThat(print(new DurationDecoder(), duration(315_576_000_000L, 999_999_999)))
                .isEqualTo("\"315576000000.999999999s\"");
        assertThat(print(new DurationDecoder(), duration(-315_576_000_000L, -1)))
                .isEqualTo("\"-315576000000.000000001s\"");
    }

    @Test
    void shouldRefuseDurationsOutOfRangeOrOfMixedSignsAsJsonFormatDoes() {
        for (final Duration bad : new Duration[] {
            duration(315_576_000_001L, 0),
            duration(-315_576_000_001L, 0),
            duration(1, -1),
            duration(-1, 1),
            duration(0, 1_000_000_000)
        }) {
            assertThatThrownBy(() -> ORACLE.print(bad)).isInstanceOf(IllegalArgumentException.class);
            assertRefused(new DurationDecoder(), bad, "Duration is not valid");
        }
    }

    @Test
    void shouldPrintAnyOfRegisteredTypesAndRefuseOthers() throws IOException {
        final TestAllTypesProto3 packed = TestAllTypesProto3.newBuilder()
                .setOptionalInt32(5)
                .setOptionalString("in <any>")
                .setOptionalAny(Any.pack(Timestamp.newBuilder().setSeconds(1).build()))
                .build();
        assertThat(print(new AnyDecoder(), Any.pack(packed)))
                .isEqualTo("{\n"
                        + "  \"@type\": \"type.googleapis.com/protobuf_test_messages.proto3.TestAllTypesProto3\",\n"
                        + "  \"optionalInt32\": 5,\n"
                        + "  \"optionalString\": \"in \\u003cany\\u003e\",\n"
                        + "  \"optionalAny\": {\n"
                        + "    \"@type\": \"type.googleapis.com/google.protobuf.Timestamp\",\n"
                        + "    \"value\": \"1970-01-01T00:00:01Z\"\n"
                        + "  }\n"
                        + "}");
        assertThat(print(new AnyDecoder(), Any.getDefaultInstance())).isEqualTo("{}");
        assertThat(print(new AnyDecoder(), Any.pack(Empty.getDefaultInstance())))
                .isEqualTo("{\n  \"@type\": \"type.googleapis.com/google.protobuf.Empty\"\n}");
        assertThat(print(new AnyDecoder(), Any.pack(Any.pack(Int32Value.of(-3)))))
                .isEqualTo("{\n"
                        + "  \"@type\": \"type.googleapis.com/google.protobuf.Any\",\n"
                        + "  \"value\": {\n"
                        + "    \"@type\": \"type.googleapis.com/google.protobuf.Int32Value\",\n"
                        + "    \"value\": -3\n"
                        + "  }\n"
                        + "}");
        // A type URL with other prefixes, and trailing slashes (JsonFormat splits at '/' and drops empty ends).
        print(new AnyDecoder(), Any.pack(Int32Value.of(1), "example.com/x/"));
        print(
                new AnyDecoder(),
                Any.newBuilder().setTypeUrl("a/google.protobuf.Empty//").build());
        // Printed with the registry of the test: no well-known type is registered implicitly.
        final JsonPrinter bare = JsonPrinter.printer();
        final AnyDecoder any = new AnyDecoder();
        final byte[] timestamp = Any.pack(Timestamp.getDefaultInstance()).toByteArray();
        any.wrap(new UnsafeBuffer(timestamp), 0, timestamp.length);
        assertThatThrownBy(() -> bare.printToString(any))
                .isInstanceOf(JsonPrintException.class)
                .hasMessage("Cannot find type for url: type.googleapis.com/google.protobuf.Timestamp");
        assertThatThrownBy(() -> JsonFormat.printer().print(Any.pack(Timestamp.getDefaultInstance())))
                .hasMessage("Cannot find type for url: type.googleapis.com/google.protobuf.Timestamp");
        assertRefused(
                new AnyDecoder(),
                Any.newBuilder().setTypeUrl("type.googleapis.com/no.Such").build(),
                "Cannot find type for url: type.googleapis.com/no.Such");
        assertRefused(
                new AnyDecoder(),
                Any.newBuilder().setTypeUrl("google.protobuf.Empty").build(),
                "Invalid type url found: google.protobuf.Empty");
        assertRefused(
                new AnyDecoder(),
                Any.newBuilder().setValue(ByteString.copyFromUtf8("x")).build(),
                "Invalid type url found: ");
    }

    /** The packed message is nested in its Any: Any inside Any nests no deeper than messages may (100 levels). */
    @Test
    void shouldRefuseAnyNestedPastTheDepthLimit() throws IOException {
        Any deep = Any.pack(Int32Value.of(1));
        for (int i = 1; i < 50; i++) {
            deep = Any.pack(deep);
        }
        assertThat(print(new AnyDecoder(), deep)).contains("\"value\": 1\n");
        for (int i = 50; i < 101; i++) {
            deep = Any.pack(deep);
        }
        final MessageDecoder tooDeep = wrap(new AnyDecoder(), deep);
        assertThatThrownBy(() -> COMPACT.printToString(tooDeep))
                .isInstanceOf(ProtoDecodeException.class)
                .hasMessageContaining("nesting deeper than 100");
    }

    @Test
    void shouldRefuseAnyWhosePackedBytesAreNotAMessage() {
        final Any garbage = Any.newBuilder()
                .setTypeUrl("type.googleapis.com/protobuf_test_messages.proto3.TestAllTypesProto3")
                .setValue(ByteString.copyFrom(new byte[] {0x0A, 0x7F, 0x01}))
                .build();
        assertThatThrownBy(() -> ORACLE.print(garbage)).isInstanceOf(IOException.class);
        final MessageDecoder wrapped = wrap(new AnyDecoder(), garbage);
        assertThatThrownBy(() -> COMPACT.printToString(wrapped)).isInstanceOf(ProtoDecodeException.class);
    }

    /** A validated string that is not UTF-8: an error after a validating wrap, replacement characters after a trusted one. */
    @Test
    void shouldPrintInvalidUtf8AsReadingItDoes() {
        final byte[] bytes = {0x72, 0x03, 'a', (byte) 0xFF, 'b'}; // optional_string = 14: tag 0x72
        final TestAllTypesProto3Decoder decoder = new TestAllTypesProto3Decoder();
        decoder.wrap(new UnsafeBuffer(bytes), 0, bytes.length);
        assertThatThrownBy(() -> COMPACT.printToString(decoder)).isInstanceOf(ProtoDecodeException.class);
        decoder.wrapTrusted(new UnsafeBuffer(bytes), 0, bytes.length);
        assertThat(COMPACT.printToString(decoder)).isEqualTo("{\"optionalString\":\"a\uFFFDb\"}");
    }

    /**
     * The printer checks validated strings as it escapes them (its decoder leaves the check to it): an invalid byte
     * in a string at any depth and in any kind of field throws as reading it does, at its offset; text format, which
     * reads through the same second decoder after a JSON print, still throws; a trusted wrap prints U+FFFD.
     */
    @Test
    void shouldRefuseInvalidUtf8WhereverTheStringIs() {
        final TestAllTypesProto3 one =
                TestAllTypesProto3.newBuilder().setOptionalInt32(1).build();
        final TestAllTypesProto3[] cases = {
            one.toBuilder().setOptionalString("ab#cd").build(),
            one.toBuilder()
                    .setRecursiveMessage(one.toBuilder()
                            .setRecursiveMessage(one.toBuilder().setOptionalString("long enough to go by words #")))
                    .build(),
            one.toBuilder().addRepeatedString("x").addRepeatedString("#").build(),
            one.toBuilder()
                    .putMapStringString("k#", "v")
                    .putMapStringString("a", "b")
                    .build(),
            one.toBuilder().putMapStringString("k", "v#").build(),
            one.toBuilder().setOneofString("#").build(),
            one.toBuilder().setOptionalStringWrapper(StringValue.of("#")).build(),
            one.toBuilder()
                    .setOptionalFieldMask(FieldMask.newBuilder().addPaths("a").addPaths("b#"))
                    .build(),
            one.toBuilder()
                    .setOptionalStruct(Struct.newBuilder()
                            .putFields(
                                    "s", Value.newBuilder().setStringValue("#").build()))
                    .build(),
            one.toBuilder()
                    .setOptionalStruct(Struct.newBuilder()
                            .putFields(
                                    "#", Value.newBuilder().setBoolValue(true).build()))
                    .build(),
            one.toBuilder()
                    .setOptionalAny(Any.newBuilder().setTypeUrl("type.googleapis.com/a#b"))
                    .build()
        };
        for (final TestAllTypesProto3 message : cases) {
            final byte[] bytes = message.toByteArray();
            int bad = -1;
            for (int i = 0; i < bytes.length; i++) {
                if (bytes[i] == '#') {
                    bad = i;
                    bytes[i] = (byte) 0xFF;
                }
            }
            final int offset = bad;
            final TestAllTypesProto3Decoder decoder = new TestAllTypesProto3Decoder();
            decoder.wrap(new UnsafeBuffer(bytes), 0, bytes.length);
            for (int round = 0; round < 2; round++) {
                assertThatThrownBy(() -> COMPACT.printToString(decoder))
                        .as("%s", message)
                        .isInstanceOf(ProtoDecodeException.class)
                        .extracting(e -> ((ProtoDecodeException) e).offset())
                        .isEqualTo(offset);
                assertThatThrownBy(() -> decoder.appendTo(new StringBuilder()))
                        .as("%s", message)
                        .isInstanceOf(ProtoDecodeException.class)
                        .extracting(e -> ((ProtoDecodeException) e).offset())
                        .isEqualTo(offset);
            }
            if (!message.hasOptionalAny()) {
                decoder.wrapTrusted(new UnsafeBuffer(bytes), 0, bytes.length);
                assertThat(COMPACT.printToString(decoder)).as("%s", message).contains("\uFFFD");
            }
        }
    }

    @Test
    void shouldPrintStructsValuesAndListsNested() throws IOException {
        final Struct struct = Struct.newBuilder()
                .putFields(
                        "null",
                        Value.newBuilder().setNullValue(NullValue.NULL_VALUE).build())
                .putFields("number", Value.newBuilder().setNumberValue(-0.5).build())
                .putFields(
                        "string", Value.newBuilder().setStringValue("\u2028'").build())
                .putFields("bool", Value.newBuilder().setBoolValue(false).build())
                .putFields("unset", Value.getDefaultInstance())
                .putFields(
                        "struct",
                        Value.newBuilder()
                                .setStructValue(Struct.newBuilder()
                                        .putFields(
                                                "empty",
                                                Value.newBuilder()
                                                        .setStructValue(Struct.getDefaultInstance())
                                                        .build()))
                                .build())
                .putFields(
                        "list",
                        Value.newBuilder()
                                .setListValue(ListValue.newBuilder()
                                        .addValues(Value.newBuilder().setNumberValue(1e21))
                                        .addValues(Value.newBuilder().setListValue(ListValue.getDefaultInstance()))
                                        .addValues(Value.newBuilder().setStructValue(Struct.getDefaultInstance())))
                                .build())
                .build();
        assertThat(print(new StructDecoder(), struct))
                .isEqualTo("{\n"
                        + "  \"null\": null,\n"
                        + "  \"number\": -0.5,\n"
                        + "  \"string\": \"\\u2028\\u0027\",\n"
                        + "  \"bool\": false,\n"
                        + "  \"unset\": null,\n"
                        + "  \"struct\": {\n"
                        + "    \"empty\": {\n"
                        + "    }\n"
                        + "  },\n"
                        + "  \"list\": [1.0E21, [], {\n"
                        + "  }]\n"
                        + "}");
        assertThat(print(new StructDecoder(), Struct.getDefaultInstance())).isEqualTo("{\n}");
        assertThat(print(new ValueDecoder(), Value.getDefaultInstance())).isEqualTo("null");
        assertThat(print(new EmptyDecoder(), Empty.getDefaultInstance())).isEqualTo("{\n}");
        assertThat(COMPACT.printToString(wrap(new EmptyDecoder(), Empty.getDefaultInstance())))
                .isEqualTo("{}");
    }

    @Test
    void shouldRefuseValuesOfNanAndInfinityAsJsonFormatDoes() {
        for (final double bad : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
            final Value value = Value.newBuilder().setNumberValue(bad).build();
            assertThatThrownBy(() -> ORACLE.print(value)).isInstanceOf(IllegalArgumentException.class);
            assertRefused(new ValueDecoder(), value, "cannot encode double values for infinity or nan");
        }
    }

    @Test
    void shouldPrintNanAndInfinitiesOfFloatFieldsQuoted() throws IOException {
        final TestAllTypesProto3 message = TestAllTypesProto3.newBuilder()
                .setOptionalFloat(Float.NaN)
                .setOptionalDouble(Double.NEGATIVE_INFINITY)
                .addRepeatedFloat(Float.POSITIVE_INFINITY)
                .addRepeatedDouble(Double.MIN_VALUE)
                .addRepeatedDouble(-0.0)
                .addRepeatedFloat(Float.MIN_VALUE)
                .build();
        assertThat(COMPACT.printToString(wrap(new TestAllTypesProto3Decoder(), message)))
                .isEqualTo("{\"optionalFloat\":\"NaN\",\"optionalDouble\":\"-Infinity\","
                        + "\"repeatedFloat\":[\"Infinity\",1.4E-45],\"repeatedDouble\":[4.9E-324,-0.0]}");
        print(new TestAllTypesProto3Decoder(), message);
    }

    /** Floats and doubles of random bit patterns (every magnitude, subnormals, NaN payloads) print as JsonFormat's. */
    @Test
    void shouldPrintFloatsAndDoublesOfRandomBitPatternsAsJsonFormatDoes() throws IOException {
        final java.util.SplittableRandom random = new java.util.SplittableRandom(0x150F);
        for (int round = 0; round < 20; round++) {
            final TestAllTypesProto3.Builder builder = TestAllTypesProto3.newBuilder();
            for (int i = 0; i < 500; i++) {
                builder.addRepeatedFloat(Float.intBitsToFloat(random.nextInt()));
                builder.addRepeatedDouble(Double.longBitsToDouble(random.nextLong()));
            }
            print(new TestAllTypesProto3Decoder(), builder.build());
        }
    }

    @Test
    void shouldPrintFieldMasksInLowerCamel() throws IOException {
        final FieldMask mask = FieldMask.newBuilder()
                .addPaths("foo_bar.baz_qux")
                .addPaths("")
                .addPaths("a__b_")
                .addPaths("_x")
                .addPaths("Mixed_CASE9_z")
                .addPaths("\u0130_\u00e9t\u00c9")
                .addPaths("q\"<")
                .build();
        assertThat(print(new FieldMaskDecoder(), mask))
                .isEqualTo("\"fooBar.bazQux,aB,X,mixedCase9Z,i\u00c9t\u00e9,q\\\"\\u003c\"");
        assertThat(print(new FieldMaskDecoder(), FieldMask.getDefaultInstance()))
                .isEqualTo("\"\"");
    }

    @Test
    void shouldRefuseFieldMaskPathsThatDoNotRoundTripByDefault() {
        final JsonPrinter strict = JsonPrinter.printer();
        final FieldMaskDecoder decoder = new FieldMaskDecoder();
        // The suite's FieldMaskPathsDontRoundTrip, FieldMaskNumbersDontRoundTrip, FieldMaskTooManyUnderscore; then an
        // upper-case letter, a trailing or leading-digit underscore, a character no field name has, an empty path.
        for (final String path :
                new String[] {"fooBar", "foo_3_bar", "foo__bar", "Foo", "foo_", "a._1", "foo-bar", "caf\u00e9", ""}) {
            final MessageDecoder wrapped = wrap(
                    decoder,
                    FieldMask.newBuilder().addPaths("ok").addPaths(path).build());
            assertThatThrownBy(() -> strict.printToString(wrapped))
                    .as(path)
                    .isInstanceOf(JsonPrintException.class)
                    .hasMessageContaining("does not survive the round trip");
        }
        final MessageDecoder good = wrap(
                decoder,
                FieldMask.newBuilder()
                        .addPaths("foo_bar.baz_qux")
                        .addPaths("_x")
                        .addPaths("a1_b2")
                        .build());
        assertThat(strict.printToString(good)).isEqualTo("\"fooBar.bazQux,X,a1B2\"");
    }

    @Test
    void shouldEscapeStringsAsJsonFormatDoes() throws IOException {
        final StringBuilder every = new StringBuilder();
        for (char c = 0; c < 0x80; c++) {
            every.append(c);
        }
        every.append("\u00e9\u2027\u2028\u2029\u202a\ud83d\ude00\uffff");
        final String json = print(new org.flyproto.wkt.StringValueDecoder(), StringValue.of(every.toString()));
        assertThat(json)
                .startsWith("\"\\u0000\\u0001")
                .contains("\\b\\t\\n\\u000b\\f\\r\\u000e", " !\\\"#$%\\u0026\\u0027()", "\\u003c\\u003d\\u003e?")
                .contains("[\\\\]", "\u007f\u00e9\u2027\\u2028\\u2029\u202a\ud83d\ude00\uffff\"");
    }

    @Test
    void shouldPrintUnsignedAndSixtyFourBitValuesAsJsonFormatDoes() throws IOException {
        assertThat(print(new UInt64ValueDecoder(), UInt64Value.of(-1L))).isEqualTo("\"18446744073709551615\"");
        final TestAllTypesProto3 message = TestAllTypesProto3.newBuilder()
                .setOptionalInt64(Long.MIN_VALUE)
                .setOptionalUint32(-1)
                .setOptionalFixed64(Long.MIN_VALUE)
                .putMapUint32Uint32(-1, -2)
                .putMapInt64Int64(Long.MIN_VALUE, Long.MAX_VALUE)
                .putMapBoolBool(true, false)
                .putMapFixed64Fixed64(-5L, 1L)
                .setOptionalBytes(ByteString.copyFrom(new byte[] {(byte) 0xFB, (byte) 0xFF, 0x7E, 1}))
                .addRepeatedBytes(ByteString.copyFrom(new byte[] {1, 2}))
                .addRepeatedBytes(ByteString.EMPTY)
                .setOptionalNestedEnumValue(12345)
                .build();
        assertThat(COMPACT.printToString(wrap(new TestAllTypesProto3Decoder(), message)))
                .isEqualTo("{\"optionalInt64\":\"-9223372036854775808\",\"optionalUint32\":4294967295,"
                        + "\"optionalFixed64\":\"9223372036854775808\",\"optionalBytes\":\"+/9+AQ==\","
                        + "\"optionalNestedEnum\":12345,\"repeatedBytes\":[\"AQI=\",\"\"],"
                        + "\"mapInt64Int64\":{\"-9223372036854775808\":\"9223372036854775807\"},"
                        + "\"mapUint32Uint32\":{\"4294967295\":4294967294},"
                        + "\"mapFixed64Fixed64\":{\"18446744073709551611\":\"1\"},\"mapBoolBool\":{\"true\":false}}");
        print(new TestAllTypesProto3Decoder(), message);
    }

    /** A repeated key prints once, where it first occurs, with its last value; merged messages print merged. */
    @Test
    void shouldPrintMapsInJsonFormatsOrderWithRepeatedKeys() throws IOException {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        Features.newBuilder()
                .putItems("zeta", Item.newBuilder().setId(1).build())
                .putItems("alpha", Item.getDefaultInstance())
                .putNames(3, "three")
                .putNames(-1, "minus one")
                .setExtension(FeaturesAlloc.extra, Item.newBuilder().setId(9).build())
                .addExtension(FeaturesAlloc.levels, org.flyproto.conformance.alloc.Level.HIGH)
                .build()
                .writeTo(out);
        Features.newBuilder()
                .putItems("beta", Item.newBuilder().setLabel("b").build())
                .putItems("zeta", Item.newBuilder().setId(11).build())
                .putNames(3, "again")
                .setMerged(Item.newBuilder().setId(1).setLabel("first"))
                .setMeta(Features.Meta.newBuilder().addTags("t\n\u0000"))
                .build()
                .writeTo(out);
        Features.newBuilder()
                .setMerged(Item.newBuilder().setId(2).addCodes(3))
                .putGradesById(4, org.flyproto.conformance.alloc.Grade.B)
                .build()
                .writeTo(out);
        final byte[] bytes = out.toByteArray();
        final ExtensionRegistry registry = ExtensionRegistry.newInstance();
        FeaturesAlloc.registerAllExtensions(registry);
        final Features parsed = Features.parseFrom(bytes, registry);
        final FeaturesDecoder decoder = new FeaturesDecoder().wrap(new UnsafeBuffer(bytes), 0, bytes.length);
        final String expected =
                JsonFormat.printer().omittingInsignificantWhitespace().print(parsed);
        assertThat(expected)
                .isEqualTo("{\"items\":{\"zeta\":{\"id\":\"11\"},\"alpha\":{},\"beta\":{\"label\":\"b\"}},"
                        + "\"names\":{\"3\":\"again\",\"-1\":\"minus one\"},"
                        + "\"meta\":{\"tags\":[\"t\\n\\u0000\"]},"
                        + "\"merged\":{\"id\":\"2\",\"label\":\"first\",\"codes\":[3]},"
                        + "\"gradesById\":{\"4\":\"B\"},\"extra\":{\"id\":\"9\"},\"levels\":[\"HIGH\"]}");
        assertThat(COMPACT.printToString(decoder)).isEqualTo(expected);
        for (final JsonFormatTest.Options options : JsonFormatTest.Options.values()) {
            assertThat(options.flyproto().printToString(decoder))
                    .as("%s", options)
                    .isEqualTo(options.oracle().print(parsed));
        }
    }

    /** Inside an Any, JsonFormat prints a DynamicMessage, whose maps are lists: every entry in wire order. */
    @Test
    void shouldPrintMapsInsideAnyEntryByEntryAsJsonFormatDoes() throws IOException {
        final ByteString first = Struct.newBuilder()
                .putFields("a", Value.newBuilder().setNumberValue(1).build())
                .putFields("b", Value.newBuilder().setNumberValue(2).build())
                .build()
                .toByteString();
        final ByteString again = Struct.newBuilder()
                .putFields("a", Value.newBuilder().setNumberValue(3).build())
                .build()
                .toByteString();
        final Any any = Any.newBuilder()
                .setTypeUrl("type.googleapis.com/google.protobuf.Struct")
                .setValue(first.concat(again))
                .build();
        assertThat(COMPACT.printToString(wrap(new AnyDecoder(), any)))
                .isEqualTo("{\"@type\":\"type.googleapis.com/google.protobuf.Struct\","
                        + "\"value\":{\"a\":1.0,\"b\":2.0,\"a\":3.0}}");
        print(new AnyDecoder(), any);
        // The same bytes outside an Any: one key once, its last value.
        assertThat(COMPACT.printToString(wrap(new StructDecoder(), Struct.parseFrom(first.concat(again)))))
                .isEqualTo("{\"a\":3.0,\"b\":2.0}");
        final byte[] bytes = first.concat(again).toByteArray();
        assertThat(COMPACT.printToString(new StructDecoder().wrap(new UnsafeBuffer(bytes), 0, bytes.length)))
                .isEqualTo(ORACLE.omittingInsignificantWhitespace().print(Struct.parseFrom(bytes)));
    }

    @Test
    void shouldPrintExtensionsAndGroupsUnderTheirJsonNames() throws IOException {
        final Base sample = Base.newBuilder()
                .setA(1)
                .setExtension(ExtensionsProto2.extText, "\u00e9 ext")
                .addExtension(ExtensionsProto2.extNumbers, 3)
                .setExtension(
                        ExtensionsProto2.extBase, Base.newBuilder().setA(2).build())
                .addExtension(
                        ExtensionsProto2.extGroup,
                        ExtGroup.newBuilder().setId(7).build())
                .setExtension(Scope.scoped, 99L)
                .build();
        final ExtensionRegistry registry = ExtensionRegistry.newInstance();
        ExtensionsProto2.registerAllExtensions(registry);
        registry.add(Scope.scoped);
        final byte[] bytes = sample.toByteArray();
        final Base parsed = Base.parseFrom(bytes, registry);
        final BaseDecoder decoder = new BaseDecoder().wrap(new UnsafeBuffer(bytes), 0, bytes.length);
        assertThat(COMPACT.printToString(decoder))
                .isEqualTo("{\"a\":1,\"extText\":\"\u00e9 ext\",\"extNumbers\":[3],\"extBase\":{\"a\":2},"
                        + "\"extgroup\":[{\"id\":\"7\"}],\"scoped\":\"99\"}");
        for (final JsonFormatTest.Options options : JsonFormatTest.Options.values()) {
            assertThat(options.flyproto().printToString(decoder))
                    .as("%s", options)
                    .isEqualTo(options.oracle().print(parsed));
        }
        // JsonFormat's printingFullyQualifiedExtensionNames() is package-private: the same names, [full.name].
        String qualified = COMPACT.printToString(decoder);
        final String[] names = {"extText", "extNumbers", "extBase", "extgroup", "scoped"};
        final com.google.protobuf.Descriptors.FieldDescriptor[] extensions = {
            ExtensionsProto2.extText.getDescriptor(),
            ExtensionsProto2.extNumbers.getDescriptor(),
            ExtensionsProto2.extBase.getDescriptor(),
            ExtensionsProto2.extGroup.getDescriptor(),
            Scope.scoped.getDescriptor()
        };
        for (int i = 0; i < names.length; i++) {
            qualified = qualified.replace("\"" + names[i] + "\":", "\"[" + extensions[i].getFullName() + "]\":");
        }
        assertThat(qualified).contains("\"[").doesNotContain("\"extText\"");
        assertThat(COMPACT.printingFullyQualifiedExtensionNames().printToString(decoder))
                .isEqualTo(qualified);
        assertThat(COMPACT.printingFullyQualifiedExtensionNames()
                        .preservingProtoFieldNames()
                        .printToString(decoder))
                .isEqualTo(qualified);
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void shouldWriteUtf8IntoEachKindOfBuffer(final BufferKind kind) throws IOException {
        final TestAllTypesProto3 message = TestAllTypesProto3.newBuilder()
                .setOptionalString("Z\u00fcrich \u20ac \ud83d\ude80")
                .setOptionalTimestamp(Timestamp.newBuilder().setSeconds(1))
                .build();
        final String expected = ORACLE.print(message);
        final byte[] utf8 = expected.getBytes(StandardCharsets.UTF_8);
        final MutableDirectBuffer buffer = kind.allocate(utf8.length + 10);
        final MessageDecoder decoder = wrap(new TestAllTypesProto3Decoder(), message);
        final int length = PRETTY.printTo(decoder, buffer, 5);
        assertThat(length).isEqualTo(utf8.length);
        final byte[] written = new byte[length];
        buffer.getBytes(5, written);
        assertThat(written).isEqualTo(utf8);
        assertThat(PRETTY.printTo(decoder, buffer, 5, length)).isEqualTo(length);
    }

    @Test
    void shouldRefuseARegionTooSmallAndWriteNothing() throws IOException {
        final TestAllTypesProto3 message = TestAllTypesProto3.newBuilder()
                .setOptionalString("x".repeat(100))
                .build();
        final MessageDecoder decoder = wrap(new TestAllTypesProto3Decoder(), message);
        final int length = COMPACT.printTo(decoder, new ExpandableArrayBuffer(16), 0);
        assertThat(length)
                .isEqualTo(
                        ORACLE.omittingInsignificantWhitespace().print(message).length());
        final byte[] sentinel = new byte[length + 8];
        Arrays.fill(sentinel, (byte) 0x5A);
        final UnsafeBuffer fixed = new UnsafeBuffer(sentinel.clone());
        assertThatThrownBy(() -> COMPACT.printTo(decoder, fixed, 9))
                .isInstanceOf(JsonPrintException.class)
                .hasMessageContaining("does not fit the " + (length - 1) + " bytes at offset 9");
        assertThatThrownBy(() -> COMPACT.printTo(decoder, fixed, 0, length - 1)).isInstanceOf(JsonPrintException.class);
        final ExpandableArrayBuffer expandable = new ExpandableArrayBuffer(8);
        assertThatThrownBy(() -> COMPACT.printTo(decoder, expandable, 0, length - 1))
                .isInstanceOf(JsonPrintException.class);
        assertThat(fixed.byteArray()).isEqualTo(sentinel);
        assertThat(COMPACT.printTo(decoder, fixed, 8)).isEqualTo(length);
        assertThat(fixed.getByte(7)).isEqualTo((byte) 0x5A);
        // A failure midway (an Any of no registered type) writes nothing either.
        final TestAllTypesProto3 bad = TestAllTypesProto3.newBuilder()
                .setOptionalString("before")
                .setOptionalAny(Any.newBuilder().setTypeUrl("x/y.Z"))
                .build();
        final UnsafeBuffer target = new UnsafeBuffer(sentinel.clone());
        final StringBuilder text = new StringBuilder("kept");
        final MessageDecoder badDecoder = wrap(new TestAllTypesProto3Decoder(), bad);
        assertThatThrownBy(() -> COMPACT.printTo(badDecoder, target, 0)).isInstanceOf(JsonPrintException.class);
        assertThatThrownBy(() -> COMPACT.appendTo(badDecoder, text)).isInstanceOf(JsonPrintException.class);
        assertThat(target.byteArray()).isEqualTo(sentinel);
        assertThat(text).hasToString("kept");
    }

    @Test
    void shouldNotDisturbTheDecoderItPrints() {
        final Features features = Features.newBuilder()
                .putItems("a", Item.newBuilder().setId(1).setLabel("one").build())
                .putItems("b", Item.newBuilder().setId(2).build())
                .putItems("c", Item.newBuilder().setId(3).build())
                .build();
        final byte[] bytes = features.toByteArray();
        final FeaturesDecoder decoder = new FeaturesDecoder().wrap(new UnsafeBuffer(bytes), 0, bytes.length);
        final FeaturesItemsEntryDecoder entries = decoder.items();
        assertThat(entries.next()).isTrue();
        final CharSequence key = entries.key();
        final String json = COMPACT.printToString(decoder);
        assertThat(COMPACT.printToString(entries))
                .isEqualTo("{\"key\":\"a\",\"value\":{\"id\":\"1\",\"label\":\"one\"}}");
        assertThat(json)
                .isEqualTo(
                        "{\"items\":{\"a\":{\"id\":\"1\",\"label\":\"one\"},\"b\":{\"id\":\"2\"},\"c\":{\"id\":\"3\"}}}");
        assertThat(key.toString()).isEqualTo("a");
        assertThat(entries.value().label().toString()).isEqualTo("one");
        assertThat(entries.next()).isTrue();
        assertThat(entries.key().toString()).isEqualTo("b");
        assertThat(entries.next()).isTrue();
        assertThat(entries.next()).isFalse();
    }

    @Test
    void shouldRefuseADecoderNeverWrapped() {
        assertThatThrownBy(() -> COMPACT.printToString(new FeaturesDecoder()))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void shouldRefuseARegistryWithATypeTwice() {
        final JsonTypeRegistry.Builder builder = JsonTypeRegistry.builder().add(EmptyDecoder::new);
        assertThatThrownBy(() -> builder.add(EmptyDecoder::new))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("google.protobuf.Empty");
        assertThat(builder.build().contains("google.protobuf.Empty")).isTrue();
        assertThat(JsonTypeRegistry.empty().contains("google.protobuf.Empty")).isFalse();
    }

    // ---------------------------------------------------------------------------------------------------------------

    /** Prints {@code message} with flyproto in both layouts; each must equal JsonFormat's; returns the pretty one. */
    private static String print(final MessageDecoder decoder, final Message message) throws IOException {
        final MessageDecoder wrapped = wrap(decoder, message);
        final String pretty = ORACLE.print(message);
        assertThat(PRETTY.printToString(wrapped)).isEqualTo(pretty);
        assertThat(COMPACT.printToString(wrapped))
                .isEqualTo(ORACLE.omittingInsignificantWhitespace().print(message));
        return pretty;
    }

    private static MessageDecoder wrap(final MessageDecoder decoder, final Message message) {
        final byte[] bytes = message.toByteArray();
        return decoder.wrap(new UnsafeBuffer(bytes), 0, bytes.length);
    }

    private static void assertRefused(final MessageDecoder decoder, final Message message, final String why) {
        final MessageDecoder wrapped = wrap(decoder, message);
        assertThatThrownBy(() -> PRETTY.printToString(wrapped))
                .isInstanceOf(JsonPrintException.class)
                .hasMessageContaining(why);
    }

    private static Timestamp timestamp(final long seconds, final int nanos) {
        return Timestamp.newBuilder().setSeconds(seconds).setNanos(nanos).build();
    }

    private static Duration duration(final long seconds, final int nanos) {
        return Duration.newBuilder().setSeconds(seconds).setNanos(nanos).build();
    }
}
