package org.flyproto.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.flyproto.conformance.HostileBytes.hex;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.ExtensionRegistry;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.WireFormat;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.flyproto.conformance.messages.edition2023.TestMessagesEdition2023;
import org.flyproto.conformance.messages.edition2023.TestMessagesEdition2023.TestAllTypesEdition2023;
import org.flyproto.conformance.messages.editions.proto2.TestMessagesProto2Editions;
import org.flyproto.conformance.messages.editions.proto3.TestMessagesProto3Editions;
import org.flyproto.conformance.messages.editionunstable.TestAllTypesEditionUnstable;
import org.flyproto.conformance.messages.editionunstable.TestMessagesEditionUnstableProto;
import org.flyproto.conformance.messages.proto2.TestMessagesProto2;
import org.flyproto.conformance.messages.proto2.TestMessagesProto2.TestAllRequiredTypesProto2;
import org.flyproto.conformance.messages.proto2.TestMessagesProto2.TestAllTypesProto2;
import org.flyproto.conformance.messages.proto3.TestMessagesProto3;
import org.flyproto.conformance.messages.proto3.TestMessagesProto3.TestAllTypesProto3;
import org.flyproto.conformance.protocol.Conformance.ConformanceRequest;
import org.flyproto.conformance.protocol.Conformance.ConformanceResponse;
import org.flyproto.conformance.protocol.Conformance.FailureSet;
import org.flyproto.conformance.protocol.Conformance.TestCategory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.EnumSource.Mode;

/**
 * Plays protobuf's conformance runner against {@link ConformanceTestee}, started as its own JVM and spoken to over its
 * stdin and stdout exactly as {@code conformance_test_runner} does (4-byte little-endian length, then the message).
 * Requests and the expected results come from protobuf-java: for every payload, the expected answer is protobuf-java's
 * verdict on the same bytes — a parse error where it rejects them, otherwise a binary payload that protobuf-java parses
 * to a message equal to its own parse of the input (and, for canonical input, the very same bytes). Where the
 * official suite is stricter than protobuf-java (tags longer than 5 bytes, field numbers above 2^29-1, unknown fields
 * keeping their order across wire types) the suite's expectation is checked instead.
 */
class ConformanceHarnessTest {
    private static final long SEED = 0xC0F0_2026L;
    private static final int RANDOM_MESSAGES = 40;
    /** Four bytes that are not UTF-8, as the suite's UTF-8 tests send them. */
    private static final byte[] INVALID_UTF8 = {(byte) 0xA0, (byte) 0xB0, (byte) 0xC0, (byte) 0xD0};
    /** The varint 1 padded to ten bytes: valid, as protobuf-java reads it. */
    private static final byte[] ONE_IN_TEN_BYTES = {
        (byte) 0x81,
        (byte) 0x80,
        (byte) 0x80,
        (byte) 0x80,
        (byte) 0x80,
        (byte) 0x80,
        (byte) 0x80,
        (byte) 0x80,
        (byte) 0x80,
        0
    };

    private static Testee testee;

    /**
     * A binary payload asked for as JSON is answered with exactly what {@code JsonFormat.printer()} prints for it (the
     * Java testee's printer, Any resolved among the test messages and the well-known types): random messages, with
     * the well-known types given values JsonFormat can print; invalid bytes are a parse error, a timestamp out of
     * range a serialize error.
     */
    @ParameterizedTest
    @EnumSource(Type.class)
    void shouldAnswerJsonOutputAsJsonFormatPrintsIt(final Type type) throws Exception {
        final com.google.protobuf.util.JsonFormat.TypeRegistry.Builder types =
                com.google.protobuf.util.JsonFormat.TypeRegistry.newBuilder();
        for (final Type each : Type.values()) {
            types.add(each.prototype.getDescriptorForType());
        }
        // The testee also knows google.protobuf.Empty, which no test message file imports.
        types.add(com.google.protobuf.Empty.getDescriptor());
        final com.google.protobuf.util.JsonFormat.Printer oracle =
                com.google.protobuf.util.JsonFormat.printer().usingTypeRegistry(types.build());
        int printed = 0;
        for (int i = 0; i < RANDOM_MESSAGES; i++) {
            final long seed = SEED * 17 + 1000L * type.ordinal() + i;
            final java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
            Message message = JsonFormatTest.WellKnownValues.printable(
                    new RandomMessageGenerator(seed).message(type.prototype, 2), random);
            if (type == Type.PROTO3) {
                message = JsonFormatTest.WellKnownValues.withWellKnownTypes(message, random);
            }
            final byte[] payload = message.toByteArray();
            final ConformanceResponse response = testee.send(jsonRequest(type, payload));
            if (JsonFormatTest.WellKnownValues.hasFieldMaskNotRoundTripping(type.parse(payload))) {
                // JsonFormat prints such paths; the suite wants them refused, and flyproto's printer refuses them.
                assertThat(response.getResultCase())
                        .as("%s seed %d: %s", type, seed, response)
                        .isEqualTo(ConformanceResponse.ResultCase.SERIALIZE_ERROR);
                assertThat(response.getSerializeError()).contains("does not survive the round trip");
                continue;
            }
            printed++;
            assertThat(response.getResultCase())
                    .as("%s %s: %s", type, hex(payload), response)
                    .isEqualTo(ConformanceResponse.ResultCase.JSON_PAYLOAD);
            assertThat(response.getJsonPayload())
                    .as("%s seed %d", type, seed)
                    .isEqualTo(oracle.print(type.parse(payload)));
        }
        assertThat(printed).as("messages printed").isGreaterThan(RANDOM_MESSAGES / 4);
        final ConformanceResponse malformed = testee.send(jsonRequest(type, new byte[] {0x0A, 0x05, 0x01}));
        assertThat(malformed.getResultCase()).isEqualTo(ConformanceResponse.ResultCase.PARSE_ERROR);
        if (type == Type.PROTO3) {
            final byte[] badTimestamp = TestAllTypesProto3.newBuilder()
                    .setOptionalTimestamp(
                            com.google.protobuf.Timestamp.newBuilder().setSeconds(Long.MAX_VALUE))
                    .build()
                    .toByteArray();
            final ConformanceResponse refused = testee.send(jsonRequest(type, badTimestamp));
            assertThat(refused.getResultCase()).isEqualTo(ConformanceResponse.ResultCase.SERIALIZE_ERROR);
            assertThat(refused.getSerializeError()).contains("Timestamp is not valid");
        }
    }

    private static ConformanceRequest jsonRequest(final Type type, final byte[] payload) {
        return request(type, payload).toBuilder()
                .setRequestedOutputFormat(org.flyproto.conformance.protocol.Conformance.WireFormat.JSON)
                .build();
    }

