package org.flyproto.buffers;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteOrder;
import java.util.List;
import org.agrona.concurrent.UnsafeBuffer;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** {@link BytesViewContract} over every {@link BufferKind}. */
class BytesViewTest {
    @Test
    void shouldThrowRatherThanReadOutsideABufferWrappedAgainSmaller() {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[64]);
        final BytesView view = new BytesView().wrap(buffer, 8, 40);
        final BytesView same = new BytesView().wrap(new UnsafeBuffer(new byte[40]), 0, 40);

        buffer.wrap(new byte[16]);

        final List<ThrowingCallable> calls = List.of(
                () -> view.byteAt(30),
                () -> view.byteAt(0),
                () -> view.getShort(0, ByteOrder.BIG_ENDIAN),
                () -> view.getInt(0, ByteOrder.BIG_ENDIAN),
                () -> view.getLong(0, ByteOrder.BIG_ENDIAN),
                () -> view.getBytes(0, new byte[40], 0, 40),
                () -> view.copyTo(new UnsafeBuffer(new byte[40]), 0),
                () -> view.contentEquals(new byte[40]),
                () -> view.contentEquals(same.buffer(), 0, 40),
                () -> same.contentEquals(view.buffer(), 8, 40),
                () -> same.equals(view),
                view::toByteArray,
                view::hashCode,
                view::toString);
        for (int c = 0; c < calls.size(); c++) {
            assertThatThrownBy(calls.get(c)).as("call %d", c).isInstanceOf(IndexOutOfBoundsException.class);
        }
    }

    @Nested
    class HeapArray extends BytesViewContract {
        HeapArray() {
            super(BufferKind.HEAP_ARRAY);
        }
    }

    @Nested
    class DirectByteBuffer extends BytesViewContract {
        DirectByteBuffer() {
            super(BufferKind.DIRECT_BYTE_BUFFER);
        }
    }

    @Nested
    class OffHeapAddress extends BytesViewContract {
        OffHeapAddress() {
            super(BufferKind.OFF_HEAP_ADDRESS);
        }
    }

    @Nested
    class ExpandableArray extends BytesViewContract {
        ExpandableArray() {
            super(BufferKind.EXPANDABLE_ARRAY);
        }
    }

    @Nested
    class ExpandableDirect extends BytesViewContract {
        ExpandableDirect() {
            super(BufferKind.EXPANDABLE_DIRECT);
        }
    }

    @Nested
    class InterfaceOnly extends BytesViewContract {
        InterfaceOnly() {
            super(BufferKind.INTERFACE_ONLY);
        }
    }
}
