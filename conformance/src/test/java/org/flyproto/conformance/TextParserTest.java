package org.flyproto.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.ExtensionRegistry;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.TextFormat;
import com.google.protobuf.TypeRegistry;
import com.google.protobuf.UnknownFieldSet;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.codec.MessageDecoder;
import org.flyproto.codec.MessageEncoder;
import org.flyproto.codec.ProtoEncodeException;
import org.flyproto.codec.TextParseException;
import org.flyproto.codec.TextParser;
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
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The text-format parser against protobuf-java: what protobuf-java prints, flyproto parses to the bytes protobuf-java
 * parses it to; on a corpus of valid and malformed inputs, flyproto accepts exactly what {@code TextFormat.Parser}
 * merges (to an equal message) and rejects the rest at the same line and column; and it allocates nothing.
 */
class TextParserTest {
    private static final int MESSAGES = 40;
    private static final int DEPTH = 3;
    private static final int OFFSET = 5;

    // ---------------------------------------------------------------------------------------------------------------
    // Printed by protobuf-java or flyproto, parsed back

    @ParameterizedTest(name = "{0}")
    @EnumSource(SchemaRoundTripTest.Schema.class)
    void shouldParseWhatProtobufJavaAndFlyprotoPrintToTheBytesProtobufJavaParses(
            final SchemaRoundTripTest.Schema schema) throws Exception {
        final Message prototype = schema.prototype();
        final MessageEncoder encoder = ReflectiveMirror.newEncoder(prototype.getDescriptorForType());
        final MessageDecoder decoder = ReflectiveMirror.newDecoder(prototype.getDescriptorForType());
        final TextParser parser = TextParser.builder().build();
        final TextFormat.Parser java = TextFormat.Parser.newBuilder().build();
        int parsed = 0;
        for (final long seed : SchemaRoundTripTest.seeds(MESSAGES)) {
            final Message message = withoutUnknownFields(prototype
                    .getParserForType()
                    .parsePartialFrom(SchemaRoundTripTest.randomMessage(seed, prototype, DEPTH)
                            .toByteArray()));
            final byte[] bytes = message.toByteArray();
            final DirectBuffer held = BufferKind.HEAP.holding(bytes, OFFSET);
            final String flyprotoText = ReflectiveMirror.wrap(decoder, held, OFFSET, bytes.length, false)
                    .toString();
            final String[] texts = {
                TextFormat.printer().printToString(message),
                TextFormat.printer().emittingSingleLine(true).printToString(message),
                flyprotoText
            };
            for (final String text : texts) {
                final Message.Builder builder = prototype.newBuilderForType();
                java.merge(text, builder);
                final Message javaMessage = builder.buildPartial();
                assertThat(javaMessage)
                        .as("protobuf-java reads back what is printed")
                        .isEqualTo(message);
                final byte[] expected = javaMessage.toByteArray();
                for (final BufferKind kind : BufferKind.values()) {
                    final byte[] fromChars = parseChars(parser, text, encoder, kind, expected.length);
                    assertSameBytes(expected, fromChars, schema + " seed " + seed + " " + kind, text);
                    final byte[] fromBytes = parseBytes(parser, text, encoder, kind, expected.length);
                    assertSameBytes(expected, fromBytes, schema + " seed " + seed + " " + kind + " bytes", text);
                }
                assertThat(prototype.getParserForType().parsePartialFrom(expected))
                        .isEqualTo(message);
                // parse checks required fields as protobuf-java's TextFormat.parse does when it builds.
                final MutableDirectBuffer out = new ExpandableArrayBuffer(64);
                ReflectiveMirror.wrap(encoder, out, OFFSET);
                if (message.isInitialized()) {
                    parser.parse(text, encoder);
                    assertSameBytes(expected, copy(encoder), schema + " seed " + seed + " parse", text);
                } else {
                    assertThatThrownBy(() -> parser.parse(text, encoder))
                            .as("%s seed %d: a required field is missing", schema, seed)
                            .isInstanceOf(TextParseException.class)
                            .hasMessageContaining("required");
                }
                parsed++;
            }
        }
        assertThat(parsed).isEqualTo(3 * MESSAGES);
    }

