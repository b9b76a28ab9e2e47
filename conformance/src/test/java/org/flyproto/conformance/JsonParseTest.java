package org.flyproto.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.ExtensionRegistry;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.util.JsonFormat;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.codec.JsonParser;
import org.flyproto.codec.MessageEncoder;
import org.flyproto.codec.ProtoDecodeException;
import org.flyproto.codec.ProtoEncodeException;
import org.flyproto.codec.schema.SchemaRegistry;
import org.flyproto.conformance.messages.proto2.TestMessagesProto2;
import org.flyproto.conformance.messages.proto2.TestMessagesProto2.TestAllRequiredTypesProto2;
import org.flyproto.conformance.messages.proto2.TestMessagesProto2.TestAllTypesProto2;
import org.flyproto.conformance.messages.proto2.flyproto.TestAllRequiredTypesProto2Encoder;
import org.flyproto.conformance.messages.proto2.flyproto.TestAllTypesProto2Encoder;
import org.flyproto.conformance.messages.proto3.TestMessagesProto3.TestAllTypesProto3;
import org.flyproto.conformance.messages.proto3.flyproto.TestAllTypesProto3Encoder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * flyproto's {@link JsonParser} against protobuf-java's {@code JsonFormat.parser()}: for every input of a corpus of
 * valid and malformed JSON ({@code json/parse-corpus.txt}), both give the same verdict, and where both accept,
 * protobuf-java parses flyproto's bytes to the message JsonFormat built; JSON that {@code JsonFormat.printer()} prints
 * for random messages of every test schema, with every printer option, parses to the same message (byte for byte where
 * the JSON lists fields in number order); errors carry offsets into the input and leave the encoder as it was; a
 * representative parse allocates nothing.
 */
class JsonParseTest {
    private static final int CAPACITY = 1 << 20;
    private static final int OFFSET = 7;
    private static final int MESSAGES = 20;
    private static final int DEPTH = 3;

    private static final JsonFormat.TypeRegistry TYPES = JsonFormat.TypeRegistry.newBuilder()
            .add(TestAllTypesProto3.getDescriptor())
            .add(TestAllTypesProto2.getDescriptor())
            .build();
    private static final SchemaRegistry SCHEMAS =
            SchemaRegistry.of(TestAllTypesProto3Encoder.SCHEMA, TestAllTypesProto2Encoder.SCHEMA);

    /** The message types of the corpus. */
    enum Target {
        PROTO3(TestAllTypesProto3.getDefaultInstance(), new TestAllTypesProto3Encoder()),
        PROTO2(TestAllTypesProto2.getDefaultInstance(), new TestAllTypesProto2Encoder()),
        REQUIRED(TestAllRequiredTypesProto2.getDefaultInstance(), new TestAllRequiredTypesProto2Encoder());

        final Message prototype;
        final MessageEncoder encoder;

        Target(final Message prototype, final MessageEncoder encoder) {
            this.prototype = prototype;
            this.encoder = encoder;
        }
    }

    /** One corpus line. */
    record Case(
            String line,
            Target target,
            boolean ignoring,
            boolean diverges,
            int strictOffset,
            boolean strictAccepts,
            String json) {
        @Override
        public String toString() {
            return line;
        }
    }

    /** A parser's verdict: the message, or why not. */
    record Verdict(Message message, String error, int offset) {
        Verdict(final Message message, final String error) {
            this(message, error, -1);
        }

        boolean accepted() {
            return message != null;
        }
    }

