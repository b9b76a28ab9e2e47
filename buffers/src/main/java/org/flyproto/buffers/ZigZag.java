package org.flyproto.buffers;

/**
 * ZigZag mapping of signed integers to unsigned ones for {@code sint32}/{@code sint64}, so that values of small
 * magnitude, negative or positive, get short varints: 0 → 0, -1 → 1, 1 → 2, -2 → 3, …
 */
public final class ZigZag {
    private ZigZag() {}

    /**
     * Encodes a {@code sint32} value.
     *
     * @param value signed value.
     * @return zigzag value, to be written with {@link Varint#putUnsigned32}.
     */
    public static int encode32(final int value) {
        return (value << 1) ^ (value >> 31);
    }

    /**
     * Decodes a {@code sint32} value.
     *
     * @param value zigzag value as read by {@link Varint#get32}.
     * @return signed value.
     */
    public static int decode32(final int value) {
        return (value >>> 1) ^ -(value & 1);
    }

    /**
     * Encodes a {@code sint64} value.
     *
     * @param value signed value.
     * @return zigzag value, to be written with {@link Varint#put64}.
     */
    public static long encode64(final long value) {
        return (value << 1) ^ (value >> 63);
    }

    /**
     * Decodes a {@code sint64} value.
     *
     * @param value zigzag value as read by {@link Varint#get64}.
     * @return signed value.
     */
    public static long decode64(final long value) {
        return (value >>> 1) ^ -(value & 1);
    }
}
