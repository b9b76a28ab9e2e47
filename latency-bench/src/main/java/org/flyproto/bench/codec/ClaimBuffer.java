package org.flyproto.bench.codec;

import io.aeron.protocol.DataHeaderFlyweight;
import java.nio.ByteBuffer;
import org.agrona.BitUtil;
import org.agrona.BufferUtil;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The memory a claim is in, standing for an Aeron term buffer: off-heap (a direct buffer, cache-line aligned), the
 * claim starting at {@link #OFFSET}, after the header of the frame, where {@code Publication.tryClaim} puts it (an
 * Agrona ring buffer's {@code tryClaim} is alike: a region of a direct buffer after a record header). flyproto writes
 * it through an Agrona {@link UnsafeBuffer}; the peers, which take no Agrona buffer, through a {@link ByteBuffer} over
 * the same memory. Not thread-safe.
 */
public final class ClaimBuffer {
    /** Where a claim starts: after the data header of the first frame of a term. */
    public static final int OFFSET = DataHeaderFlyweight.HEADER_LENGTH;

    private static final int ALIGNMENT = BitUtil.CACHE_LINE_LENGTH;

    private final ByteBuffer byteBuffer;
    private final UnsafeBuffer buffer;

    /**
     * @param capacity the largest claim.
     */
    public ClaimBuffer(final int capacity) {
        this.byteBuffer = BufferUtil.allocateDirectAligned(BitUtil.align(OFFSET + capacity, ALIGNMENT), ALIGNMENT);
        this.buffer = new UnsafeBuffer(byteBuffer);
    }

    /**
     * @return the whole memory as an Agrona buffer; a claim is at {@link #OFFSET}.
     */
    public UnsafeBuffer buffer() {
        return buffer;
    }

    /**
     * The claim of {@code length} bytes as a {@link ByteBuffer}: the one buffer over the memory, its position set to
     * {@link #OFFSET} and its limit to the claim's end. Allocates nothing.
     *
     * @param length the claim's length.
     * @return the buffer.
     */
    public ByteBuffer region(final int length) {
        byteBuffer.limit(OFFSET + length).position(OFFSET);
        return byteBuffer;
    }

    /**
     * @param length the claim's length.
     * @return a copy of the claim's bytes.
     */
    public byte[] bytes(final int length) {
        final byte[] bytes = new byte[length];
        buffer.getBytes(OFFSET, bytes);
        return bytes;
    }
}
