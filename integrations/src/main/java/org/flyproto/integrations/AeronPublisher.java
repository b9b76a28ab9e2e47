package org.flyproto.integrations;

import io.aeron.Publication;
import io.aeron.logbuffer.BufferClaim;
import org.agrona.BitUtil;
import org.agrona.BufferUtil;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.codec.Encoding;
import org.flyproto.codec.FieldWriter;
import org.flyproto.codec.MessageEncoder;

/**
 * Publishes flyproto messages to an Aeron {@link Publication} (concurrent or {@link io.aeron.ExclusivePublication
 * exclusive}), without allocating, in one of two ways. Either way a message is an encoder, a {@link FieldWriter} that
 * writes its fields, and the source of the values:
 *
 * <ul>
 *   <li>{@link #claim}: encodes <em>in place</em> into the term buffer through
 *       {@link Publication#tryClaim(int, BufferClaim)}. Aeron fixes the frame length at claim time and delivers
 *       exactly that many bytes: the message is measured first ({@link Encoding#encodedLength}: the same field writer
 *       over a sizing encoder), then encoded into exactly the claimed frame. It must fit one frame
 *       ({@link Publication#maxPayloadLength()}, the MTU less the header).
 *   <li>{@link #offer}: encodes into a reused scratch buffer, then
 *       {@link Publication#offer(org.agrona.DirectBuffer, int, int)} copies it into the term buffer, fragmenting it
 *       when it exceeds the MTU (up to {@link Publication#maxMessageLength()}). One copy, no size needed up front.
 * </ul>
 *
 * <p>Results other than a position are handled by one policy: {@link Publication#BACK_PRESSURED} and
 * {@link Publication#ADMIN_ACTION} are transient, so the call idles with the {@link IdleStrategy} and retries;
 * {@link Publication#NOT_CONNECTED} (no subscriber yet) is returned to the caller, who decides whether to wait or drop;
 * {@link Publication#CLOSED} and {@link Publication#MAX_POSITION_EXCEEDED} are permanent and raise
 * {@link IllegalStateException}. A claim is always either committed with a complete message or aborted: if the field
 * writer throws, or writes other fields than it measured (a {@link org.flyproto.codec.ProtoEncodeException} when they
 * need more than the claimed length, an {@link IllegalStateException} when less), the claim is aborted (the
 * subscriber sees nothing) and the exception propagates.
 *
 * <p>Not thread-safe: one instance per publishing thread.
 */
public final class AeronPublisher {
    private final Publication publication;
    private final IdleStrategy idleStrategy;
    private final BufferClaim claim = new BufferClaim();
    private final UnsafeBuffer scratch;

    /**
     * @param publication  the publication to publish to.
     * @param idleStrategy how to wait between retries on back pressure or an admin action.
     */
    public AeronPublisher(final Publication publication, final IdleStrategy idleStrategy) {
        this.publication = publication;
        this.idleStrategy = idleStrategy;
        // Aligned off-heap scratch as large as the largest message the publication accepts; allocated once.
        this.scratch = new UnsafeBuffer(
                BufferUtil.allocateDirectAligned(publication.maxMessageLength(), BitUtil.CACHE_LINE_LENGTH));
    }

    /**
     * Measures a message, claims a frame of exactly its length, encodes it there in place and commits it.
     *
     * @param encoder the message's encoder.
     * @param fields  writes the message's fields.
     * @param source  the values, handed to {@code fields}.
     * @param <E>     the encoder's type.
     * @param <S>     the source's type.
     * @return the new stream position, or {@link Publication#NOT_CONNECTED} if no subscriber is connected (nothing
     *     was published).
     * @throws IllegalArgumentException if the message is longer than {@link Publication#maxPayloadLength()}: offer it
     *     instead.
     * @throws IllegalStateException if the publication is closed or reached its maximum position, or the field writer
     *     wrote less than it measured (the claim is then aborted).
     */
    public <E extends MessageEncoder, S> long claim(
            final E encoder, final FieldWriter<? super E, ? super S> fields, final S source) {
        final int length = Encoding.encodedLength(encoder, fields, source);
        if (length > publication.maxPayloadLength()) {
            throw new IllegalArgumentException("message of " + length + " bytes exceeds the claimable "
                    + publication.maxPayloadLength() + " bytes: offer it instead");
        }
        idleStrategy.reset();
        while (true) {
            final long result = publication.tryClaim(length, claim);
            if (result > 0) {
                commit(encoder, fields, source, length);
                return result;
            }
            if (!retry(result)) {
                return result;
            }
        }
    }

    private <E extends MessageEncoder, S> void commit(
            final E encoder, final FieldWriter<? super E, ? super S> fields, final S source, final int length) {
        try {
            Encoding.encodeExactly(encoder, claim.buffer(), claim.offset(), length, fields, source);
        } catch (final RuntimeException ex) {
            claim.abort();
            throw ex;
        }
        claim.commit();
    }

    /**
     * Encodes a message into the scratch buffer, then offers it; Aeron fragments it if it exceeds the MTU.
     *
     * @param encoder the message's encoder.
     * @param fields  writes the message's fields.
     * @param source  the values, handed to {@code fields}.
     * @param <E>     the encoder's type.
     * @param <S>     the source's type.
     * @return the new stream position, or {@link Publication#NOT_CONNECTED} if no subscriber is connected.
     * @throws org.flyproto.codec.ProtoEncodeException if the message exceeds {@link Publication#maxMessageLength()}
     *     (nothing is published).
     * @throws IllegalStateException if the publication is closed or reached its maximum position.
     */
    public <E extends MessageEncoder, S> long offer(
            final E encoder, final FieldWriter<? super E, ? super S> fields, final S source) {
        encoder.wrap(scratch, 0, scratch.capacity());
        fields.writeFields(encoder, source);
        final int length = encoder.encodedLength();
        idleStrategy.reset();
        while (true) {
            final long result = publication.offer(scratch, 0, length);
            if (result > 0 || !retry(result)) {
                return result;
            }
        }
    }

    /** Applies the policy to a negative result: true to retry (after idling), false to return it. */
    private boolean retry(final long result) {
        if (result == Publication.BACK_PRESSURED || result == Publication.ADMIN_ACTION) {
            idleStrategy.idle();
            return true;
        }
        if (result == Publication.NOT_CONNECTED) {
            return false;
        }
        if (result == Publication.CLOSED) {
            throw new IllegalStateException("publication closed: " + publication.channel());
        }
        if (result == Publication.MAX_POSITION_EXCEEDED) {
            throw new IllegalStateException("publication reached its maximum position: " + publication.channel());
        }
        throw new IllegalStateException("unexpected publication result " + result);
    }
}
