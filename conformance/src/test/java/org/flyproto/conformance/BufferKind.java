package org.flyproto.conformance;

import java.nio.ByteBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.ExpandableDirectByteBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/** The buffer kinds every encode/decode test runs over. */
enum BufferKind {
    HEAP {
        @Override
        MutableDirectBuffer allocate(final int capacity) {
            return new UnsafeBuffer(new byte[capacity]);
        }
    },
    DIRECT {
        @Override
        MutableDirectBuffer allocate(final int capacity) {
            return new UnsafeBuffer(ByteBuffer.allocateDirect(capacity));
        }
    },
    EXPANDABLE_ARRAY {
        @Override
        MutableDirectBuffer allocate(final int capacity) {
            // Starts small so that encoding has to grow it.
            return new ExpandableArrayBuffer(16);
        }
    },
    EXPANDABLE_DIRECT {
        @Override
        MutableDirectBuffer allocate(final int capacity) {
            return new ExpandableDirectByteBuffer(16);
        }
    };

    abstract MutableDirectBuffer allocate(int capacity);

    /** Copies {@code bytes} into a new buffer of this kind at {@code offset}, with guard bytes around them. */
    MutableDirectBuffer holding(final byte[] bytes, final int offset) {
        final MutableDirectBuffer buffer = allocate(offset + bytes.length + 16);
        for (int i = 0; i < offset; i++) {
            buffer.putByte(i, (byte) 0xEE);
        }
        buffer.putBytes(offset, bytes);
        for (int i = offset + bytes.length; i < buffer.capacity(); i++) {
            buffer.putByte(i, (byte) 0xEE);
        }
        return buffer;
    }
}
