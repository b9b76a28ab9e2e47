package org.flyproto.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.flyproto.codec.Sentinel.assertUntouchedOutside;
import static org.flyproto.codec.Sentinel.bytes;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.ByteBuffer;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.ExpandableDirectByteBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.buffers.Memory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The cursor's two paths write the same bytes: the fast one (Agrona's own buffers, straight to memory once the largest
 * possible size fits) and the checked one (near the end of the region, growing, any other buffer). Every write kind
 * is run into regions that fit exactly, are too short by any number of bytes, and grow.
 */
class WriteCursorPathsTest {
    private static final int OFFSET = 7;

    enum Kind {
        HEAP(n -> new UnsafeBuffer(new byte[n])),
        DIRECT(n -> new UnsafeBuffer(ByteBuffer.allocateDirect(n))),
        EXPANDABLE_ARRAY(ExpandableArrayBuffer::new),
        EXPANDABLE_DIRECT(ExpandableDirectByteBuffer::new),
        /** Not one of Agrona's own buffers: every write takes the checked path. */
        OTHER(n -> otherBuffer(new UnsafeBuffer(new byte[n])));

        final IntFunction<MutableDirectBuffer> allocate;

        Kind(final IntFunction<MutableDirectBuffer> allocate) {
            this.allocate = allocate;
        }
    }

    /** Every write method, with values of every varint size, strings short and long, ASCII and not, nested levels. */
    private static final Consumer<WriteCursor> EVERY_WRITE = c -> {
        c.writeVarint64(8, 0);
        c.writeVarint64(8, 127);
        c.writeVarint64(8, 128);
        c.writeVarint64(8, 16_383);
        c.writeVarint64(8, 16_384);
        c.writeVarint64(8, Long.MAX_VALUE);
        c.writeVarint64(8, -1);
        c.writeInt32(16, -2);
        c.writeInt32(16, 300);
        c.writeUnsigned32(24, -1);
        c.writeUnsigned32(24, 5);
        c.writeSInt32(32, -65);
        c.writeSInt64(40, Long.MIN_VALUE);
        c.writeBool(48, true);
        c.writeBool((3000 << 3), false);
        c.writeFixed32(61, 0x01020304);
        c.writeFixed64(65, 0x0102030405060708L);
        c.writeFloat((20_000 << 3) | 5, -0.0f);
        c.writeDouble(73, Math.PI);
        c.writeString(82, "");
        c.writeString(82, "AAPL");
        c.writeString(82, "héllo wörld, naïve café — ☃ 𝄞");
        c.writeString(82, "x".repeat(42));
        c.writeString(82, "y".repeat(43));
        c.writeString(82, "é".repeat(70));
        c.writeString(82, "z".repeat(200));
        c.writeString((1 << 28) | 2, "tag of five bytes");
        c.writeString(82, "type.googleapis.com/", "market.Order");
        c.writeBytes(90, new byte[] {1, 2, 3}, 0, 3);
        c.writeBytes(90, new UnsafeBuffer(new byte[300]), 0, 300);
        c.begin(98);
        c.writeVarint64(8, 1);
        c.begin(98);
        for (int i = 0; i < 70; i++) {
            c.writeFixed32(13, i);
        }
        c.end(98);
        c.end(98);
        c.begin(106);
        RunElements.varint64(c, 1L << 40);
        RunElements.int32(c, -3);
        RunElements.unsigned32(c, 200);
        RunElements.fixed32(c, 9);
        RunElements.fixed64(c, 10);
        c.endPacked(106);
        c.begin(106);
        c.endPacked(106);
        c.beginGroup(115);
        c.writeVarint64(8, 2);
        c.endGroup(115);
        PackedArrays.packedInt32(c, 122, new int[] {1, -1, 300}, 0, 3);
        PackedArrays.packedUnsigned32(c, 122, new int[] {1, -1, 300}, 1, 2);
        PackedArrays.packedSInt32(c, 122, new int[] {-1, 64}, 0, 2);
        PackedArrays.packedVarint64(c, 122, new long[] {0, -1, 1L << 50}, 0, 3);
        PackedArrays.packedSInt64(c, 122, new long[] {-1, Long.MAX_VALUE}, 0, 2);
        PackedArrays.packedFixed32(c, 122, new int[] {1, 2}, 0, 2);
        PackedArrays.packedFixed64(c, 122, new long[] {3, 4}, 0, 2);
        PackedArrays.packedFloat(c, 122, new float[] {1.5f, Float.NaN}, 0, 2);
        PackedArrays.packedDouble(c, 122, new double[] {2.5, -0.0}, 0, 2);
        PackedArrays.packedBool(c, 122, new boolean[] {true, false, true}, 0, 3);
        PackedArrays.packedInt32(c, 122, new int[0], 0, 0);
        c.writeRaw(new UnsafeBuffer(new byte[] {8, 1}), 0, 2);
    };

