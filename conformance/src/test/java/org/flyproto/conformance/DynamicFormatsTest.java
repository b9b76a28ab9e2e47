package org.flyproto.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Empty;
import com.google.protobuf.Message;
import com.google.protobuf.TextFormat;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.codec.DynamicDecoder;
import org.flyproto.codec.DynamicEncoder;
import org.flyproto.codec.JsonParser;
import org.flyproto.codec.JsonPrinter;
import org.flyproto.codec.MessageDecoder;
import org.flyproto.codec.MessageEncoder;
import org.flyproto.codec.TextParser;
import org.flyproto.codec.schema.MessageSchema;
import org.flyproto.codec.schema.SchemaRegistry;
import org.flyproto.conformance.DynamicMessages.Source;
import org.flyproto.conformance.JsonFormatTest.WellKnownValues;
import org.flyproto.conformance.SchemaRoundTripTest.Schema;
import org.flyproto.conformance.alloc.Features;
import org.flyproto.conformance.messages.proto3.TestMessagesProto3.TestAllTypesProto3;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * JSON and text format through the run-time schema: for every test schema, {@code Features} (maps, groups,
 * extensions) and the conformance suite's {@code TestAllTypesProto3} with every well-known type (Any included), with
 * the schema both generated and loaded from descriptors, a {@link DynamicDecoder} prints exactly what the generated
 * decoder prints for the same bytes — text format (which is also protobuf-java's {@code TextFormat} output) and JSON
 * with each option set (the same document, or the same error) — over random messages, concatenations, unknown fields
 * and undeclared closed-enum numbers, validating and trusted; and {@link JsonParser} and {@link TextParser} write
 * into a {@link DynamicEncoder} exactly the bytes they write into the generated encoder.
 */
class DynamicFormatsTest {
    private static final int OFFSET = 5;

    static Stream<Arguments> schemasAndSources() {
        final Stream<Message> roots = Stream.of(
                        Stream.of(Schema.values()).map(Schema::prototype),
                        Stream.of(Features.getDefaultInstance(), TestAllTypesProto3.getDefaultInstance()))
                .flatMap(s -> s);
        return roots.flatMap(root -> Stream.of(Source.values())
                .map(source -> Arguments.of(root.getDescriptorForType().getName(), root, source)));
    }

    @ParameterizedTest(name = "{0} {2}")
    @MethodSource("schemasAndSources")
    void shouldPrintAndParseAsTheGeneratedCodeDoes(final String name, final Message root, final Source source)
            throws IOException {
        final Descriptor type = root.getDescriptorForType();
        final MessageSchema schema = source.schema(type);
        final SchemaRegistry schemas = registry(schema, source);
        final MessageDecoder generated = ReflectiveMirror.newDecoder(type);
        final MessageEncoder generatedEncoder = ReflectiveMirror.newEncoder(type);
        final DynamicDecoder dynamic = new DynamicDecoder();
        final DynamicEncoder dynamicEncoder = new DynamicEncoder();
        final List<JsonPrinter> generatedPrinters = new ArrayList<>();
        final List<JsonPrinter> dynamicPrinters = new ArrayList<>();
        for (final JsonFormatTest.Options options : JsonFormatTest.Options.values()) {
            generatedPrinters.add(options.flyproto());
            dynamicPrinters.add(options.flyproto().usingSchemaRegistry(schemas));
        }
        final JsonParser jsonParser = JsonParser.create().usingRegistry(schemas);
        final TextParser textParser = TextParser.builder().typeRegistry(schemas).build();
        int index = 0;
        int printed = 0;
        int parsedBack = 0;
        for (final byte[] bytes : inputs(root)) {
            final BufferKind kind = BufferKind.values()[index++ % BufferKind.values().length];
            final DirectBuffer buffer = kind.holding(bytes, OFFSET);
            for (final boolean trusted : new boolean[] {false, true}) {
                final String where =
                        type.getName() + " " + source + " " + kind + (trusted ? " trusted #" : " #") + index;
                ReflectiveMirror.wrap(generated, buffer, OFFSET, bytes.length, trusted);
                if (trusted) {
                    dynamic.wrapTrusted(schema, buffer, OFFSET, bytes.length);
                } else {
                    dynamic.wrap(schema, buffer, OFFSET, bytes.length);
                }
                final String text = generated.toString();
                TextFormatTest.assertSameText(text, dynamic.toString(), where + " text");
                final StringWriter appended = new StringWriter();
                dynamic.appendTo(appended);
                assertThat(appended.toString()).as(where).isEqualTo(text);
                for (int p = 0; p < generatedPrinters.size(); p++) {
                    final String json = print(generatedPrinters.get(p), generated);
                    final String actual = print(dynamicPrinters.get(p), dynamic);
                    TextFormatTest.assertSameText(json, actual, where + " JSON " + JsonFormatTest.Options.values()[p]);
                    printed += json.length();
                }
                checkPrintTo(dynamicPrinters.get(1), dynamic, generatedPrinters.get(1), generated, kind, where);
            }
            // Parsing: the generated encoder's bytes, from the generated decoder's JSON and text.
            ReflectiveMirror.wrap(generated, new UnsafeBuffer(bytes), 0, bytes.length, false);
            final String json;
            try {
                json = generatedPrinters.get(1).printToString(generated);
            } catch (final RuntimeException noJson) {
                continue; // no JSON form: the printers agreed on the error above
            }
            final String text = generated.toString();
            final byte[] utf8 = json.getBytes(StandardCharsets.UTF_8);
            final String fromJson = parsed(() -> jsonParser.parse(json, wrap(generatedEncoder)), generatedEncoder);
            assertThat(parsed(e -> jsonParser.parse(json, e), dynamicEncoder, schema))
                    .as("JSON %s", json)
                    .isEqualTo(fromJson);
            assertThat(errorOrBytes(parsed(
                            e -> jsonParser.parse(new UnsafeBuffer(utf8), 0, utf8.length, e), dynamicEncoder, schema)))
                    .as("JSON bytes %s", json)
                    .isEqualTo(errorOrBytes(fromJson));
            // Text with unknown fields does not parse (protobuf-java's parser refuses them too): the same error.
            final String fromText = parsed(() -> textParser.merge(text, wrap(generatedEncoder)), generatedEncoder);
            final byte[] textUtf8 = text.getBytes(StandardCharsets.UTF_8);
            assertThat(parsed(e -> textParser.merge(text, e), dynamicEncoder, schema))
                    .as("text %s", text)
                    .isEqualTo(fromText);
            assertThat(errorOrBytes(parsed(
                            e -> textParser.merge(new UnsafeBuffer(textUtf8), 0, textUtf8.length, e),
                            dynamicEncoder,
                            schema)))
                    .as("text bytes %s", text)
                    .isEqualTo(errorOrBytes(fromText));
            parsedBack += fromText.startsWith("error") ? 0 : 1;
        }
        assertThat(parsedBack).as("text parsed back").isGreaterThan(2);
        assertThat(printed).isGreaterThan(1000);
    }

    @Test
    void shouldPrintWhatProtobufJavaPrintsForDynamicMessagesOfTheSameBytes() throws IOException {
        final Descriptor type = Features.getDescriptor();
        final MessageSchema schema = Source.LOADED.schema(type);
        final DynamicDecoder decoder = new DynamicDecoder();
        for (final byte[] bytes : inputs(Features.getDefaultInstance())) {
            final Message message = Features.parseFrom(bytes, DynamicMessages.extensions(type));
            decoder.wrap(schema, new UnsafeBuffer(bytes), 0, bytes.length);
            TextFormatTest.assertSameText(
                    TextFormat.printer().printToString(message), decoder.toString(), "Features " + bytes.length);
        }
    }

    @Test
    void shouldLeaveTheDecoderAsItWasAfterPrinting() throws IOException {
        final Message message = SchemaRoundTripTest.randomMessage(7, Features.getDefaultInstance(), 3);
        final byte[] bytes = message.toByteArray();
        final MessageSchema schema = Source.GENERATED.schema(Features.getDescriptor());
        final DynamicDecoder decoder = new DynamicDecoder().wrap(schema, new UnsafeBuffer(bytes), 0, bytes.length);
        final Message before = DynamicMessages.read(decoder, DynamicMessage.newBuilder(Features.getDescriptor()));
        decoder.next();
        final int number = decoder.number();
        final String text = decoder.toString();
        JsonPrinter.printer().printToString(decoder);
        assertThat(decoder.number()).as("the walk's occurrence").isEqualTo(number);
        assertThat(decoder.toString()).isEqualTo(text);
        assertThat(DynamicMessages.read(decoder, DynamicMessage.newBuilder(Features.getDescriptor())))
                .isEqualTo(before);
    }

    @Test
    void shouldRefuseWhatTheGeneratedPrinterRefusesAndANeverWrappedDecoder() {
        assertThat(new DynamicDecoder().toString()).isEmpty();
        assertThatThrownBy(() -> JsonPrinter.printer().printToString(new DynamicDecoder()))
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> JsonParser.create().parse("{}", new DynamicEncoder()))
                .isInstanceOf(IllegalStateException.class);
        final MessageSchema schema = Source.GENERATED.schema(TestAllTypesProto3.getDescriptor());
        final DynamicEncoder encoder = new DynamicEncoder().wrap(schema, new ExpandableArrayBuffer(), 0);
        encoder.int32Value(encoder.field("optional_int32"), 5);
        assertThatThrownBy(() -> JsonParser.create().parse("{\"optionalInt32\": \"x\"}", encoder))
                .hasMessageContaining("optional_int32");
        assertThat(encoder.encodedLength()).as("rewound to what it held").isEqualTo(2);
    }

    // ---------------------------------------------------------------------------------------------------------------

    /** The inputs of {@link DynamicDecoderTest}, and for TestAllTypesProto3 messages with every well-known type. */
    private static List<byte[]> inputs(final Message root) throws IOException {
        final List<byte[]> inputs = new ArrayList<>(DynamicDecoderTest.inputs(root));
        final byte[] negative = negativeClosedEnumNumbers(root.getDescriptorForType());
        if (negative.length > 0) {
            inputs.add(HostileBytes.concat(inputs.get(1), negative));
        }
        if (root instanceof TestAllTypesProto3) {
            for (final long seed : SchemaRoundTripTest.seeds(12)) {
                final SplittableRandom random = new SplittableRandom(seed);
                inputs.add(WellKnownValues.withWellKnownTypes(
                                WellKnownValues.printable(new RandomMessageGenerator(seed).message(root, 3), random),
                                random)
                        .toByteArray());
            }
        }
        return inputs;
    }

    /**
     * Undeclared numbers of the closed enum fields, negative and with bits past 32 on the wire, singular, repeated
     * and in a packed run: unknown fields that protobuf-java keeps as the int, sign-extended, not the varint's
     * 64 bits.
     */
    private static byte[] negativeClosedEnumNumbers(final Descriptor type) throws IOException {
        final java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        final com.google.protobuf.CodedOutputStream out = com.google.protobuf.CodedOutputStream.newInstance(bytes);
        for (final com.google.protobuf.Descriptors.FieldDescriptor field : type.getFields()) {
            if (field.getJavaType() != com.google.protobuf.Descriptors.FieldDescriptor.JavaType.ENUM
                    || !field.legacyEnumFieldTreatedAsClosed()
                    || field.getRealContainingOneof() != null) {
                continue;
            }
            out.writeInt32(field.getNumber(), -7);
            // Bits above the 32 an enum keeps: protobuf-java's unknown field is the int, sign-extended.
            out.writeUInt64(field.getNumber(), 1L << 33 | 1_000_003L);
            if (field.isRepeated()) {
                final int declared = field.getEnumType().getValues().get(0).getNumber();
                out.writeTag(field.getNumber(), com.google.protobuf.WireFormat.WIRETYPE_LENGTH_DELIMITED);
                out.writeUInt32NoTag(com.google.protobuf.CodedOutputStream.computeInt32SizeNoTag(declared)
                        + com.google.protobuf.CodedOutputStream.computeInt32SizeNoTag(-9));
                out.writeInt32NoTag(declared);
                out.writeInt32NoTag(-9);
            }
        }
        out.flush();
        return bytes.toByteArray();
    }

    private static SchemaRegistry registry(final MessageSchema root, final Source source) {
        final SchemaRegistry reachable = SchemaRegistry.of(root);
        if (reachable.find("google.protobuf.Any") == null) {
            return reachable;
        }
        if (reachable.find("google.protobuf.Empty") != null) {
            return reachable;
        }
        return SchemaRegistry.of(root, source.schema(Empty.getDescriptor()));
    }

    /** The printer's JSON, or the error it throws as text. */
    private static String print(final JsonPrinter printer, final Object decoder) {
        try {
            return decoder instanceof DynamicDecoder d
                    ? printer.printToString(d)
                    : printer.printToString((MessageDecoder) decoder);
        } catch (final RuntimeException e) {
            return "error " + e.getClass().getName() + ": " + e.getMessage();
        }
    }

    private static void checkPrintTo(
            final JsonPrinter printer,
            final DynamicDecoder dynamic,
            final JsonPrinter expectedPrinter,
            final MessageDecoder generated,
            final BufferKind kind,
            final String where) {
        final String expected = print(expectedPrinter, generated);
        if (expected.startsWith("error ")) {
            return;
        }
        final byte[] utf8 = expected.getBytes(StandardCharsets.UTF_8);
        final MutableDirectBuffer out = kind.allocate(utf8.length + 2 * OFFSET);
        final int length = printer.printTo(dynamic, out, OFFSET);
        final byte[] printed = new byte[length];
        out.getBytes(OFFSET, printed);
        assertThat(printed).as("%s: UTF-8 into a %s", where, kind).isEqualTo(utf8);
        assertThat(printer.appendTo(dynamic, new StringBuilder("x")).toString()).isEqualTo("x" + expected);
    }

    private static MessageEncoder wrap(final MessageEncoder encoder) {
        return ReflectiveMirror.wrap(encoder, new ExpandableArrayBuffer(64), 0);
    }

    private interface Parse {
        void into(DynamicEncoder encoder);
    }

    /** Errors of text in a buffer report byte offsets, of chars char indexes: either way an error. */
    private static String errorOrBytes(final String parsed) {
        return parsed.startsWith("error") ? "error" : parsed;
    }

    /** The bytes parsed, in hex, or the parser's error. */
    private static String parsed(final Parse parse, final DynamicEncoder encoder, final MessageSchema schema) {
        encoder.wrap(schema, new ExpandableArrayBuffer(64), 0);
        try {
            parse.into(encoder);
        } catch (final RuntimeException e) {
            return "error " + e.getMessage();
        }
        final byte[] bytes = new byte[encoder.encodedLength()];
        encoder.encodedBuffer().getBytes(encoder.encodedOffset(), bytes);
        return HexFormat.of().formatHex(bytes);
    }

    private static String parsed(final Runnable parse, final MessageEncoder encoder) {
        try {
            parse.run();
        } catch (final RuntimeException e) {
            return "error " + e.getMessage();
        }
        final byte[] bytes = new byte[encoder.encodedLength()];
        encoder.encodedBuffer().getBytes(0, bytes);
        return HexFormat.of().formatHex(bytes);
    }
}