    /** The message types the runner sends, with protobuf-java's classes for them. */
    enum Type {
        PROTO3(TestAllTypesProto3.getDefaultInstance(), TestMessagesProto3::registerAllExtensions, true, 501),
        PROTO2(TestAllTypesProto2.getDefaultInstance(), TestMessagesProto2::registerAllExtensions, false, 1000),
        EDITIONS_PROTO3(
                org.flyproto.conformance.messages.editions.proto3.TestMessagesProto3Editions.TestAllTypesProto3
                        .getDefaultInstance(),
                TestMessagesProto3Editions::registerAllExtensions,
                true,
                501),
        EDITIONS_PROTO2(
                org.flyproto.conformance.messages.editions.proto2.TestMessagesProto2Editions.TestAllTypesProto2
                        .getDefaultInstance(),
                TestMessagesProto2Editions::registerAllExtensions,
                false,
                1000),
        EDITION2023(
                TestAllTypesEdition2023.getDefaultInstance(),
                TestMessagesEdition2023::registerAllExtensions,
                true,
                1000),
        /**
         * Edition UNSTABLE: a few field kinds only (no oneof, no nested message type, no string field outside maps),
         * so the tests written against the all-types messages' fields leave it out.
         */
        EDITION_UNSTABLE(
                TestAllTypesEditionUnstable.getDefaultInstance(),
                TestMessagesEditionUnstableProto::registerAllExtensions,
                true,
                1000);

        final Message prototype;
        final ExtensionRegistry registry = ExtensionRegistry.newInstance();
        /** Whether the schema validates the UTF-8 of {@code optional_string}. */
        final boolean validatesUtf8;
        /** A field number the schema does not declare. */
        final int unknownNumber;

        Type(
                final Message prototype,
                final java.util.function.Consumer<ExtensionRegistry> extensions,
                final boolean validatesUtf8,
                final int unknownNumber) {
            this.prototype = prototype;
            extensions.accept(registry);
            this.validatesUtf8 = validatesUtf8;
            this.unknownNumber = unknownNumber;
        }

        String fullName() {
            return prototype.getDescriptorForType().getFullName();
        }

        int number(final String field) {
            return prototype.getDescriptorForType().findFieldByName(field).getNumber();
        }

        Message parse(final byte[] bytes) throws InvalidProtocolBufferException {
            return prototype.getParserForType().parseFrom(bytes, registry);
        }
    }

    @BeforeAll
    static void startTestee() throws IOException {
        testee = new Testee();
    }

    @AfterAll
    static void stopTestee() throws Exception {
        testee.close();
    }

    @Test
    void shouldAnswerTheFailureSetRequestWithAnEmptyList() throws Exception {
        final ConformanceResponse response = testee.send(ConformanceRequest.newBuilder()
                .setMessageType("conformance.FailureSet")
                .setProtobufPayload(ByteString.EMPTY)
                .setRequestedOutputFormat(org.flyproto.conformance.protocol.Conformance.WireFormat.PROTOBUF)
                .build());

        assertThat(response.getResultCase()).isEqualTo(ConformanceResponse.ResultCase.PROTOBUF_PAYLOAD);
        assertThat(FailureSet.parseFrom(response.getProtobufPayload()).getTestCount())
                .isZero();
    }

    @Test
    void shouldSkipJspbAndUnknownTypes() throws Exception {
        final String name = Type.PROTO3.fullName();
        final byte[] payload =
                TestAllTypesProto3.newBuilder().setOptionalInt32(1).build().toByteArray();
        final List<ConformanceRequest> requests = List.of(
                ConformanceRequest.newBuilder()
                        .setMessageType(name)
                        .setJspbPayload("[null, 1]")
                        .setRequestedOutputFormat(org.flyproto.conformance.protocol.Conformance.WireFormat.PROTOBUF)
                        .setTestCategory(TestCategory.JSPB_TEST)
                        .build(),
                ConformanceRequest.newBuilder()
                        .setMessageType(name)
                        .setProtobufPayload(ByteString.copyFrom(payload))
                        .setRequestedOutputFormat(org.flyproto.conformance.protocol.Conformance.WireFormat.JSPB)
                        .build(),
                ConformanceRequest.newBuilder()
                        .setMessageType("protobuf_test_messages.editions.TestAllTypesEdition2026")
                        .setProtobufPayload(ByteString.copyFrom(payload))
                        .setRequestedOutputFormat(org.flyproto.conformance.protocol.Conformance.WireFormat.PROTOBUF)
                        .build());
        for (final ConformanceRequest request : requests) {
            final ConformanceResponse response = testee.send(request);
            assertThat(response.getResultCase()).as("%s", request).isEqualTo(ConformanceResponse.ResultCase.SKIPPED);
            assertThat(response.getSkipped()).isNotEmpty();
        }
    }

    @Test
    void shouldParseJsonInputIntoProtobuf() throws Exception {
        final String name = Type.PROTO3.fullName();
        final ConformanceResponse parsed =
                testee.send(json(name, "{\"optionalInt32\": 1, \"optionalString\": \"x\"}", false));
        assertThat(parsed.getResultCase()).isEqualTo(ConformanceResponse.ResultCase.PROTOBUF_PAYLOAD);
        assertThat(TestAllTypesProto3.parseFrom(parsed.getProtobufPayload()))
                .isEqualTo(TestAllTypesProto3.newBuilder()
                        .setOptionalInt32(1)
                        .setOptionalString("x")
                        .build());
        final ConformanceResponse rejected = testee.send(json(name, "{\"optionalInt32\": \"x\"}", false));
        assertThat(rejected.getResultCase()).isEqualTo(ConformanceResponse.ResultCase.PARSE_ERROR);
        assertThat(testee.send(json(name, "{\"unknown\": 1}", false)).getResultCase())
                .isEqualTo(ConformanceResponse.ResultCase.PARSE_ERROR);
        assertThat(testee.send(json(name, "{\"unknown\": 1}", true)).getResultCase())
                .isEqualTo(ConformanceResponse.ResultCase.PROTOBUF_PAYLOAD);
        // JSON in, JSON out: the parsed message printed as JsonFormat prints it.
        final ConformanceResponse printed =
                testee.send(json(name, "{\"optionalString\": \"x\", \"optional_int32\": 1}", false).toBuilder()
                        .setRequestedOutputFormat(org.flyproto.conformance.protocol.Conformance.WireFormat.JSON)
                        .build());
        assertThat(printed.getJsonPayload())
                .isEqualTo(com.google.protobuf.util.JsonFormat.printer()
                        .print(TestAllTypesProto3.newBuilder()
                                .setOptionalInt32(1)
                                .setOptionalString("x")
                                .build()));
    }

