package org.flyproto.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.UnknownFieldSet;
import java.util.List;
import java.util.stream.LongStream;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.flyproto.conformance.proto3.AllTypes;
import org.flyproto.conformance.proto3.AllTypesFlipped;
import org.flyproto.conformance.proto3.Leaf;
import org.flyproto.conformance.proto3.flyproto.AllTypesDecoder;
import org.flyproto.conformance.proto3.flyproto.AllTypesEncoder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Differential tests against protobuf-java over seeded random {@link AllTypes} messages: flyproto's encoder writes the
 * very bytes protobuf-java writes, and flyproto's decoder reads back every field of what protobuf-java writes, with
 * validating and trusted decode, over every buffer kind.
 */
class AllTypesRoundTripTest {
    private static final long BASE_SEED = 0x5EED_F1D0L;
    private static final int MESSAGES = 250;
    private static final int DEPTH = 3;
    private static final int OFFSET = 7;

    private final AllTypesEncoder encoder = new AllTypesEncoder();
    private final AllTypesDecoder decoder = new AllTypesDecoder();

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void shouldEncodeTheBytesProtobufJavaEncodes(final BufferKind kind) throws InvalidProtocolBufferException {
        for (final long seed : seeds()) {
            final AllTypes message = new RandomMessages(seed).allTypes(DEPTH);
            final byte[] expected = message.toByteArray();
            final byte[] actual = encode(message, kind.allocate(expected.length + OFFSET));
            assertThat(actual).as("seed %d", seed).isEqualTo(expected);
            assertThat(AllTypes.parseFrom(actual)).as("seed %d", seed).isEqualTo(message);
        }
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void shouldReadEveryFieldProtobufJavaWrites(final BufferKind kind) {
        for (final long seed : seeds()) {
            final AllTypes message = new RandomMessages(seed).allTypes(DEPTH);
            final byte[] bytes = message.toByteArray();
            final DirectBuffer buffer = kind.holding(bytes, OFFSET);
            assertThat(AllTypesMirror.read(decoder.wrap(buffer, OFFSET, bytes.length)))
                    .as("validating, seed %d", seed)
                    .isEqualTo(message);
            assertThat(AllTypesMirror.read(decoder.wrapTrusted(buffer, OFFSET, bytes.length)))
                    .as("trusted, seed %d", seed)
                    .isEqualTo(message);
        }
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void shouldReadRepeatedScalarsWhateverTheirPacking(final BufferKind kind) throws InvalidProtocolBufferException {
        for (final long seed : seeds()) {
            final AllTypes message = new RandomMessages(seed).allTypes(1);
            final byte[] flipped =
                    AllTypesFlipped.parseFrom(message.toByteArray()).toByteArray();
            final AllTypes expected = AllTypes.parseFrom(flipped);
            final DirectBuffer buffer = kind.holding(flipped, OFFSET);
            assertThat(AllTypesMirror.read(decoder.wrap(buffer, OFFSET, flipped.length)))
                    .as("seed %d", seed)
                    .isEqualTo(expected);
        }
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void shouldTakeLastScalarAndConcatenateRepeatedAcrossConcatenatedMessages(final BufferKind kind)
            throws InvalidProtocolBufferException {
        for (final long seed : seeds()) {
            final RandomMessages random = new RandomMessages(seed);
            final AllTypes first = random.allTypes(1);
            // Singular message fields merge in protobuf; that is covered elsewhere, so the second message has none.
            final AllTypes second =
                    random.allTypes(1).toBuilder().clearFNested().clearFLeaf().build();
            final byte[] bytes = first.toBuilder()
                    .clearFNested()
                    .clearFLeaf()
                    .build()
                    .toByteString()
                    .concat(second.toByteString())
                    .toByteArray();
            final AllTypes expected = AllTypes.parseFrom(bytes);
            final DirectBuffer buffer = kind.holding(bytes, OFFSET);
            assertThat(AllTypesMirror.read(decoder.wrap(buffer, OFFSET, bytes.length)))
                    .as("seed %d", seed)
                    .isEqualTo(expected);
        }
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void shouldSkipUnknownFieldsOfEveryWireType(final BufferKind kind) throws InvalidProtocolBufferException {
        for (final long seed : seeds()) {
            final AllTypes message = new RandomMessages(seed).allTypes(2);
            final UnknownFieldSet unknown = UnknownFieldSet.newBuilder()
                    .addField(
                            90,
                            UnknownFieldSet.Field.newBuilder()
                                    .addVarint(seed)
                                    .addVarint(-1)
                                    .build())
                    .addField(
                            91, UnknownFieldSet.Field.newBuilder().addFixed32(7).build())
                    .addField(
                            92,
                            UnknownFieldSet.Field.newBuilder().addFixed64(seed).build())
                    .addField(
                            1000,
                            UnknownFieldSet.Field.newBuilder()
                                    .addLengthDelimited(ByteString.copyFromUtf8("unknown"))
                                    .build())
                    .addField(
                            536870900,
                            UnknownFieldSet.Field.newBuilder()
                                    .addGroup(UnknownFieldSet.newBuilder()
                                            .addField(
                                                    1,
                                                    UnknownFieldSet.Field.newBuilder()
                                                            .addVarint(1)
                                                            .build())
                                            .addField(
                                                    2,
                                                    UnknownFieldSet.Field.newBuilder()
                                                            .addGroup(UnknownFieldSet.newBuilder()
                                                                    .addField(
                                                                            3,
                                                                            UnknownFieldSet.Field.newBuilder()
                                                                                    .addFixed32(3)
                                                                                    .build())
                                                                    .build())
                                                            .build())
                                            .build())
                                    .build())
                    .build();
            // Unknown fields first, between and after the known ones.
            final byte[] bytes = unknown.toByteString()
                    .concat(message.toByteString())
                    .concat(unknown.toByteString())
                    .toByteArray();
            final DirectBuffer buffer = kind.holding(bytes, OFFSET);
            assertThat(AllTypes.parseFrom(bytes).getUnknownFields().asMap()).isNotEmpty();
            assertThat(AllTypesMirror.read(decoder.wrap(buffer, OFFSET, bytes.length)))
                    .as("seed %d", seed)
                    .isEqualTo(message);
        }
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void shouldMatchProtobufJavaOnHandPickedEdges(final BufferKind kind) throws InvalidProtocolBufferException {
        final String surrogates = "a\uD800b\uDC00c\uDBFF\uDFFF\uD83D";
        final List<AllTypes> edges = List.of(
                AllTypes.getDefaultInstance(),
                // -0.0 is not the default for implicit presence: protobuf-java compares raw bits.
                AllTypes.newBuilder().setFFloat(-0f).setFDouble(-0d).build(),
                AllTypes.newBuilder()
                        .setFFloat(Float.intBitsToFloat(0x7FC00123))
                        .setFDouble(Double.longBitsToDouble(0x7FF8000000000123L))
                        .build(),
                // Unpaired surrogates are written as '?'.
                AllTypes.newBuilder()
                        .setFString(surrogates)
                        .addRString(surrogates)
                        .build(),
                // Optional fields set to their defaults are present.
                AllTypes.newBuilder()
                        .setOInt32(0)
                        .setOString("")
                        .setOBytes(ByteString.EMPTY)
                        .setOBool(false)
                        .setODouble(0)
                        .setOColorValue(0)
                        .build(),
                // An empty nested message is present.
                AllTypes.newBuilder()
                        .setFNested(AllTypes.Nested.getDefaultInstance())
                        .addRLeaf(Leaf.getDefaultInstance())
                        .build(),
                // Strings at the one-byte length prefix boundary (42 chars of up to 3 bytes).
                AllTypes.newBuilder()
                        .setFString("\u0800".repeat(42))
                        .setOString("x".repeat(127))
                        .addRString("x".repeat(128))
                        .addRString("\u0800".repeat(43))
                        .build(),
                // Nested messages whose length needs 1, 2 and 3 bytes: the backpatch moves the content.
                nestedOfLength(127),
                nestedOfLength(128),
                nestedOfLength(16383),
                nestedOfLength(16384),
                nestedOfLength(2_100_000),
                // Negative enum numbers and int32 take 10 bytes.
                AllTypes.newBuilder()
                        .setFInt32(-1)
                        .setFColorValue(-1)
                        .addPInt32(Integer.MIN_VALUE)
                        .addPColorValue(-1)
                        .build(),
                deepNesting(40));
        for (final AllTypes message : edges) {
            final byte[] expected = message.toByteArray();
            final byte[] actual = encode(message, kind.allocate(expected.length + OFFSET));
            assertThat(actual).isEqualTo(expected);
            final DirectBuffer buffer = kind.holding(expected, OFFSET);
            assertThat(AllTypesMirror.read(decoder.wrap(buffer, OFFSET, expected.length)))
                    .isEqualTo(AllTypes.parseFrom(expected));
        }
    }

    private static AllTypes nestedOfLength(final int length) {
        // f_nested { b: "x" * n } has length 2 + size(n) + n or so: pick n to hit the target exactly.
        for (int n = Math.max(0, length - 8); n <= length; n++) {
            final AllTypes.Nested nested =
                    AllTypes.Nested.newBuilder().setB("x".repeat(n)).build();
            if (nested.getSerializedSize() == length) {
                return AllTypes.newBuilder()
                        .setFNested(nested)
                        .addRNested(nested)
                        .setEdgeMax(1)
                        .build();
            }
        }
        throw new IllegalArgumentException("no nested message of length " + length);
    }

    static AllTypes deepNesting(final int levels) {
        AllTypes message = AllTypes.newBuilder().setFInt32(levels).build();
        for (int i = 0; i < levels; i++) {
            message = AllTypes.newBuilder()
                    .setFNested(AllTypes.Nested.newBuilder().setA(i).setChild(message))
                    .build();
        }
        return message;
    }

    private byte[] encode(final AllTypes message, final MutableDirectBuffer buffer) {
        AllTypesMirror.encode(message, encoder.wrap(buffer, OFFSET));
        final byte[] out = new byte[encoder.encodedLength()];
        encoder.encodedBuffer().getBytes(OFFSET, out);
        return out;
    }

    private static long[] seeds() {
        return LongStream.range(BASE_SEED, BASE_SEED + MESSAGES).toArray();
    }
}