    private static byte[] parseChars(
            final TextParser parser,
            final String text,
            final MessageEncoder encoder,
            final BufferKind kind,
            final int length) {
        final MutableDirectBuffer out = kind.allocate(OFFSET + length + 64);
        parser.merge(text, ReflectiveMirror.wrap(encoder, out, OFFSET));
        return copy(encoder);
    }

    private static byte[] parseBytes(
            final TextParser parser,
            final String text,
            final MessageEncoder encoder,
            final BufferKind kind,
            final int length) {
        final byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        final DirectBuffer in = kind.holding(utf8, OFFSET);
        final MutableDirectBuffer out = kind.allocate(OFFSET + length + 64);
        parser.merge(in, OFFSET, utf8.length, ReflectiveMirror.wrap(encoder, out, OFFSET));
        return copy(encoder);
    }

    private static byte[] copy(final MessageEncoder encoder) {
        final byte[] bytes = new byte[encoder.encodedLength()];
        encoder.encodedBuffer().getBytes(OFFSET, bytes);
        return bytes;
    }

    private static void assertSameBytes(
            final byte[] expected, final byte[] actual, final String where, final String text) {
        if (!java.util.Arrays.equals(expected, actual)) {
            fail(where + ": bytes differ\n  protobuf-java: " + HexFormat.of().formatHex(expected)
                    + "\n  flyproto:      " + HexFormat.of().formatHex(actual) + "\n  text:\n" + text);
        }
    }

    /** The message with no unknown fields anywhere: text prints those by number, which no parser reads back. */
    static Message withoutUnknownFields(final Message message) {
        final Message.Builder builder = message.toBuilder();
        builder.setUnknownFields(UnknownFieldSet.getDefaultInstance());
        for (final Map.Entry<FieldDescriptor, Object> entry :
                message.getAllFields().entrySet()) {
            final FieldDescriptor field = entry.getKey();
            if (field.getJavaType() != FieldDescriptor.JavaType.MESSAGE) {
                continue;
            }
            if (field.isRepeated()) {
                final List<?> values = (List<?>) entry.getValue();
                builder.clearField(field);
                for (final Object value : values) {
                    builder.addRepeatedField(field, withoutUnknownFields((Message) value));
                }
            } else {
                builder.setField(field, withoutUnknownFields((Message) entry.getValue()));
            }
        }
        return builder.buildPartial();
    }

    // ---------------------------------------------------------------------------------------------------------------
    // The corpus: protobuf-java's verdict, position and message

    /** A parser configuration, the same for both. */
    enum Options {
        DEFAULT,
        ALLOW_UNKNOWN_FIELDS,
        ALLOW_UNKNOWN_EXTENSIONS,
        FORBID_OVERWRITES;

        TextParser flyproto() {
            return TextParser.builder()
                    .allowUnknownFields(this == ALLOW_UNKNOWN_FIELDS)
                    .allowUnknownExtensions(this == ALLOW_UNKNOWN_EXTENSIONS)
                    .singularOverwritePolicy(
                            this == FORBID_OVERWRITES
                                    ? TextParser.SingularOverwritePolicy.FORBID_SINGULAR_OVERWRITES
                                    : TextParser.SingularOverwritePolicy.ALLOW_SINGULAR_OVERWRITES)
                    .typeRegistry(SchemaRegistry.of(TestAllTypesProto3Encoder.SCHEMA, TestAllTypesProto2Encoder.SCHEMA))
                    .build();
        }

        TextFormat.Parser java() {
            return TextFormat.Parser.newBuilder()
                    .setAllowUnknownFields(this == ALLOW_UNKNOWN_FIELDS)
                    .setAllowUnknownExtensions(this == ALLOW_UNKNOWN_EXTENSIONS)
                    .setSingularOverwritePolicy(
                            this == FORBID_OVERWRITES
                                    ? TextFormat.Parser.SingularOverwritePolicy.FORBID_SINGULAR_OVERWRITES
                                    : TextFormat.Parser.SingularOverwritePolicy.ALLOW_SINGULAR_OVERWRITES)
                    .setTypeRegistry(TypeRegistry.newBuilder()
                            .add(TestAllTypesProto3.getDescriptor())
                            .add(TestAllTypesProto2.getDescriptor())
                            .build())
                    .build();
        }
    }

    private static final ExtensionRegistry EXTENSIONS = extensions();