    private static ConformanceRequest json(final String type, final String json, final boolean ignoreUnknown) {
        return ConformanceRequest.newBuilder()
                .setMessageType(type)
                .setJsonPayload(json)
                .setRequestedOutputFormat(org.flyproto.conformance.protocol.Conformance.WireFormat.PROTOBUF)
                .setTestCategory(ignoreUnknown ? TestCategory.JSON_IGNORE_UNKNOWN_PARSING_TEST : TestCategory.JSON_TEST)
                .build();
    }

    @Test
    void shouldAnswerTextFormatRequestsAsProtobufJavaWould() throws Exception {
        final String name = Type.PROTO3.fullName();
        final TestAllTypesProto3 message = TestAllTypesProto3.newBuilder()
                .setOptionalInt32(1)
                .setOptionalString("é\n")
                .addRepeatedNestedEnum(TestAllTypesProto3.NestedEnum.BAZ)
                .putMapStringString("k", "v")
                .build();
        final String text = com.google.protobuf.TextFormat.printer().printToString(message);
        final ConformanceResponse parsed = testee.send(ConformanceRequest.newBuilder()
                .setMessageType(name)
                .setTextPayload(text)
                .setRequestedOutputFormat(org.flyproto.conformance.protocol.Conformance.WireFormat.PROTOBUF)
                .setTestCategory(TestCategory.TEXT_FORMAT_TEST)
                .build());
        assertThat(parsed.getProtobufPayload()).isEqualTo(message.toByteString());
        final ConformanceResponse bad = testee.send(ConformanceRequest.newBuilder()
                .setMessageType(name)
                .setTextPayload("optional_int32: x")
                .setRequestedOutputFormat(org.flyproto.conformance.protocol.Conformance.WireFormat.PROTOBUF)
                .setTestCategory(TestCategory.TEXT_FORMAT_TEST)
                .build());
        assertThat(bad.getParseError()).startsWith("1:17: ");
        final byte[] withUnknown = message.toBuilder()
                .setUnknownFields(com.google.protobuf.UnknownFieldSet.newBuilder()
                        .addField(
                                5000,
                                com.google.protobuf.UnknownFieldSet.Field.newBuilder()
                                        .addVarint(7)
                                        .build())
                        .build())
                .build()
                .toByteArray();
        for (final boolean printUnknown : new boolean[] {false, true}) {
            final ConformanceResponse printed = testee.send(ConformanceRequest.newBuilder()
                    .setMessageType(name)
                    .setProtobufPayload(ByteString.copyFrom(withUnknown))
                    .setRequestedOutputFormat(org.flyproto.conformance.protocol.Conformance.WireFormat.TEXT_FORMAT)
                    .setPrintUnknownFields(printUnknown)
                    .build());
            assertThat(printed.getTextPayload()).isEqualTo(printUnknown ? text + "5000: 7\n" : text);
        }
    }

    @ParameterizedTest
    @EnumSource(Type.class)
    void shouldRoundTripRandomMessagesToTheSameBytes(final Type type) throws Exception {
        final RandomMessageGenerator random = new RandomMessageGenerator(SEED ^ type.ordinal());
        for (int i = 0; i < RANDOM_MESSAGES; i++) {
            final Message message = random.message(type.prototype, i % 4);
            final byte[] payload = message.toByteArray();
            final ConformanceResponse response = expectSameMessage(type, payload);
            assertThat(response.getProtobufPayload().toByteArray())
                    .as("canonical output of %s", hex(payload))
                    .isEqualTo(payload);
        }
    }

    @ParameterizedTest
    @EnumSource(value = Type.class, mode = Mode.EXCLUDE, names = "EDITION_UNSTABLE")
    void shouldReadConcatenationsAsMerges(final Type type) throws Exception {
        final RandomMessageGenerator random = new RandomMessageGenerator(SEED + 7 * type.ordinal());
        for (int i = 0; i < RANDOM_MESSAGES / 2; i++) {
            final byte[] a = random.message(type.prototype, 2).toByteArray();
            final byte[] b = random.message(type.prototype, 2).toByteArray();
            expectSameMessage(type, concat(a, b));
        }
        // A nested message in two occurrences, and a oneof member replaced.
        final int nested = type.number("optional_nested_message");
        final byte[] first = field(nested, WireFormat.WIRETYPE_LENGTH_DELIMITED, concat(tag(1, 0), varint(5)));
        final byte[] second = field(nested, WireFormat.WIRETYPE_LENGTH_DELIMITED, concat(tag(2, 2), new byte[] {0}));
        expectSameMessage(type, concat(first, second));
        expectSameMessage(
                type,
                concat(
                        concat(tag(type.number("oneof_uint32"), 0), varint(7)),
                        field(type.number("oneof_string"), WireFormat.WIRETYPE_LENGTH_DELIMITED, "x".getBytes())));
    }

    @ParameterizedTest
    @EnumSource(Type.class)
    void shouldReadRepeatedScalarsPackedOrNotWhateverTheSchemaSays(final Type type) throws Exception {
        final Message message = new RandomMessageGenerator(SEED - type.ordinal()).message(type.prototype, 0);
        for (final FieldDescriptor field : type.prototype.getDescriptorForType().getFields()) {
            if (!field.isRepeated() || field.isMapField() || !field.isPackable()) {
                continue;
            }
            final List<?> values = (List<?>) message.getField(field);
            if (values.isEmpty()) {
                continue;
            }
            expectCanonical(type, packed(field, values));
            expectCanonical(type, unpacked(field, values));
            expectCanonical(type, concat(packed(field, values), unpacked(field, values)));
        }
    }

