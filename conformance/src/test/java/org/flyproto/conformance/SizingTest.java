package org.flyproto.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.Message;
import java.util.stream.Stream;
import org.agrona.MutableDirectBuffer;
import org.flyproto.codec.Encoding;
import org.flyproto.codec.FieldWriter;
import org.flyproto.codec.MessageEncoder;
import org.flyproto.codec.ProtoEncodeException;
import org.flyproto.conformance.SchemaRoundTripTest.Schema;
import org.flyproto.conformance.p2.Leaf;
import org.flyproto.conformance.p2.Required;
import org.flyproto.conformance.p2.flyproto.ClosedColor;
import org.flyproto.conformance.p2.flyproto.RequiredEncoder;
import org.flyproto.conformance.proto3.AllTypes;
import org.flyproto.conformance.proto3.flyproto.AllTypesEncoder;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Sizing before writing ({@code wrapForSize()}, {@link Encoding}): for random messages of every test schema the
 * measured length is protobuf-java's {@code getSerializedSize()} and the length the same calls then write, into a
 * claim of exactly that length that nothing is written outside of; packed fields are written from arrays and element
 * by element. Runs with Agrona's bounds checks on and off ({@code hostile}).
 */
@Tag("hostile")
class SizingTest {
    private static final int MESSAGES = 30;
    private static final int DEPTH = 3;
    private static final int OFFSET = 5;
    private static final byte SENTINEL = 0x5A;

    /** Writes a protobuf-java message through an encoder's setters, packed fields from arrays. */
    private static final FieldWriter<MessageEncoder, Message> MIRROR =
            (encoder, m) -> ReflectiveMirror.write(m, encoder);