    private static final byte[] EXPECTED = reference();

    private static byte[] reference() {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[8192]);
        final WriteCursor cursor = new WriteCursor();
        cursor.wrap(buffer, 0);
        EVERY_WRITE.accept(cursor);
        final byte[] bytes = new byte[cursor.position()];
        buffer.getBytes(0, bytes);
        return bytes;
    }

    @Test
    void shouldWriteTheBytesOfTheCheckedPathOnTheFastOne() {
        // The reference ran on the fast path; the same writes through a buffer that is not Agrona's own run checked.
        final MutableDirectBuffer other = Kind.OTHER.allocate.apply(8192);
        assertThat(Memory.isRaw(other)).isFalse();
        final WriteCursor cursor = new WriteCursor();
        cursor.wrap(other, 0);
        EVERY_WRITE.accept(cursor);
        final byte[] bytes = new byte[cursor.position()];
        other.getBytes(0, bytes);
        assertThat(bytes).isEqualTo(EXPECTED);
        // Long enough to reach the end of a region on every kind of write in the tests below.
        assertThat(EXPECTED.length).isGreaterThan(600);
    }

    @Test
    void shouldMeasureExactlyTheBytesEveryWriteWritesAndWriteNothing() {
        final WriteCursor cursor = new WriteCursor();
        cursor.wrapForSize();
        assertThat(cursor.isSizing()).isTrue();
        assertThat(cursor.buffer()).isNull();
        EVERY_WRITE.accept(cursor);
        assertThat(cursor.position()).isEqualTo(EXPECTED.length);
        assertThat(cursor.depth()).isZero();

        // The same cursor writes again after a wrap, and measures again after that.
        final MutableDirectBuffer buffer = sentinelFilled(Kind.HEAP, OFFSET + EXPECTED.length + 16);
        cursor.wrap(buffer, OFFSET, EXPECTED.length);
        assertThat(cursor.isSizing()).isFalse();
        EVERY_WRITE.accept(cursor);
        assertThat(bytes(buffer, OFFSET, EXPECTED.length)).isEqualTo(EXPECTED);
        cursor.wrapForSize();
        EVERY_WRITE.accept(cursor);
        assertThat(cursor.position()).isEqualTo(EXPECTED.length);
    }

    @ParameterizedTest
    @EnumSource(
            value = Kind.class,
            names = {"HEAP", "DIRECT", "OTHER"})
    void shouldEndAFullRegionWithAnEmptyPackedRunAndRefuseAnElementOfIt(final Kind kind) {
        final MutableDirectBuffer buffer = sentinelFilled(kind, OFFSET + EXPECTED.length + 16);
        final WriteCursor cursor = new WriteCursor();
        cursor.wrap(buffer, OFFSET, EXPECTED.length);
        EVERY_WRITE.accept(cursor);
        cursor.beginPacked(130 << 3 | 2);
        cursor.endPacked(130 << 3 | 2);
        assertThat(cursor.position()).isEqualTo(OFFSET + EXPECTED.length);
        assertThat(bytes(buffer, OFFSET, EXPECTED.length)).isEqualTo(EXPECTED);

        cursor.beginPacked(130 << 3 | 2);
        assertThatThrownBy(() -> RunElements.fixed32(cursor, 1)).isInstanceOf(ProtoEncodeException.class);
        assertThatThrownBy(() -> RunElements.varint64(cursor, 1)).isInstanceOf(ProtoEncodeException.class);
        assertUntouchedOutside(buffer, OFFSET, EXPECTED.length);
    }

    @Test
    void shouldRefuseToMeasureAMessageOverTwoGibibytes() {
        final WriteCursor cursor = new WriteCursor();
        cursor.wrapForSize();
        final UnsafeBuffer chunk = new UnsafeBuffer(new byte[1 << 20]);
        assertThatThrownBy(() -> {
                    for (int i = 0; i < 2048; i++) {
                        cursor.writeBytes(10, chunk, 0, chunk.capacity());
                    }
                })
                .isInstanceOf(ProtoEncodeException.class)
                .hasMessageContaining("cannot be encoded");
    }

    @Test
    void shouldRefuseToMeasureALengthThatWouldWrapThePosition() {
        final WriteCursor cursor = new WriteCursor();
        cursor.wrapForSize();
        cursor.writeVarint64(8, 300);
        final int before = cursor.position();
        // Sizing reads nothing from the source, so a small buffer can claim a length that overflows an int position.
        final UnsafeBuffer small = new UnsafeBuffer(new byte[16]);
        assertThatThrownBy(() -> cursor.writeBytes(10, small, 0, Integer.MAX_VALUE - 4))
                .isInstanceOf(ProtoEncodeException.class)
                .hasMessageContaining("cannot be encoded");
        assertThat(cursor.position()).isEqualTo(before);
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void shouldFillARegionThatFitsExactly(final Kind kind) {
        final MutableDirectBuffer buffer = sentinelFilled(kind, OFFSET + EXPECTED.length + 16);
        final WriteCursor cursor = new WriteCursor();
        cursor.wrap(buffer, OFFSET, EXPECTED.length);
        EVERY_WRITE.accept(cursor);
        assertThat(cursor.position()).isEqualTo(OFFSET + EXPECTED.length);
        assertThat(bytes(buffer, OFFSET, EXPECTED.length)).isEqualTo(EXPECTED);
        assertUntouchedOutside(buffer, OFFSET, EXPECTED.length);
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void shouldFailClearlyAndWriteNothingOutsideARegionTooShortByAnyNumberOfBytes(final Kind kind) {
        for (int length = 0; length < EXPECTED.length; length++) {
            final MutableDirectBuffer buffer = sentinelFilled(kind, OFFSET + EXPECTED.length + 16);
            final WriteCursor cursor = new WriteCursor();
            cursor.wrap(buffer, OFFSET, length);
            assertThatThrownBy(() -> EVERY_WRITE.accept(cursor))
                    .as("region of %d bytes", length)
                    .isInstanceOf(ProtoEncodeException.class)
                    .hasMessageContaining("region ends at " + (OFFSET + length));
            assertUntouchedOutside(buffer, OFFSET, length);
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = Kind.class,
            names = {"EXPANDABLE_ARRAY", "EXPANDABLE_DIRECT"})
    void shouldGrowAnExpandableBufferFromAnySize(final Kind kind) {
        for (final int initial : new int[] {1, 8, 64, 100, EXPECTED.length}) {
            final MutableDirectBuffer buffer = kind.allocate.apply(initial);
            final WriteCursor cursor = new WriteCursor();
            cursor.wrap(buffer, OFFSET);
            EVERY_WRITE.accept(cursor);
            assertThat(bytes(buffer, OFFSET, cursor.position() - OFFSET))
                    .as("initial capacity %d", initial)
                    .isEqualTo(EXPECTED);
        }
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void shouldEncodeLongStringsInOnePassMovingOnlyWhenTheLengthNeedsMore(final Kind kind) {
        // chars -> UTF-8 bytes: the reserve (the size of the char count's varint) is right, or one byte short.
        for (final String value : new String[] {
            "a".repeat(127),
            "a".repeat(128),
            "é".repeat(63),
            "é".repeat(64),
            "€".repeat(43),
            "é".repeat(8191),
            "é".repeat(8192),
            "a".repeat(16_384),
            "😀".repeat(40) + "?",
            "\uD800".repeat(50)
        }) {
            final MutableDirectBuffer reference = Kind.OTHER.allocate.apply(64 * 1024);
            final WriteCursor checked = new WriteCursor();
            checked.wrap(reference, 0);
            checked.writeString(18, value);
            final int expectedLength = checked.position();

            final MutableDirectBuffer buffer = sentinelFilled(kind, OFFSET + 64 * 1024);
            final WriteCursor cursor = new WriteCursor();
            cursor.wrap(buffer, OFFSET, 64 * 1024);
            cursor.writeString(18, value);
            assertThat(cursor.position() - OFFSET).isEqualTo(expectedLength);
            assertThat(bytes(buffer, OFFSET, expectedLength))
                    .as("%d chars", value.length())
                    .isEqualTo(bytes(reference, 0, expectedLength));
            assertUntouchedOutside(buffer, OFFSET, 64 * 1024);
        }
    }

    @Test
    void shouldNotWritePastABufferWrappedAgainToSmallerMemoryWhileBoundsChecksAreOn() {
        assumeTrue(DirectBuffer.SHOULD_BOUNDS_CHECK, "Agrona's bounds checks are off: its buffers check nothing");
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[64]);
        final WriteCursor cursor = new WriteCursor();
        cursor.wrap(buffer, 0);
        cursor.writeFixed64(9, 1);
        final byte[] smaller = new byte[8];
        buffer.wrap(smaller);
        // The cursor's region still ends at 64; the buffer's own check refuses what its memory no longer holds.
        assertThatThrownBy(() -> cursor.writeVarint64(8, 1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> cursor.writeString(18, "abc")).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> PackedArrays.packedFixed64(cursor, 34, new long[] {1}, 0, 1))
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(smaller).containsOnly(0);
    }

    private static MutableDirectBuffer sentinelFilled(final Kind kind, final int capacity) {
        return Sentinel.filled(kind.allocate.apply(capacity));
    }

    /** A {@link MutableDirectBuffer} that is not one of Agrona's classes, delegating to {@code target}. */
    private static MutableDirectBuffer otherBuffer(final MutableDirectBuffer target) {
        return (MutableDirectBuffer) Proxy.newProxyInstance(
                WriteCursorPathsTest.class.getClassLoader(),
                new Class<?>[] {MutableDirectBuffer.class},
                (proxy, method, args) -> {
                    try {
                        return method.invoke(target, args);
                    } catch (final InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