    @ParameterizedTest
    @EnumSource(Type.class)
    void shouldWriteEveryScalarCanonicallyWhateverItsInputEncoding(final Type type) throws Exception {
        // As the suite's ValidDataScalarBinary: several occurrences (the last wins), overlong varints, zero values
        // (not written back where presence is implicit); the output must be exactly protobuf-java's serialization.
        final RandomMessageGenerator random = new RandomMessageGenerator(SEED + 101 * type.ordinal());
        for (final FieldDescriptor field : type.prototype.getDescriptorForType().getFields()) {
            if (field.isRepeated() || field.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
                continue;
            }
            final Object zero = field.getJavaType() == FieldDescriptor.JavaType.ENUM
                    ? field.getEnumType().findValueByNumber(0)
                    : zeroOf(field);
            final byte[] zeroField = encodedField(field, zero);
            expectCanonical(type, zeroField);
            for (int i = 0; i < 4; i++) {
                final Message a = random.message(type.prototype, 0);
                final Message b = random.message(type.prototype, 0);
                if (a.hasField(field) && b.hasField(field)) {
                    final byte[] first = encodedField(field, a.getField(field));
                    final byte[] second = encodedField(field, b.getField(field));
                    expectCanonical(type, concat(first, second));
                    expectCanonical(type, concat(first, zeroField));
                }
            }
            if (field.getLiteType().getWireType() == WireFormat.WIRETYPE_VARINT) {
                expectCanonical(type, concat(tag(field.getNumber(), 0), ONE_IN_TEN_BYTES));
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Type.class)
    void shouldReadMapEntriesInAnyShape(final Type type) throws Exception {
        for (final FieldDescriptor field : type.prototype.getDescriptorForType().getFields()) {
            if (!field.isMapField()) {
                continue;
            }
            final FieldDescriptor key = field.getMessageType().findFieldByNumber(1);
            final FieldDescriptor value = field.getMessageType().findFieldByNumber(2);
            final byte[] k = encodedField(key, sampleValue(key));
            final byte[] v = encodedField(value, sampleValue(value));
            final byte[] unknownInEntry = concat(tag(9, 0), varint(1));
            final int n = field.getNumber();
            for (final byte[] entry : List.of(
                    new byte[0], // key and value missing: both default
                    k, // value missing
                    v, // key missing
                    concat(v, k), // value before key
                    concat(k, k, v), // key twice
                    concat(k, v, v), // value twice
                    concat(k, unknownInEntry, v))) { // a field the entry does not declare
                expectSameMessage(type, field(n, WireFormat.WIRETYPE_LENGTH_DELIMITED, entry));
            }
            // The same key twice: the last entry wins.
            expectSameMessage(
                    type,
                    concat(
                            field(n, WireFormat.WIRETYPE_LENGTH_DELIMITED, concat(k, v)),
                            field(n, WireFormat.WIRETYPE_LENGTH_DELIMITED, k)));
        }
    }

    @ParameterizedTest
    @EnumSource(Type.class)
    void shouldKeepOneofMembersSetToTheirDefault(final Type type) throws Exception {
        for (final FieldDescriptor field : type.prototype.getDescriptorForType().getFields()) {
            if (field.getRealContainingOneof() == null) {
                continue;
            }
            final Object zero = field.getJavaType() == FieldDescriptor.JavaType.MESSAGE
                    ? type.prototype
                            .newBuilderForType()
                            .newBuilderForField(field)
                            .build()
                    : field.getJavaType() == FieldDescriptor.JavaType.ENUM
                            ? field.getEnumType().findValueByNumber(0)
                            : field.getDefaultValue();
            final Message message =
                    type.prototype.newBuilderForType().setField(field, zero).build();
            final ConformanceResponse response = expectSameMessage(type, message.toByteArray());
            assertThat(response.getProtobufPayload().toByteArray()).isEqualTo(message.toByteArray());
        }
    }

    @ParameterizedTest
    @EnumSource(Type.class)
    void shouldKeepUndeclaredEnumNumbersAsTheSchemaSays(final Type type) throws Exception {
        // Closed enums (proto2): an undeclared number is an unknown field; open enums keep it as the value.
        for (final FieldDescriptor field : type.prototype.getDescriptorForType().getFields()) {
            final FieldDescriptor enumField =
                    field.isMapField() ? field.getMessageType().findFieldByNumber(2) : field;
            if (enumField.getJavaType() != FieldDescriptor.JavaType.ENUM) {
                continue;
            }
            final byte[] undeclared = concat(tag(enumField.getNumber(), 0), varint(12345));
            final byte[] payload;
            if (field.isMapField()) {
                payload = field(
                        field.getNumber(),
                        WireFormat.WIRETYPE_LENGTH_DELIMITED,
                        concat(field(1, WireFormat.WIRETYPE_LENGTH_DELIMITED, "k".getBytes()), undeclared));
            } else if (field.isRepeated()) {
                payload = concat(
                        field(
                                field.getNumber(),
                                WireFormat.WIRETYPE_LENGTH_DELIMITED,
                                concat(varint(1), varint(12345), varint(2))),
                        undeclared,
                        concat(tag(field.getNumber(), 0), varint(1)));
            } else {
                payload = concat(concat(tag(field.getNumber(), 0), varint(1)), undeclared);
            }
            expectSameMessage(type, payload);
        }
    }

    @ParameterizedTest
    @EnumSource(Type.class)
    void shouldReadExtensionsDeclaredWithTheSchema(final Type type) throws Exception {
        final Message.Builder builder = type.prototype.newBuilderForType();
        int extensions = 0;
        for (final FieldDescriptor extension :
                type.prototype.getDescriptorForType().getFile().getExtensions()) {
            if (extension.getContainingType() != type.prototype.getDescriptorForType()) {
                continue;
            }
            switch (extension.getJavaType()) {
                case MESSAGE -> {
                    final Message.Builder value = builder.newBuilderForField(extension);
                    final FieldDescriptor first =
                            value.getDescriptorForType().getFields().get(0);
                    builder.setField(extension, value.setField(first, 5).build());
                }
                case STRING -> builder.setField(extension, "ext\u00e9nsion");
                case BYTE_STRING -> builder.setField(extension, ByteString.copyFrom(INVALID_UTF8));
                default -> builder.setField(extension, 7);
            }
            extensions++;
        }
        final byte[] payload = builder.setField(
                        type.prototype.getDescriptorForType().findFieldByName("optional_int32"), 3)
                .build()
                .toByteArray();
        final ConformanceResponse response = expectSameMessage(type, payload);
        assertThat(response.getProtobufPayload().toByteArray()).isEqualTo(payload);
        assertThat(extensions)
                .as("extensions of %s", type)
                .isEqualTo(
                        switch (type) {
                            case PROTO2, EDITIONS_PROTO2 -> 2;
                            case EDITION2023 -> 5;
                            case EDITION_UNSTABLE -> 1;
                            default -> 0;
                        });
    }

    @ParameterizedTest
    @EnumSource(Type.class)
    void shouldCarryUnknownFieldsThroughInWireOrder(final Type type) throws Exception {
        final int n = type.unknownNumber;
        // One number, every wire type, interleaved: protobuf-java regroups them by wire type; the suite wants order.
        final byte[] unknown = concat(
                concat(tag(n, 0), varint(1)),
                concat(tag(n, 5), new byte[] {1, 2, 3, 4}),
                concat(tag(n, 0), varint(300)),
                field(n, WireFormat.WIRETYPE_LENGTH_DELIMITED, new byte[] {9, 9}),
                concat(tag(n, 1), new byte[] {1, 2, 3, 4, 5, 6, 7, 8}),
                concat(tag(n, 3), concat(tag(1, 0), varint(2)), tag(n, 4)),
                concat(tag(n, 0), varint(-1L)));
        final ConformanceResponse response = expectSameMessage(type, unknown);
        assertThat(response.getProtobufPayload().toByteArray()).isEqualTo(unknown);

        // In its own wire type: edition UNSTABLE's int32 is fixed-width (protoc 36 reads it as sfixed32).
        final byte[] known = encodedField(type.prototype.getDescriptorForType().findFieldByName("optional_int32"), 42);
        final ConformanceResponse mixed = expectSameMessage(type, concat(unknown, known));
        assertThat(mixed.getProtobufPayload().toByteArray()).isEqualTo(concat(known, unknown));
    }

    @ParameterizedTest
    @EnumSource(Type.class)
    void shouldRejectEveryPrefixProtobufJavaRejects(final Type type) throws Exception {
        final RandomMessageGenerator random = new RandomMessageGenerator(SEED * 31 + type.ordinal());
        for (int i = 0; i < 3; i++) {
            final byte[] payload = random.message(type.prototype, 2).toByteArray();
            for (int length = 0; length < payload.length; length += 1 + length / 64) {
                expectProtobufJavasVerdict(type, Arrays.copyOf(payload, length));
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = Type.class, mode = Mode.EXCLUDE, names = "EDITION_UNSTABLE")
    void shouldRejectMalformedInput(final Type type) throws Exception {
        final int int32 = type.number("optional_int32");
        final int fixed32 = type.number("optional_fixed32");
        final int fixed64 = type.number("optional_fixed64");
        final int string = type.number("optional_string");
        final int bytes = type.number("optional_bytes");
        final int packed = type.number("packed_fixed32");
        final int packedVarint = type.number("packed_int32");
        final int nested = type.number("optional_nested_message");
        final int map = type.number("map_int32_int32");
        final List<byte[]> malformed = List.of(
                tag(int32, 0), // value missing
                concat(tag(int32, 0), new byte[] {(byte) 0x80}), // truncated varint
                concat(tag(fixed32, 5), new byte[] {1, 2, 3}), // truncated fixed32
                concat(tag(fixed64, 1), new byte[] {1, 2, 3, 4, 5, 6, 7}), // truncated fixed64
                concat(tag(bytes, 2), varint(5), new byte[] {1, 2}), // length past the end
                concat(tag(bytes, 2), new byte[] {(byte) 0x80}), // truncated length
                concat(tag(bytes, 2), varint(0xFFFF_FFFFL)), // negative length as int32
                concat(tag(int32, 0), new byte[] {
                    (byte) 0xFF,
                    (byte) 0xFF,
                    (byte) 0xFF,
                    (byte) 0xFF,
                    (byte) 0xFF,
                    (byte) 0xFF,
                    (byte) 0xFF,
                    (byte) 0xFF,
                    (byte) 0xFF,
                    (byte) 0xFF,
                    0x01
                }), // 11-byte varint
                concat(tag(int32, 6), varint(1)), // wire type 6
                concat(tag(int32, 7), varint(1)), // wire type 7
                concat(tag(0, 0), varint(1)), // field number 0
                tag(int32, 4), // unmatched END_GROUP
                concat(tag(type.unknownNumber, 3), tag(type.unknownNumber + 1, 4)), // END_GROUP of another number
                tag(type.unknownNumber, 3), // group never closed
                concat(tag(packed, 2), varint(6), new byte[] {1, 2, 3, 4, 5, 6}), // packed fixed32 cut mid-element
                concat(tag(packedVarint, 2), varint(2), new byte[] {1, (byte) 0x80}), // packed varint cut
                field(map, 2, concat(tag(1, 0), varint(1), tag(2, 2), varint(9))), // map entry field past its end
                field(nested, 2, concat(tag(1, 0), new byte[] {(byte) 0x80})), // truncated inside a nested message
                nest(type, 101)); // deeper than the recursion limit
        for (final byte[] payload : malformed) {
            expectProtobufJavasVerdict(type, payload);
            assertThat(testee.send(request(type, payload)).getResultCase())
                    .as("%s %s", type, hex(payload))
                    .isEqualTo(ConformanceResponse.ResultCase.PARSE_ERROR);
        }
        // Valid, though unusual: a 10-byte varint of a small value, deep nesting within the limit, an empty group.
        expectSameMessage(type, concat(tag(int32, 0), ONE_IN_TEN_BYTES));
        expectSameMessage(type, nest(type, 99));
        expectSameMessage(type, concat(tag(type.unknownNumber, 3), tag(type.unknownNumber, 4)));
        // Invalid UTF-8 in a string: rejected where the schema validates, a string of bytes elsewhere.
        final byte[] invalidUtf8 = field(string, 2, new byte[] {'a', (byte) 0xC0, (byte) 0xAF});
        assertThat(testee.send(request(type, invalidUtf8)).getResultCase())
                .isEqualTo(
                        type.validatesUtf8
                                ? ConformanceResponse.ResultCase.PARSE_ERROR
                                : ConformanceResponse.ResultCase.PROTOBUF_PAYLOAD);
        expectProtobufJavasVerdict(type, invalidUtf8);
        // The same in an occurrence of a merged message that a later occurrence replaces.
        final int recursive = type.number("recursive_message");
        final byte[] replacedInMerge =
                concat(field(recursive, 2, invalidUtf8), field(recursive, 2, field(string, 2, new byte[] {'b'})));
        assertThat(testee.send(request(type, replacedInMerge)).getResultCase())
                .isEqualTo(
                        type.validatesUtf8
                                ? ConformanceResponse.ResultCase.PARSE_ERROR
                                : ConformanceResponse.ResultCase.PROTOBUF_PAYLOAD);
        expectProtobufJavasVerdict(type, replacedInMerge);
        // The same in a oneof string member that a later occurrence replaces: by itself, by another member, in a merge.
        final int oneofString = type.number("oneof_string");
        final int oneofUint32 = type.number("oneof_uint32");
        final byte[] badMember = field(oneofString, 2, new byte[] {'a', (byte) 0xC0, (byte) 0xAF});
        for (final byte[] replaced : List.of(
                concat(badMember, field(oneofString, 2, new byte[] {'b'})),
                concat(badMember, tag(oneofUint32, 0), varint(7)),
                concat(field(recursive, 2, badMember), field(recursive, 2, concat(tag(oneofUint32, 0), varint(7)))))) {
            assertThat(testee.send(request(type, replaced)).getResultCase())
                    .as("%s %s", type, hex(replaced))
                    .isEqualTo(
                            type.validatesUtf8
                                    ? ConformanceResponse.ResultCase.PARSE_ERROR
                                    : ConformanceResponse.ResultCase.PROTOBUF_PAYLOAD);
            expectProtobufJavasVerdict(type, replaced);
        }
    }

    @Test
    void shouldValidateStringExtensionsAndCarryBytesExtensionsAsTheSuiteDoes() throws Exception {
        // The suite's RejectInvalidUtf8.String.Extension (aa 08 04 a0 b0 c0 d0) and its bytes counterpart: fields 133
        // and 134 of TestAllTypesEdition2023 are extensions declared with it, so they are typed fields of the testee's
        // flyweights, the string one validated, not unknown fields carried through.
        final Type type = Type.EDITION2023;
        final byte[] invalidString = lengthDelimited(133, INVALID_UTF8);
        final byte[] validString = lengthDelimited(133, "ok".getBytes(StandardCharsets.UTF_8));
        final int recursive = type.number("recursive_message");
        for (final byte[] payload : List.of(
                invalidString,
                concat(validString, invalidString), // the last occurrence invalid
                concat(invalidString, validString), // an invalid occurrence that a later one replaces
                lengthDelimited(recursive, invalidString))) { // in a nested message
            assertThat(testee.send(request(type, payload)).getResultCase())
                    .as("%s", hex(payload))
                    .isEqualTo(ConformanceResponse.ResultCase.PARSE_ERROR);
            expectProtobufJavasVerdict(type, payload);
        }
        // Bytes are not validated: the same four bytes in 134 come back as they went.
        final byte[] invalidInBytes = lengthDelimited(134, INVALID_UTF8);
        assertThat(expectSameMessage(type, invalidInBytes).getProtobufPayload().toByteArray())
                .isEqualTo(invalidInBytes);
        // Valid strings of every UTF-8 length class and random bytes, beside random fields: the very same bytes back.
        final FieldDescriptor stringExtension = extension(type, 133, FieldDescriptor.Type.STRING);
        final FieldDescriptor bytesExtension = extension(type, 134, FieldDescriptor.Type.BYTES);
        final RandomMessageGenerator random = new RandomMessageGenerator(SEED + 133);
        for (int i = 0; i < RANDOM_MESSAGES; i++) {
            final Message message = random.message(type.prototype, i % 3).toBuilder()
                    .setField(stringExtension, random.aString())
                    .setField(bytesExtension, random.someBytes())
                    .build();
            final byte[] payload = message.toByteArray();
            assertThat(expectSameMessage(type, payload).getProtobufPayload().toByteArray())
                    .as("canonical output of %s", hex(payload))
                    .isEqualTo(payload);
        }
    }

    @Test
    void shouldReadTheUnstableEditionsBytesFieldsAsTheSuiteDoes() throws Exception {
        final Type type = Type.EDITION_UNSTABLE;
        final int bytes = type.number("optional_bytes");
        final int repeatedBytes = type.number("repeated_bytes");
        final int mapStringBytes = type.number("map_string_bytes");
        final int mapStringString = type.number("map_string_string");
        final byte[] foo = "foo".getBytes(StandardCharsets.UTF_8);
        final byte[] barbaz = "barbaz".getBytes(StandardCharsets.UTF_8);
        // The suite's ValidBytes and ValidMap.Bytes.
        final byte[] validBytes = lengthDelimited(bytes, foo);
        expectCanonical(type, validBytes);
        assertThat(((TestAllTypesEditionUnstable) type.parse(validBytes))
                        .getOptionalBytes()
                        .toStringUtf8())
                .isEqualTo("foo");
        final byte[] validMap =
                lengthDelimited(mapStringBytes, concat(lengthDelimited(1, foo), lengthDelimited(2, barbaz)));
        expectCanonical(type, validMap);
        assertThat(((TestAllTypesEditionUnstable) type.parse(validMap))
                        .getMapStringBytesOrThrow("foo")
                        .toStringUtf8())
                .isEqualTo("barbaz");
        // Bytes are not validated, strings are (map keys, map_string_string's values).
        for (final byte[] accepted : List.of(
                lengthDelimited(bytes, INVALID_UTF8),
                concat(lengthDelimited(repeatedBytes, INVALID_UTF8), lengthDelimited(repeatedBytes, foo)),
                lengthDelimited(mapStringBytes, concat(lengthDelimited(1, foo), lengthDelimited(2, INVALID_UTF8))))) {
            expectCanonical(type, accepted);
        }
        for (final byte[] rejected : List.of(
                lengthDelimited(mapStringBytes, concat(lengthDelimited(1, INVALID_UTF8), lengthDelimited(2, foo))),
                lengthDelimited(mapStringString, concat(lengthDelimited(1, foo), lengthDelimited(2, INVALID_UTF8))),
                concat(tag(bytes, WireFormat.WIRETYPE_LENGTH_DELIMITED), varint(5), foo), // a length past the end
                lengthDelimited(mapStringBytes, concat(tag(1, 2), varint(9), foo)))) { // a key past its entry
            assertThat(testee.send(request(type, rejected)).getResultCase())
                    .as("%s", hex(rejected))
                    .isEqualTo(ConformanceResponse.ResultCase.PARSE_ERROR);
            expectProtobufJavasVerdict(type, rejected);
        }
        // Merges: the last bytes value wins, repeated bytes and map entries add up, nested messages merge.
        final int recursive = type.number("recursive_message");
        final int foreign = type.number("optional_foreign_message");
        expectCanonical(
                type,
                concat(
                        lengthDelimited(bytes, foo),
                        lengthDelimited(recursive, lengthDelimited(bytes, foo)),
                        lengthDelimited(foreign, concat(tag(1, 0), varint(3))),
                        lengthDelimited(bytes, barbaz),
                        lengthDelimited(recursive, lengthDelimited(repeatedBytes, barbaz)),
                        lengthDelimited(foreign, new byte[0])));
        final RandomMessageGenerator random = new RandomMessageGenerator(SEED + 15);
        for (int i = 0; i < RANDOM_MESSAGES / 2; i++) {
            expectSameMessage(
                    type,
                    concat(
                            random.message(type.prototype, 2).toByteArray(),
                            random.message(type.prototype, 2).toByteArray()));
        }
    }

    @ParameterizedTest
    @EnumSource(Type.class)
    void shouldRejectTagsTheSuiteRejectsThoughProtobufJavaAcceptsThem(final Type type) throws Exception {
        final List<byte[]> stricter = List.of(
                // Field number 2^29 in a 5-byte tag: above the largest field number.
                concat(varint((1L << 29) << 3), varint(1)),
                // A tag of 6 bytes: field 1, varint, overlong.
                concat(new byte[] {(byte) 0x88, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x00}, varint(1)));
        for (final byte[] payload : stricter) {
            assertThat(testee.send(request(type, payload)).getResultCase())
                    .as("%s %s", type, hex(payload))
                    .isEqualTo(ConformanceResponse.ResultCase.PARSE_ERROR);
        }
    }

    @Test
    void shouldCarryMessageSetItemsThrough() throws Exception {
        final TestAllTypesProto2.MessageSetCorrect set = TestAllTypesProto2.MessageSetCorrect.newBuilder()
                .setExtension(
                        TestAllTypesProto2.MessageSetCorrectExtension1.messageSetExtension,
                        TestAllTypesProto2.MessageSetCorrectExtension1.newBuilder()
                                .setStr("item")
                                .build())
                .setExtension(
                        TestAllTypesProto2.MessageSetCorrectExtension2.messageSetExtension,
                        TestAllTypesProto2.MessageSetCorrectExtension2.newBuilder()
                                .setI(7)
                                .build())
                .build();
        final byte[] payload = TestAllTypesProto2.newBuilder()
                .setOptionalInt32(1)
                .setMessageSetCorrect(set)
                .build()
                .toByteArray();

        final ConformanceResponse response = expectSameMessage(Type.PROTO2, payload);

        assertThat(response.getProtobufPayload().toByteArray()).isEqualTo(payload);
        assertThat(((TestAllTypesProto2)
                                Type.PROTO2.parse(response.getProtobufPayload().toByteArray()))
                        .getMessageSetCorrect()
                        .getExtension(TestAllTypesProto2.MessageSetCorrectExtension1.messageSetExtension)
                        .getStr())
                .isEqualTo("item");
    }

    @Test
    void shouldRejectMessagesMissingRequiredFieldsAsProtobufJavaDoes() throws Exception {
        final String[] names = {
            TestAllRequiredTypesProto2.getDescriptor().getFullName(),
            org.flyproto.conformance.messages.editions.proto2.TestMessagesProto2Editions.TestAllRequiredTypesProto2
                    .getDescriptor()
                    .getFullName()
        };
        // The type requires a message of its own type, so no finite message is initialized: every payload is a parse
        // error, well-formed ones for a missing required field.
        final TestAllRequiredTypesProto2 partial = TestAllRequiredTypesProto2.newBuilder()
                .setRequiredInt32(1)
                .setRequiredString("x")
                .buildPartial();
        for (final String name : names) {
            for (final byte[] payload : List.of(new byte[0], partial.toByteArray())) {
                final ConformanceResponse response = testee.send(request(name, payload));
                assertThat(response.getResultCase()).isEqualTo(ConformanceResponse.ResultCase.PARSE_ERROR);
                assertThat(response.getParseError()).contains("required");
            }
            assertThatThrownParse(payload -> TestAllRequiredTypesProto2.parseFrom(payload), partial.toByteArray());
        }
    }

    private static void assertThatThrownParse(final Parse parse, final byte[] payload) {
        try {
            parse.parse(payload);
            throw new AssertionError("protobuf-java accepted " + hex(payload));
        } catch (final InvalidProtocolBufferException expected) {
            // as the testee
        }
    }

    @FunctionalInterface
    private interface Parse {
        Message parse(byte[] payload) throws InvalidProtocolBufferException;
    }

    private static ConformanceResponse expectSameMessage(final Type type, final byte[] payload) throws Exception {
        final Message expected = type.parse(payload);
        final ConformanceResponse response = testee.send(request(type, payload));
        assertThat(response.getResultCase())
                .as("%s %s: %s", type, hex(payload), response)
                .isEqualTo(ConformanceResponse.ResultCase.PROTOBUF_PAYLOAD);
        assertThat(type.parse(response.getProtobufPayload().toByteArray()))
                .as("%s %s", type, hex(payload))
                .isEqualTo(expected);
        return response;
    }

    /** The testee's answer is protobuf-java's message and, byte for byte, its serialization (no unknown fields). */
    private static void expectCanonical(final Type type, final byte[] payload) throws Exception {
        final ConformanceResponse response = expectSameMessage(type, payload);
        assertThat(response.getProtobufPayload().toByteArray())
                .as("%s canonical output of %s", type, hex(payload))
                .isEqualTo(type.parse(payload).toByteArray());
    }

    private static Object zeroOf(final FieldDescriptor field) {
        return switch (field.getJavaType()) {
            case INT -> 0;
            case LONG -> 0L;
            case FLOAT -> 0f;
            case DOUBLE -> 0d;
            case BOOLEAN -> false;
            case STRING -> "";
            case BYTE_STRING -> ByteString.EMPTY;
            default -> throw new IllegalArgumentException(field.toString());
        };
    }

    private static void expectProtobufJavasVerdict(final Type type, final byte[] payload) throws Exception {
        boolean accepted;
        try {
            type.parse(payload);
            accepted = true;
        } catch (final InvalidProtocolBufferException e) {
            accepted = false;
        }
        if (accepted) {
            expectSameMessage(type, payload);
        } else {
            final ConformanceResponse response = testee.send(request(type, payload));
            assertThat(response.getResultCase())
                    .as("%s %s: %s", type, hex(payload), response)
                    .isEqualTo(ConformanceResponse.ResultCase.PARSE_ERROR);
        }
    }

    private static ConformanceRequest request(final Type type, final byte[] payload) {
        return request(type.fullName(), payload);
    }

    private static ConformanceRequest request(final String messageType, final byte[] payload) {
        return ConformanceRequest.newBuilder()
                .setMessageType(messageType)
                .setProtobufPayload(ByteString.copyFrom(payload))
                .setRequestedOutputFormat(org.flyproto.conformance.protocol.Conformance.WireFormat.PROTOBUF)
                .setTestCategory(TestCategory.BINARY_TEST)
                .build();
    }

    /** {@code depth} levels of {@code recursive_message}, the innermost holding an int32. */
    private static byte[] nest(final Type type, final int depth) {
        byte[] inner = concat(tag(type.number("optional_int32"), 0), varint(1));
        for (int i = 0; i < depth; i++) {
            inner = field(type.number("recursive_message"), 2, inner);
        }
        return inner;
    }

    private static byte[] packed(final FieldDescriptor field, final List<?> values) throws IOException {
        final ByteArrayOutputStream content = new ByteArrayOutputStream();
        final CodedOutputStream out = CodedOutputStream.newInstance(content);
        for (final Object value : values) {
            writeNoTag(out, field, value);
        }
        out.flush();
        return field(field.getNumber(), WireFormat.WIRETYPE_LENGTH_DELIMITED, content.toByteArray());
    }

    private static byte[] unpacked(final FieldDescriptor field, final List<?> values) throws IOException {
        final ByteArrayOutputStream content = new ByteArrayOutputStream();
        final CodedOutputStream out = CodedOutputStream.newInstance(content);
        for (final Object value : values) {
            out.writeTag(field.getNumber(), field.getLiteType().getWireType());
            writeNoTag(out, field, value);
        }
        out.flush();
        return content.toByteArray();
    }

    private static void writeNoTag(final CodedOutputStream out, final FieldDescriptor field, final Object value)
            throws IOException {
        switch (field.getType()) {
            case INT32 -> out.writeInt32NoTag((Integer) value);
            case INT64 -> out.writeInt64NoTag((Long) value);
            case UINT32 -> out.writeUInt32NoTag((Integer) value);
            case UINT64 -> out.writeUInt64NoTag((Long) value);
            case SINT32 -> out.writeSInt32NoTag((Integer) value);
            case SINT64 -> out.writeSInt64NoTag((Long) value);
            case FIXED32 -> out.writeFixed32NoTag((Integer) value);
            case FIXED64 -> out.writeFixed64NoTag((Long) value);
            case SFIXED32 -> out.writeSFixed32NoTag((Integer) value);
            case SFIXED64 -> out.writeSFixed64NoTag((Long) value);
            case FLOAT -> out.writeFloatNoTag((Float) value);
            case DOUBLE -> out.writeDoubleNoTag((Double) value);
            case BOOL -> out.writeBoolNoTag((Boolean) value);
            case ENUM -> out.writeEnumNoTag(((com.google.protobuf.Descriptors.EnumValueDescriptor) value).getNumber());
            default -> throw new IllegalArgumentException("not packable: " + field);
        }
    }

    private static Object sampleValue(final FieldDescriptor field) {
        return switch (field.getJavaType()) {
            case INT -> -5;
            case LONG -> 1L << 40;
            case FLOAT -> 1.5f;
            case DOUBLE -> -2.5;
            case BOOLEAN -> true;
            case STRING -> "k\u00e9y";
            case BYTE_STRING -> ByteString.copyFrom(new byte[] {0, (byte) 0xFF});
            case ENUM -> field.getEnumType().getValues().get(1);
            case MESSAGE ->
                com.google.protobuf.DynamicMessage.newBuilder(field.getMessageType())
                        .setField(field.getMessageType().getFields().get(0), 9)
                        .build();
        };
    }

    /** One field, tag and value, encoded by protobuf-java. */
    private static byte[] encodedField(final FieldDescriptor field, final Object value) throws IOException {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final CodedOutputStream out = CodedOutputStream.newInstance(bytes);
        switch (field.getType()) {
            case STRING -> out.writeString(field.getNumber(), (String) value);
            case BYTES -> out.writeBytes(field.getNumber(), (ByteString) value);
            case MESSAGE -> out.writeMessage(field.getNumber(), (Message) value);
            default -> {
                out.writeTag(field.getNumber(), field.getLiteType().getWireType());
                writeNoTag(out, field, value);
            }
        }
        out.flush();
        return bytes.toByteArray();
    }

    private static byte[] tag(final int number, final int wireType) {
        return varint(((long) number << 3 | wireType) & 0xFFFF_FFFFL);
    }

    private static byte[] varint(final long value) {
        final byte[] out = new byte[10];
        long v = value;
        int n = 0;
        while ((v & ~0x7FL) != 0) {
            out[n++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out[n++] = (byte) v;
        return Arrays.copyOf(out, n);
    }

    private static byte[] field(final int number, final int wireType, final byte[] content) {
        return concat(tag(number, wireType), varint(content.length), content);
    }

    private static byte[] lengthDelimited(final int number, final byte[] content) {
        return field(number, WireFormat.WIRETYPE_LENGTH_DELIMITED, content);
    }

    /** The extension of the type's message at {@code number}, as protobuf-java knows it: it must exist. */
    private static FieldDescriptor extension(final Type type, final int number, final FieldDescriptor.Type kind) {
        final ExtensionRegistry.ExtensionInfo info =
                type.registry.findImmutableExtensionByNumber(type.prototype.getDescriptorForType(), number);
        assertThat(info).as("extension %d of %s", number, type.fullName()).isNotNull();
        assertThat(info.descriptor.getType()).isEqualTo(kind);
        return info.descriptor;
    }

    private static byte[] concat(final byte[]... parts) {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (final byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    /** The testee in its own JVM, spoken to over its stdin and stdout. */
    private static final class Testee {
        private final Process process;
        private final OutputStream toTestee;
        private final DataInputStream fromTestee;

        Testee() throws IOException {
            final Path java = Paths.get(System.getProperty("java.home"), "bin", "java");
            final List<String> command = new ArrayList<>(List.of(
                    java.toString(),
                    "--add-exports",
                    "java.base/jdk.internal.misc=ALL-UNNAMED",
                    "-Dagrona.disable.bounds.checks=" + Boolean.getBoolean("agrona.disable.bounds.checks"),
                    "-cp",
                    System.getProperty("java.class.path"),
                    ConformanceTestee.class.getName()));
            process = new ProcessBuilder(command)
                    .redirectError(ProcessBuilder.Redirect.INHERIT)
                    .start();
            toTestee = process.getOutputStream();
            fromTestee = new DataInputStream(process.getInputStream());
        }

        ConformanceResponse send(final ConformanceRequest request) throws IOException {
            final byte[] bytes = request.toByteArray();
            toTestee.write(littleEndian(bytes.length));
            toTestee.write(bytes);
            toTestee.flush();
            final byte[] prefix = new byte[4];
            fromTestee.readFully(prefix);
            final int length =
                    (prefix[0] & 0xFF) | (prefix[1] & 0xFF) << 8 | (prefix[2] & 0xFF) << 16 | prefix[3] << 24;
            final byte[] response = new byte[length];
            fromTestee.readFully(response);
            return ConformanceResponse.parseFrom(response);
        }

        private static byte[] littleEndian(final int value) {
            return new byte[] {(byte) value, (byte) (value >>> 8), (byte) (value >>> 16), (byte) (value >>> 24)};
        }

        void close() throws IOException, InterruptedException {
            toTestee.close();
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(process.exitValue()).isZero();
        }
    }
}
