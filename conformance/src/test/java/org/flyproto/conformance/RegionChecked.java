package org.flyproto.conformance;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import org.agrona.DirectBuffer;

/**
 * A {@link DirectBuffer} that is not one of Agrona's (code that reads Agrona's buffers as plain memory reads it through
 * its interface) and throws {@link AssertionError} on any read through its getters outside {@code [offset, offset +
 * length)}: the test of a reader's own range checks. Its memory is the wrapped buffer's ({@code byteArray()},
 * {@code addressOffset()}), as Agrona's bulk copies from another buffer expect.
 */
final class RegionChecked {
    private RegionChecked() {}

    /**
     * @param buffer the buffer holding the bytes.
     * @param offset index of the first byte that may be read.
     * @param length how many bytes may be read.
     * @return a view of {@code buffer} that checks every read.
     */
    static DirectBuffer of(final DirectBuffer buffer, final int offset, final int length) {
        return (DirectBuffer) Proxy.newProxyInstance(
                DirectBuffer.class.getClassLoader(), new Class<?>[] {DirectBuffer.class}, (proxy, method, args) -> {
                    final String name = method.getName();
                    if (name.startsWith("get") || name.startsWith("parse") || name.equals("boundsCheck")) {
                        if (args != null && args.length > 0 && args[0] instanceof Integer index) {
                            final int size = args.length > 2
                                            && args[args.length - 1] instanceof Integer n
                                            && name.equals("getBytes")
                                    ? n
                                    : 1;
                            if (index < offset || index + size > offset + length) {
                                throw new AssertionError(name + " at " + index + " (" + size + " bytes) outside ["
                                        + offset + ", " + (offset + length) + ")");
                            }
                        }
                    }
                    try {
                        return method.invoke(buffer, args);
                    } catch (final InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