    /** Fixed regions, as claims are: the expandable kinds would not be claims. */
    static Stream<Arguments> schemasAndClaimKinds() {
        return Stream.of(Schema.values())
                .flatMap(schema -> Stream.of(BufferKind.HEAP, BufferKind.DIRECT, BufferKind.FOREIGN)
                        .map(kind -> Arguments.of(schema, kind)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("schemasAndClaimKinds")
    void shouldMeasureWhatProtobufJavaSerializesAndWriteExactlyThatIntoTheClaim(
            final Schema schema, final BufferKind kind) {
        final Message prototype = schema.prototype();
        final MessageEncoder encoder = ReflectiveMirror.newEncoder(prototype.getDescriptorForType());
        for (final long seed : SchemaRoundTripTest.seeds(MESSAGES)) {
            final Message message = SchemaRoundTripTest.randomMessage(seed, prototype, DEPTH);
            final boolean byElement = (seed & 1) == 1;
            final String what = "seed " + seed + (byElement ? ", packed by element" : ", packed from arrays");

            ReflectiveMirror.write(message, encoder.wrapForSize(), byElement);
            final int length = encoder.encodedLength();
            assertThat(length).as(what).isEqualTo(message.getSerializedSize());

            final MutableDirectBuffer claim = sentinelFilled(kind, OFFSET + length + OFFSET);
            ReflectiveMirror.write(message, encoder.wrap(claim, OFFSET, length), byElement);
            assertThat(encoder.encodedLength()).as(what).isEqualTo(length);
            assertThat(bytes(claim, OFFSET, length)).as(what).isEqualTo(message.toByteArray());
            assertUntouchedOutside(claim, OFFSET, length, what);
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("schemasAndClaimKinds")
    void shouldMeasureAndEncodeExactlyThroughOneFieldWriter(final Schema schema, final BufferKind kind) {
        final Message prototype = schema.prototype();
        final MessageEncoder encoder = ReflectiveMirror.newEncoder(prototype.getDescriptorForType());
        for (final long seed : SchemaRoundTripTest.seeds(MESSAGES / 3)) {
            final Message message = SchemaRoundTripTest.randomMessage(seed, prototype, DEPTH);
            final int length = Encoding.encodedLength(encoder, MIRROR, message);
            assertThat(length).as("seed %d", seed).isEqualTo(message.getSerializedSize());
            final MutableDirectBuffer claim = sentinelFilled(kind, OFFSET + length + OFFSET);
            Encoding.encodeExactly(encoder, claim, OFFSET, length, MIRROR, message);
            assertThat(bytes(claim, OFFSET, length)).as("seed %d", seed).isEqualTo(message.toByteArray());
            assertUntouchedOutside(claim, OFFSET, length, "seed " + seed);
        }
    }

    @Test
    void shouldRefuseAWriterThatWritesMoreThanItMeasuredWithoutWritingOutsideTheClaim() {
        final AllTypesEncoder encoder = new AllTypesEncoder();
        final int[] calls = {0};
        final FieldWriter<AllTypesEncoder, String> growing = (e, text) -> e.fString(text + "!".repeat(calls[0]++));
        final int length = Encoding.encodedLength(encoder, growing, "abc");
        final MutableDirectBuffer claim = sentinelFilled(BufferKind.HEAP, OFFSET + length + OFFSET);
        assertThatThrownBy(() -> Encoding.encodeExactly(encoder, claim, OFFSET, length, growing, "abc"))
                .isInstanceOf(ProtoEncodeException.class);
        assertUntouchedOutside(claim, OFFSET, length, "a writer that grew");
    }

    @Test
    void shouldRefuseAWriterThatWritesLessThanItMeasured() {
        final AllTypesEncoder encoder = new AllTypesEncoder();
        final int[] calls = {0};
        final FieldWriter<AllTypesEncoder, Long> shrinking = (e, value) -> e.fInt64(calls[0]++ == 0 ? value : 1);
        final int length = Encoding.encodedLength(encoder, shrinking, 1L << 40);
        final MutableDirectBuffer claim = sentinelFilled(BufferKind.HEAP, OFFSET + length + OFFSET);
        assertThatThrownBy(() -> Encoding.encodeExactly(encoder, claim, OFFSET, length, shrinking, 1L << 40))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("took 2 bytes of a region of 7");
    }

    @Test
    void shouldCheckTheOrderOfCallsWhileSizingAsWhileWriting() {
        final AllTypesEncoder encoder = new AllTypesEncoder().wrapForSize();
        encoder.beginFNested().a(1);
        assertThatThrownBy(() -> encoder.fInt32(1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("is still open");
        assertThatThrownBy(encoder::encodedLength)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("is still open");
        encoder.endFNested();
        assertThat(encoder.encodedLength())
                .isEqualTo(AllTypes.newBuilder()
                        .setFNested(AllTypes.Nested.newBuilder().setA(1))
                        .build()
                        .getSerializedSize());
        assertThatThrownBy(encoder::encodedBuffer)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("sizing");
    }

    @Test
    void shouldTrackRequiredFieldsWhileSizing() {
        final RequiredEncoder encoder = new RequiredEncoder();
        assertThat(encoder.wrapForSize().a(1).b("b").isInitialized()).isFalse();
        encoder.wrapForSize().a(1).b("b").beginLeaf().name("leaf");
        encoder.endLeaf().color(ClosedColor.CLOSED_RED).d(1.5);
        assertThat(encoder.isInitialized()).isTrue();
        assertThat(encoder.encodedLength())
                .isEqualTo(Required.newBuilder()
                        .setA(1)
                        .setB("b")
                        .setLeaf(Leaf.newBuilder().setName("leaf"))
                        .setColor(org.flyproto.conformance.p2.ClosedColor.CLOSED_RED)
                        .setD(1.5)
                        .build()
                        .getSerializedSize());
    }

    private static MutableDirectBuffer sentinelFilled(final BufferKind kind, final int capacity) {
        final MutableDirectBuffer buffer = kind.allocate(capacity);
        buffer.setMemory(0, capacity, SENTINEL);
        return buffer;
    }

    private static byte[] bytes(final MutableDirectBuffer buffer, final int offset, final int length) {
        final byte[] out = new byte[length];
        buffer.getBytes(offset, out);
        return out;
    }

    private static void assertUntouchedOutside(
            final MutableDirectBuffer buffer, final int offset, final int length, final String what) {
        for (int i = 0; i < buffer.capacity(); i++) {
            if ((i < offset || i >= offset + length) && buffer.getByte(i) != SENTINEL) {
                throw new AssertionError(what + ": byte " + i + " outside the claim [" + offset + ", "
                        + (offset + length) + ") was written");
            }
        }
    }
}
