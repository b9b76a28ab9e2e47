package org.flyproto.buffers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/** Contract of {@link BytesView}, run over every {@link BufferKind}. */
abstract class BytesViewContract extends BufferFixture {
    private static final byte[] BYTES = hex("00 01 7f 80 ff 0a 0b 0c 0d 0e 0f 10");

    BytesViewContract(final BufferKind kind) {
        super(kind);
    }

    @Test
    void shouldExposeWrappedRange() {
        final MutableDirectBuffer buffer = bufferWith(BYTES, 1);
        final BytesView view = new BytesView();

        assertThat(view.wrap(buffer, AT, BYTES.length)).isSameAs(view);
        assertThat(view.buffer()).isSameAs(buffer);
        assertThat(view.offset()).isEqualTo(AT);
        assertThat(view.length()).isEqualTo(BYTES.length);
    }

    @Test
    void shouldReadEveryByteRelativeToTheView() {
        final BytesView view = viewOf(BYTES);

        for (int i = 0; i < BYTES.length; i++) {
            assertThat(view.byteAt(i)).as("byteAt(%d)", i).isEqualTo(BYTES[i]);
        }
    }

    @Test
    void shouldRejectByteIndexOutsideTheView() {
        final BytesView view = viewOf(BYTES);

        assertThatThrownBy(() -> view.byteAt(-1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> view.byteAt(BYTES.length)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void shouldReadFixedWidthValuesInEitherByteOrderRelativeToTheView() {
        final BytesView view = viewOf(BYTES);
        for (final ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
            final ByteBuffer expected = ByteBuffer.wrap(BYTES).order(order);
            for (int i = 0; i + Short.BYTES <= BYTES.length; i++) {
                assertThat(view.getShort(i, order))
                        .as("getShort(%d, %s)", i, order)
                        .isEqualTo(expected.getShort(i));
            }
            for (int i = 0; i + Integer.BYTES <= BYTES.length; i++) {
                assertThat(view.getInt(i, order)).as("getInt(%d, %s)", i, order).isEqualTo(expected.getInt(i));
            }
            for (int i = 0; i + Long.BYTES <= BYTES.length; i++) {
                assertThat(view.getLong(i, order))
                        .as("getLong(%d, %s)", i, order)
                        .isEqualTo(expected.getLong(i));
            }
        }
    }

    @Test
    void shouldReadATraceIdAsTwoBigEndianLongsInTheOrderOfItsHexDigits() {
        final String traceparentId = "4bf92f3577b34da6a3ce929d0e0e4736";
        final BytesView traceId = viewOf(hex(traceparentId));

        final long high = traceId.getLong(0, ByteOrder.BIG_ENDIAN);
        final long low = traceId.getLong(8, ByteOrder.BIG_ENDIAN);

        assertThat(high).isEqualTo(0x4bf92f3577b34da6L);
        assertThat(low).isEqualTo(0xa3ce929d0e0e4736L);
        assertThat(String.format("%016x%016x", high, low)).isEqualTo(traceparentId);
        assertThat(traceId.toString()).isEqualTo(traceparentId);
    }

    @Test
    void shouldRejectFixedWidthReadsNotInsideTheViewNamingIndexSizeAndLength() {
        // The view is 3 bytes inside a buffer that holds more after them: the view's length bounds every read.
        final MutableDirectBuffer buffer = bufferWith(BYTES, 16);
        final BytesView view = new BytesView().wrap(buffer, AT, 3);

        assertThat(view.getShort(1, ByteOrder.BIG_ENDIAN)).isEqualTo((short) 0x017f);
        for (final int index : new int[] {-1, 2, 3, 4, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
            assertOutOfView(() -> view.getShort(index, ByteOrder.BIG_ENDIAN), index, Short.BYTES, 3);
        }
        for (final int index : new int[] {-1, 0, 3, Integer.MAX_VALUE - 1, Integer.MIN_VALUE}) {
            assertOutOfView(() -> view.getInt(index, ByteOrder.LITTLE_ENDIAN), index, Integer.BYTES, 3);
            assertOutOfView(() -> view.getLong(index, ByteOrder.LITTLE_ENDIAN), index, Long.BYTES, 3);
        }
        final BytesView empty = new BytesView();
        assertOutOfView(() -> empty.getLong(0, ByteOrder.BIG_ENDIAN), 0, Long.BYTES, 0);
        assertOutOfView(() -> empty.getShort(0, ByteOrder.BIG_ENDIAN), 0, Short.BYTES, 0);
    }

    private static void assertOutOfView(
            final ThrowingCallable read, final int index, final int size, final int length) {
        assertThatThrownBy(read)
                .isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessageContaining(String.valueOf(index))
                .hasMessageContaining(String.valueOf(size))
                .hasMessageContaining("length " + length);
    }

    @Test
    void shouldCopyRangeIntoArray() {
        final BytesView view = viewOf(BYTES);
        final byte[] dst = new byte[8];
        Arrays.fill(dst, FILL);

        view.getBytes(2, dst, 1, 4);

        assertThat(dst).isEqualTo(new byte[] {FILL, 0x7f, (byte) 0x80, (byte) 0xff, 0x0a, FILL, FILL, FILL});
    }

    @Test
    void shouldRejectCopyOutsideTheViewOrTheArray() {
        final BytesView view = viewOf(BYTES);
        final byte[] dst = new byte[BYTES.length + 4];

        assertThatThrownBy(() -> view.getBytes(-1, dst, 0, 1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> view.getBytes(1, dst, 0, BYTES.length)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> view.getBytes(0, dst, 5, BYTES.length)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> view.getBytes(0, dst, -1, 1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> view.getBytes(0, dst, 0, -1)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void shouldCopyAllBytesToBuffer() {
        final BytesView view = viewOf(BYTES);
        final MutableDirectBuffer dst = newBuffer(5 + BYTES.length + 1);

        assertThat(view.copyTo(dst, 5)).isEqualTo(BYTES.length);

        assertThat(copy(dst, 5, BYTES.length)).isEqualTo(BYTES);
        assertThat(dst.getByte(4)).isEqualTo(FILL);
        assertThat(dst.getByte(5 + BYTES.length)).isEqualTo(FILL);
    }

    @Test
    void shouldCopyIntoNewArray() {
        assertThat(viewOf(BYTES).toByteArray()).isEqualTo(BYTES);
        assertThat(viewOf(new byte[0]).toByteArray()).isEmpty();
    }

    @Test
    void shouldCompareContentWithArraysAndBuffersOfEveryLength() {
        for (int length = 0; length <= 20; length++) {
            final byte[] bytes = new byte[length];
            for (int i = 0; i < length; i++) {
                bytes[i] = (byte) (i * 37 + 1);
            }
            final BytesView view = viewOf(bytes);
            final MutableDirectBuffer other = newBuffer(5 + length + 1);
            other.putBytes(5, bytes);

            assertThat(view.contentEquals(bytes.clone()))
                    .as("length=%d", length)
                    .isTrue();
            assertThat(view.contentEquals(other, 5, length))
                    .as("length=%d", length)
                    .isTrue();
            assertThat(view.contentEquals(Arrays.copyOf(bytes, length + 1))).isFalse();
            assertThat(view.contentEquals(other, 5, length + 1)).isFalse();
            if (length > 0) {
                assertThat(view.contentEquals(Arrays.copyOf(bytes, length - 1))).isFalse();
                assertThat(view.contentEquals(other, 5, length - 1)).isFalse();
            }
            for (int i = 0; i < length; i++) {
                final byte[] changed = bytes.clone();
                changed[i] ^= (byte) 0x80;
                other.putBytes(5, changed);

                assertThat(view.contentEquals(changed))
                        .as("length=%d changed at %d", length, i)
                        .isFalse();
                assertThat(view.contentEquals(other, 5, length))
                        .as("length=%d changed at %d", length, i)
                        .isFalse();
            }
        }
        assertThat(viewOf(BYTES).contentEquals((byte[]) null)).isFalse();
    }

    @Test
    void shouldEqualViewWithSameBytesElsewhereAndHashLikeArrays() {
        final MutableDirectBuffer other = newBuffer(9 + BYTES.length);
        other.putBytes(9, BYTES);
        final BytesView view = viewOf(BYTES);
        final BytesView same = new BytesView().wrap(other, 9, BYTES.length);
        final byte[] changed = BYTES.clone();
        changed[BYTES.length - 1]++;

        assertThat(view).isEqualTo(same).isEqualTo(view);
        assertThat(view.hashCode()).isEqualTo(same.hashCode()).isEqualTo(Arrays.hashCode(BYTES));
        assertThat(view).isNotEqualTo(viewOf(changed));
        assertThat(view).isNotEqualTo(viewOf(Arrays.copyOf(BYTES, BYTES.length - 1)));
        assertThat(view.hashCode()).isNotEqualTo(viewOf(changed).hashCode());
        assertThat(view.equals(null)).isFalse();
        assertThat(view).isNotEqualTo(BYTES);
        assertThat(viewOf(new byte[0]).hashCode()).isEqualTo(Arrays.hashCode(new byte[0]));
    }

    @Test
    void shouldPrintBytesAsHex() {
        assertThat(viewOf(hex("00 0a ff 7f 80")).toString()).isEqualTo("000aff7f80");
        assertThat(viewOf(new byte[0]).toString()).isEmpty();
    }

    @Test
    void shouldBehaveAsEmptyBeforeWrap() {
        final BytesView view = new BytesView();

        assertThat(view.length()).isZero();
        assertThat(view.toByteArray()).isEmpty();
        assertThat(view.contentEquals(new byte[0])).isTrue();
        assertThat(view).isEqualTo(viewOf(new byte[0]));
        assertThatThrownBy(() -> view.byteAt(0)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void shouldRejectRangeOutsideBufferInEitherBoundsCheckMode() {
        final MutableDirectBuffer buffer = newBuffer(8);
        final BytesView view = new BytesView();

        assertThatThrownBy(() -> view.wrap(buffer, 7, 2)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> view.wrap(buffer, 0, -1)).isInstanceOf(IndexOutOfBoundsException.class);
        if (DirectBuffer.SHOULD_BOUNDS_CHECK) {
            // An empty range reads nothing: without bounds checks it is not checked, as before.
            assertThatThrownBy(() -> view.wrap(buffer, 9, 0)).isInstanceOf(IndexOutOfBoundsException.class);
        }
        assertThatThrownBy(() -> view.wrap(buffer, -1, 1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(view.wrap(buffer, 8, 0).length()).isZero();
    }

    @Test
    void shouldRejectComparedRangeOutsideTheOtherBuffer() {
        final BytesView view = viewOf(new byte[] {1, 2, 3});
        final MutableDirectBuffer other = newBuffer(4);

        assertThatThrownBy(() -> view.contentEquals(other, 2, 3)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(view.contentEquals(other, 2, 2)).isFalse();
    }

    private BytesView viewOf(final byte[] bytes) {
        return new BytesView().wrap(bufferWith(bytes, 1), AT, bytes.length);
    }
}
