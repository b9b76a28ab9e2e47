package org.flyproto.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.UnknownFieldSet;
import com.google.protobuf.WireFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.flyproto.codec.MessageDecoder;
import org.flyproto.codec.MessageEncoder;
import org.flyproto.codec.ProtoDecodeException;
import org.flyproto.conformance.proto3.AllTypes;
import org.flyproto.conformance.proto3.flyproto.AllTypesDecoder;
import org.flyproto.conformance.proto3.flyproto.AllTypesEncoder;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Differential tests against protobuf-java for every test schema, through {@link ReflectiveMirror} and
 * {@link RandomMessageGenerator}: flyproto's encoder writes the very bytes protobuf-java writes, and flyproto's
 * decoder, validating and trusted, reads back every field of what protobuf-java writes, over every buffer kind.
 *
 * <p>A schema whose {@code .proto} is still in {@code src/test/protobuf-pending} (the generator does not accept it
 * yet) is skipped; once the file moves to {@code src/test/protobuf}, its classes must exist and its tests run. A
 * failure names the seed and the smallest message found that still fails, with its bytes in hex.
 */
class SchemaRoundTripTest {
    private static final long BASE_SEED = 0xD1FF_5EEDL;
    /** Random messages per schema and buffer kind; the tests below take fewer where each message costs more. */
    private static final int MESSAGES = 30;

    private static final int REQUIRED_MESSAGES = 10;
    private static final int CONCATENATED_MESSAGES = 8;
    private static final int UTF8_MESSAGES = 2;
    /** Fewer for the comparison with the hand-written mirror: {@link RandomMessages} makes messages of ~100 KB. */
    private static final int MIRROR_MESSAGES = 8;

