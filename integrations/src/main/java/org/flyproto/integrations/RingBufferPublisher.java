package org.flyproto.integrations;

import org.agrona.BitUtil;
import org.agrona.BufferUtil;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.RingBuffer;
import org.flyproto.codec.Encoding;
import org.flyproto.codec.FieldWriter;
import org.flyproto.codec.MessageEncoder;

/**
 * Publishes flyproto messages to an Agrona {@link RingBuffer} ({@code OneToOneRingBuffer} or
 * {@code ManyToOneRingBuffer}), without allocating, in one of two ways. Either way a message is an encoder, a
 * {@link FieldWriter} that writes its fields, and the source of the values:
 *
 * <ul>
 *   <li>{@link #claim}: encodes <em>in place</em> into the ring through {@link RingBuffer#tryClaim(int, int)}. The
 *       record length is fixed at claim time and is the length the reader is given: the message is measured first
 *       ({@link Encoding#encodedLength}: the same field writer over a sizing encoder), then encoded into exactly the
 *       claimed record.
 *   <li>{@link #write}: encodes into a reused scratch buffer, then {@link RingBuffer#write} copies it into the ring.
 *       One copy, no size needed up front.
 * </ul>
 *
 * <p>Policy: a full ring returns {@code false} (nothing was written; retry later with your idle strategy, or drop).
 * A claim is always either committed with a complete message or aborted: if the field writer throws, or writes other
 * fields than it measured ({@link org.flyproto.codec.ProtoEncodeException} when they need more than the record,
 * {@link IllegalStateException} when less), the claim is aborted (the reader skips it) and the exception propagates.
 * A message longer than {@link RingBuffer#maxMsgLength()} is an {@link IllegalArgumentException} (nothing is
 * claimed).
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
     * Measures a message, claims a record of exactly its length, encodes it there in place and commits it.
     *
     * @param msgTypeId the record's type id (positive).
     * @param encoder   the message's encoder.
     * @param fields    writes the message's fields.
     * @param source    the values, handed to {@code fields}.
     * @param <E>       the encoder's type.
     * @param <S>       the source's type.
     * @return true if published, false if the ring is full.
     * @throws IllegalArgumentException if the message is longer than {@link RingBuffer#maxMsgLength()}.
     * @throws IllegalStateException if the field writer wrote less than it measured (the claim is aborted).
     */
    public <E extends MessageEncoder, S> boolean claim(
            final int msgTypeId, final E encoder, final FieldWriter<? super E, ? super S> fields, final S source) {
        final int length = Encoding.encodedLength(encoder, fields, source);
        final int index = ring.tryClaim(msgTypeId, length);
        if (index <= 0) {
            return false;
        }
        try {
            Encoding.encodeExactly(encoder, ring.buffer(), index, length, fields, source);
        } catch (final RuntimeException ex) {
            ring.abort(index);
            throw ex;
        }
        ring.commit(index);
        return true;
    }

    /**
     * Encodes a message into the scratch buffer, then copies it into the ring.
     *
     * @param msgTypeId the record's type id (positive).
     * @param encoder   the message's encoder.
     * @param fields    writes the message's fields.
     * @param source    the values, handed to {@code fields}.
     * @param <E>       the encoder's type.
     * @param <S>       the source's type.
     * @return true if published, false if the ring is full.
     * @throws org.flyproto.codec.ProtoEncodeException if the message exceeds {@link RingBuffer#maxMsgLength()}
     *     (nothing is written to the ring).
     */
    public <E extends MessageEncoder, S> boolean write(
            final int msgTypeId, final E encoder, final FieldWriter<? super E, ? super S> fields, final S source) {
        encoder.wrap(scratch, 0, scratch.capacity());
        fields.writeFields(encoder, source);
        return ring.write(msgTypeId, scratch, 0, encoder.encodedLength());
    }
}
