package org.flyproto.tools;

import java.io.IOException;
import org.agrona.DirectBuffer;

/** Where the messages of {@code decode} and {@code dump} come from: one message, a length-delimited stream, a queue. */
interface MessageSource extends AutoCloseable {
    /** Receives each message's bytes, valid only during the call. */
    @FunctionalInterface
    interface Handler {
        /**
         * @param buffer  holds the message.
         * @param offset  index of its first byte.
         * @param length  its length in bytes.
         * @param ordinal its 0-based ordinal in the source.
         * @param base    the position in the input of {@code buffer[offset]}, for error reports.
         */
        void onMessage(DirectBuffer buffer, int offset, int length, long ordinal, long base) throws IOException;
    }

    /**
     * Reads the next message, if any, and hands it to {@code handler}.
     *
     * @return false at the end of the source.
     * @throws BadDataException if the framing is broken (a length prefix malformed or past the end).
     */
    boolean next(Handler handler) throws IOException;

    @Override
    default void close() {}
}