    private static ExtensionRegistry extensions() {
        final ExtensionRegistry registry = ExtensionRegistry.newInstance();
        TestMessagesProto2.registerAllExtensions(registry);
        return registry;
    }

    /** Counts of the corpus run, for the report and to show the corpus exercises both verdicts. */
    private int accepted;

    private int rejected;
    private int positioned;

    @Test
    void shouldAcceptAndRejectWhatProtobufJavaDoesAtItsPositions() {
        for (final Options options : Options.values()) {
            final TextParser parser = options.flyproto();
            final TextFormat.Parser java = options.java();
            for (final String text : TextParserCorpus.PROTO3) {
                check(
                        options,
                        parser,
                        java,
                        TestAllTypesProto3.getDefaultInstance(),
                        new TestAllTypesProto3Encoder(),
                        text);
            }
            for (final String text : TextParserCorpus.PROTO2) {
                check(
                        options,
                        parser,
                        java,
                        TestAllTypesProto2.getDefaultInstance(),
                        new TestAllTypesProto2Encoder(),
                        text);
            }
            for (final String text : TextParserCorpus.optionsOnly(options)) {
                check(
                        options,
                        parser,
                        java,
                        TestAllTypesProto3.getDefaultInstance(),
                        new TestAllTypesProto3Encoder(),
                        text);
            }
        }
        assertThat(accepted).isGreaterThan(200);
        assertThat(rejected).isGreaterThan(150);
        assertThat(positioned).isEqualTo(rejected);
    }

    private void check(
            final Options options,
            final TextParser parser,
            final TextFormat.Parser java,
            final Message prototype,
            final MessageEncoder encoder,
            final String text) {
        final String where = options + " " + prototype.getDescriptorForType().getName() + " <<" + text + ">>";
        final Message.Builder builder = prototype.newBuilderForType();
        Exception javaError = null;
        // The registry holds the proto2 message's extensions only: an extension of another message is unknown to
        // flyproto (its schema has the message's own), which protobuf-java reports at once when its registry has it.
        final ExtensionRegistry extensions =
                prototype instanceof TestAllTypesProto2 ? EXTENSIONS : ExtensionRegistry.getEmptyRegistry();
        try {
            java.merge(text, extensions, builder);
        } catch (final TextFormat.ParseException | RuntimeException e) {
            javaError = e;
        }
        final byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        for (final boolean fromBytes : new boolean[] {false, true}) {
            final ExpandableArrayBuffer out = new ExpandableArrayBuffer(16);
            ReflectiveMirror.wrap(encoder, out, OFFSET);
            TextParseException error = null;
            try {
                if (fromBytes) {
                    final DirectBuffer in = BufferKind.HEAP.holding(utf8, OFFSET);
                    parser.merge(in, OFFSET, utf8.length, encoder);
                } else {
                    parser.merge(text, encoder);
                }
            } catch (final TextParseException e) {
                error = e;
            }
            final String how = where + (fromBytes ? " from bytes" : " from chars");
            if (javaError == null) {
                assertThat(error).as("%s: protobuf-java accepts it", how).isNull();
                final byte[] bytes = copy(encoder);
                final Message flyproto;
                try {
                    flyproto = prototype.getParserForType().parsePartialFrom(bytes, EXTENSIONS);
                } catch (final InvalidProtocolBufferException e) {
                    throw new AssertionError(how + ": flyproto wrote bytes protobuf-java does not read", e);
                }
                assertThat(flyproto).as(how).isEqualTo(builder.buildPartial());
                if (!fromBytes) {
                    accepted++;
                }
            } else {
                assertThat(error)
                        .as("%s: protobuf-java rejects it: %s", how, javaError.getMessage())
                        .isNotNull();
                assertThat(encoder.encodedLength()).as("%s: rewound", how).isZero();
                assertThat(error.getMessage()).startsWith(error.line() + ":" + error.column() + ": ");
                if (javaError instanceof TextFormat.ParseException parse && parse.getLine() >= 0) {
                    assertThat(error.line() + ":" + error.column())
                            .as(
                                    "%s: position; protobuf-java: %s; flyproto: %s",
                                    how, parse.getMessage(), error.getMessage())
                            .isEqualTo(parse.getLine() + ":" + parse.getColumn());
                    if (!fromBytes) {
                        positioned++;
                    }
                } else if (!fromBytes) {
                    // protobuf-java's build() of an Any's content: no position to compare.
                    positioned++;
                }
                if (fromBytes) {
                    assertThat(error.offset()).isBetween(OFFSET, OFFSET + utf8.length);
                } else {
                    rejected++;
                    assertThat(error.offset()).isBetween(0, text.length());
                }
            }
        }
    }

