package org.flyproto.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Any;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Duration;
import com.google.protobuf.Empty;
import com.google.protobuf.FieldMask;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.ListValue;
import com.google.protobuf.Message;
import com.google.protobuf.StringValue;
import com.google.protobuf.Struct;
import com.google.protobuf.Timestamp;
import com.google.protobuf.Value;
import com.google.protobuf.util.JsonFormat;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.flyproto.codec.JsonPrinter;
import org.flyproto.codec.JsonTypeRegistry;
import org.flyproto.codec.MessageDecoder;
import org.flyproto.conformance.messages.proto3.TestMessagesProto3.TestAllTypesProto3;
import org.flyproto.wkt.AnyDecoder;
import org.flyproto.wkt.BoolValueDecoder;
import org.flyproto.wkt.BytesValueDecoder;
import org.flyproto.wkt.DoubleValueDecoder;
import org.flyproto.wkt.DurationDecoder;
import org.flyproto.wkt.EmptyDecoder;
import org.flyproto.wkt.FieldMaskDecoder;
import org.flyproto.wkt.FloatValueDecoder;
import org.flyproto.wkt.Int32ValueDecoder;
import org.flyproto.wkt.Int64ValueDecoder;
import org.flyproto.wkt.ListValueDecoder;
import org.flyproto.wkt.StringValueDecoder;
import org.flyproto.wkt.StructDecoder;
import org.flyproto.wkt.TimestampDecoder;
import org.flyproto.wkt.UInt32ValueDecoder;
import org.flyproto.wkt.UInt64ValueDecoder;
import org.flyproto.wkt.ValueDecoder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * JSON against protobuf-java's {@code JsonFormat}: for random messages of every test schema and of the conformance
 * suite's {@code TestAllTypesProto3} (every well-known type field, Any packing registered types and well-known
 * types), with each combination of options, flyproto's {@link JsonPrinter} gives exactly the string
 * {@code JsonFormat.printer()} (same options) gives for the message protobuf-java parses from the same bytes, into a
 * StringBuilder, an Appendable and (as UTF-8) a buffer; validating and trusted wraps; and the decoder reads the same
 * after printing. A failure names the seed and the first differing line.
 */
class JsonFormatTest {
    private static final int MESSAGES = 30;
    private static final int DEPTH = 3;
    private static final int OFFSET = 3;

    /** The options of {@code JsonFormat.printer()} in the combinations tested. */
    enum Options {
        PRETTY(false, false, false, false),
        COMPACT(true, false, false, false),
        PROTO_NAMES(false, true, false, false),
        FIELDS_WITH_NO_PRESENCE(false, false, true, false),
        ENUMS_AS_INTS(true, false, false, true),
        ALL(true, true, true, true);

        final boolean compact;
        final boolean protoNames;
        final boolean noPresence;
        final boolean enumsAsInts;

        Options(final boolean compact, final boolean protoNames, final boolean noPresence, final boolean enumsAsInts) {
            this.compact = compact;
            this.protoNames = protoNames;
            this.noPresence = noPresence;
            this.enumsAsInts = enumsAsInts;
        }

        JsonFormat.Printer oracle() {
            JsonFormat.Printer printer = JsonFormat.printer().usingTypeRegistry(ORACLE_TYPES);
            if (compact) {
                printer = printer.omittingInsignificantWhitespace();
            }
            if (protoNames) {
                printer = printer.preservingProtoFieldNames();
            }
            if (noPresence) {
                printer = printer.alwaysPrintFieldsWithNoPresence();
            }
            if (enumsAsInts) {
                printer = printer.printingEnumsAsInts();
            }
            return printer;
        }

        JsonPrinter flyproto() {
            // JsonFormat prints any FieldMask path; the masks made here include paths that do not round-trip.
            JsonPrinter printer = JsonPrinter.printer().lenientFieldMasks().usingTypeRegistry(TYPES);
            if (compact) {
                printer = printer.omittingInsignificantWhitespace();
            }
            if (protoNames) {
                printer = printer.preservingProtoFieldNames();
            }
            if (noPresence) {
                printer = printer.alwaysPrintFieldsWithNoPresence();
            }
            if (enumsAsInts) {
                printer = printer.printingEnumsAsInts();
            }
            return printer;
        }
    }

