package org.flyproto.integrations;

import io.aeron.Publication;
import io.aeron.logbuffer.BufferClaim;
import org.agrona.BitUtil;
import org.agrona.BufferUtil;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Publishes flyproto messages to an Aeron {@link Publication} (a recorded one, say), taking every length from the
 * encoder itself, without allocating:
 *
 * <ul>
 *   <li>{@link #claim(MessageWriter)} encodes the message once into a reused scratch buffer to learn its length, claims
 *       exactly that many bytes with {@link Publication#tryClaim(int, BufferClaim)}, and encodes it again, in place,
 *       into the claimed frame: no size code to keep in step with the schema, and the subscriber (or the archive)
 *       reads the bytes where the encoder wrote them. The message must fit one frame
 *       ({@link Publication#maxPayloadLength()}).
 *   <li>{@link #offer(MessageWriter)} encodes into the scratch buffer and offers it, fragmenting above the MTU (up to
 *       {@link Publication#maxMessageLength()}).
 * </ul>
 *
 * <p>Back pressure and admin actions are idled through with the {@link IdleStrategy};
 * {@link Publication#NOT_CONNECTED} is returned; a closed publication or one at its maximum position raises
 * {@link IllegalStateException}. A claim whose in-place encode fails, or writes another length than the trial did,
 * is aborted (the subscriber sees padding) and the failure propagates.
 *
 * <p>Not thread-safe: one instance per publishing thread.
 */
public final class ExactClaimPublisher {
    private final Publication publication;
    private final IdleStrategy idleStrategy;
    private final BufferClaim claim = new BufferClaim();
    private final UnsafeBuffer scratch;

    /**
     * @param publication  the publication.
     * @param idleStrategy how to wait between retries.
     */
    public ExactClaimPublisher(final Publication publication, final IdleStrategy idleStrategy) {
        this.publication = publication;
        this.idleStrategy = idleStrategy;
        this.scratch = new UnsafeBuffer(
                BufferUtil.allocateDirectAligned(publication.maxMessageLength(), BitUtil.CACHE_LINE_LENGTH));
    }

    /**
     * Encodes the message in place into a frame claimed at the length a trial encode gave, and commits it.
     *
     * @param writer the message.
     * @return the new stream position, or {@link Publication#NOT_CONNECTED}.
     * @throws org.flyproto.codec.ProtoEncodeException if the message does not fit one frame (nothing is published):
     *     {@link #offer} it instead.
     */
    public long claim(final MessageWriter writer) {
        final int length = writer.write(scratch, 0, publication.maxPayloadLength());
        idleStrategy.reset();
        while (true) {
            final long result = publication.tryClaim(length, claim);
            if (result > 0) {
                final int written;
                try {
                    written = writer.write(claim.buffer(), claim.offset(), length);
                } catch (final RuntimeException ex) {
                    claim.abort();
                    throw ex;
                }
                if (written != length) {
                    claim.abort();
                    throw new IllegalStateException("wrote " + written + " bytes into a claim of " + length);
                }
                claim.commit();
                return result;
            }
            if (!retry(result)) {
                return result;
            }
        }
    }

    /**
     * Encodes the message into the scratch buffer and offers it.
     *
     * @param writer the message, of at most {@link Publication#maxMessageLength()} bytes.
     * @return the new stream position, or {@link Publication#NOT_CONNECTED}.
     */
    public long offer(final MessageWriter writer) {
        final int length = writer.write(scratch, 0, scratch.capacity());
        idleStrategy.reset();
        while (true) {
            final long result = publication.offer(scratch, 0, length);
            if (result > 0 || !retry(result)) {
                return result;
            }
        }
    }

    private boolean retry(final long result) {
        if (result == Publication.BACK_PRESSURED || result == Publication.ADMIN_ACTION) {
            idleStrategy.idle();
            return true;
        }
        if (result == Publication.NOT_CONNECTED) {
            return false;
        }
        throw new IllegalStateException(
                "publication failed (" + Publication.errorString(result) + "): " + publication.channel());
    }
}
