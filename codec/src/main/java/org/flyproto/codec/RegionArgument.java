package org.flyproto.codec;

/**
 * The one rule for the region a caller passes to {@code wrap(buffer, offset, length)}, of decoders and encoders alike:
 * the region is the caller's argument, not bytes read from the buffer, so a region that is not inside the buffer is an
 * {@link IllegalArgumentException} naming offset, length and capacity. A length read from the bytes that runs past the
 * region (a length prefix, a nested length) is bad input instead: {@link ProtoDecodeException}.
 */
final class RegionArgument {
    private RegionArgument() {}

    /**
     * Checks that {@code [offset, offset + length)} lies inside a buffer of {@code capacity} bytes.
     *
     * @param offset   the region's first index.
     * @param length   its length.
     * @param capacity the buffer's capacity.
     * @throws IllegalArgumentException if the offset or length is negative, or the region ends beyond the capacity
     *     (also when {@code offset + length} overflows an int).
     */
    static void check(final int offset, final int length, final int capacity) {
        if (offset < 0 || length < 0 || (long) offset + length > capacity) {
            throw outside(offset, length, capacity);
        }
    }

    /**
     * Checks that {@code offset} lies inside a buffer of {@code capacity} bytes, its end included: the region of an
     * encoder wrapped without a length runs from the offset to the capacity.
     *
     * @param offset   the region's first index.
     * @param capacity the buffer's capacity.
     * @throws IllegalArgumentException if the offset is negative or beyond the capacity.
     */
    static void checkOffset(final int offset, final int capacity) {
        if (offset < 0 || offset > capacity) {
            throw outside(offset, capacity);
        }
    }

    /*
     * The messages are built out of line, not in the checks every wrap inlines: with them inline, the JVM allocated
     * 200 bytes once on the caller's thread while the JIT compiled a wrap that throws nothing (the messages' String
     * constants); with them here, nothing.
     */

    private static IllegalArgumentException outside(final int offset, final int length, final int capacity) {
        return new IllegalArgumentException("region of offset " + offset + " and length " + length
                + " is not inside the buffer of capacity " + capacity);
    }

    private static IllegalArgumentException outside(final int offset, final int capacity) {
        return new IllegalArgumentException("offset " + offset + " is not inside the buffer of capacity " + capacity);
    }
}
