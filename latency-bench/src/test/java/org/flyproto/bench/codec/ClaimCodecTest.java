package org.flyproto.bench.codec;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.bench.Library;
import org.flyproto.bench.codec.flyproto.FlyprotoCodec;
import org.flyproto.bench.codec.protobuf.ProtobufJavaCodec;
import org.flyproto.bench.fixture.Fixture;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The claim path of every library: measured, then written into exactly the claimed region, as protobuf-java reads. */
class ClaimCodecTest {
    /** What the claim buffer holds where nothing was written. */
    private static final byte UNTOUCHED = (byte) 0xA5;

    @ParameterizedTest
    @EnumSource(Fixture.class)
    void shouldMeasureWhatItWritesIntoTheClaimAndProtobufJavaSizes(final Fixture fixture) {
        final FlyprotoCodec<?, ?> codec = (FlyprotoCodec<?, ?>) Library.FLYPROTO.codec(fixture);
        final Message expected = ProtobufJavaCodec.of(fixture).build();
        fillUntouched(codec.claim());

        final int size = codec.size();
        final int written = codec.encodeIntoClaim();

        assertThat(size).isEqualTo(written).isEqualTo(expected.getSerializedSize());
        assertWroteOnlyTheClaim(codec.claim(), written);
        assertThat(codec.claim().bytes(written)).isEqualTo(expected.toByteArray());
    }

    @ParameterizedTest
    @EnumSource(Fixture.class)
    void shouldWriteAClaimThatParsesToTheFixturesMessageWithEveryProtobufLibrary(final Fixture fixture)
            throws InvalidProtocolBufferException {
        final ProtobufJavaCodec<?> reference = ProtobufJavaCodec.of(fixture);
        final Message expected = reference.build();
        for (final Library library : Library.values()) {
            if (!library.isProtobuf()) {
                continue;
            }
            final ClaimCodec codec = (ClaimCodec) library.codec(fixture);
            fillUntouched(codec.claim());

            final int written = codec.encodeIntoClaim();

            // Not protobuf-java's size for every library: QuickBuffers writes a default value that was set (an
            // enum's zero in the book's levels).
            assertWroteOnlyTheClaim(codec.claim(), written);
            final byte[] claimed = codec.claim().bytes(written);
            assertThat(reference.parse(claimed, claimed.length))
                    .as(library.label())
                    .isEqualTo(expected);
        }
    }

    @ParameterizedTest
    @EnumSource(Fixture.class)
    void shouldCopyTheEncodingIntoTheClaim(final Fixture fixture) {
        final FlyprotoCodec<?, ?> codec = (FlyprotoCodec<?, ?>) Library.FLYPROTO.codec(fixture);
        fillUntouched(codec.claim());

        final int copied = codec.encodeAndCopy();

        assertWroteOnlyTheClaim(codec.claim(), copied);
        assertThat(codec.claim().bytes(copied)).isEqualTo(Library.canonicalBytes(fixture));
    }

    private static void fillUntouched(final ClaimBuffer claim) {
        final UnsafeBuffer buffer = claim.buffer();
        buffer.setMemory(0, buffer.capacity(), UNTOUCHED);
    }

    private static void assertWroteOnlyTheClaim(final ClaimBuffer claim, final int length) {
        final UnsafeBuffer buffer = claim.buffer();
        assertThat(firstTouched(buffer, 0, ClaimBuffer.OFFSET))
                .as("first byte written before the claim")
                .isEqualTo(-1);
        assertThat(firstTouched(buffer, ClaimBuffer.OFFSET + length, buffer.capacity()))
                .as("first byte written after the claim")
                .isEqualTo(-1);
    }

    private static int firstTouched(final UnsafeBuffer buffer, final int from, final int to) {
        for (int i = from; i < to; i++) {
            if (buffer.getByte(i) != UNTOUCHED) {
                return i;
            }
        }
        return -1;
    }
}
