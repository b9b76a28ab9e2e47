package org.flyproto.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowable;

import org.agrona.ExpandableArrayBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/**
 * One rule for the region passed to {@code wrap(buffer, offset, length)}: it is the caller's argument, so decoders and
 * encoders alike reject a region not inside the buffer with {@link IllegalArgumentException} naming offset, length and
 * capacity; a length read from the bytes that runs past the region is {@link ProtoDecodeException}.
 */
class RegionArgumentTest {
    private static final int CAPACITY = 16;
    private static final int[][] OUTSIDE = {
        {-1, 0},
        {-1, 2},
        {0, -1},
        {3, -4},
        {CAPACITY + 1, 0},
        {CAPACITY, 1},
        {CAPACITY - 1, 2},
        {0, CAPACITY + 1},
        {Integer.MAX_VALUE, 1},
        {1, Integer.MAX_VALUE},
        {Integer.MAX_VALUE, Integer.MAX_VALUE},
        {Integer.MIN_VALUE, 0},
        {Integer.MIN_VALUE, Integer.MAX_VALUE},
    };

    private final MutableDirectBuffer buffer = new UnsafeBuffer(new byte[CAPACITY]);

    @Test
    void shouldRejectARegionOutsideTheBufferAlikeInDecodersAndEncoders() {
        for (final int[] region : OUTSIDE) {
            final int offset = region[0];
            final int length = region[1];
            final String expected = "region of offset " + offset + " and length " + length
                    + " is not inside the buffer of capacity " + CAPACITY;
            assertRejected(() -> new TestDecoder().wrap(buffer, offset, length), expected);
            assertRejected(() -> new TestDecoder().wrapTrusted(buffer, offset, length), expected);
            assertRejected(() -> new TestDecoder().wrapDelimited(buffer, offset, length), expected);
            assertRejected(() -> new TestEncoder("test.Root", false).wrap(buffer, offset, length), expected);
            assertRejected(() -> new WriteCursor().wrap(buffer, offset, length), expected);
        }
    }

    @Test
    void shouldRejectAnOffsetOutsideTheBufferOfAnEncoderWrappedWithoutLength() {
        for (final int offset : new int[] {-1, CAPACITY + 1, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
            final String expected = "offset " + offset + " is not inside the buffer of capacity " + CAPACITY;
            assertRejected(() -> new TestEncoder("test.Root", false).wrap(buffer, offset), expected);
            assertRejected(() -> new TestEncoder("test.Root", false).wrapDelimited(buffer, offset), expected);
        }
        // An expandable buffer grows to an offset beyond its capacity.
        final ExpandableArrayBuffer expandable = new ExpandableArrayBuffer(8);
        assertThatCode(() -> new TestEncoder("test.Root", false)
                        .wrap(expandable, 100)
                        .a(1))
                .doesNotThrowAnyException();
        assertRejected(
                () -> new TestEncoder("test.Root", false).wrap(expandable, -1),
                "offset -1 is not inside the buffer of capacity " + expandable.capacity());
    }

    @Test
    void shouldAcceptTheEdgesOfTheBuffer() {
        for (int i = 0; i < CAPACITY; i += 2) {
            buffer.putByte(i, (byte) TestDecoder.TAG_A);
            buffer.putByte(i + 1, (byte) 1);
        }
        assertThat(new TestDecoder().wrap(buffer, CAPACITY, 0).encodedLength()).isZero();
        assertThat(new TestDecoder().wrap(buffer, 0, CAPACITY).encodedLength()).isEqualTo(CAPACITY);
        assertThat(new TestEncoder("test.Root", false).wrap(buffer, CAPACITY).encodedLength())
                .isZero();
        assertThat(new TestEncoder("test.Root", false).wrap(buffer, CAPACITY, 0).encodedLength())
                .isZero();
    }

    @Test
    void shouldRejectALengthPrefixPastTheRegionAsBadBytes() {
        // A length prefix of 5 with 3 bytes after it in the region (the buffer holds more: the region ends first).
        buffer.putByte(2, (byte) 5);
        final Throwable thrown = catchThrowable(() -> new TestDecoder().wrapDelimited(buffer, 2, 4));
        assertThat(thrown).isInstanceOf(ProtoDecodeException.class).hasMessageContaining("past the end");
        assertThat(((ProtoDecodeException) thrown).offset()).isEqualTo(2);
    }

    @Test
    void shouldRejectANestedLengthPastTheRegionAsBadBytes() {
        // Field 4 (a nested message) of length 9 in a region of 6 bytes.
        final byte[] bytes = {0x22, 0x09, 0x08, 0x01, 0x08, 0x02, 0x08, 0x03, 0x08, 0x04, 0x08};
        final UnsafeBuffer holding = new UnsafeBuffer(bytes);
        for (final boolean trusted : new boolean[] {false, true}) {
            final Throwable thrown = catchThrowable(() -> {
                if (trusted) {
                    new TestDecoder().wrapTrusted(holding, 0, 6);
                } else {
                    new TestDecoder().wrap(holding, 0, 6);
                }
            });
            assertThat(thrown).isInstanceOf(ProtoDecodeException.class).hasMessageContaining("past the end");
        }
    }

    private static void assertRejected(final Runnable wrap, final String message) {
        final Throwable thrown = catchThrowable(wrap::run);
        assertThat(thrown)
                .as(message)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }
}