    /** Inputs in field-number order, each field once: flyproto's bytes are protobuf-java's serialization. */
    private static final List<String> CANONICAL = List.of(
            "optional_int32: 0",
            "optional_int64: 0 optional_uint32: 0x0 optional_bool: false optional_string: '' optional_bytes: \"\"",
            "optional_float: 0 optional_double: 0.0",
            "optional_float: -0.0 optional_double: -0",
            "optional_nested_enum: FOO",
            "optional_nested_message { }",
            "optional_nested_message { a: 0 }",
            "repeated_int32: 0 repeated_int32: 0",
            "packed_int32: [1, 2] packed_int32: 3 packed_int64: [] packed_uint32: [0]",
            "packed_double: [0, -0, nan] packed_nested_enum: [FOO, NEG]",
            "unpacked_int32: [1, 2] unpacked_int32: 3",
            "map_int32_int32 { key: 0 value: 0 }",
            "map_int32_int32 { key: 1 } map_int32_int32 { value: 2 }",
            "map_int32_int32 { }",
            "map_string_nested_message { value { a: 1 } }",
            "map_string_nested_message { key: 'k' }",
            "map_string_nested_enum { key: '' }",
            "oneof_uint32: 0",
            "oneof_string: ''",
            "oneof_nested_message { }",
            "optional_any { [type.googleapis.com/protobuf_test_messages.proto3.TestAllTypesProto3] { } }",
            "optional_any { [type.googleapis.com/protobuf_test_messages.proto3.TestAllTypesProto3] { optional_int32: 0 } }",
            "optional_any { [type.googleapis.com/protobuf_test_messages.proto3.TestAllTypesProto3] { packed_int32: [1] } }",
            "optional_bool_wrapper { value: false }");