    /** The types an Any of the tests may hold, for both printers. */
    static final JsonTypeRegistry TYPES = JsonTypeRegistry.builder()
            .add(org.flyproto.conformance.messages.proto3.flyproto.TestAllTypesProto3Decoder::new)
            .add(AnyDecoder::new)
            .add(TimestampDecoder::new)
            .add(DurationDecoder::new)
            .add(FieldMaskDecoder::new)
            .add(StructDecoder::new)
            .add(ValueDecoder::new)
            .add(ListValueDecoder::new)
            .add(EmptyDecoder::new)
            .add(DoubleValueDecoder::new)
            .add(FloatValueDecoder::new)
            .add(Int64ValueDecoder::new)
            .add(UInt64ValueDecoder::new)
            .add(Int32ValueDecoder::new)
            .add(UInt32ValueDecoder::new)
            .add(BoolValueDecoder::new)
            .add(StringValueDecoder::new)
            .add(BytesValueDecoder::new)
            .build();

    static final JsonFormat.TypeRegistry ORACLE_TYPES = JsonFormat.TypeRegistry.newBuilder()
            .add(TestAllTypesProto3.getDescriptor())
            .add(List.of(
                    Any.getDescriptor(),
                    Timestamp.getDescriptor(),
                    Duration.getDescriptor(),
                    FieldMask.getDescriptor(),
                    Struct.getDescriptor(),
                    Value.getDescriptor(),
                    ListValue.getDescriptor(),
                    Empty.getDescriptor(),
                    com.google.protobuf.DoubleValue.getDescriptor(),
                    com.google.protobuf.FloatValue.getDescriptor(),
                    com.google.protobuf.Int64Value.getDescriptor(),
                    com.google.protobuf.UInt64Value.getDescriptor(),
                    com.google.protobuf.Int32Value.getDescriptor(),
                    com.google.protobuf.UInt32Value.getDescriptor(),
                    com.google.protobuf.BoolValue.getDescriptor(),
                    StringValue.getDescriptor(),
                    com.google.protobuf.BytesValue.getDescriptor()))
            .build();

