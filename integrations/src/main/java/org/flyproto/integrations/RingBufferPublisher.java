package org.flyproto.integrations;

import org.agrona.BitUtil;
import org.agrona.BufferUtil;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.RingBuffer;

/**
 * Publishes flyproto messages to an Agrona {@link RingBuffer} ({@code OneToOneRingBuffer} or
 * {@code ManyToOneRingBuffer}), without allocating, in one of two ways:
 *
 * <ul>
 *   <li>{@link #claim(int, SizedMessageWriter)}: encodes <em>in place</em> into the ring through
 *       {@link RingBuffer#tryClaim(int, int)}. The record length is fixed at claim time and is the length the reader
 *       is given, so the writer must know the exact length before encoding.
 *   <li>{@link #write(int, MessageWriter)}: encodes into a reused scratch buffer, then {@link RingBuffer#write} copies
 *       it into the ring. One copy, no size needed up front.
 * </ul>
 *
 * <p>Policy: a full ring returns {@code false} (nothing was written; retry later with your idle strategy, or drop).
 * A claim is always either committed with a complete message or aborted: if the writer throws (e.g.
 * {@link org.flyproto.codec.ProtoEncodeException}) or writes a different length than it announced, the claim is
 * aborted (the reader skips it) and the exception propagates. A message longer than
 * {@link RingBuffer#maxMsgLength()} is an {@link IllegalArgumentException}.
 *
 * <p>Not thread-safe: one instance per producing thread (a {@code ManyToOneRingBuffer} takes several producers, each
 * with its own publisher).
 */
public final class RingBufferPublisher {
    private final RingBuffer ring;
    private final UnsafeBuffer scratch;

    /**
     * @param ring the ring buffer to publish to.
     */
    public RingBufferPublisher(final RingBuffer ring) {
        this.ring = ring;
        this.scratch =
                new UnsafeBuffer(BufferUtil.allocateDirectAligned(ring.maxMsgLength(), BitUtil.CACHE_LINE_LENGTH));
    }

    /**
     * Encodes a message in place into a record claimed with exactly {@code writer.encodedLength()} bytes and commits
     * it.
     *
     * @param msgTypeId the record's type id (positive).
     * @param writer    the message.
     * @return true if published, false if the ring is full.
     * @throws IllegalStateException if the writer wrote a different length than it announced (the claim is aborted).
     */
    public boolean claim(final int msgTypeId, final SizedMessageWriter writer) {
        final int length = writer.encodedLength();
        final int index = ring.tryClaim(msgTypeId, length);
        if (index <= 0) {
            return false;
        }
        final int written;
        try {
            written = writer.write(ring.buffer(), index, length);
        } catch (final RuntimeException ex) {
            ring.abort(index);
            throw ex;
        }
        if (written != length) {
            ring.abort(index);
            throw new IllegalStateException("writer announced " + length + " bytes but wrote " + written);
        }
        ring.commit(index);
        return true;
    }

    /**
     * Encodes a message into the scratch buffer, then copies it into the ring.
     *
     * @param msgTypeId the record's type id (positive).
     * @param writer    the message, of at most {@link RingBuffer#maxMsgLength()} bytes.
     * @return true if published, false if the ring is full.
     * @throws org.flyproto.codec.ProtoEncodeException if the message exceeds {@link RingBuffer#maxMsgLength()}
     *     (nothing is written to the ring).
     */
    public boolean write(final int msgTypeId, final MessageWriter writer) {
        final int length = writer.write(scratch, 0, scratch.capacity());
        return ring.write(msgTypeId, scratch, 0, length);
    }
}
