package org.flyproto.bench.codec;

import org.agrona.DirectBuffer;

/**
 * One library's work on a request/reply path of {@code NewOrder} messages over a transport that hands out received
 * messages as an Agrona {@link DirectBuffer} region (an Aeron fragment): the pinger encodes a request, the ponger
 * decodes it, reads every field and writes a reply from the values it read, and the pinger decodes the reply, reading
 * every field. The reply is the same order: a new message written field by field from the decoded request, so its
 * bytes equal the request's.
 *
 * <p>An instance holds reusable scratch state and is used by one thread: the pinger and the ponger each have their
 * own. Encodes write into a scratch buffer from offset 0; none of the generated encoders can tell a message's size
 * before it is written, so a transport copies it from there (Aeron's {@code offer}) rather than encoding into a slot
 * claimed at the right size ({@code tryClaim}).
 */
public interface OrderPingPong {
    /**
     * Encodes the fixture's order, with another order id, into {@link #requestBuffer()} from offset 0.
     *
     * @param orderId the order id of this request.
     * @return the encoded length.
     */
    int encodeRequest(long orderId);

    /**
     * @return the buffer {@link #encodeRequest(long)} writes to; the same buffer every time.
     */
    DirectBuffer requestBuffer();

    /**
     * Decodes a request, hands every field to {@code sink}, then encodes the reply into
     * {@link #replyBuffer()} from offset 0 from the values read.
     *
     * @param buffer the received bytes.
     * @param offset where the request starts.
     * @param length its length.
     * @param sink receives every value the request holds, in field-number order.
     * @return the reply's encoded length.
     * @throws RuntimeException if the bytes are not a valid {@code NewOrder} (the library's own unchecked exception,
     *     or an {@link IllegalStateException} around its checked one).
     */
    int echo(DirectBuffer buffer, int offset, int length, Sink sink);

    /**
     * @return the buffer {@link #echo} writes the reply to; the same buffer every time.
     */
    DirectBuffer replyBuffer();

    /**
     * Decodes a reply and hands every field to {@code sink}.
     *
     * @param buffer the received bytes.
     * @param offset where the reply starts.
     * @param length its length.
     * @param sink receives every value the reply holds, in field-number order.
     * @return the reply's order id.
     * @throws RuntimeException if the bytes are not a valid {@code NewOrder}, as for {@link #echo}.
     */
    long decodeReply(DirectBuffer buffer, int offset, int length, Sink sink);
}