    @Test
    void shouldWriteTheBytesProtobufJavaSerializes() throws Exception {
        final TextParser parser = Options.DEFAULT.flyproto();
        final TextFormat.Parser java = Options.DEFAULT.java();
        final TestAllTypesProto3Encoder encoder = new TestAllTypesProto3Encoder();
        for (final String text : CANONICAL) {
            final TestAllTypesProto3.Builder builder = TestAllTypesProto3.newBuilder();
            java.merge(text, builder);
            encoder.wrap(new ExpandableArrayBuffer(64), 0);
            parser.merge(text, encoder);
            assertSameBytes(builder.build().toByteArray(), copyFrom(encoder), "canonical", text);
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Required fields, rewinding, fixed regions

    @Test
    void shouldRejectMissingRequiredFieldsInParseButNotInMerge() throws Exception {
        final TextParser parser = TextParser.builder().build();
        final TestAllRequiredTypesProto2Encoder encoder = new TestAllRequiredTypesProto2Encoder();
        final String missing = "required_int32: 1";
        assertThatThrownBy(() -> TextFormat.parse(missing, TestAllRequiredTypesProto2.class))
                .isInstanceOf(RuntimeException.class);
        encoder.wrap(new ExpandableArrayBuffer(64), 0);
        assertThatThrownBy(() -> parser.parse(missing, encoder))
                .isInstanceOf(TextParseException.class)
                .hasMessageContaining("required");
        assertThat(encoder.encodedLength()).isZero();
        parser.merge(missing, encoder);
        assertThat(TestAllRequiredTypesProto2.parser().parsePartialFrom(copyFrom(encoder)))
                .isEqualTo(TestAllRequiredTypesProto2.newBuilder()
                        .setRequiredInt32(1)
                        .buildPartial());
        // A nested message missing its own required field: a fixture with every other required field set is
        // impossible (recursive_message is required and recursive), so the field is the first one checked.
        final String nested = "required_nested_message { corecursive { } }";
        encoder.wrap(new ExpandableArrayBuffer(64), 0);
        assertThatThrownBy(() -> parser.parse(nested, encoder))
                .isInstanceOf(TextParseException.class)
                .hasMessageContaining("required_int32");
        parser.merge(nested, encoder);
        assertThat(encoder.encodedLength()).isEqualTo(5);
    }

    private static byte[] copyFrom(final MessageEncoder encoder) {
        final byte[] bytes = new byte[encoder.encodedLength()];
        encoder.encodedBuffer().getBytes(0, bytes);
        return bytes;
    }

    @Test
    void shouldRewindTheEncoderOnAnErrorAndKeepWhatWasThere() throws Exception {
        final TextParser parser = TextParser.builder().build();
        final TestAllTypesProto3Encoder encoder = new TestAllTypesProto3Encoder();
        encoder.wrap(new ExpandableArrayBuffer(64), 0).optionalInt32(7);
        final int before = encoder.encodedLength();
        final String bad = "optional_nested_message { corecursive { repeated_int32: [1, 2, 3] packed_int32: 4\n"
                + "  optional_string: 'x' optional_nested_message { a: oops } } }";
        final TextParseException e = catchParse(() -> parser.merge(bad, encoder));
        assertThat(e.line()).isEqualTo(2);
        assertThat(e.column()).isEqualTo(53);
        assertThat(e.offset()).isEqualTo(bad.indexOf("oops"));
        assertThat(e.reason()).contains("integer");
        assertThat(e.getMessage()).isEqualTo("2:53: " + e.reason());
        assertThat(encoder.encodedLength()).isEqualTo(before);
        encoder.optionalInt64(8);
        parser.merge("optional_string: 'after'", encoder);
        assertThat(TestAllTypesProto3.parseFrom(copyFrom(encoder)))
                .isEqualTo(TestAllTypesProto3.newBuilder()
                        .setOptionalInt32(7)
                        .setOptionalInt64(8)
                        .setOptionalString("after")
                        .build());
        // From bytes, the offset is the buffer's index.
        final byte[] utf8 = bad.getBytes(StandardCharsets.UTF_8);
        final TextParseException fromBytes =
                catchParse(() -> parser.merge(BufferKind.HEAP.holding(utf8, OFFSET), OFFSET, utf8.length, encoder));
        assertThat(fromBytes.offset()).isEqualTo(OFFSET + bad.indexOf("oops"));
        assertThat(fromBytes.line()).isEqualTo(2);
    }

    private static TextParseException catchParse(final Runnable parse) {
        try {
            parse.run();
        } catch (final TextParseException e) {
            return e;
        }
        throw new AssertionError("no TextParseException");
    }

    @Test
    void shouldFailWithTheEncodersExceptionWhenAFixedRegionIsTooSmall() {
        final TextParser parser = TextParser.builder().build();
        final TestAllTypesProto3Encoder encoder = new TestAllTypesProto3Encoder();
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[64]);
        buffer.setMemory(0, 64, (byte) 0x5A);
        encoder.wrap(buffer, 8, 20);
        assertThatThrownBy(() -> parser.merge(
                        "optional_string: 'a string longer than the region' repeated_int32: [1, 2, 3]", encoder))
                .isInstanceOf(ProtoEncodeException.class);
        for (int i = 0; i < 64; i++) {
            if (i < 8 || i >= 28) {
                assertThat(buffer.getByte(i)).as("byte %d", i).isEqualTo((byte) 0x5A);
            }
        }
        assertThat(encoder.encodedLength()).isZero();
        parser.merge("optional_int32: 1", encoder);
        assertThat(encoder.encodedLength()).isEqualTo(2);
    }

    @Test
    void shouldReadFloatingPointLiteralsAsTheJdkDoes() throws Exception {
        final java.util.SplittableRandom random = new java.util.SplittableRandom(0x5EED);
        final StringBuilder text = new StringBuilder();
        for (int i = 0; i < 20_000; i++) {
            final String literal = switch (i % 9) {
                case 0 -> Double.toString(Double.longBitsToDouble(random.nextLong()));
                case 1 -> Double.toString(random.nextDouble() * Math.pow(10, random.nextInt(40) - 20));
                case 2 ->
                    Long.toUnsignedString(random.nextLong() >>> random.nextInt(64)) + "e" + (random.nextInt(700) - 360);
                case 3 -> Float.toString(Float.intBitsToFloat(random.nextInt()));
                case 4 -> (random.nextInt(1 << 25) + 1) + "." + random.nextInt(1000) + "e" + (random.nextInt(90) - 45);
                case 5 -> "0." + "0".repeat(random.nextInt(20)) + Long.toUnsignedString(random.nextLong());
                // Float subnormals and the smallest normals, the largest floats and just past them.
                case 6 -> Float.toString(Float.intBitsToFloat(random.nextInt(1 << 24)));
                case 7 -> Float.toString(Float.intBitsToFloat(0x7F7F_FFFF - random.nextInt(16)));
                default -> (1 + random.nextInt(999_999)) + "e" + (random.nextBoolean() ? 33 : -51) + "";
            };
            text.append("packed_double: ")
                    .append(literal)
                    .append(" packed_float: ")
                    .append(literal)
                    .append('\n');
        }
        final String literals = text.toString();
        final TestAllTypesProto3.Builder java = TestAllTypesProto3.newBuilder();
        TextFormat.merge(literals, java);
        final TestAllTypesProto3Encoder encoder = new TestAllTypesProto3Encoder();
        encoder.wrap(new ExpandableArrayBuffer(1 << 16), 0);
        TextParser.builder().build().merge(literals, encoder);
        final TestAllTypesProto3 parsed = TestAllTypesProto3.parseFrom(copyFrom(encoder));
        assertThat(parsed.getPackedDoubleCount()).isEqualTo(20_000);
        for (int i = 0; i < 20_000; i++) {
            final int at = i;
            assertThat(Double.doubleToRawLongBits(parsed.getPackedDouble(i)))
                    .as(() -> "double " + literals.lines().skip(at).findFirst().orElseThrow())
                    .isEqualTo(Double.doubleToRawLongBits(java.getPackedDouble(i)));
            assertThat(Float.floatToRawIntBits(parsed.getPackedFloat(i)))
                    .as(() -> "float " + literals.lines().skip(at).findFirst().orElseThrow())
                    .isEqualTo(Float.floatToRawIntBits(java.getPackedFloat(i)));
        }
    }

    @Test
    void shouldMeasureWhileSizingWhatItWritesAfterAWrap() {
        final TextParser parser = TextParser.builder()
                .typeRegistry(SchemaRegistry.of(TestAllTypesProto3Encoder.SCHEMA))
                .build();
        final TestAllTypesProto3Encoder encoder = new TestAllTypesProto3Encoder();
        encoder.wrapForSize();
        parser.parse(REPRESENTATIVE, encoder);
        final int measured = encoder.encodedLength();
        encoder.wrap(new ExpandableArrayBuffer(64), 0);
        parser.parse(REPRESENTATIVE, encoder);
        assertThat(measured).isEqualTo(encoder.encodedLength()).isGreaterThan(200);
    }

    @Test
    void shouldRejectInvalidUtf8InValidatedStringsWhenAsked() throws Exception {
        final TextParser lenient = TextParser.builder().build();
        final TextParser strict = TextParser.builder().rejectInvalidUtf8(true).build();
        final TestAllTypesProto3Encoder encoder = new TestAllTypesProto3Encoder();
        encoder.wrap(new ExpandableArrayBuffer(64), 0);
        lenient.merge("optional_string: 'a\\300b'", encoder);
        final TestAllTypesProto3.Builder java = TestAllTypesProto3.newBuilder();
        TextFormat.merge("optional_string: 'a\\300b'", java);
        assertThat(java.getOptionalString()).isEqualTo("a\uFFFDb");
        assertThat(TestAllTypesProto3.parseFrom(copyFrom(encoder))).isEqualTo(java.build());
        encoder.wrap(new ExpandableArrayBuffer(64), 0);
        assertThatThrownBy(() -> strict.merge("optional_string: 'a\\300b'", encoder))
                .isInstanceOf(TextParseException.class)
                .hasMessageStartingWith("1:18: ");
        strict.merge("optional_bytes: 'a\\300b'", encoder);
        assertThat(TestAllTypesProto3.parseFrom(copyFrom(encoder))
                        .getOptionalBytes()
                        .toByteArray())
                .containsExactly('a', 0xC0, 'b');
    }

    @Test
    void shouldRejectInvalidUtf8InTheInputBytes() {
        final TextParser parser = TextParser.builder().build();
        final TestAllTypesProto3Encoder encoder = new TestAllTypesProto3Encoder();
        encoder.wrap(new ExpandableArrayBuffer(64), 0);
        final byte[] input = {
            'o', 'p', 't', 'i', 'o', 'n', 'a', 'l', '_', 'b', 'y', 't', 'e', 's', ':', '\'', (byte) 0xC3, '\''
        };
        assertThatThrownBy(() -> parser.merge(new UnsafeBuffer(input), 0, input.length, encoder))
                .isInstanceOf(TextParseException.class)
                .hasMessageStartingWith("1:16: ");
        assertThatThrownBy(() -> parser.merge(new UnsafeBuffer(input), 0, input.length + 1, encoder))
                .isInstanceOf(IllegalArgumentException.class);
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Allocation

    static final String REPRESENTATIVE = "optional_int32: -42 optional_int64: 1234567890123 optional_uint32: 0x7f\n"
            + "optional_sint64: -9 optional_fixed32: 017 optional_double: 0.30000000000000004 optional_float: 0.1\n"
            + "optional_bool: true repeated_double: [2.5, 1.2345678901234567E-300, 6.02214076e23, -1e-5]\n"
            + "optional_string: \"caf\\303\\251 \\\"quoted\\\"\\n\" 'more' optional_bytes: '\\x00\\001\\377'\n"
            + "optional_nested_message { a: 7 corecursive { optional_int32: 1 optional_string: 'é' } }\n"
            + "optional_nested_enum: BAZ optional_foreign_enum: 1\n"
            + "repeated_int32: [1, 2, 3] packed_int64: [4, -5] packed_double: [1e3, -0.125] repeated_string: [\"a\", 'b']\n"
            + "repeated_nested_message { a: 1 } repeated_nested_message < a: 2 >;\n"
            + "map_string_string { key: \"k\" value: \"v\" } map_int32_int32 [{ key: 1 value: 2 }, { key: 3 }]\n"
            + "map_string_nested_enum { key: 'e' value: NEG } # a comment\n"
            + "optional_any { [type.googleapis.com/protobuf_test_messages.proto3.TestAllTypesProto3] { optional_int32: 1 } }\n"
            + "oneof_string: \"one\"\n";

    @Test
    void shouldAllocateNothingParsingFromABufferOrAString() throws Exception {
        final TextParser parser = TextParser.builder()
                .typeRegistry(SchemaRegistry.of(TestAllTypesProto3Encoder.SCHEMA))
                .build();
        final TestAllTypesProto3Encoder encoder = new TestAllTypesProto3Encoder();
        final UnsafeBuffer out = new UnsafeBuffer(new byte[4096]);
        final byte[] utf8 = REPRESENTATIVE.getBytes(StandardCharsets.UTF_8);
        final UnsafeBuffer in = new UnsafeBuffer(new byte[utf8.length + OFFSET]);
        in.putBytes(OFFSET, utf8);
        final TestAllTypesProto3.Builder java = TestAllTypesProto3.newBuilder();
        TextFormat.Parser.newBuilder()
                .setTypeRegistry(TypeRegistry.newBuilder()
                        .add(TestAllTypesProto3.getDescriptor())
                        .build())
                .build()
                .merge(REPRESENTATIVE, java);
        encoder.wrap(out, 0, out.capacity());
        parser.parse(in, OFFSET, utf8.length, encoder);
        assertThat(TestAllTypesProto3.parseFrom(copyFrom(encoder))).isEqualTo(java.build());
        final long[] sink = new long[1];
        final long fromBuffer = AllocationMeter.allocatedBy(
                () -> {
                    encoder.wrap(out, 0, out.capacity());
                    parser.parse(in, OFFSET, utf8.length, encoder);
                    sink[0] += encoder.encodedLength();
                },
                20_000,
                100_000);
        final long fromString = AllocationMeter.allocatedBy(
                () -> {
                    encoder.wrap(out, 0, out.capacity());
                    parser.parse(REPRESENTATIVE, encoder);
                    sink[0] += encoder.encodedLength();
                },
                20_000,
                100_000);
        assertThat(sink[0]).isPositive();
        assertThat(fromBuffer)
                .as("bytes allocated by 100,000 parses from a buffer")
                .isZero();
        assertThat(fromString)
                .as("bytes allocated by 100,000 parses from a String")
                .isZero();
    }
}
