package org.flyproto.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Empty;
import com.google.protobuf.ExtensionRegistry;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.TextFormat;
import com.google.protobuf.WireFormat;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.codec.MessageDecoder;
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
import org.flyproto.wkt.EmptyDecoder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Text format against protobuf-java: for random messages of every test schema, with and without unknown fields,
 * {@code appendTo}, {@code appendTo(Appendable)} and {@code toString()} of flyproto's decoder, validating and trusted,
 * give exactly the string {@code TextFormat.printer().printToString(message)} gives for the message protobuf-java
 * parses from the same bytes. A failure names the seed and the first differing line.
 */
class TextFormatTest {
    private static final int MESSAGES = 30;
    private static final int DEPTH = 3;
    private static final int OFFSET = 3;
    private static final int CONTEXT_LINES = 3;

    static Stream<Arguments> schemasAndKinds() {
        return Stream.of(SchemaRoundTripTest.Schema.values())
                .flatMap(schema -> Stream.of(BufferKind.values()).map(kind -> Arguments.of(schema, kind)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("schemasAndKinds")
    void shouldPrintWhatProtobufJavaPrints(final SchemaRoundTripTest.Schema schema, final BufferKind kind)
            throws InvalidProtocolBufferException {
        final Message prototype = schema.prototype();
        final MessageDecoder decoder = ReflectiveMirror.newDecoder(prototype.getDescriptorForType());
        check("empty message", -1, prototype.toByteArray(), prototype, decoder, kind);
        long printed = 0;
        for (final long seed : SchemaRoundTripTest.seeds(MESSAGES)) {
            final Message message = SchemaRoundTripTest.randomMessage(seed, prototype, DEPTH);
            printed += check("random message", seed, message.toByteArray(), prototype, decoder, kind)
                    .lines()
                    .count();
        }
        assertThat(printed).isGreaterThanOrEqualTo(MESSAGES);
    }

    /** Every field is unknown to {@code google.protobuf.Empty}: groups, closed enums, strings and nested messages. */
    @ParameterizedTest(name = "{0}")
    @EnumSource(SchemaRoundTripTest.Schema.class)
    void shouldPrintUnknownFieldsAsProtobufJavaDoes(final SchemaRoundTripTest.Schema schema)
            throws InvalidProtocolBufferException {
        final Message prototype = schema.prototype();
        final EmptyDecoder decoder = new EmptyDecoder();
        for (final long seed : SchemaRoundTripTest.seeds(MESSAGES)) {
            final byte[] bytes =
                    SchemaRoundTripTest.randomMessage(seed, prototype, DEPTH).toByteArray();
            check("as google.protobuf.Empty", seed, bytes, Empty.getDefaultInstance(), decoder, BufferKind.values()[0]);
        }
    }

    /**
     * Unknown fields of every wire type appended to random messages, interleaved (one number with several wire types,
     * a length-delimited value that parses as a message, one that does not, an empty one, groups nested in groups),
     * a known number with another wire type, and closed enums' undeclared numbers.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(SchemaRoundTripTest.Schema.class)
    void shouldPrintAppendedUnknownFieldsAsProtobufJavaDoes(final SchemaRoundTripTest.Schema schema)
            throws IOException {
        final Message prototype = schema.prototype();
        final MessageDecoder decoder = ReflectiveMirror.newDecoder(prototype.getDescriptorForType());
        for (final long seed : SchemaRoundTripTest.seeds(MESSAGES)) {
            final Message message = SchemaRoundTripTest.randomMessage(seed, prototype, 1);
            final byte[] bytes = message.toByteString()
                    .concat(unknownFields(prototype.getDescriptorForType(), seed))
                    .toByteArray();
            for (final BufferKind kind : BufferKind.values()) {
                final String expected = check("with unknown fields", seed, bytes, prototype, decoder, kind);
                // The fixture exercises what it claims to.
                assertThat(expected).contains(": 0xdeadbeef\n", ": 0x0123456789abcdef\n", ": {\n", " {\n", "\\377");
            }
        }
    }

    /** proto2 strings are not validated: protobuf-java prints the String it decoded, replacement characters and all. */
    @Test
    void shouldPrintInvalidUtf8OfUnvalidatedStringsAsProtobufJavaDoes() throws IOException {
        final Message prototype = SchemaRoundTripTest.Schema.PROTO2_ALL_TYPES.prototype();
        final FieldDescriptor string = prototype.getDescriptorForType().getFields().stream()
                .filter(f -> f.getType() == FieldDescriptor.Type.STRING && !f.isRepeated())
                .findFirst()
                .orElseThrow();
        final MessageDecoder decoder = ReflectiveMirror.newDecoder(prototype.getDescriptorForType());
        final byte[][] invalid = {
            {'a', (byte) 0x80, 'b'},
            {(byte) 0xE2, (byte) 0x82},
            {(byte) 0xC0, (byte) 0xAF},
            {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
            {(byte) 0xF0, (byte) 0x9F, (byte) 0x98, (byte) 0x80, (byte) 0xFF, 'x'}
        };
        for (final byte[] bytes : invalid) {
            final byte[] message = field(out -> out.writeBytes(string.getNumber(), ByteString.copyFrom(bytes)));
            check("invalid UTF-8 in " + string.getName(), -1, message, prototype, decoder, BufferKind.values()[0]);
        }
    }

    @Test
    void shouldPrintExtensionsByFullNameInNumberOrder() throws InvalidProtocolBufferException {
        final Base sample = Base.newBuilder()
                .setA(1)
                .setExtension(ExtensionsProto2.extText, "é ext")
                .addExtension(ExtensionsProto2.extNumbers, 3)
                .addExtension(ExtensionsProto2.extNumbers, -4)
                .setExtension(
                        ExtensionsProto2.extBase, Base.newBuilder().setA(2).build())
                .addExtension(
                        ExtensionsProto2.extGroup,
                        ExtGroup.newBuilder().setId(7).build())
                .addExtension(
                        ExtensionsProto2.extGroup,
                        ExtGroup.newBuilder().setId(8).build())
                .setExtension(Scope.scoped, 99L)
                .build();
        final ExtensionRegistry registry = ExtensionRegistry.newInstance();
        ExtensionsProto2.registerAllExtensions(registry);
        registry.add(Scope.scoped);
        final byte[] bytes = sample.toByteArray();
        final String expected = TextFormat.printer().printToString(Base.parseFrom(bytes, registry));
        assertThat(expected).contains("[flyproto.test.ext.Scope.scoped]: 99");
        final BaseDecoder decoder =
                new BaseDecoder().wrap(BufferKind.values()[0].holding(bytes, OFFSET), OFFSET, bytes.length);
        assertSameText(expected, decoder.appendTo(new StringBuilder()).toString(), "extensions sample");
    }

    @Test
    void shouldPrintMapsSortedMergedMessagesAndGroupsAsProtobufJavaDoes() throws IOException {
        final Features features = Features.newBuilder()
                .putItems("zeta", Item.newBuilder().setId(1).build())
                .putItems("", Item.getDefaultInstance())
                .putItems(
                        "\uD83D\uDE00 surrogates",
                        Item.newBuilder().setLabel("a").build())
                .putItems(
                        "\uFFFD after surrogates",
                        Item.newBuilder().setLabel("b").build())
                .putItems("Alpha", Item.newBuilder().setId(-2).build())
                .putNames(-5, "minus five")
                .putNames(Integer.MAX_VALUE, "max")
                .putNames(0, "")
                .setExtension(FeaturesAlloc.extra, Item.newBuilder().setId(9).build())
                .build();
        // A repeated key (the last entry wins) and a merged singular message: appended occurrences.
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        features.writeTo(out);
        Features.newBuilder()
                .putItems("zeta", Item.newBuilder().setId(11).build())
                .putNames(-5, "again")
                .setMerged(Item.newBuilder().setId(1).setLabel("first"))
                .build()
                .writeTo(out);
        Features.newBuilder()
                .setMerged(Item.newBuilder().setId(2).addCodes(3))
                .build()
                .writeTo(out);
        // A map entry whose closed enum value is undeclared is an unknown field; so is an undeclared repeated
        // extension value.
        final CodedOutputStream coded = CodedOutputStream.newInstance(out);
        coded.writeTag(9, WireFormat.WIRETYPE_LENGTH_DELIMITED);
        coded.writeUInt32NoTag(4);
        coded.writeInt32(1, 3);
        coded.writeInt32(2, 77);
        coded.writeInt32(9, 0); // the map's number with another wire type
        coded.writeInt32(101, 55);
        coded.writeInt32(101, 2);
        coded.flush();
        Features.newBuilder()
                .putGradesById(4, org.flyproto.conformance.alloc.Grade.B)
                .putGradesById(-1, org.flyproto.conformance.alloc.Grade.GRADE_NONE)
                .setMeta(Features.Meta.newBuilder().addTags("t\n\u0000"))
                .build()
                .writeTo(out);
        final byte[] bytes = out.toByteArray();
        final ExtensionRegistry registry = ExtensionRegistry.newInstance();
        FeaturesAlloc.registerAllExtensions(registry);
        final Features parsed = Features.parseFrom(bytes, registry);
        assertThat(parsed.getUnknownFields().asMap()).containsKeys(9, 101);
        for (final BufferKind kind : BufferKind.values()) {
            final DirectBuffer buffer = kind.holding(bytes, OFFSET);
            for (final boolean trusted : new boolean[] {false, true}) {
                final FeaturesDecoder decoder = new FeaturesDecoder();
                if (trusted) {
                    decoder.wrapTrusted(buffer, OFFSET, bytes.length);
                } else {
                    decoder.wrap(buffer, OFFSET, bytes.length);
                }
                assertSameText(TextFormat.printer().printToString(parsed), decoder.toString(), kind + " " + trusted);
                // A merged nested decoder prints its merge, as the parent's field does.
                assertSameText(
                        TextFormat.printer().printToString(parsed.getMerged()),
                        decoder.merged().toString(),
                        "merged");
            }
        }
    }

    @Test
    void shouldNotDisturbTheDecoderItPrints() {
        final Features features = Features.newBuilder()
                .putItems("a", Item.newBuilder().setId(1).setLabel("one").build())
                .putItems("b", Item.newBuilder().setId(2).build())
                .putItems("c", Item.newBuilder().setId(3).build())
                .build();
        final byte[] bytes = features.toByteArray();
        final MutableDirectBuffer buffer = new UnsafeBuffer(ByteBuffer.allocate(bytes.length));
        buffer.putBytes(0, bytes);
        final FeaturesDecoder decoder = new FeaturesDecoder().wrap(buffer, 0, bytes.length);
        final FeaturesItemsEntryDecoder entries = decoder.items();
        assertThat(entries.next()).isTrue();
        final CharSequence key = entries.key();
        final String text = decoder.toString();
        final StringBuilder appended = decoder.appendTo(new StringBuilder("prefix\n"));
        final StringWriter writer = new StringWriter();
        decoder.appendTo((Appendable) writer);
        entries.appendTo(new StringBuilder());
        assertThat(appended.toString()).isEqualTo("prefix\n" + text);
        assertThat(writer.toString()).isEqualTo(text);
        assertThat(text).isEqualTo(TextFormat.printer().printToString(features));
        // The iteration in progress, and the view it handed out, are where they were.
        assertThat(key.toString()).isEqualTo("a");
        assertThat(entries.value().label().toString()).isEqualTo("one");
        assertThat(entries.next()).isTrue();
        assertThat(entries.key().toString()).isEqualTo("b");
        assertThat(entries.next()).isTrue();
        assertThat(entries.next()).isFalse();
    }

    @Test
    void shouldPrintNothingBeforeTheFirstWrap() {
        final FeaturesDecoder decoder = new FeaturesDecoder();
        assertThat(decoder.toString()).isEmpty();
        assertThat(decoder.appendTo(new StringBuilder("x"))).hasToString("x");
    }

    // ---------------------------------------------------------------------------------------------------------------

    private static String check(
            final String what,
            final long seed,
            final byte[] bytes,
            final Message prototype,
            final MessageDecoder decoder,
            final BufferKind kind)
            throws InvalidProtocolBufferException {
        final String expected =
                TextFormat.printer().printToString(prototype.getParserForType().parseFrom(bytes));
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
            final String actual = wrapped.appendTo(new StringBuilder()).toString();
            assertThat(ReflectiveMirror.read(wrapped, prototype))
                    .as("%s: what the decoder reads after printing", where)
                    .isEqualTo(before);
            assertSameText(expected, actual, where);
            assertThat(wrapped.toString()).as(where).isEqualTo(actual);
            final StringWriter writer = new StringWriter();
            wrapped.appendTo((Appendable) writer);
            assertThat(writer.toString()).as(where).isEqualTo(actual);
        }
        return expected;
    }

    static void assertSameText(final String expected, final String actual, final String where) {
        if (expected.equals(actual)) {
            return;
        }
        final String[] e = expected.split("\n", -1);
        final String[] a = actual.split("\n", -1);
        int line = 0;
        while (line < e.length && line < a.length && e[line].equals(a[line])) {
            line++;
        }
        final int from = Math.max(0, line - CONTEXT_LINES);
        final StringBuilder report = new StringBuilder(where)
                .append(": text differs at line ")
                .append(line + 1)
                .append('\n');
        report.append("  protobuf-java:\n");
        for (int i = from; i < Math.min(e.length, line + CONTEXT_LINES); i++) {
            report.append(i == line ? "  > " : "    ").append(e[i]).append('\n');
        }
        report.append("  flyproto:\n");
        for (int i = from; i < Math.min(a.length, line + CONTEXT_LINES); i++) {
            report.append(i == line ? "  > " : "    ").append(a[i]).append('\n');
        }
        fail(report.toString());
    }

    /** Unknown fields of every kind, in an order drawn from {@code seed}. */
    private static ByteString unknownFields(final Descriptor type, final long seed) throws IOException {
        final SplittableRandom random = new SplittableRandom(seed);
        final List<Integer> free = new ArrayList<>();
        for (int number = 1000; free.size() < 3; number++) {
            if (type.findFieldByNumber(number) == null && !type.isExtensionNumber(number)) {
                free.add(number);
            }
        }
        final int a = free.get(0);
        final int b = free.get(1);
        final int c = free.get(2);
        final List<byte[]> fields = new ArrayList<>();
        fields.add(field(out -> out.writeUInt64(a, 150)));
        fields.add(field(out -> out.writeInt64(a, -1)));
        fields.add(field(out -> out.writeFixed32(a, 0xDEADBEEF)));
        fields.add(field(out -> out.writeFixed64(a, 0x0123456789ABCDEFL)));
        fields.add(field(out -> out.writeBytes(a, nestedMessage())));
        fields.add(field(out -> out.writeBytes(b, notAMessage())));
        fields.add(field(out -> out.writeBytes(b, ByteString.EMPTY)));
        fields.add(field(out -> out.writeString(b, "plain text")));
        fields.add(field(out -> {
            out.writeTag(c, WireFormat.WIRETYPE_START_GROUP);
            out.writeUInt64(1, 7);
            out.writeTag(2, WireFormat.WIRETYPE_START_GROUP);
            out.writeFixed32(3, 1);
            out.writeBytes(3, nestedMessage());
            out.writeTag(2, WireFormat.WIRETYPE_END_GROUP);
            out.writeTag(c, WireFormat.WIRETYPE_END_GROUP);
        }));
        fields.add(field(out -> out.writeUInt64(c, Long.MIN_VALUE)));
        // A known number with another wire type is an unknown field.
        final FieldDescriptor first = type.getFields().get(0);
        final boolean fixed64 = first.getLiteType().getWireType() == WireFormat.WIRETYPE_FIXED64;
        fields.add(field(out -> {
            if (fixed64) {
                out.writeFixed32(first.getNumber(), 42);
            } else {
                out.writeFixed64(first.getNumber(), 42);
            }
        }));
        for (final FieldDescriptor field : type.getFields()) {
            if (field.getJavaType() != FieldDescriptor.JavaType.ENUM || !field.legacyEnumFieldTreatedAsClosed()) {
                continue;
            }
            final int undeclared = undeclared(field);
            fields.add(field(out -> out.writeInt32(field.getNumber(), undeclared)));
            if (field.isRepeated()) {
                fields.add(field(out -> {
                    out.writeTag(field.getNumber(), WireFormat.WIRETYPE_LENGTH_DELIMITED);
                    final int declared = field.getEnumType().getValues().get(0).getNumber();
                    out.writeUInt32NoTag(CodedOutputStream.computeInt32SizeNoTag(declared)
                            + CodedOutputStream.computeInt32SizeNoTag(undeclared));
                    out.writeInt32NoTag(declared);
                    out.writeInt32NoTag(undeclared);
                }));
            }
        }
        for (int i = fields.size() - 1; i > 0; i--) {
            final int j = random.nextInt(i + 1);
            final byte[] t = fields.get(i);
            fields.set(i, fields.get(j));
            fields.set(j, t);
        }
        ByteString all = ByteString.EMPTY;
        for (final byte[] f : fields) {
            all = all.concat(ByteString.copyFrom(f));
        }
        return all;
    }

    private static int undeclared(final FieldDescriptor field) {
        for (int n = -7; ; n += 1000) {
            if (field.getEnumType().findValueByNumber(n) == null) {
                return n;
            }
        }
    }

    private static ByteString nestedMessage() throws IOException {
        return ByteString.copyFrom(field(out -> {
            out.writeUInt64(1, 5);
            out.writeString(2, "hi");
            out.writeBytes(3, ByteString.copyFrom(new byte[] {0x08, 0x01}));
        }));
    }

    /** Starts with field number 0: not a message; and every byte that needs escaping. */
    private static ByteString notAMessage() {
        final byte[] special = "\u0000\u0007\b\f\n\r\t\u000b\\'\"~ é\u007f".getBytes(StandardCharsets.UTF_8);
        final byte[] bytes = new byte[special.length + 2];
        System.arraycopy(special, 0, bytes, 0, special.length);
        bytes[special.length] = (byte) 0xFF;
        bytes[special.length + 1] = (byte) 0x80;
        return ByteString.copyFrom(bytes);
    }

    private interface Writes {
        void to(CodedOutputStream out) throws IOException;
    }

    private static byte[] field(final Writes writes) throws IOException {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final CodedOutputStream out = CodedOutputStream.newInstance(bytes);
        writes.to(out);
        out.flush();
        return bytes.toByteArray();
    }
}
