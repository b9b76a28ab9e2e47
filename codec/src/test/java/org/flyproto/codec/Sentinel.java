package org.flyproto.codec;

import static org.assertj.core.api.Assertions.assertThat;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/** Buffers filled with a sentinel byte, to see that an encoder wrote nothing outside its region. */
final class Sentinel {
    /** The byte every buffer is filled with before a write. */
    static final byte SENTINEL = 0x5A;

    private Sentinel() {}

    /** Fills all of {@code buffer} with {@link #SENTINEL}; returns it. */
    static MutableDirectBuffer filled(final MutableDirectBuffer buffer) {
        buffer.setMemory(0, buffer.capacity(), SENTINEL);
        return buffer;
    }

    /** A copy of {@code [offset, offset + length)}. */
    static byte[] bytes(final DirectBuffer buffer, final int offset, final int length) {
        final byte[] bytes = new byte[length];
        buffer.getBytes(offset, bytes);
        return bytes;
    }

    /** Asserts that every byte outside {@code [offset, offset + length)} still holds {@link #SENTINEL}. */
    static void assertUntouchedOutside(final DirectBuffer buffer, final int offset, final int length) {
        int changed = -1;
        for (int i = 0; i < buffer.capacity() && changed < 0; i++) {
            if ((i < offset || i >= offset + length) && buffer.getByte(i) != SENTINEL) {
                changed = i;
            }
        }
        assertThat(changed)
                .as("first index written outside [%d, %d)", offset, offset + length)
                .isEqualTo(-1);
    }
}
