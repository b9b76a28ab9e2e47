package org.flyproto.buffers;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.concurrent.atomic.AtomicLong;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * A {@link MutableDirectBuffer} that is not one of Agrona's own classes: every call is passed on to an
 * {@link UnsafeBuffer}, so code under test can only reach the bytes through the interface (the path
 * {@link Memory#isRaw} sends foreign implementations down). Counts the single-byte and 8-byte reads made through it.
 */
final class InterfaceOnlyBuffer {
    private InterfaceOnlyBuffer() {}

    /** Reads of {@code getByte} and {@code getLong} made through a buffer made by {@link #counting}. */
    static final class Counter {
        private final AtomicLong reads = new AtomicLong();

        long reads() {
            return reads.get();
        }
    }

    static MutableDirectBuffer of(final MutableDirectBuffer delegate) {
        return counting(delegate, new Counter());
    }

    static MutableDirectBuffer counting(final MutableDirectBuffer delegate, final Counter counter) {
        return (MutableDirectBuffer) Proxy.newProxyInstance(
                InterfaceOnlyBuffer.class.getClassLoader(),
                new Class<?>[] {MutableDirectBuffer.class},
                (proxy, method, args) -> invoke(delegate, counter, method, args));
    }

    private static Object invoke(
            final MutableDirectBuffer delegate, final Counter counter, final Method method, final Object[] args)
            throws Throwable {
        final String name = method.getName();
        if (name.equals("getByte") || name.equals("getLong")) {
            counter.reads.incrementAndGet();
        }
        try {
            return method.invoke(delegate, args);
        } catch (final InvocationTargetException ex) {
            throw ex.getCause();
        }
    }
}
