package org.flyproto.integrations;

import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.Header;
import java.util.function.Consumer;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.MessageHandler;

/**
 * Decodes each delivered message in place and hands the wrapped decoder to a listener: an Aeron
 * {@link FragmentHandler} (put a {@link io.aeron.FragmentAssembler} in front of it for messages larger than the MTU)
 * and an Agrona ring-buffer {@link MessageHandler} in one.
 *
 * <p>The decoder is one reused flyweight wrapped over the delivered memory ({@code decoder.wrap(buffer, offset,
 * length)}, validating), valid only during the listener's call: the transport reuses that memory afterwards. A message
 * that fails validation raises {@link org.flyproto.codec.ProtoDecodeException} out of the poll or read, before the
 * listener sees it. Nothing is allocated per message.
 *
 * <pre>{@code
 * DecodingHandler<NewOrderDecoder> handler =
 *         new DecodingHandler<>(new NewOrderDecoder(), NewOrderDecoder::wrap, order -> process(order));
 * subscription.poll(handler, 10);
 * }</pre>
 *
 * @param <D> the generated decoder type.
 */
public final class DecodingHandler<D> implements FragmentHandler, MessageHandler {
    /**
     * How a decoder is wrapped over a region: {@code NewOrderDecoder::wrap} (validating) or
     * {@code NewOrderDecoder::wrapTrusted} (for bytes from a producer you trust).
     *
     * @param <D> the generated decoder type.
     */
    @FunctionalInterface
    public interface Wrap<D> {
        /**
         * @param decoder the decoder to wrap.
         * @param buffer  the delivered memory.
         * @param offset  where the message starts.
         * @param length  the message's length.
         * @return the wrapped decoder.
         */
        D wrap(D decoder, DirectBuffer buffer, int offset, int length);
    }

    private final D decoder;
    private final Wrap<D> wrap;
    private final Consumer<? super D> listener;

    /**
     * @param decoder  the reused decoder.
     * @param wrap     how to wrap it.
     * @param listener called with the wrapped decoder for each message.
     */
    public DecodingHandler(final D decoder, final Wrap<D> wrap, final Consumer<? super D> listener) {
        this.decoder = decoder;
        this.wrap = wrap;
        this.listener = listener;
    }

    /**
     * Decodes an Aeron fragment (or a whole message reassembled by a {@link io.aeron.FragmentAssembler}).
     *
     * @param buffer the term buffer (or the assembler's buffer).
     * @param offset where the message starts.
     * @param length its length.
     * @param header the frame header, unused.
     */
    @Override
    public void onFragment(final DirectBuffer buffer, final int offset, final int length, final Header header) {
        listener.accept(wrap.wrap(decoder, buffer, offset, length));
    }

    /**
     * Decodes a ring-buffer message, whatever its type id.
     *
     * @param msgTypeId the record's type id, unused.
     * @param buffer    the ring's buffer.
     * @param index     where the message starts.
     * @param length    its length.
     */
    @Override
    public void onMessage(final int msgTypeId, final MutableDirectBuffer buffer, final int index, final int length) {
        listener.accept(wrap.wrap(decoder, buffer, index, length));
    }
}
