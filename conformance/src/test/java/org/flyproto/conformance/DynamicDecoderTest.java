package org.flyproto.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.OneofDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Message;
import com.google.protobuf.WireFormat;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.codec.DynamicCursor;
import org.flyproto.codec.DynamicDecoder;
import org.flyproto.codec.DynamicEncoder;
import org.flyproto.codec.schema.FieldSchema;
import org.flyproto.codec.schema.FieldType;
import org.flyproto.codec.schema.MessageSchema;
import org.flyproto.conformance.DynamicMessages.Source;
import org.flyproto.conformance.SchemaRoundTripTest.Schema;
import org.flyproto.conformance.alloc.Features;
import org.flyproto.conformance.fuzz.DecoderProperties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Differential tests of {@link DynamicDecoder} (and of {@link DynamicEncoder} as the copy's writer) against
 * protobuf-java's {@code DynamicMessage} built from the same descriptor, for every test schema, with the run-time
 * schema both generated and loaded from the descriptors: random messages, the empty one (every default), two messages
 * concatenated (last wins, merged messages, oneofs switched), and messages with unknown fields and undeclared closed
 * enum numbers appended, over every buffer kind, validating and trusted.
 */
class DynamicDecoderTest {
    private static final int MESSAGES = 16;
    private static final int DEPTH = 3;
    private static final int OFFSET = 7;
    /** Not a number any test schema uses, nor one that a closed enum declares. */
    private static final int UNKNOWN_NUMBER = 536_870_000;

    private static final int UNDECLARED = 1_000_003;

    /** The six test schemas' roots, and the message with maps, groups and extensions of the allocation gate. */
    static Stream<Arguments> schemasAndSources() {
        final Stream<Message> roots = Stream.concat(
                Stream.of(Schema.values()).map(Schema::prototype), Stream.of(Features.getDefaultInstance()));
        return roots.flatMap(root -> Stream.of(Source.values())
                .map(source -> Arguments.of(root.getDescriptorForType().getName(), root, source)));
    }

    @ParameterizedTest(name = "{0} {2}")
    @MethodSource("schemasAndSources")
    void shouldReadEveryFieldAsDynamicMessageReadsIt(final String name, final Message root, final Source source)
            throws IOException {
        final Descriptor type = root.getDescriptorForType();
        final MessageSchema dynamic = source.schema(type);
        final DynamicDecoder decoder = new DynamicDecoder();
        int index = 0;
        for (final byte[] bytes : inputs(root)) {
            final DynamicMessage expected = DynamicMessages.parse(type, bytes);
            final BufferKind kind = BufferKind.values()[index++ % BufferKind.values().length];
            final DirectBuffer buffer = kind.holding(bytes, OFFSET);
            for (final boolean trusted : new boolean[] {false, true}) {
                final String context = kind + (trusted ? " trusted " : " ") + hex(bytes);
                if (trusted) {
                    decoder.wrapTrusted(dynamic, buffer, OFFSET, bytes.length);
                } else {
                    decoder.wrap(dynamic, buffer, OFFSET, bytes.length);
                }
                assertThat(decoder.encodedOffset()).isEqualTo(OFFSET);
                assertThat(decoder.encodedLength()).isEqualTo(bytes.length);
                compare(decoder, expected, type.getName() + " " + context);
                assertThat(DynamicMessages.read(decoder, DynamicMessage.newBuilder(type)))
                        .as(context)
                        .isEqualTo(DecoderProperties.withoutUnknownFields(expected));
            }
        }
        assertThat(index).isGreaterThan(MESSAGES);
    }

    @ParameterizedTest(name = "{0} {2}")
    @MethodSource("schemasAndSources")
    void shouldWalkEveryOccurrenceInWireOrder(final String name, final Message root, final Source source)
            throws IOException {
        final Descriptor type = root.getDescriptorForType();
        final MessageSchema dynamic = source.schema(type);
        final DynamicDecoder decoder = new DynamicDecoder();
        int occurrences = 0;
        for (final byte[] bytes : inputs(root)) {
            decoder.wrap(dynamic, new UnsafeBuffer(bytes), 0, bytes.length);
            occurrences += checkWalk(decoder, bytes, 0, bytes.length, hex(bytes));
        }
        assertThat(occurrences).isGreaterThan(100);
    }

    @ParameterizedTest(name = "{0} {2}")
    @MethodSource("schemasAndSources")
    void shouldCopyInNumberOrderToTheBytesProtobufJavaWrites(final String name, final Message root, final Source source)
            throws IOException {
        final Descriptor type = root.getDescriptorForType();
        final MessageSchema dynamic = source.schema(type);
        final DynamicDecoder decoder = new DynamicDecoder();
        final DynamicEncoder encoder = new DynamicEncoder();
        int index = 0;
        for (final byte[] bytes : inputs(root)) {
            final byte[] expected = DynamicMessages.parse(type, bytes).toByteArray();
            final BufferKind kind = BufferKind.values()[index++ % BufferKind.values().length];
            decoder.wrap(dynamic, kind.holding(bytes, OFFSET), OFFSET, bytes.length);
            final var out = kind.allocate(expected.length + OFFSET);
            DynamicMessages.copy(decoder, encoder.wrap(dynamic, out, OFFSET));
            assertThat(encoder.depth()).isZero();
            final byte[] actual = new byte[encoder.encodedLength()];
            encoder.encodedBuffer().getBytes(OFFSET, actual);
            assertThat(hex(actual)).as("%s copy of %s", kind, hex(bytes)).isEqualTo(hex(expected));

            DynamicMessages.copy(decoder, encoder.wrapForSize(dynamic));
            assertThat(encoder.encodedLength()).as("size of %s", hex(bytes)).isEqualTo(expected.length);
        }
    }

    @Test
    void shouldFindFieldsByNumberAndName() {
        final Descriptor type = Schema.PROTO3_ALL_TYPES.prototype().getDescriptorForType();
        final MessageSchema schema = Source.GENERATED.schema(type);
        final DynamicDecoder decoder = new DynamicDecoder().wrap(schema, new UnsafeBuffer(new byte[0]), 0, 0);
        final FieldDescriptor string = type.findFieldByName("f_string");
        assertThat(decoder.field(string.getNumber()).name()).isEqualTo("f_string");
        assertThat(decoder.field("f_string")).isSameAs(decoder.field(string.getNumber()));
        assertThat(decoder.field(string.getJsonName())).isSameAs(decoder.field(string.getNumber()));
        assertThatThrownBy(() -> decoder.field("no_such_field"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no_such_field");
        assertThatThrownBy(() -> decoder.field(9999)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldRefuseAGetterOfAnotherTypeOrAFieldOfAnotherMessage() {
        final Descriptor type = Schema.PROTO3_ALL_TYPES.prototype().getDescriptorForType();
        final MessageSchema schema = Source.GENERATED.schema(type);
        final DynamicDecoder decoder = new DynamicDecoder().wrap(schema, new UnsafeBuffer(new byte[0]), 0, 0);
        final FieldSchema string = decoder.field("f_string");
        assertThatThrownBy(() -> decoder.int32Value(string))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("f_string");
        assertThatThrownBy(() -> decoder.message(string)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> decoder.elements(string)).isInstanceOf(IllegalArgumentException.class);
        final FieldSchema other = Source.LOADED.schema(type).field(0);
        assertThatThrownBy(() -> decoder.has(other))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a field of");
    }

    @Test
    void shouldLookUpMapKeysTheLastEntryWinning() throws IOException {
        final Descriptor type = Features.getDescriptor();
        final MessageSchema schema = Source.LOADED.schema(type);
        final FieldSchema names = schema.fieldByNumber(Features.NAMES_FIELD_NUMBER);
        final FieldSchema items = schema.fieldByNumber(Features.ITEMS_FIELD_NUMBER);
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final CodedOutputStream out = CodedOutputStream.newInstance(bytes);
        for (final Object[] entry : new Object[][] {{1, "a"}, {-2, "b"}, {1, "c"}}) {
            final ByteString.Output content = ByteString.newOutput();
            final CodedOutputStream e = CodedOutputStream.newInstance(content);
            e.writeInt32(1, (Integer) entry[0]);
            e.writeString(2, (String) entry[1]);
            e.flush();
            out.writeBytes(names.number(), content.toByteString());
        }
        out.writeBytes(items.number(), ByteString.EMPTY); // key "" and an empty value, both absent
        out.flush();
        final DynamicDecoder decoder =
                new DynamicDecoder().wrap(schema, new UnsafeBuffer(bytes.toByteArray()), 0, bytes.size());
        assertThat(decoder.count(names)).isEqualTo(3);
        final FieldSchema value = names.messageType().fieldByNumber(2);
        assertThat(decoder.mapEntry(names, 1).string(value).toString()).isEqualTo("c");
        assertThat(decoder.mapEntry(names, -2).string(value).toString()).isEqualTo("b");
        assertThat(decoder.mapEntry(names, 3)).isNull();
        assertThat(decoder.mapEntry(items, "")).isNotNull();
        assertThat(decoder.mapEntry(items, "x")).isNull();
        assertThatThrownBy(() -> decoder.mapEntry(names, "1")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> decoder.mapEntry(items, 1)).isInstanceOf(IllegalArgumentException.class);
    }

    // ---------------------------------------------------------------------------------------------------------------

    /** The empty message, random ones, pairs of them concatenated, and some with unknown fields appended. */
    static List<byte[]> inputs(final Message prototype) throws IOException {
        final List<byte[]> inputs = new ArrayList<>();
        inputs.add(new byte[0]);
        final long[] seeds = SchemaRoundTripTest.seeds(MESSAGES);
        for (int i = 0; i < seeds.length; i++) {
            final byte[] bytes = SchemaRoundTripTest.randomMessage(seeds[i], prototype, DEPTH)
                    .toByteArray();
            inputs.add(bytes);
            if (i % 4 == 1) {
                inputs.add(HostileBytes.concat(inputs.get(inputs.size() - 2), bytes));
            }
            if (i % 4 == 2) {
                inputs.add(HostileBytes.concat(bytes, unknownFields(prototype.getDescriptorForType(), i)));
            }
        }
        return inputs;
    }

    /**
     * Fields protobuf keeps as unknown, in the order its {@code toByteArray()} writes them back (by number; varints
     * before others): undeclared numbers of the closed enum fields (singular and repeated), then a number the schema
     * does not have, with every wire type.
     */
    private static byte[] unknownFields(final Descriptor type, final int seed) throws IOException {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final CodedOutputStream out = CodedOutputStream.newInstance(bytes);
        for (final FieldDescriptor field : type.getFields()) {
            if (field.getJavaType() == FieldDescriptor.JavaType.ENUM
                    && field.legacyEnumFieldTreatedAsClosed()
                    && field.getRealContainingOneof() == null) {
                out.writeInt32(field.getNumber(), UNDECLARED + seed);
            }
            if (field.isMapField()) {
                final FieldDescriptor value = field.getMessageType().findFieldByNumber(2);
                if (value.getJavaType() == FieldDescriptor.JavaType.ENUM && value.legacyEnumFieldTreatedAsClosed()) {
                    final ByteString.Output entry = ByteString.newOutput();
                    final CodedOutputStream e = CodedOutputStream.newInstance(entry);
                    e.writeInt32(1, seed);
                    e.writeInt32(2, UNDECLARED);
                    e.flush();
                    out.writeBytes(field.getNumber(), entry.toByteString());
                }
            }
        }
        out.writeUInt64(UNKNOWN_NUMBER, seed);
        out.writeFixed32(UNKNOWN_NUMBER + 1, seed);
        out.writeFixed64(UNKNOWN_NUMBER + 2, seed);
        out.writeBytes(UNKNOWN_NUMBER + 3, ByteString.copyFromUtf8("unknown " + seed));
        out.writeTag(UNKNOWN_NUMBER + 4, WireFormat.WIRETYPE_START_GROUP);
        out.writeInt32(1, seed);
        out.writeTag(UNKNOWN_NUMBER + 4, WireFormat.WIRETYPE_END_GROUP);
        out.flush();
        return bytes.toByteArray();
    }

    /** Compares everything {@code d} reads by field with what {@code m} holds, recursively. */
    static void compare(final DynamicDecoder d, final Message m, final String path) {
        assertThat(d.unknownFieldCount())
                .as("%s: unknown fields %s", path, m.getUnknownFields())
                .isEqualTo(DynamicMessages.count(m.getUnknownFields()));
        final Descriptor type = m.getDescriptorForType();
        final MessageSchema schema = d.schema();
        assertThat(schema.fullName()).isEqualTo(type.getFullName());
        for (int i = 0; i < schema.fieldCount(); i++) {
            final FieldSchema f = schema.field(i);
            final FieldDescriptor fd = DynamicMessages.field(type, f.number());
            assertThat(fd).as("%s: %s", path, f).isNotNull();
            final String at = path + "." + fd.getName();
            if (fd.isMapField()) {
                compareMap(d, f, m, fd, at);
            } else if (fd.isRepeated()) {
                compareRepeated(d, f, m, fd, at);
            } else {
                if (f.hasPresence()) {
                    assertThat(d.has(f)).as("%s has", at).isEqualTo(m.hasField(fd));
                }
                if (fd.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
                    final DynamicDecoder nested = d.message(f);
                    if (m.hasField(fd)) {
                        compare(nested, (Message) m.getField(fd), at);
                    } else {
                        assertThat(nested.encodedLength()).as("%s absent", at).isZero();
                        assertThat(nested.next()).as("%s absent", at).isFalse();
                    }
                } else {
                    assertThat(DynamicMessages.value(d, f, fd)).as(at).isEqualTo(m.getField(fd));
                }
            }
        }
        for (final OneofDescriptor oneof : type.getRealOneofs()) {
            final FieldDescriptor set = m.getOneofFieldDescriptor(oneof);
            final FieldSchema any = schema.fieldByNumber(oneof.getField(0).getNumber());
            final FieldSchema actual = d.oneofCase(any);
            assertThat(actual == null ? 0 : actual.number())
                    .as("%s case of %s", path, oneof.getName())
                    .isEqualTo(set == null ? 0 : set.getNumber());
        }
    }

    private static void compareRepeated(
            final DynamicDecoder d, final FieldSchema f, final Message m, final FieldDescriptor fd, final String at) {
        final int expected = m.getRepeatedFieldCount(fd);
        assertThat(d.count(f)).as("%s count", at).isEqualTo(expected);
        assertThat(d.has(f)).as("%s has", at).isEqualTo(expected > 0);
        int n = 0;
        for (final DynamicCursor c = d.elements(f); c.next(); n++) {
            assertThat(n).as("%s elements", at).isLessThan(expected);
            final Object element = m.getRepeatedField(fd, n);
            if (fd.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
                compare(c.message(), (Message) element, at + "[" + n + "]");
            } else {
                assertThat(elementValue(c, fd)).as("%s[%d]", at, n).isEqualTo(element);
            }
        }
        assertThat(n).as("%s elements", at).isEqualTo(expected);
    }

    private static Object elementValue(final DynamicCursor c, final FieldDescriptor fd) {
        return switch (c.field().type()) {
            case INT32, UINT32, SINT32, FIXED32, SFIXED32 -> c.int32Value();
            case INT64, UINT64, SINT64, FIXED64, SFIXED64 -> c.int64Value();
            case FLOAT -> c.floatValue();
            case DOUBLE -> c.doubleValue();
            case BOOL -> c.boolValue();
            case ENUM ->
                fd.getEnumType().isClosed()
                        ? fd.getEnumType().findValueByNumber(c.enumValue())
                        : fd.getEnumType().findValueByNumberCreatingIfUnknown(c.enumValue());
            case STRING -> c.string().toString();
            case BYTES -> DynamicMessages.bytes(c.bytes());
            case MESSAGE -> throw new AssertionError(fd);
        };
    }

    /** Maps compare by key, the last entry of a key winning; every key is also looked up. */
    private static void compareMap(
            final DynamicDecoder d, final FieldSchema f, final Message m, final FieldDescriptor fd, final String at) {
        final FieldDescriptor keyField = fd.getMessageType().findFieldByNumber(1);
        final FieldDescriptor valueField = fd.getMessageType().findFieldByNumber(2);
        final Map<Object, Message> expected = new LinkedHashMap<>();
        for (int i = 0; i < m.getRepeatedFieldCount(fd); i++) {
            final Message entry = (Message) m.getRepeatedField(fd, i);
            expected.put(entry.getField(keyField), entry);
        }
        final FieldSchema key = f.messageType().fieldByNumber(1);
        final FieldSchema value = f.messageType().fieldByNumber(2);
        final Map<Object, Message> actual = new LinkedHashMap<>();
        for (final DynamicCursor c = d.elements(f); c.next(); ) {
            final DynamicDecoder entry = c.message();
            actual.put(
                    DynamicMessages.value(entry, key, keyField),
                    DynamicMessages.read(entry, DynamicMessage.newBuilder(fd.getMessageType())));
        }
        assertThat(actual.keySet()).as("%s keys", at).isEqualTo(expected.keySet());
        for (final Map.Entry<Object, Message> e : expected.entrySet()) {
            final DynamicDecoder entry =
                    e.getKey() instanceof String s ? d.mapEntry(f, s) : d.mapEntry(f, longKey(e.getKey()));
            assertThat(entry).as("%s[%s]", at, e.getKey()).isNotNull();
            final Message expectedEntry = e.getValue();
            if (valueField.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
                compare(
                        entry.message(value),
                        (Message) expectedEntry.getField(valueField),
                        at + "[" + e.getKey() + "]");
            } else {
                assertThat(DynamicMessages.value(entry, value, valueField))
                        .as("%s[%s]", at, e.getKey())
                        .isEqualTo(expectedEntry.getField(valueField));
            }
        }
    }

    private static long longKey(final Object key) {
        if (key instanceof Boolean b) {
            return b ? 1 : 0;
        }
        return ((Number) key).longValue();
    }

    /**
     * Walks {@code d} and reads the same bytes with protobuf-java's {@code CodedInputStream}: the same occurrences in
     * the same order, at the same offsets, with the same lengths; nested messages walked recursively.
     *
     * @return the number of occurrences walked.
     */
    private static int checkWalk(
            final DynamicDecoder d, final byte[] bytes, final int start, final int end, final String context)
            throws IOException {
        final CodedInputStream in = CodedInputStream.newInstance(bytes, start, end - start);
        int occurrences = 0;
        d.restartWalk();
        while (true) {
            final int offset = start + in.getTotalBytesRead();
            final int tag = in.readTag();
            if (tag == 0) {
                break;
            }
            assertThat(d.next()).as("%s: occurrence at %d", context, offset).isTrue();
            occurrences++;
            assertThat(d.number()).isEqualTo(WireFormat.getTagFieldNumber(tag));
            assertThat(d.wireType()).isEqualTo(WireFormat.getTagWireType(tag));
            assertThat(d.occurrenceOffset()).isEqualTo(offset);
            final FieldSchema field = d.field();
            if (field != null) {
                assertThat(field.number()).isEqualTo(d.number());
            }
            if (field != null && field.type() == FieldType.MESSAGE) {
                final int contentStart = start + in.getTotalBytesRead();
                final int length = d.wireType() == WireFormat.WIRETYPE_LENGTH_DELIMITED ? in.readRawVarint32() : -1;
                final int content = start + in.getTotalBytesRead();
                final DynamicDecoder nested = d.message();
                if (length >= 0) {
                    in.skipRawBytes(length);
                    occurrences += checkWalk(nested, bytes, content, content + length, context);
                } else {
                    in.skipField(tag);
                    final int endTag =
                            CodedOutputStream.computeUInt32SizeNoTag(d.number() << 3 | WireFormat.WIRETYPE_END_GROUP);
                    occurrences +=
                            checkWalk(nested, bytes, contentStart, start + in.getTotalBytesRead() - endTag, context);
                }
            } else if (d.isPackedRun()) {
                final int length = in.readRawVarint32();
                final int runStart = start + in.getTotalBytesRead();
                int elements = 0;
                for (final DynamicCursor c = d.elements(); c.next(); ) {
                    elements++;
                }
                assertThat(elements).isEqualTo(d.elements().count());
                assertThat(elements).isEqualTo(packedElements(bytes, runStart, length, field.type()));
                in.skipRawBytes(length);
            } else {
                in.skipField(tag);
            }
            assertThat(d.occurrenceLength()).isEqualTo(start + in.getTotalBytesRead() - offset);
        }
        assertThat(d.next()).as("%s: the end", context).isFalse();
        return occurrences;
    }

    private static int packedElements(final byte[] bytes, final int start, final int length, final FieldType type)
            throws IOException {
        return switch (type.wireType()) {
            case WireFormat.WIRETYPE_FIXED32 -> length / 4;
            case WireFormat.WIRETYPE_FIXED64 -> length / 8;
            default -> {
                final CodedInputStream in = CodedInputStream.newInstance(bytes, start, length);
                int n = 0;
                while (!in.isAtEnd()) {
                    in.readRawVarint64();
                    n++;
                }
                yield n;
            }
        };
    }

    static String hex(final byte[] bytes) {
        final String hex = HexFormat.of().formatHex(bytes);
        return hex.length() <= 3000 ? hex : hex.substring(0, 3000) + "…";
    }
}
