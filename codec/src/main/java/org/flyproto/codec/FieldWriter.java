package org.flyproto.codec;

/**
 * Writes the fields of one message from an application's own object into an encoder that the caller has wrapped:
 * the one place that says what a message holds, called once to measure it ({@link MessageEncoder#wrapForSize()}) and
 * once to write it, so that the size claimed and the bytes written cannot disagree ({@link Encoding}).
 *
 * <p>Implementations must write the same calls for the same source every time (no clock reads, no counters advanced
 * inside), must not wrap the encoder themselves, and must end every nested message they begin. A non-capturing
 * lambda ({@code (order, o) -> order.orderId(o.id).symbol(o.symbol)}) is one shared instance: passing it allocates
 * nothing.
 *
 * @param <E> the message's encoder.
 * @param <S> where the values come from.
 */
@FunctionalInterface
public interface FieldWriter<E extends MessageEncoder, S> {
    /**
     * Writes the fields of {@code source}.
     *
     * @param encoder a wrapped root encoder (sizing or writing), with nothing written yet.
     * @param source  the values.
     */
    void writeFields(E encoder, S source);
}
