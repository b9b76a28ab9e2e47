package org.flyproto.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.util.function.IntFunction;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.ExpandableDirectByteBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.buffers.Varint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class WriteCursorTest {
    private static final int OFFSET = 5;
    private static final int TAG = (1 << 3) | 2;
    private static final int INNER_TAG = (2 << 3) | 2;

    enum Kind {
        HEAP(n -> new UnsafeBuffer(new byte[n])),
        DIRECT(n -> new UnsafeBuffer(ByteBuffer.allocateDirect(n))),
        EXPANDABLE_ARRAY(n -> new ExpandableArrayBuffer(8)),
        EXPANDABLE_DIRECT(n -> new ExpandableDirectByteBuffer(8));

        final IntFunction<MutableDirectBuffer> allocate;

        Kind(final IntFunction<MutableDirectBuffer> allocate) {
            this.allocate = allocate;
        }
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void shouldBackpatchMinimalLengthsAtEveryVarintBoundary(final Kind kind) {
        for (final int length : new int[] {0, 1, 127, 128, 129, 16383, 16384, (1 << 21) - 1, 1 << 21}) {
            final MutableDirectBuffer buffer = kind.allocate.apply(OFFSET + 4 * length + 16);
            final WriteCursor cursor = new WriteCursor();
            cursor.wrap(buffer, OFFSET);
            cursor.begin(TAG);
            for (int i = 0; i < length; i++) {
                RunElements.fixed32(cursor, i);
            }
            final int contentLength = 4 * length;
            cursor.end(TAG);

            final int lengthSize = Varint.sizeOfUnsigned32(contentLength);
            assertThat(cursor.position() - OFFSET).isEqualTo(1 + lengthSize + contentLength);
            assertThat(buffer.getByte(OFFSET)).isEqualTo((byte) TAG);
            assertThat(Varint.scan(buffer, OFFSET + 1, cursor.position())).isEqualTo(lengthSize);
            assertThat(Varint.get32(buffer, OFFSET + 1)).isEqualTo(contentLength);
            // The content moved intact.
            for (int i = 0; i < length; i += Math.max(1, length / 50)) {
                assertThat(org.flyproto.buffers.Fixed.getFixed32(buffer, OFFSET + 1 + lengthSize + 4 * i))
                        .isEqualTo(i);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void shouldBackpatchNestedLevelsIndependently(final Kind kind) {
        final MutableDirectBuffer buffer = kind.allocate.apply(1024);
        final WriteCursor cursor = new WriteCursor();
        cursor.wrap(buffer, 0);
        cursor.begin(TAG);
        cursor.begin(INNER_TAG);
        for (int i = 0; i < 130; i++) {
            RunElements.unsigned32(cursor, 1);
        }
        cursor.end(INNER_TAG);
        RunElements.unsigned32(cursor, 7);
        cursor.end(TAG);

        // outer: tag, len(2 bytes: 1 + 2 + 130 + 1 = 134), inner: tag, len(2 bytes: 130), 130 x 01, 07
        assertThat(cursor.position()).isEqualTo(1 + 2 + 1 + 2 + 130 + 1);
        assertThat(Varint.get32(buffer, 1)).isEqualTo(134);
        assertThat(buffer.getByte(3)).isEqualTo((byte) INNER_TAG);
        assertThat(Varint.get32(buffer, 4)).isEqualTo(130);
        assertThat(buffer.getByte(6)).isEqualTo((byte) 1);
        assertThat(buffer.getByte(6 + 129)).isEqualTo((byte) 1);
        assertThat(buffer.getByte(6 + 130)).isEqualTo((byte) 7);
        assertThat(cursor.depth()).isZero();
    }

    @Test
    void shouldRemoveAnEmptyPackedRunEntirely() {
        final MutableDirectBuffer buffer = new UnsafeBuffer(new byte[64]);
        final WriteCursor cursor = new WriteCursor();
        cursor.wrap(buffer, 3);
        cursor.writeVarint64(8, 1);
        cursor.begin((300 << 3) | 2);
        cursor.endPacked((300 << 3) | 2);
        assertThat(cursor.position()).isEqualTo(3 + 2);
        assertThat(cursor.depth()).isZero();
    }

    @Test
    void shouldRefuseToEndAFieldThatIsNotTheInnermostOpenOne() {
        final WriteCursor cursor = new WriteCursor();
        cursor.wrap(new UnsafeBuffer(new byte[64]), 0);
        final long root = cursor.innermost();
        assertThatThrownBy(() -> cursor.end(TAG)).isInstanceOf(IllegalStateException.class);
        final long outer = cursor.begin(TAG);
        final long inner = cursor.begin(INNER_TAG);
        assertThatThrownBy(() -> cursor.end(TAG)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> cursor.check(outer)).isInstanceOf(IllegalStateException.class);
        cursor.check(inner);
        cursor.end(INNER_TAG);
        cursor.check(outer);
        cursor.end(TAG);
        cursor.check(root);
    }

    @Test
    void shouldGiveEveryOpenedLevelANewIdentity() {
        final WriteCursor cursor = new WriteCursor();
        final MutableDirectBuffer buffer = new UnsafeBuffer(new byte[64]);
        cursor.wrap(buffer, 0);
        final long first = cursor.begin(TAG);
        cursor.end(TAG);
        final long sibling = cursor.begin(TAG);
        // Same depth, same tag, but a stale holder of the first identity is refused.
        assertThat(sibling).isNotEqualTo(first);
        assertThatThrownBy(() -> cursor.check(first)).isInstanceOf(IllegalStateException.class);
        final long root = cursor.innermost();
        cursor.wrap(buffer, 0);
        assertThat(cursor.innermost()).isNotEqualTo(root);
    }

    @Test
    void shouldGrowTheOpenStackBeyondItsInitialSize() {
        final WriteCursor cursor = new WriteCursor();
        final MutableDirectBuffer buffer = new ExpandableArrayBuffer(8);
        cursor.wrap(buffer, 0);
        for (int i = 0; i < 100; i++) {
            cursor.begin(TAG);
        }
        for (int i = 0; i < 100; i++) {
            cursor.end(TAG);
        }
        // Innermost: tag + 0; each outer level adds 2 bytes of content: lengths 0, 2, 4, ... 198 (two bytes from 128).
        assertThat(cursor.depth()).isZero();
        assertThat(Varint.get32(buffer, 1))
                .isEqualTo(cursor.position() - 1 - Varint.sizeOfUnsigned32(Varint.get32(buffer, 1)));
    }

    @Test
    void shouldFailClearlyAndWriteNothingOutsideAFixedRegion() {
        final byte[] backing = new byte[64];
        java.util.Arrays.fill(backing, (byte) 0x5A);
        final MutableDirectBuffer buffer = new UnsafeBuffer(backing);
        final WriteCursor cursor = new WriteCursor();
        cursor.wrap(buffer, 10, 8);
        cursor.writeFixed32(13, 1); // 5 bytes
        assertThatThrownBy(() -> cursor.writeFixed64(17, 2))
                .isInstanceOf(ProtoEncodeException.class)
                .hasMessageContaining("region ends at 18");
        assertThatThrownBy(() -> cursor.writeString(18, "abcd")).isInstanceOf(ProtoEncodeException.class);
        cursor.writeVarint64(8, 1); // 2 more bytes fit
        assertThatThrownBy(() -> cursor.writeBool(8, true)).isInstanceOf(ProtoEncodeException.class);
        for (int i = 0; i < backing.length; i++) {
            if (i < 10 || i >= 18) {
                assertThat(backing[i]).as("index %d", i).isEqualTo((byte) 0x5A);
            }
        }
    }

    @Test
    void shouldRefuseRegionsOutsideTheBuffer() {
        final WriteCursor cursor = new WriteCursor();
        final MutableDirectBuffer buffer = new UnsafeBuffer(new byte[16]);
        assertThatThrownBy(() -> cursor.wrap(buffer, -1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> cursor.wrap(buffer, 17)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> cursor.wrap(buffer, 8, 9)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> cursor.wrap(buffer, Integer.MAX_VALUE, 2))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