    private static final int DEPTH = 3;
    private static final int OFFSET = 5;
    private static final int HEX_LIMIT = 4000;
    /** Not UTF-8: a lone continuation byte, a truncated sequence, an overlong encoding, a surrogate, 0xFF. */
    private static final byte[][] INVALID_UTF8 = {
        {'a', (byte) 0x80, 'b'},
        {(byte) 0xE2, (byte) 0x82},
        {(byte) 0xC0, (byte) 0xAF},
        {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
        {(byte) 0xFF, 'x'}
    };

    private static final Map<RandomKey, Message> RANDOM_MESSAGES = new ConcurrentHashMap<>();

    /** The root message of each test schema. */
    enum Schema {
        PROTO3_ALL_TYPES("all_types_proto3.proto", "org.flyproto.conformance.proto3.AllTypes"),
        PROTO3_AWKWARD("all_types_proto3.proto", "org.flyproto.conformance.proto3.Awkward"),
        PROTO2_PLAIN("plain_proto2.proto", "org.flyproto.conformance.proto2.Plain"),
        PROTO2_ALL_TYPES("all_types_proto2.proto", "org.flyproto.conformance.p2.TestAllTypesProto2"),
        EDITION2023_ALL_TYPES("all_types_edition2023.proto", "org.flyproto.conformance.e2023.TestAllTypesEdition2023"),
        PROTO3_ONEOFS("oneofs_proto3.proto", "org.flyproto.conformance.o3.TestOneofs");

        private final String protoFile;
        private final String messageClass;

        Schema(final String protoFile, final String messageClass) {
            this.protoFile = protoFile;
            this.messageClass = messageClass;
        }

        /** The default instance of the root message; aborts the test while the schema is pending. */
        Message prototype() {
            final Class<?> type;
            try {
                type = Class.forName(messageClass, true, SchemaRoundTripTest.class.getClassLoader());
            } catch (final ClassNotFoundException e) {
                final Path built = Path.of(System.getProperty("basedir", "."), "src/test/protobuf/flyproto/test")
                        .resolve(protoFile);
                if (Files.exists(built)) {
                    throw new AssertionError(protoFile + " is in the build but " + messageClass + " is missing", e);
                }
                return Assumptions.abort(protoFile + " is pending: the generator does not accept it yet");
            }
            try {
                return (Message) type.getMethod("getDefaultInstance").invoke(null);
            } catch (final ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        }
    }

    static Stream<Arguments> schemasAndKinds() {
        return Stream.of(Schema.values())
                .flatMap(schema -> Stream.of(BufferKind.values()).map(kind -> Arguments.of(schema, kind)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("schemasAndKinds")
    void shouldEncodeTheBytesProtobufJavaEncodes(final Schema schema, final BufferKind kind) {
        final Message prototype = schema.prototype();
        final MessageEncoder encoder = ReflectiveMirror.newEncoder(prototype.getDescriptorForType());
        final Predicate<Message> diverges = message -> {
            try {
                final byte[] actual = encode(message, encoder, kind);
                return !Arrays.equals(actual, message.toByteArray())
                        || !prototype
                                .getParserForType()
                                .parsePartialFrom(actual)
                                .equals(message);
            } catch (final RuntimeException | AssertionError | InvalidProtocolBufferException e) {
                return true;
            }
        };
        for (final long seed : seeds()) {
            final Message message = randomMessage(seed, prototype, DEPTH);
            if (diverges.test(message)) {
                final Message smallest = shrink(message, diverges);
                fail(report(
                        "encode diverges",
                        seed,
                        kind,
                        smallest,
                        smallest.toByteArray(),
                        () -> hex(encode(smallest, encoder, kind))));
            }
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("schemasAndKinds")
    void shouldReadEveryFieldProtobufJavaWrites(final Schema schema, final BufferKind kind) {
        final Message prototype = schema.prototype();
        final MessageDecoder decoder = ReflectiveMirror.newDecoder(prototype.getDescriptorForType());
        // The empty message first: every absent field must read as its default.
        final List<Message> messages = new ArrayList<>(List.of(prototype));
        final List<Long> seeds = new ArrayList<>(List.of(-1L));
        for (final long seed : seeds()) {
            messages.add(randomMessage(seed, prototype, DEPTH));
            seeds.add(seed);
        }
        for (final boolean trusted : new boolean[] {false, true}) {
            final Predicate<Message> diverges = message -> {
                try {
                    return !decode(message.toByteArray(), prototype, decoder, kind, trusted)
                            .equals(message);
                } catch (final RuntimeException | AssertionError e) {
                    return true;
                }
            };
            for (int i = 0; i < messages.size(); i++) {
                if (diverges.test(messages.get(i))) {
                    final Message smallest = shrink(messages.get(i), diverges);
                    final byte[] bytes = smallest.toByteArray();
                    fail(report(
                            trusted ? "trusted decode diverges" : "validating decode diverges",
                            seeds.get(i),
                            kind,
                            smallest,
                            bytes,
                            () -> String.valueOf(decode(bytes, prototype, decoder, kind, trusted))));
                }
            }
        }
    }

    /**
     * Two messages back to back parse as one: the last occurrence of a singular field wins, a oneof takes the member
     * that comes last, repeated fields concatenate. (The second message has no singular message fields: those merge,
     * which is a feature of its own.)
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("schemasAndKinds")
    void shouldReadConcatenatedMessagesAsProtobufJavaDoes(final Schema schema, final BufferKind kind)
            throws InvalidProtocolBufferException {
        final Message prototype = schema.prototype();
        final MessageDecoder decoder = ReflectiveMirror.newDecoder(prototype.getDescriptorForType());
        final long[] seeds = seeds(CONCATENATED_MESSAGES + 1);
        for (int i = 0; i < CONCATENATED_MESSAGES; i++) {
            final long seed = seeds[i];
            final Message first = randomMessage(seed, prototype, DEPTH);
            final Message.Builder second = randomMessage(seeds[i + 1], prototype, DEPTH).toBuilder();
            for (final FieldDescriptor field : prototype.getDescriptorForType().getFields()) {
                if (!field.isRepeated() && field.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
                    second.clearField(field);
                }
            }
            final byte[] bytes = first.toByteString()
                    .concat(second.buildPartial().toByteString())
                    .toByteArray();
            final Message expected = prototype.getParserForType().parsePartialFrom(bytes);
            for (final boolean trusted : new boolean[] {false, true}) {
                final Message actual;
                try {
                    actual = decode(bytes, prototype, decoder, kind, trusted);
                } catch (final RuntimeException | AssertionError e) {
                    throw new AssertionError(
                            report("decode fails", seed, kind, expected, bytes, () -> e.toString()), e);
                }
                assertThat(actual)
                        .as(() -> report("decode diverges", seed, kind, expected, bytes, actual::toString))
                        .isEqualTo(expected);
            }
        }
    }

    /**
     * protobuf-java keeps a number a closed enum does not declare as an unknown field, singular (the value read before
     * stays), repeated expanded and packed (the element is dropped): flyproto must not surface it either.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("schemasAndKinds")
    void shouldNotSurfaceUndeclaredNumbersOfClosedEnums(final Schema schema, final BufferKind kind) throws IOException {
        final Message prototype = schema.prototype();
        final List<FieldDescriptor> closed = prototype.getDescriptorForType().getFields().stream()
                .filter(f -> f.getJavaType() == FieldDescriptor.JavaType.ENUM && f.legacyEnumFieldTreatedAsClosed())
                .toList();
        assumeTrue(!closed.isEmpty(), "no closed enum field in " + schema);
        final MessageDecoder decoder = ReflectiveMirror.newDecoder(prototype.getDescriptorForType());
        for (final long seed : seeds()) {
            final Message message = randomMessage(seed, prototype, 1);
            final byte[] bytes = message.toByteString()
                    .concat(undeclaredEnumNumbers(closed, seed))
                    .toByteArray();
            final Message parsed = prototype.getParserForType().parseFrom(bytes);
            assertThat(parsed.getUnknownFields().asMap()).isNotEmpty();
            final Message expected = parsed.toBuilder()
                    .setUnknownFields(UnknownFieldSet.getDefaultInstance())
                    .build();
            for (final boolean trusted : new boolean[] {false, true}) {
                final Message actual;
                try {
                    actual = decode(bytes, prototype, decoder, kind, trusted);
                } catch (final RuntimeException | AssertionError e) {
                    throw new AssertionError(
                            report("decode fails", seed, kind, expected, bytes, () -> e.toString()), e);
                }
                assertThat(actual)
                        .as(() -> report("decode diverges", seed, kind, expected, bytes, actual::toString))
                        .isEqualTo(expected);
            }
        }
    }

    /**
     * With required fields missing anywhere in the tree, flyproto's decoder and encoder must say what protobuf-java's
     * {@code isInitialized()} says, and still read and write every field.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("schemasAndKinds")
    void shouldTellWhetherRequiredFieldsAreMissingAsProtobufJavaDoes(final Schema schema, final BufferKind kind) {
        final Message prototype = schema.prototype();
        assumeTrue(
                hasRequiredFields(prototype.getDescriptorForType(), new HashSet<>()), "no required field in " + schema);
        final MessageEncoder encoder = ReflectiveMirror.newEncoder(prototype.getDescriptorForType());
        final MessageDecoder decoder = ReflectiveMirror.newDecoder(prototype.getDescriptorForType());
        for (final long seed : seeds(REQUIRED_MESSAGES)) {
            // Each buffer kind loses a different required field of the same message.
            final SplittableRandom random = new SplittableRandom(seed * 31 + kind.ordinal());
            final Message complete = randomMessage(seed, prototype, DEPTH);
            final int required = countRequired(complete);
            final Message message = required == 0 || random.nextInt(4) == 0
                    ? complete
                    : withoutRequired(complete, new int[] {random.nextInt(required)});
            final byte[] bytes = message.toByteArray();

            assertThat(encode(message, encoder, kind)).as("seed %d", seed).isEqualTo(bytes);
            assertThat(ReflectiveMirror.isInitialized(encoder))
                    .as("encoder, seed %d: %s", seed, message)
                    .isEqualTo(message.isInitialized());
            for (final boolean trusted : new boolean[] {false, true}) {
                final DirectBuffer buffer = kind.holding(bytes, OFFSET);
                final MessageDecoder wrapped = ReflectiveMirror.wrap(decoder, buffer, OFFSET, bytes.length, trusted);
                assertThat(ReflectiveMirror.isInitialized(wrapped))
                        .as("decoder, trusted %b, seed %d: %s", trusted, seed, message)
                        .isEqualTo(message.isInitialized());
                assertThat(ReflectiveMirror.read(wrapped, prototype))
                        .as("trusted %b, seed %d", trusted, seed)
                        .isEqualTo(message);
            }
        }
    }

    /**
     * A string occurrence that is not UTF-8: where protobuf-java validates (proto3, editions' VERIFY) it rejects the
     * message and flyproto's validating decoder rejects the string when read; where it does not (proto2, editions'
     * NONE), both read the same characters.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("schemasAndKinds")
    void shouldTreatInvalidUtf8AsProtobufJavaDoes(final Schema schema, final BufferKind kind) throws IOException {
        final Message prototype = schema.prototype();
        final List<FieldDescriptor> strings = prototype.getDescriptorForType().getFields().stream()
                .filter(f -> f.getType() == FieldDescriptor.Type.STRING)
                .toList();
        assumeTrue(!strings.isEmpty(), "no string field in " + schema);
        final MessageDecoder decoder = ReflectiveMirror.newDecoder(prototype.getDescriptorForType());
        for (final long seed : seeds(UTF8_MESSAGES)) {
            final Message message = randomMessage(seed, prototype, 1);
            for (final FieldDescriptor field : strings) {
                for (final byte[] invalid : INVALID_UTF8) {
                    final ByteString.Output extra = ByteString.newOutput();
                    final CodedOutputStream out = CodedOutputStream.newInstance(extra);
                    out.writeByteArray(field.getNumber(), invalid);
                    out.flush();
                    final byte[] bytes =
                            message.toByteString().concat(extra.toByteString()).toByteArray();
                    final String what = String.format(
                            "seed %d, %s = %s",
                            seed, field.getName(), HexFormat.of().formatHex(invalid));
                    if (field.needsUtf8Check()) {
                        assertThatThrownBy(() -> prototype.getParserForType().parseFrom(bytes))
                                .as("protobuf-java, %s", what)
                                .isInstanceOf(InvalidProtocolBufferException.class);
                        assertThatThrownBy(() -> decode(bytes, prototype, decoder, kind, false))
                                .as("flyproto, %s", what)
                                .isInstanceOf(ProtoDecodeException.class);
                    } else {
                        final Message expected = prototype.getParserForType().parseFrom(bytes);
                        for (final boolean trusted : new boolean[] {false, true}) {
                            assertThat(decode(bytes, prototype, decoder, kind, trusted))
                                    .as("trusted %b, %s", trusted, what)
                                    .isEqualTo(expected);
                        }
                    }
                }
            }
        }
    }

    /** The reflective mirror must agree with the hand-written one, both ways, on both generators' messages. */
    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void shouldAgreeWithTheHandWrittenMirror(final BufferKind kind) {
        final AllTypesEncoder encoder = new AllTypesEncoder();
        final AllTypesDecoder decoder = new AllTypesDecoder();
        for (final long seed : seeds(MIRROR_MESSAGES)) {
            for (final AllTypes message : List.of(new RandomMessages(seed).allTypes(DEPTH - 1), (AllTypes)
                    randomMessage(seed, AllTypes.getDefaultInstance(), DEPTH))) {
                final byte[] expected = message.toByteArray();
                AllTypesMirror.encode(message, encoder.wrap(kind.allocate(expected.length + OFFSET), OFFSET));
                final byte[] byHand = copy(encoder.encodedBuffer(), encoder.encodedLength());
                assertThat(encode(message, encoder, kind))
                        .as("seed %d", seed)
                        .isEqualTo(byHand)
                        .isEqualTo(expected);

                final DirectBuffer buffer = kind.holding(expected, OFFSET);
                for (final boolean trusted : new boolean[] {false, true}) {
                    final AllTypes handRead = trusted
                            ? AllTypesMirror.read(decoder.wrapTrusted(buffer, OFFSET, expected.length))
                            : AllTypesMirror.read(decoder.wrap(buffer, OFFSET, expected.length));
                    final Message reflectiveRead = ReflectiveMirror.read(
                            ReflectiveMirror.wrap(decoder, buffer, OFFSET, expected.length, trusted),
                            AllTypes.getDefaultInstance());
                    assertThat(reflectiveRead)
                            .as("seed %d, trusted %b", seed, trusted)
                            .isEqualTo(handRead)
                            .isEqualTo(message);
                }
            }
        }
    }

    // ---------------------------------------------------------------------------------------------------------------

    private static byte[] encode(final Message message, final MessageEncoder encoder, final BufferKind kind) {
        final MutableDirectBuffer buffer = kind.allocate(message.getSerializedSize() + OFFSET);
        ReflectiveMirror.write(message, ReflectiveMirror.wrap(encoder, buffer, OFFSET));
        return copy(encoder.encodedBuffer(), encoder.encodedLength());
    }

    private static byte[] copy(final DirectBuffer buffer, final int length) {
        final byte[] out = new byte[length];
        buffer.getBytes(OFFSET, out);
        return out;
    }

    private static Message decode(
            final byte[] bytes,
            final Message prototype,
            final MessageDecoder decoder,
            final BufferKind kind,
            final boolean trusted) {
        final DirectBuffer buffer = kind.holding(bytes, OFFSET);
        return ReflectiveMirror.read(ReflectiveMirror.wrap(decoder, buffer, OFFSET, bytes.length, trusted), prototype);
    }

    private static boolean hasRequiredFields(final Descriptor type, final Set<Descriptor> seen) {
        if (!seen.add(type)) {
            return false;
        }
        for (final FieldDescriptor field : type.getFields()) {
            if (field.isRequired()
                    || (field.getJavaType() == FieldDescriptor.JavaType.MESSAGE
                            && hasRequiredFields(field.getMessageType(), seen))) {
                return true;
            }
        }
        return false;
    }

    /** How many required fields are set in the whole tree. */
    private static int countRequired(final Message message) {
        int count = 0;
        for (final Map.Entry<FieldDescriptor, Object> entry :
                message.getAllFields().entrySet()) {
            final FieldDescriptor field = entry.getKey();
            if (field.isRequired()) {
                count++;
            }
            if (field.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
                for (final Object nested :
                        field.isRepeated() ? (List<?>) entry.getValue() : List.of(entry.getValue())) {
                    count += countRequired((Message) nested);
                }
            }
        }
        return count;
    }

    /** The message without the {@code index[0]}-th required field of the tree, counted as {@link #countRequired}. */
    private static Message withoutRequired(final Message message, final int[] index) {
        for (final Map.Entry<FieldDescriptor, Object> entry :
                message.getAllFields().entrySet()) {
            final FieldDescriptor field = entry.getKey();
            if (field.isRequired() && index[0]-- == 0) {
                return message.toBuilder().clearField(field).buildPartial();
            }
            if (field.getJavaType() != FieldDescriptor.JavaType.MESSAGE) {
                continue;
            }
            if (field.isRepeated()) {
                for (int i = 0; i < message.getRepeatedFieldCount(field); i++) {
                    final Message element = (Message) message.getRepeatedField(field, i);
                    final Message changed = withoutRequired(element, index);
                    if (changed != element) {
                        return message.toBuilder()
                                .setRepeatedField(field, i, changed)
                                .buildPartial();
                    }
                }
            } else {
                final Message changed = withoutRequired((Message) entry.getValue(), index);
                if (changed != entry.getValue()) {
                    return message.toBuilder().setField(field, changed).buildPartial();
                }
            }
        }
        return message;
    }

    /** For each closed enum field, occurrences of numbers the enum does not declare, with declared ones between. */
    private static ByteString undeclaredEnumNumbers(final List<FieldDescriptor> fields, final long seed)
            throws IOException {
        final ByteString.Output bytes = ByteString.newOutput();
        final CodedOutputStream out = CodedOutputStream.newInstance(bytes);
        int undeclared = (int) seed & 0xFFFF;
        for (final FieldDescriptor field : fields) {
            while (field.getEnumType().findValueByNumber(undeclared) != null) {
                undeclared++;
            }
            final int declared = field.getEnumType().getValues().get(0).getNumber();
            if (!field.isRepeated()) {
                out.writeEnum(field.getNumber(), undeclared);
            } else if (field.isPacked()) {
                final int[] run = {undeclared, declared, -undeclared - 1000, declared};
                int size = 0;
                for (final int number : run) {
                    size += CodedOutputStream.computeEnumSizeNoTag(number);
                }
                out.writeTag(field.getNumber(), WireFormat.WIRETYPE_LENGTH_DELIMITED);
                out.writeUInt32NoTag(size);
                for (final int number : run) {
                    out.writeEnumNoTag(number);
                }
            } else {
                out.writeEnum(field.getNumber(), undeclared);
                out.writeEnum(field.getNumber(), declared);
                out.writeEnum(field.getNumber(), Integer.MIN_VALUE);
            }
        }
        out.flush();
        return bytes.toByteString();
    }

    /**
     * Greedily makes {@code message} smaller while {@code fails} holds: drops whole fields, keeps single elements of
     * repeated fields, and shrinks nested messages the same way.
     */
    static Message shrink(final Message message, final Predicate<Message> fails) {
        Message current = message;
        boolean progress = true;
        while (progress) {
            progress = false;
            for (final FieldDescriptor field : current.getAllFields().keySet()) {
                final Message without = current.toBuilder().clearField(field).buildPartial();
                if (fails.test(without)) {
                    current = without;
                    progress = true;
                    break;
                }
            }
            if (progress) {
                continue;
            }
            for (final Map.Entry<FieldDescriptor, Object> entry :
                    current.getAllFields().entrySet()) {
                final FieldDescriptor field = entry.getKey();
                final Message smaller = field.isRepeated()
                        ? shrinkRepeated(current, field, fails)
                        : field.getJavaType() == FieldDescriptor.JavaType.MESSAGE
                                ? shrinkNested(current, field, -1, fails)
                                : null;
                if (smaller != null) {
                    current = smaller;
                    progress = true;
                    break;
                }
            }
        }
        return current;
    }

    private static Message shrinkRepeated(
            final Message message, final FieldDescriptor field, final Predicate<Message> fails) {
        final int count = message.getRepeatedFieldCount(field);
        if (count > 1) {
            for (int i = 0; i < count; i++) {
                final Message single = message.toBuilder()
                        .clearField(field)
                        .addRepeatedField(field, message.getRepeatedField(field, i))
                        .buildPartial();
                if (fails.test(single)) {
                    return single;
                }
            }
            return null;
        }
        return field.getJavaType() == FieldDescriptor.JavaType.MESSAGE ? shrinkNested(message, field, 0, fails) : null;
    }

    /** Shrinks the nested message at {@code field} (element {@code index} if repeated); null if it cannot shrink. */
    private static Message shrinkNested(
            final Message message, final FieldDescriptor field, final int index, final Predicate<Message> fails) {
        final Message nested = (Message) (index < 0 ? message.getField(field) : message.getRepeatedField(field, index));
        final Function<Message, Message> put = sub -> index < 0
                ? message.toBuilder().setField(field, sub).buildPartial()
                : message.toBuilder().setRepeatedField(field, index, sub).buildPartial();
        final Message smaller = shrink(nested, sub -> fails.test(put.apply(sub)));
        return smaller.equals(nested) ? null : put.apply(smaller);
    }

    private static String report(
            final String what,
            final long seed,
            final BufferKind kind,
            final Message message,
            final byte[] bytes,
            final Supplier<String> actual) {
        String outcome;
        try {
            outcome = actual.get();
        } catch (final RuntimeException | AssertionError e) {
            outcome = e.toString();
        }
        return String.format(
                "%s: %s, %s, failing message (shrunk) %s {%s}%n  protobuf-java bytes: %s%n  flyproto: %s",
                what,
                seed < 0 ? "the empty message" : "seed " + seed,
                kind,
                message.getDescriptorForType().getFullName(),
                message.toString().replace('\n', ' '),
                hex(bytes),
                outcome);
    }

    private static String hex(final byte[] bytes) {
        final String hex = HexFormat.of().formatHex(bytes);
        return hex.length() <= HEX_LIMIT ? hex : hex.substring(0, HEX_LIMIT) + "… (" + bytes.length + " bytes)";
    }

    private record RandomKey(String type, long seed, int depth) {}

    /**
     * {@code new RandomMessageGenerator(seed).message(prototype, depth)}, made once per test class: generating through
     * protobuf-java's reflection costs more than the tests themselves, and every buffer kind uses the same messages.
     */
    static Message randomMessage(final long seed, final Message prototype, final int depth) {
        return RANDOM_MESSAGES.computeIfAbsent(
                new RandomKey(prototype.getDescriptorForType().getFullName(), seed, depth),
                key -> new RandomMessageGenerator(seed).message(prototype, depth));
    }

    private static long[] seeds() {
        return seeds(MESSAGES);
    }

    static long[] seeds(final int count) {
        final long[] seeds = new long[count];
        for (int i = 0; i < seeds.length; i++) {
            seeds[i] = BASE_SEED + i;
        }
        return seeds;
    }
}
