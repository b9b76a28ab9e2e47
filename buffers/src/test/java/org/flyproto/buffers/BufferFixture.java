package org.flyproto.buffers;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/** Base of the contract suites: allocates buffers of one {@link BufferKind}, pre-filled with {@link #FILL}. */
abstract class BufferFixture {
    /**
     * Index at which tests write, so that code ignoring the index or the buffer's own offset fails.
     */
    static final int AT = 3;

    /**
     * Byte that fills new buffers: a continuation byte (high bit set), so that code reading past its limit sees
     * plausible but wrong data rather than zeros.
     */
    static final byte FILL = (byte) 0xA5;

    private static final HexFormat HEX = HexFormat.of();

    private final BufferKind kind;
    private final List<ByteBuffer> keepAlive = new ArrayList<>();

    BufferFixture(final BufferKind kind) {
        this.kind = kind;
    }

    /**
     * A new buffer of exactly {@code capacity} bytes, all {@link #FILL}.
     *
     * @param capacity in bytes.
     * @return the buffer.
     */
    final MutableDirectBuffer newBuffer(final int capacity) {
        final MutableDirectBuffer buffer = kind.allocate(capacity, keepAlive);
        buffer.setMemory(0, capacity, FILL);
        return buffer;
    }

    /**
     * A new buffer holding {@code bytes} at {@link #AT}, with {@code padding} {@link #FILL} bytes after them.
     *
     * @param bytes to put at {@link #AT}.
     * @param padding bytes after them.
     * @return the buffer, of capacity {@code AT + bytes.length + padding}.
     */
    final MutableDirectBuffer bufferWith(final byte[] bytes, final int padding) {
        final MutableDirectBuffer buffer = newBuffer(AT + bytes.length + padding);
        buffer.putBytes(AT, bytes);
        return buffer;
    }

    static byte[] hex(final String hex) {
        return HEX.parseHex(hex.replace(" ", ""));
    }

    static String hex(final byte[] bytes) {
        return HEX.formatHex(bytes);
    }

    static byte[] copy(final DirectBuffer buffer, final int index, final int length) {
        final byte[] bytes = new byte[length];
        buffer.getBytes(index, bytes);
        return bytes;
    }
}