    static Stream<Case> corpus() throws IOException {
        final List<Case> cases = new ArrayList<>();
        try (InputStream stream = JsonParseTest.class.getResourceAsStream("/json/parse-corpus.txt");
                BufferedReader reader = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.startsWith("--")) {
                    continue;
                }
                String rest = line;
                Target target = Target.PROTO3;
                boolean ignoring = false;
                boolean diverges = false;
                int strictOffset = -1;
                boolean strictAccepts = false;
                while (rest.matches("^\\[(p2|req|ign|diverge|strict@[0-9]+|strict-accepts)] .*")) {
                    final int close = rest.indexOf("] ");
                    final String tag = rest.substring(1, close);
                    switch (tag) {
                        case "p2" -> target = Target.PROTO2;
                        case "req" -> target = Target.REQUIRED;
                        case "ign" -> ignoring = true;
                        case "diverge" -> diverges = true;
                        case "strict-accepts" -> strictAccepts = true;
                        default -> strictOffset = Integer.parseInt(tag.substring("strict@".length()));
                    }
                    rest = rest.substring(close + 2);
                }
                final String json = rest.replace("<NL>", "\n")
                        .replace("<CR>", "\r")
                        .replace("<TAB>", "\t")
                        .replace("<FF>", "\f")
                        .replace("<x01>", "\u0001");
                cases.add(new Case(line, target, ignoring, diverges, strictOffset, strictAccepts, json));
            }
        }
        assertThat(cases).hasSizeGreaterThan(400);
        return cases.stream();
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("corpus")
    void shouldGiveJsonFormatsVerdict(final Case c) {
        final Verdict expected = jsonFormat(c.target.prototype, c.json, c.ignoring);
        final Verdict actual = flyproto(c.target, c.json, c.ignoring, false);
        if (c.diverges) {
            assertThat(expected.accepted()).as("JsonFormat accepts").isTrue();
            assertThat(actual.accepted()).as("flyproto rejects").isFalse();
            return;
        }
        if (expected.accepted() != actual.accepted()) {
            fail("JsonFormat " + (expected.accepted() ? "accepts: " + expected.message : "rejects: " + expected.error)
                    + "\nflyproto " + (actual.accepted() ? "accepts: " + actual.message : "rejects: " + actual.error));
        }
        if (expected.accepted() && !actual.message.equals(expected.message)) {
            // An Any holds its message's bytes: flyproto's in JSON order, protobuf-java's in number order. Equal when
            // unpacked, as JsonFormat prints them.
            assertThat(c.json).contains("@type");
            assertThat(print(actual.message)).isEqualTo(print(expected.message));
        }
    }

    /**
     * The default, strict parser: JsonFormat's verdict, except on the lines tagged {@code [strict@N]} (JsonFormat and
     * the lenient parser accept, strict rejects at byte offset N), {@code [diverge]} (both of flyproto's parsers
     * reject) and {@code [strict-accepts]} (JSON names of extensions: JsonFormat rejects them, strict ProtoJSON reads
     * them, and protobuf-java parses the bytes to a message holding the extension).
     */
    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("corpus")
    void shouldBeStrictProtoJson(final Case c) throws InvalidProtocolBufferException {
        final Verdict expected = jsonFormat(c.target.prototype, c.json, c.ignoring);
        final Verdict actual = flyproto(c.target, c.json, c.ignoring, true);
        if (c.strictOffset >= 0) {
            assertThat(expected.accepted()).as("JsonFormat accepts").isTrue();
            assertThat(flyproto(c.target, c.json, c.ignoring, false).accepted())
                    .as("lenient accepts")
                    .isTrue();
            assertThat(actual.accepted()).as("strict rejects").isFalse();
            assertThat(actual.offset).as(actual.error).isEqualTo(c.strictOffset);
            return;
        }
        if (c.strictAccepts) {
            assertThat(expected.accepted()).as("JsonFormat rejects").isFalse();
            assertThat(actual.accepted()).as("strict accepts: " + actual.error).isTrue();
            final ExtensionRegistry extensions = ExtensionRegistry.newInstance();
            TestMessagesProto2.registerAllExtensions(extensions);
            final TestAllTypesProto2 message = TestAllTypesProto2.parseFrom(actual.message.toByteArray(), extensions);
            assertThat(message.getUnknownFields().asMap())
                    .as("no unknown fields")
                    .isEmpty();
            assertThat(message.hasExtension(TestMessagesProto2.extensionInt32))
                    .as("the extension is set")
                    .isTrue();
            return;
        }
        if (c.diverges) {
            assertThat(actual.accepted()).as("flyproto rejects").isFalse();
            return;
        }
        if (expected.accepted() != actual.accepted()) {
            fail("JsonFormat " + (expected.accepted() ? "accepts: " + expected.message : "rejects: " + expected.error)
                    + "\nstrict " + (actual.accepted() ? "accepts: " + actual.message : "rejects: " + actual.error));
        }
        if (expected.accepted() && !actual.message.equals(expected.message)) {
            assertThat(c.json).contains("@type");
            assertThat(print(actual.message)).isEqualTo(print(expected.message));
        }
    }

    private static String print(final Message message) {
        try {
            return JsonFormat.printer().usingTypeRegistry(TYPES).print(message);
        } catch (final InvalidProtocolBufferException e) {
            throw new AssertionError(e);
        }
    }

    /** JsonFormat's verdict; an accepted message normalized through its bytes (as protobuf-java writes it). */
    static Verdict jsonFormat(final Message prototype, final String json, final boolean ignoring) {
        JsonFormat.Parser parser = JsonFormat.parser().usingTypeRegistry(TYPES);
        if (ignoring) {
            parser = parser.ignoringUnknownFields();
        }
        final Message.Builder builder = prototype.newBuilderForType();
        try {
            parser.merge(json, builder);
            return new Verdict(parse(prototype, builder.build().toByteArray()), null);
        } catch (final InvalidProtocolBufferException | RuntimeException e) {
            return new Verdict(null, e.toString());
        }
    }

    /**
     * flyproto's verdict, from the bytes form (at an offset of a larger buffer) and from the chars form, which must
     * agree with each other; a rejection must be a {@link ProtoDecodeException} with an offset inside the input.
     */
    static Verdict flyproto(final Target target, final String json, final boolean ignoring, final boolean strict) {
        JsonParser parser = JsonParser.create().usingRegistry(SCHEMAS);
        if (!strict) {
            parser = parser.lenient();
        }
        if (ignoring) {
            parser = parser.ignoringUnknownFields();
        }
        final byte[] utf8 = json.getBytes(StandardCharsets.UTF_8);
        final UnsafeBuffer in = new UnsafeBuffer(new byte[utf8.length + 2 * OFFSET]);
        in.putBytes(OFFSET, utf8);
        final UnsafeBuffer out = new UnsafeBuffer(new byte[CAPACITY]);
        final MessageEncoder encoder = target.encoder;
        byte[] bytes = null;
        ProtoDecodeException error = null;
        try {
            encoder.wrap(out, 0, CAPACITY);
            parser.parse(in, OFFSET, utf8.length, encoder);
            bytes = copy(out, encoder.encodedLength());
        } catch (final ProtoDecodeException e) {
            error = e;
            assertThat(e.offset()).as(e.getMessage()).isBetween(0, utf8.length);
            assertThat(encoder.encodedLength()).as("rewound").isZero();
        }
        // The same bytes in a buffer that is not one of Agrona's (read through its interface) and fails any read
        // outside the input: Agrona's buffers are read as plain memory, so this is where a read past the range shows.
        try {
            encoder.wrap(out, 0, CAPACITY);
            parser.parse(RegionChecked.of(in, OFFSET, utf8.length), OFFSET, utf8.length, encoder);
            assertThat(bytes)
                    .as("region-checked buffer accepts as the bytes form does")
                    .isNotNull();
            assertThat(copy(out, encoder.encodedLength())).isEqualTo(bytes);
        } catch (final ProtoDecodeException e) {
            assertThat(error)
                    .as("region-checked buffer rejects as the bytes form does: " + e.getMessage())
                    .isNotNull();
            assertThat(e.getMessage()).isEqualTo(error.getMessage());
        }
        try {
            encoder.wrap(out, 0, CAPACITY);
            parser.parse(json, encoder);
            assertThat(bytes).as("chars form accepts as bytes form does").isNotNull();
            assertThat(copy(out, encoder.encodedLength())).isEqualTo(bytes);
        } catch (final ProtoDecodeException e) {
            assertThat(error)
                    .as("chars form rejects as bytes form does: " + e.getMessage())
                    .isNotNull();
            assertThat(e.reason()).isEqualTo(error.reason());
            assertThat(e.offset()).isBetween(0, json.length());
        }
        if (error != null) {
            return new Verdict(null, error.getMessage(), error.offset());
        }
        try {
            return new Verdict(parse(target.prototype, bytes), null);
        } catch (final InvalidProtocolBufferException e) {
            throw new AssertionError("flyproto wrote bytes protobuf-java does not parse", e);
        }
    }

    /** protobuf-java's parse of {@code bytes}, with room for the nesting the JSON parsers allow. */
    static Message parse(final Message prototype, final byte[] bytes) throws InvalidProtocolBufferException {
        final CodedInputStream input = CodedInputStream.newInstance(bytes);
        input.setRecursionLimit(1000);
        return prototype.getParserForType().parsePartialFrom(input);
    }

    private static byte[] copy(final MutableDirectBuffer buffer, final int length) {
        final byte[] bytes = new byte[length];
        buffer.getBytes(0, bytes);
        return bytes;
    }

    // ---------------------------------------------------------------------------------------------------------------

    static Stream<Arguments> schemasAndOptions() {
        return Stream.of(SchemaRoundTripTest.Schema.values())
                .flatMap(schema -> IntStream.range(0, 16).mapToObj(options -> Arguments.of(schema, options)));
    }

    /** Printer options: bit 0 proto names, bit 1 fields without presence always, bit 2 enums as ints, bit 3 compact. */
    @ParameterizedTest(name = "{0} options {1}")
    @MethodSource("schemasAndOptions")
    void shouldParseWhatJsonFormatPrints(final SchemaRoundTripTest.Schema schema, final int options)
            throws InvalidProtocolBufferException {
        final Message prototype = schema.prototype();
        final Descriptor type = prototype.getDescriptorForType();
        final JsonFormat.TypeRegistry types =
                JsonFormat.TypeRegistry.newBuilder().add(type).build();
        final JsonFormat.Printer printer = printer(types, options);
        final MessageEncoder encoder = ReflectiveMirror.newEncoder(type);
        final JsonParser parser = JsonParser.create().lenient().usingRegistry(SchemaRegistry.of(encoder.schema()));
        final UnsafeBuffer out = new UnsafeBuffer(new byte[CAPACITY]);
        int parsed = 0;
        int identical = 0;
        for (final long seed : SchemaRoundTripTest.seeds(MESSAGES)) {
            final Message message = SchemaRoundTripTest.randomMessage(seed, prototype, DEPTH);
            final String json = printer.print(message);
            final Message.Builder builder = prototype.newBuilderForType();
            JsonFormat.parser().usingTypeRegistry(types).merge(json, builder);
            final byte[] expected = builder.build().toByteArray();
            encoder.wrap(out, 0, CAPACITY);
            try {
                parser.parse(json, encoder);
            } catch (final ProtoDecodeException e) {
                throw new AssertionError("seed " + seed + ": " + e.getMessage() + "\n" + json, e);
            }
            final byte[] actual = copy(out, encoder.encodedLength());
            assertThat(prototype.getParserForType().parsePartialFrom(actual))
                    .as("seed %d, JSON %s", seed, json)
                    .isEqualTo(prototype.getParserForType().parsePartialFrom(expected));
            parsed++;
            if (Arrays.equals(actual, expected)) {
                identical++;
            }
        }
        assertThat(parsed).isEqualTo(MESSAGES);
        if ((options & 2) == 0) {
            // JsonFormat prints set fields in number order: the very bytes protobuf-java writes, but for the order of
            // map entries (JSON keeps the map's order, protobuf-java's bytes too, except after a merge) — all of them.
            assertThat(identical).as("byte-identical messages").isEqualTo(MESSAGES);
        }
    }

    @SuppressWarnings("deprecation") // the option is still what the conformance suite's printer calls
    private static JsonFormat.Printer printer(final JsonFormat.TypeRegistry types, final int options) {
        JsonFormat.Printer printer = JsonFormat.printer().usingTypeRegistry(types);
        if ((options & 1) != 0) {
            printer = printer.preservingProtoFieldNames();
        }
        if ((options & 2) != 0) {
            printer = printer.includingDefaultValueFields();
        }
        if ((options & 4) != 0) {
            printer = printer.printingEnumsAsInts();
        }
        if ((options & 8) != 0) {
            printer = printer.omittingInsignificantWhitespace();
        }
        return printer;
    }

    // ---------------------------------------------------------------------------------------------------------------

    @Test
    void shouldLimitNestingAsJsonFormatDoes() {
        for (final int levels : new int[] {98, 99, 100, 101, 102}) {
            final String nested = "{\"recursiveMessage\": ".repeat(levels) + "{}" + "}".repeat(levels);
            final String struct = "{\"optionalValue\": " + "[".repeat(levels) + "]".repeat(levels) + "}";
            for (final String json : new String[] {nested, struct}) {
                final Verdict expected = jsonFormat(Target.PROTO3.prototype, json, false);
                final Verdict actual = flyproto(Target.PROTO3, json, false, false);
                assertThat(actual.accepted())
                        .as(levels + " levels: " + expected.error)
                        .isEqualTo(expected.accepted());
            }
        }
        for (final int levels : new int[] {253, 254, 255, 256}) {
            final String unknown = "{\"unknown\": " + "[".repeat(levels) + "]".repeat(levels) + "}";
            final Verdict expected = jsonFormat(Target.PROTO3.prototype, unknown, true);
            final Verdict actual = flyproto(Target.PROTO3, unknown, true, false);
            assertThat(actual.accepted())
                    .as(levels + " arrays: " + expected.error)
                    .isEqualTo(expected.accepted());
        }
    }

    @Test
    void shouldRequireProto2RequiredFieldsAsBuildingTheMessageDoes() {
        final Message prototype = SchemaRoundTripTest.Schema.PROTO2_ALL_TYPES.prototype();
        final MessageEncoder encoder = ReflectiveMirror.newEncoder(prototype.getDescriptorForType());
        final JsonParser parser = JsonParser.create();
        final UnsafeBuffer out = new UnsafeBuffer(new byte[4096]);
        final String complete = "{\"a\": 1, \"b\": \"x\", \"leaf\": {}, \"color\": %s, \"d\": 0}";
        final String color = prototype
                .getDescriptorForType()
                .findFieldByName("o_required")
                .getMessageType()
                .findFieldByName("color")
                .getEnumType()
                .getValues()
                .get(0)
                .getName();
        final String required = String.format(complete, "\"" + color + "\"");
        final String[] inputs = {
            "{\"oRequired\": " + required + "}",
            "{\"rRequired\": [" + required + ", " + required + "]}",
            "{\"oRequired\": {}}",
            "{\"oRequired\": {\"a\": 1}}",
            "{\"oRequired\": " + required.replace("\"leaf\": {}, ", "") + "}",
            "{\"rRequired\": [" + required + ", {\"b\": \"y\"}]}",
            "{\"oRequired\": null}"
        };
        int accepted = 0;
        for (final String json : inputs) {
            final Message.Builder builder = prototype.newBuilderForType();
            boolean expected;
            try {
                JsonFormat.parser().merge(json, builder);
                builder.build();
                expected = true;
            } catch (final InvalidProtocolBufferException | RuntimeException e) {
                expected = false;
            }
            boolean actual;
            try {
                parser.parse(json, encoder.wrap(out, 0, out.capacity()));
                actual = true;
            } catch (final ProtoDecodeException e) {
                assertThat(e.reason()).as(json).contains("misses required field");
                actual = false;
            }
            assertThat(actual).as(json).isEqualTo(expected);
            accepted += actual ? 1 : 0;
        }
        assertThat(accepted).isEqualTo(3);
    }

    @Test
    void shouldReportOffsetsOfTheOffendingToken() {
        final JsonParser parser = JsonParser.create();
        final TestAllTypesProto3Encoder encoder = new TestAllTypesProto3Encoder();
        final UnsafeBuffer out = new UnsafeBuffer(new byte[256]);
        assertThatThrownBy(() -> parser.parse("{\"optionalInt32\": \"x\"}", encoder.wrap(out, 0)))
                .isInstanceOfSatisfying(ProtoDecodeException.class, e -> {
                    assertThat(e.offset()).isEqualTo(18);
                    assertThat(e.reason()).contains("optional_int32");
                });
        assertThatThrownBy(() -> parser.parse("{\"optionalInt32\": 1, \"nope\": 2}", encoder.wrap(out, 0)))
                .isInstanceOfSatisfying(ProtoDecodeException.class, e -> {
                    assertThat(e.offset()).isEqualTo(21);
                    assertThat(e.reason()).contains("nope").contains("TestAllTypesProto3");
                });
        // chars, not bytes: "é" and the emoji are 2 and 4 bytes, 1 and 2 chars
        final String json = "{\"optionalString\": \"é😀\", \"optionalBool\": 2}";
        assertThatThrownBy(() -> parser.parse(json, encoder.wrap(out, 0)))
                .isInstanceOfSatisfying(
                        ProtoDecodeException.class, e -> assertThat(e.offset()).isEqualTo(json.indexOf('2')));
        final byte[] utf8 = json.getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> parser.parse(new UnsafeBuffer(utf8), 0, utf8.length, encoder.wrap(out, 0)))
                .isInstanceOfSatisfying(
                        ProtoDecodeException.class, e -> assertThat(e.offset()).isEqualTo(utf8.length - 2));
        assertThatThrownBy(() -> parser.parse("{\"optionalString\": \"abc", encoder.wrap(out, 0)))
                .isInstanceOfSatisfying(
                        ProtoDecodeException.class, e -> assertThat(e.offset()).isEqualTo(19));
    }

    @Test
    void shouldRewindTheEncoderWhenTheInputIsBad() {
        final JsonParser parser = JsonParser.create();
        final TestAllTypesProto3Encoder encoder = new TestAllTypesProto3Encoder();
        final UnsafeBuffer out = new UnsafeBuffer(new byte[256]);
        encoder.wrap(out, 0).optionalInt32(5);
        final int before = encoder.encodedLength();
        assertThatThrownBy(() -> parser.parse(
                        "{\"optionalNestedMessage\": {\"corecursive\": {\"repeatedInt32\": [1, 2, \"x\"]}}}", encoder))
                .isInstanceOf(ProtoDecodeException.class);
        assertThat(encoder.encodedLength()).isEqualTo(before);
        parser.parse("{\"optionalInt64\": 6}", encoder);
        encoder.optionalUint32(7);
        final TestAllTypesProto3 expected = TestAllTypesProto3.newBuilder()
                .setOptionalInt32(5)
                .setOptionalInt64(6)
                .setOptionalUint32(7)
                .build();
        assertThat(copy(out, encoder.encodedLength())).isEqualTo(expected.toByteArray());
    }

    @Test
    void shouldFailWithTheEncodersExceptionWhenTheRegionIsTooSmall() {
        final JsonParser parser = JsonParser.create();
        final TestAllTypesProto3Encoder encoder = new TestAllTypesProto3Encoder();
        final UnsafeBuffer out = new UnsafeBuffer(new byte[64]);
        out.setMemory(0, 64, (byte) 0x5A);
        encoder.wrap(out, 8, 16);
        assertThatThrownBy(() -> parser.parse(
                        "{\"optionalString\": \"" + "x".repeat(40) + "\", \"repeatedInt32\": [1, 2, 3]}", encoder))
                .isInstanceOf(ProtoEncodeException.class);
        assertThat(encoder.encodedLength()).isZero();
        for (int i = 0; i < 64; i++) {
            if (i < 8 || i >= 24) {
                assertThat(out.getByte(i)).as("byte %d outside the region", i).isEqualTo((byte) 0x5A);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void shouldWriteIntoEveryKindOfBuffer(final BufferKind kind) throws InvalidProtocolBufferException {
        final JsonParser parser = JsonParser.create().usingRegistry(SCHEMAS);
        final TestAllTypesProto3Encoder encoder = new TestAllTypesProto3Encoder();
        final MutableDirectBuffer out = kind.allocate(4096);
        encoder.wrap(out, 0);
        parser.parse(REPRESENTATIVE, encoder);
        final Verdict expected = jsonFormat(TestAllTypesProto3.getDefaultInstance(), REPRESENTATIVE, false);
        assertThat(TestAllTypesProto3.parseFrom(copy(out, encoder.encodedLength())))
                .isEqualTo(expected.message);
    }

    /** Nested, repeated, packed, map, oneof, escapes, base64, enums, short doubles and well-known types. */
    static final String REPRESENTATIVE = """
            {
              "optionalInt32": -42, "optionalInt64": "1234567890123", "optionalUint32": 7, "optionalUint64": "18446744073709551615",
              "optionalSint32": -3, "optionalFixed64": 99, "optionalFloat": 0.1, "optionalDouble": -0.30000000000000004,
              "optionalBool": true, "optionalString": "caf\\u00e9 \\"quoted\\" \\ud83d\\ude00 tab\\t", "optionalBytes": "AQIDBA==",
              "optionalNestedMessage": {"a": 1, "corecursive": {"optionalInt32": 2, "repeatedString": ["x", "y"]}},
              "optionalNestedEnum": "BAZ", "optionalForeignEnum": 1,
              "repeatedInt32": [1, 2, 3], "packedSint64": [-1, 0, 1], "packedDouble": [0.5, 2, "NaN", 1.2345678901234567e-300, 6.02214076e23], "packedBool": [true, false],
              "repeatedNestedMessage": [{"a": 1}, {"a": 2}],
              "mapStringString": {"k": "v", "k\\n2": ""}, "mapInt32Int32": {"1": 2, "-3": 4}, "mapBoolBool": {"true": false},
              "mapStringNestedMessage": {"m": {"a": 5}},
              "oneofString": "one",
              "optionalBoolWrapper": true, "optionalInt64Wrapper": "9", "optionalStringWrapper": "w",
              "optionalDuration": "-1.5s", "optionalTimestamp": "2024-02-29T12:34:56.789Z",
              "optionalFieldMask": "fooBar,baz.quxQuux",
              "optionalStruct": {"a": 1, "b": [true, null, "s"], "c": {"d": -2.5}},
              "optionalValue": [1, "two", {"three": 3}],
              "optionalAny": {"value": "3s", "@type": "type.googleapis.com/google.protobuf.Duration"},
              "repeatedAny": [{"@type": "type.googleapis.com/protobuf_test_messages.proto3.TestAllTypesProto3", "optionalInt32": 1}],
              "optionalNullValue": null
            }
            """;

    @ParameterizedTest(name = "strict {0}")
    @ValueSource(booleans = {true, false})
    void shouldNotAllocateInSteadyState(final boolean strict) {
        final JsonParser parser = strict
                ? JsonParser.create().usingRegistry(SCHEMAS)
                : JsonParser.create().lenient().usingRegistry(SCHEMAS);
        final TestAllTypesProto3Encoder encoder = new TestAllTypesProto3Encoder();
        final byte[] utf8 = REPRESENTATIVE.getBytes(StandardCharsets.UTF_8);
        final UnsafeBuffer in = new UnsafeBuffer(utf8);
        final UnsafeBuffer out = new UnsafeBuffer(new byte[8192]);
        final Runnable parse = () -> {
            encoder.wrap(out, 0, out.capacity());
            parser.parse(in, 0, utf8.length, encoder);
        };
        parse.run();
        assertThat(encoder.encodedLength()).isGreaterThan(300);
        assertThat(AllocationMeter.allocatedBy(parse, 20_000, 100_000)).isZero();
        final StringBuilder chars = new StringBuilder(REPRESENTATIVE);
        assertThat(AllocationMeter.allocatedBy(() -> parser.parse(chars, encoder.wrap(out, 0, 8192)), 20_000, 20_000))
                .as("chars form")
                .isZero();
    }

    /**
     * A string's UTF-8 is checked as its end is found: valid text of every sequence length, and invalid bytes (a stray
     * continuation, an overlong form, a surrogate, a sequence cut by ASCII, by an escape or by the quote, completed
     * or not after it), at every place of strings that are passed over a word at a time or a byte at a time; strict
     * and lenient. Invalid ones are refused at the string's opening quote.
     */
    @Test
    void shouldCheckUtf8AsStringsAreRead() throws InvalidProtocolBufferException {
        final String[] pieces = {"c3a9", "e282ac", "f09f9880", "ff", "80", "c0af", "eda080", "f09f", "e282", "e2"};
        final byte[] prefix = "{\"optionalString\":\"".getBytes(StandardCharsets.US_ASCII);
        final byte[] escape = "\\u0041".getBytes(StandardCharsets.US_ASCII);
        final UnsafeBuffer out = new UnsafeBuffer(new byte[256]);
        final java.util.HexFormat hex = java.util.HexFormat.of();
        for (final String piece : pieces) {
            for (int before = 0; before <= 17; before++) {
                for (int after = 0; after <= 17; after++) {
                    for (final String tail : new String[] {"", "escape", "80", "8080", "808080"}) {
                        final java.io.ByteArrayOutputStream content = new java.io.ByteArrayOutputStream();
                        final java.io.ByteArrayOutputStream decoded = new java.io.ByteArrayOutputStream();
                        for (final java.io.ByteArrayOutputStream b : List.of(content, decoded)) {
                            b.writeBytes("x".repeat(before).getBytes(StandardCharsets.US_ASCII));
                            b.writeBytes(hex.parseHex(piece));
                            b.writeBytes("y".repeat(after).getBytes(StandardCharsets.US_ASCII));
                        }
                        if (tail.equals("escape")) {
                            content.writeBytes(escape);
                            decoded.write('A');
                        } else {
                            content.writeBytes(hex.parseHex(tail));
                            decoded.writeBytes(hex.parseHex(tail));
                        }
                        String expected;
                        try {
                            expected = StandardCharsets.UTF_8
                                    .newDecoder()
                                    .decode(java.nio.ByteBuffer.wrap(decoded.toByteArray()))
                                    .toString();
                        } catch (final java.nio.charset.CharacterCodingException e) {
                            expected = null;
                        }
                        final java.io.ByteArrayOutputStream json = new java.io.ByteArrayOutputStream();
                        json.writeBytes(prefix);
                        json.writeBytes(content.toByteArray());
                        json.writeBytes("\"}".getBytes(StandardCharsets.US_ASCII));
                        final UnsafeBuffer in = new UnsafeBuffer(json.toByteArray());
                        final String what = hex.formatHex(content.toByteArray());
                        for (final JsonParser parser :
                                List.of(JsonParser.create(), JsonParser.create().lenient())) {
                            final MessageEncoder encoder = Target.PROTO3.encoder.wrap(out, 0, out.capacity());
                            if (expected != null) {
                                parser.parse(in, 0, in.capacity(), encoder);
                                assertThat(TestAllTypesProto3.parseFrom(copy(out, encoder.encodedLength()))
                                                .getOptionalString())
                                        .as(what)
                                        .isEqualTo(expected);
                            } else {
                                assertThatThrownBy(() -> parser.parse(in, 0, in.capacity(), encoder))
                                        .as(what)
                                        .isInstanceOf(ProtoDecodeException.class)
                                        .hasMessageContaining("invalid UTF-8")
                                        .extracting(e -> ((ProtoDecodeException) e).offset())
                                        .isEqualTo(prefix.length - 1);
                            }
                        }
                    }
                }
            }
        }
    }

    @Test
    void shouldEndStringsAtTheirQuoteWhereverEscapesAndControlCharactersAre() {
        // Strings are passed over eight bytes a step until a quote, a backslash or a control character: each of them,
        // and characters that are none of them, at every place of strings of 0 to 24 bytes, double- and single-quoted.
        final String[] specials = {
            "\"", "'", "\\n", "\\u00e9", "\\", "\\x", "\u0001", "\u001f", "\n", "\u007f", "é", "€", "😀", " "
        };
        for (int length = 0; length <= 24; length++) {
            for (int at = 0; at <= length; at++) {
                for (final String special : specials) {
                    final String value = "a".repeat(at) + special + "b".repeat(length - at);
                    for (final char quote : new char[] {'"', '\''}) {
                        final String input = "{" + quote + "optionalString" + quote + ": " + quote + value + quote
                                + ", \"optionalInt32\": 1}";
                        final Verdict expected = jsonFormat(Target.PROTO3.prototype, input, false);
                        assertSameVerdict(input, expected, flyproto(Target.PROTO3, input, false, false));
                        final boolean strictRejects = quote == '\'' || special.charAt(0) < 0x20;
                        final Verdict strict = flyproto(Target.PROTO3, input, false, true);
                        if (strictRejects) {
                            assertThat(strict.accepted())
                                    .as("strict: %s", input)
                                    .isFalse();
                        } else {
                            assertSameVerdict(input, expected, strict);
                        }
                    }
                }
            }
        }
    }

    @Test
    void shouldTakeTheExpectedMemberOnlyWhereItsWholeQuotedNameIs() {
        // The parser first tests whether a member is the field after the last one found: optionalBool after
        // optionalDouble, optionalString after optionalBool. Names it is a prefix of, other spellings, the field under
        // its other name and cut input must get JsonFormat's verdict.
        final String[] inputs = {
            "{\"optionalDouble\": 1, \"optionalBool\": true}",
            "{\"optionalDouble\":1,\"optionalBool\":true}",
            "{\"optionalDouble\": 1, \"optionalBoolWrapper\": true}",
            "{\"optionalBool\": true, \"optionalStringPiece\": \"x\"}",
            "{\"optionalBool\": true, \"optionalString\": \"x\", \"optionalBytes\": \"AA==\"}",
            "{\"optionalDouble\": 1, \"optional_bool\": true}",
            "{\"optionalDouble\": 1, \"optionalBoo\\u006c\": true}",
            "{\"optionalDouble\": 1, 'optionalBool': true}",
            "{\"optionalDouble\": 1, \"optionalBool\" : true}",
            "{\"optionalDouble\": 1, \"optionalBool\": true, \"optional_bool\": false}",
            "{\"optionalBool\": true, \"optionalDouble\": 1, \"optional_bool\": false}",
            "{\"optionalDouble\": 1, \"optionalBoo\": true}",
            "{\"optionalDouble\": 1, \"optionalBoolx\": true}",
            "{\"optionalInt32\": 1, \"optionalInt64\": \"2\", \"optionalUint32\": 3, \"optionalUint64\": \"4\"}",
            "{\"optionalUint64\": \"4\", \"optionalUint32\": 3, \"optionalInt64\": \"2\", \"optionalInt32\": 1}",
            "{\"optionalInt32\": 1, \"optionalNestedMessage\": {\"a\": 1, \"corecursive\": {\"optionalInt64\": 2}}}",
        };
        for (final String whole : inputs) {
            for (int length = whole.length(); length >= 0; length--) {
                final String input = whole.substring(0, length);
                final Verdict expected = jsonFormat(Target.PROTO3.prototype, input, false);
                assertSameVerdict(input, expected, flyproto(Target.PROTO3, input, false, false));
                if (!input.contains("'")) {
                    assertSameVerdict(input, expected, flyproto(Target.PROTO3, input, false, true));
                }
            }
        }
    }

    private static void assertSameVerdict(final String input, final Verdict expected, final Verdict actual) {
        assertThat(actual.accepted())
                .as("%s\nJsonFormat: %s\nflyproto: %s", input, expected.error, actual.error)
                .isEqualTo(expected.accepted());
        if (expected.accepted()) {
            assertThat(actual.message).as(input).isEqualTo(expected.message);
        }
    }

    @Test
    void shouldGiveJsonFormatsVerdictOnMutatedInput() {
        final java.util.SplittableRandom random = new java.util.SplittableRandom(0x150C);
        final String alphabet = "{}[]:,\"'\\/*#=;-+.0123456789eEtrufalsnNIy \n\tAQ=_@";
        int accepted = 0;
        for (int i = 0; i < 5000; i++) {
            final StringBuilder json = new StringBuilder(REPRESENTATIVE);
            final int edits = 1 + random.nextInt(3);
            for (int e = 0; e < edits; e++) {
                final int at = random.nextInt(json.length());
                switch (random.nextInt(3)) {
                    case 0 -> json.deleteCharAt(at);
                    case 1 -> json.insert(at, alphabet.charAt(random.nextInt(alphabet.length())));
                    default -> json.setCharAt(at, alphabet.charAt(random.nextInt(alphabet.length())));
                }
            }
            if (random.nextInt(4) == 0) {
                json.setLength(random.nextInt(json.length()));
            }
            final String input = json.toString();
            final Verdict expected = jsonFormat(Target.PROTO3.prototype, input, false);
            final Verdict actual = flyproto(Target.PROTO3, input, false, false);
            if (expected.accepted() != actual.accepted()) {
                fail("JsonFormat " + (expected.accepted() ? "accepts" : "rejects: " + expected.error) + "\nflyproto "
                        + (actual.accepted() ? "accepts" : "rejects: " + actual.error) + "\n" + input);
            }
            if (expected.accepted()) {
                accepted++;
                if (!actual.message.equals(expected.message)) {
                    assertThat(print(actual.message)).as(input).isEqualTo(print(expected.message));
                }
            }
        }
        assertThat(accepted).isPositive();
    }

    @Test
    void shouldAllocateOnlyForTheDocumentedFallbacks() {
        // More than 19 significant digits: the JDK reads it (the gate above would see this).
        final JsonParser parser = JsonParser.create();
        final TestAllTypesProto3Encoder encoder = new TestAllTypesProto3Encoder();
        final UnsafeBuffer out = new UnsafeBuffer(new byte[256]);
        final String json = "{\"optionalDouble\": 1.000000000000000000000001}";
        assertThat(AllocationMeter.allocatedBy(() -> parser.parse(json, encoder.wrap(out, 0, 256)), 1_000, 1_000))
                .isPositive();
    }
}
