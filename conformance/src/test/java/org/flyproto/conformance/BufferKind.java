package org.flyproto.conformance;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
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
    },
    /**
     * A {@code MutableDirectBuffer} that is not one of Agrona's: a proxy forwarding every call to an
     * {@code UnsafeBuffer}. flyproto reads and writes such a buffer only through its interface methods.
     */
    FOREIGN {
        @Override
        MutableDirectBuffer allocate(final int capacity) {
            final MutableDirectBuffer target = new UnsafeBuffer(new byte[capacity]);
            final InvocationHandler forward = (proxy, method, args) -> {
                try {
                    return method.invoke(target, args);
                } catch (final InvocationTargetException e) {
                    throw e.getCause();
                }
            };
            return (MutableDirectBuffer) Proxy.newProxyInstance(
                    BufferKind.class.getClassLoader(), new Class<?>[] {MutableDirectBuffer.class}, forward);
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