    static Stream<Arguments> schemasAndOptions() {
        return Stream.of(SchemaRoundTripTest.Schema.values())
                .flatMap(schema -> Stream.of(Options.values()).map(options -> Arguments.of(schema, options)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("schemasAndOptions")
    void shouldPrintWhatJsonFormatPrints(final SchemaRoundTripTest.Schema schema, final Options options)
            throws InvalidProtocolBufferException {
        final Message prototype = schema.prototype();
        final MessageDecoder decoder = ReflectiveMirror.newDecoder(prototype.getDescriptorForType());
        final JsonPrinter printer = options.flyproto();
        final JsonFormat.Printer oracle = options.oracle();
        check("empty message", -1, prototype.toByteArray(), prototype, decoder, printer, oracle, BufferKind.HEAP);
        int printed = 0;
        for (final long seed : SchemaRoundTripTest.seeds(MESSAGES)) {
            final Message message = SchemaRoundTripTest.randomMessage(seed, prototype, DEPTH);
            final BufferKind kind = BufferKind.values()[(int) (seed % BufferKind.values().length)];
            printed += check("random message", seed, message.toByteArray(), prototype, decoder, printer, oracle, kind)
                    .length();
        }
        assertThat(printed).isGreaterThan(MESSAGES * 10);
    }

    /** Every well-known type, in fields, repeated fields and inside Any, with random values in their ranges. */
    @ParameterizedTest(name = "{0}")
    @EnumSource(Options.class)
    void shouldPrintWellKnownTypesAsJsonFormatDoes(final Options options) throws InvalidProtocolBufferException {
        final Message prototype = TestAllTypesProto3.getDefaultInstance();
        final MessageDecoder decoder = ReflectiveMirror.newDecoder(prototype.getDescriptorForType());
        final JsonPrinter printer = options.flyproto();
        final JsonFormat.Printer oracle = options.oracle();
        int wellKnown = 0;
        for (final long seed : SchemaRoundTripTest.seeds(MESSAGES)) {
            final SplittableRandom random = new SplittableRandom(seed);
            final Message message = WellKnownValues.withWellKnownTypes(
                    WellKnownValues.printable(new RandomMessageGenerator(seed).message(prototype, DEPTH), random),
                    random);
            final BufferKind kind = BufferKind.values()[(int) (seed % BufferKind.values().length)];
            final String json =
                    check("random message", seed, message.toByteArray(), prototype, decoder, printer, oracle, kind);
            wellKnown += json.contains("@type") ? 1 : 0;
        }
        // The fixture exercises what it claims to.
        assertThat(wellKnown).isGreaterThan(MESSAGES / 4);
    }

    // ---------------------------------------------------------------------------------------------------------------

    static String check(
            final String what,
            final long seed,
            final byte[] bytes,
            final Message prototype,
            final MessageDecoder decoder,
            final JsonPrinter printer,
            final JsonFormat.Printer oracle,
            final BufferKind kind)
            throws InvalidProtocolBufferException {
        final String expected = oracle.print(prototype.getParserForType().parseFrom(bytes));
        final byte[] expectedUtf8 = expected.getBytes(StandardCharsets.UTF_8);
        final DirectBuffer buffer = kind.holding(bytes, OFFSET);
        for (final boolean trusted : new boolean[] {false, true}) {
            final String where = String.format(
                    "%s of %s, %s, %s, %s",
                    what,
                    prototype.getDescriptorForType().getFullName(),
                    seed < 0 ? "no seed" : "seed " + seed,
                    kind,
                    trusted ? "trusted" : "validating");
            final MessageDecoder wrapped = ReflectiveMirror.wrap(decoder, buffer, OFFSET, bytes.length, trusted);
            final Message before = ReflectiveMirror.read(wrapped, prototype);
            final String actual = printer.appendTo(wrapped, new StringBuilder()).toString();
            TextFormatTest.assertSameText(expected, actual, where);
            assertThat(ReflectiveMirror.read(wrapped, prototype))
                    .as("%s: what the decoder reads after printing", where)
                    .isEqualTo(before);
            assertThat(printer.printToString(wrapped)).as(where).isEqualTo(expected);
            final StringWriter writer = new StringWriter();
            printer.appendTo(wrapped, writer);
            assertThat(writer.toString()).as(where).isEqualTo(expected);
            final MutableDirectBuffer out = kind.allocate(expectedUtf8.length + 2 * OFFSET);
            final int length = printer.printTo(wrapped, out, OFFSET);
            final byte[] printed = new byte[length];
            out.getBytes(OFFSET, printed);
            assertThat(printed).as("%s: UTF-8 into a %s", where, kind).isEqualTo(expectedUtf8);
        }
        return expected;
    }

    /** Makes random messages printable: well-known types given values JsonFormat accepts, Any given packed types. */
    static final class WellKnownValues {
        private WellKnownValues() {}

        /**
         * @return true if {@code message} holds (in a field, a map, a list or an Any, at any depth) a FieldMask path
         *     that does not survive the lowerCamel round trip, which flyproto's default printer refuses.
         */
        static boolean hasFieldMaskNotRoundTripping(final Message message) {
            if (message instanceof FieldMask mask) {
                return mask.getPathsList().stream().anyMatch(path -> !path.matches("([a-z0-9.]|_[a-z])+"));
            }
            if (message instanceof Any any) {
                try {
                    if (any.is(FieldMask.class)) {
                        return hasFieldMaskNotRoundTripping(any.unpack(FieldMask.class));
                    }
                    if (any.is(Any.class)) {
                        return hasFieldMaskNotRoundTripping(any.unpack(Any.class));
                    }
                    if (any.is(TestAllTypesProto3.class)) {
                        return hasFieldMaskNotRoundTripping(any.unpack(TestAllTypesProto3.class));
                    }
                } catch (final com.google.protobuf.InvalidProtocolBufferException e) {
                    return false;
                }
                return false;
            }
            for (final java.util.Map.Entry<FieldDescriptor, Object> field :
                    message.getAllFields().entrySet()) {
                if (field.getKey().getJavaType() != FieldDescriptor.JavaType.MESSAGE) {
                    continue;
                }
                final List<?> values =
                        field.getKey().isRepeated() ? (List<?>) field.getValue() : List.of(field.getValue());
                for (final Object value : values) {
                    if (hasFieldMaskNotRoundTripping((Message) value)) {
                        return true;
                    }
                }
            }
            return false;
        }

        static Message printable(final Message message, final SplittableRandom random) {
            final Message.Builder builder = message.toBuilder();
            final Descriptor type = message.getDescriptorForType();
            switch (type.getFullName()) {
                case "google.protobuf.Timestamp" -> {
                    return timestamp(random);
                }
                case "google.protobuf.Duration" -> {
                    return duration(random);
                }
                case "google.protobuf.Any" -> {
                    return any(random, 2);
                }
                case "google.protobuf.Value" -> {
                    if (message instanceof Value value
                            && value.hasNumberValue()
                            && !Double.isFinite(value.getNumberValue())) {
                        return value.toBuilder()
                                .setNumberValue(random.nextDouble() * 1e6)
                                .build();
                    }
                }
                default -> {}
            }
            for (final FieldDescriptor field : type.getFields()) {
                if (field.getJavaType() != FieldDescriptor.JavaType.MESSAGE) {
                    continue;
                }
                if (field.isRepeated()) {
                    for (int i = 0; i < builder.getRepeatedFieldCount(field); i++) {
                        builder.setRepeatedField(
                                field, i, printable((Message) builder.getRepeatedField(field, i), random));
                    }
                } else if (builder.hasField(field)) {
                    builder.setField(field, printable((Message) builder.getField(field), random));
                }
            }
            return builder.build();
        }

        /** Sets each well-known-type field (numbers 201 on) of a TestAllTypesProto3 or not, at random. */
        static Message withWellKnownTypes(final Message message, final SplittableRandom random) {
            final Message.Builder builder = message.toBuilder();
            for (final FieldDescriptor field : message.getDescriptorForType().getFields()) {
                if (field.getNumber() < 201
                        || field.getJavaType() != FieldDescriptor.JavaType.MESSAGE
                        || random.nextInt(3) == 0) {
                    continue;
                }
                builder.clearField(field);
                final int count = field.isRepeated() ? random.nextInt(3) : 1;
                for (int i = 0; i < count; i++) {
                    final Message element = wellKnown(builder.newBuilderForField(field), random);
                    if (field.isRepeated()) {
                        builder.addRepeatedField(field, element);
                    } else {
                        builder.setField(field, element);
                    }
                }
            }
            return builder.build();
        }

        private static Message wellKnown(final Message.Builder builder, final SplittableRandom random) {
            final Message generated =
                    new RandomMessageGenerator(random.nextLong()).message(builder.getDefaultInstanceForType(), 3);
            if (generated instanceof FieldMask mask && random.nextBoolean()) {
                return mask.toBuilder()
                        .addPaths("snake_case_path.sub_field")
                        .addPaths("UPPER_Case__double_")
                        .addPaths("_leading")
                        .addPaths("")
                        .addPaths("mixedCase_9x")
                        .build();
            }
            return printable(generated, random);
        }

        static Timestamp timestamp(final SplittableRandom random) {
            final long seconds = switch (random.nextInt(4)) {
                case 0 -> -62_135_596_800L;
                case 1 -> 253_402_300_799L;
                default -> random.nextLong(-62_135_596_800L, 253_402_300_800L);
            };
            return Timestamp.newBuilder()
                    .setSeconds(seconds)
                    .setNanos(nanos(random))
                    .build();
        }

        static Duration duration(final SplittableRandom random) {
            final long seconds = switch (random.nextInt(4)) {
                case 0 -> 0;
                case 1 -> random.nextBoolean() ? 315_576_000_000L : -315_576_000_000L;
                default -> random.nextLong(-315_576_000_000L, 315_576_000_001L);
            };
            final int nanos = nanos(random);
            final boolean negative = seconds < 0 || seconds == 0 && random.nextBoolean();
            return Duration.newBuilder()
                    .setSeconds(seconds)
                    .setNanos(negative ? -nanos : nanos)
                    .build();
        }

        private static int nanos(final SplittableRandom random) {
            return switch (random.nextInt(5)) {
                case 0 -> 0;
                case 1 -> random.nextInt(1000) * 1_000_000;
                case 2 -> random.nextInt(1_000_000) * 1_000;
                case 3 -> 999_999_999;
                default -> random.nextInt(1_000_000_000);
            };
        }

        static Any any(final SplittableRandom random, final int depth) {
            return switch (random.nextInt(depth > 0 ? 9 : 7)) {
                case 0 -> Any.getDefaultInstance();
                case 1 -> Any.pack(timestamp(random));
                case 2 -> Any.pack(duration(random));
                case 3 -> Any.pack(StringValue.of("packed <&> \u2028"));
                case 4 -> Any.pack(Empty.getDefaultInstance());
                case 5 ->
                    Any.pack(FieldMask.newBuilder()
                            .addPaths("foo_bar.baz_qux")
                            .addPaths("")
                            .addPaths("x")
                            .build());
                case 6 ->
                    Any.pack(Struct.newBuilder()
                            .putFields(
                                    "n", Value.newBuilder().setNumberValue(1.5).build())
                            .putFields(
                                    "l",
                                    Value.newBuilder()
                                            .setListValue(ListValue.newBuilder()
                                                    .addValues(
                                                            Value.newBuilder().setBoolValue(true))
                                                    .addValues(
                                                            Value.newBuilder().setNullValueValue(0)))
                                            .build())
                            .build());
                case 7 -> Any.pack(any(random, depth - 1));
                default ->
                    Any.pack(printable(
                            new RandomMessageGenerator(random.nextLong())
                                    .message(TestAllTypesProto3.getDefaultInstance(), 1),
                            random));
            };
        }
    }
}
