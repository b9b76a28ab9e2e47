package org.flyproto.integrations;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.wire.DocumentContext;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Appends flyproto messages to a Chronicle Queue, each encoded in place as the raw bytes of one document: the
 * encoder writes straight into the queue's memory-mapped file at the document's write position, then the document's
 * length is set to the encoded length when it closes. Unlike a claim, no size is needed up front.
 *
 * <p>The encoder's region is {@code [writePosition, writePosition + maxMessageLength)}, which Chronicle keeps
 * contiguous in its mapping (a document never exceeds the mapped chunk's overlap, the queue's maximum document size):
 * a longer message raises {@link org.flyproto.codec.ProtoEncodeException}, and the document is rolled back (nothing
 * is appended). Read documents back with {@link ChronicleQueueReader}.
 *
 * <p>Not thread-safe: one per appending thread, like the {@link ExcerptAppender} it uses.
 */
public final class ChronicleQueueAppender {
    private final ExcerptAppender appender;
    private final int maxMessageLength;
    private final UnsafeBuffer view = new UnsafeBuffer(0, 0);

    /**
     * @param appender         the queue's appender for this thread.
     * @param maxMessageLength the largest message to append, at most the queue's maximum document size.
     */
    public ChronicleQueueAppender(final ExcerptAppender appender, final int maxMessageLength) {
        this.appender = appender;
        this.maxMessageLength = maxMessageLength;
    }

    /**
     * Encodes one message in place as a new document.
     *
     * @param writer the message.
     * @return the encoded length.
     * @throws org.flyproto.codec.ProtoEncodeException if the message exceeds {@code maxMessageLength} (nothing is
     *     appended).
     * @throws IllegalStateException if the queue's maximum document size is below {@code maxMessageLength}.
     */
    public int append(final MessageWriter writer) {
        try (DocumentContext document = appender.writingDocument()) {
            final Bytes<?> bytes = document.wire().bytes();
            final long position = bytes.writePosition();
            if (bytes.writeLimit() - position < maxMessageLength) {
                document.rollbackOnClose();
                throw new IllegalStateException("document room " + (bytes.writeLimit() - position)
                        + " is below the maximum message length " + maxMessageLength);
            }
            view.wrap(bytes.addressForWrite(position), maxMessageLength);
            final int length;
            try {
                length = writer.write(view, 0, maxMessageLength);
            } catch (final RuntimeException ex) {
                document.rollbackOnClose();
                throw ex;
            }
            bytes.writeSkip(length);
            return length;
        }
    }

    /**
     * @return the index of the last document appended by this appender.
     */
    public long lastIndexAppended() {
        return appender.lastIndexAppended();
    }
}
