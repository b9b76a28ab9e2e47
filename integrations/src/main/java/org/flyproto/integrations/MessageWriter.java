package org.flyproto.integrations;

import org.agrona.MutableDirectBuffer;

/**
 * Encodes one message into a fixed region of a buffer: typically a reusable object that holds a generated encoder
 * and the values to write, so that publishing allocates nothing.
 */
@FunctionalInterface
public interface MessageWriter {
    /**
     * Encodes the message at {@code offset}, confined to {@code [offset, offset + length)}: the encoder is wrapped
     * with that region, so a message that does not fit raises {@link org.flyproto.codec.ProtoEncodeException} and
     * nothing is written outside the region.
     *
     * @param buffer where to write.
     * @param offset where the message starts.
     * @param length the size of the region available.
     * @return the bytes the message takes, from {@code offset}.
     */
    int write(MutableDirectBuffer buffer, int offset, int length);
}
