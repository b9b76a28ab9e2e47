package org.flyproto.buffers;

import java.nio.ByteBuffer;
import java.util.List;
import org.agrona.BufferUtil;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.ExpandableDirectByteBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/** The kinds of buffer every contract suite runs over. */
enum BufferKind {
    /** {@code UnsafeBuffer} over a {@code byte[]}. */
    HEAP_ARRAY {
        @Override
        MutableDirectBuffer allocate(final int capacity, final List<ByteBuffer> keepAlive) {
            return new UnsafeBuffer(new byte[capacity]);
        }
    },

    /** {@code UnsafeBuffer} over a direct {@link ByteBuffer}. */
    DIRECT_BYTE_BUFFER {
        @Override
        MutableDirectBuffer allocate(final int capacity, final List<ByteBuffer> keepAlive) {
            return new UnsafeBuffer(ByteBuffer.allocateDirect(capacity));
        }
    },

    /** {@code UnsafeBuffer} over a raw address, of memory kept alive by the test. */
    OFF_HEAP_ADDRESS {
        @Override
        MutableDirectBuffer allocate(final int capacity, final List<ByteBuffer> keepAlive) {
            final ByteBuffer memory = BufferUtil.allocateDirectAligned(Math.max(capacity, 1), 64);
            keepAlive.add(memory);
            return new UnsafeBuffer(BufferUtil.address(memory), capacity);
        }
    },

    /** {@link ExpandableArrayBuffer}. */
    EXPANDABLE_ARRAY {
        @Override
        MutableDirectBuffer allocate(final int capacity, final List<ByteBuffer> keepAlive) {
            return new ExpandableArrayBuffer(capacity);
        }
    },

    /** {@link ExpandableDirectByteBuffer}. */
    EXPANDABLE_DIRECT {
        @Override
        MutableDirectBuffer allocate(final int capacity, final List<ByteBuffer> keepAlive) {
            return new ExpandableDirectByteBuffer(capacity);
        }
    },

    /** A {@link MutableDirectBuffer} implementation that is not Agrona's, read only through the interface. */
    INTERFACE_ONLY {
        @Override
        MutableDirectBuffer allocate(final int capacity, final List<ByteBuffer> keepAlive) {
            return InterfaceOnlyBuffer.of(new UnsafeBuffer(new byte[capacity]));
        }
    };

    /**
     * Allocates a buffer of exactly {@code capacity} bytes.
     *
     * @param capacity in bytes.
     * @param keepAlive list to which memory that only a raw address refers to is added, so that it outlives the
     *     buffer's use.
     * @return the new buffer.
     */
    abstract MutableDirectBuffer allocate(int capacity, List<ByteBuffer> keepAlive);
}
