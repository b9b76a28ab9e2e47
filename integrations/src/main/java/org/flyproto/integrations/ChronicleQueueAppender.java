package org.flyproto.integrations;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.wire.DocumentContext;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.codec.Encoding;
import org.flyproto.codec.FieldWriter;
import org.flyproto.codec.MessageEncoder;

/**
 * Appends flyproto messages to a Chronicle Queue, each encoded in place as the raw bytes of one document: the
 * message is measured first ({@link Encoding#encodedLength}: its field writer over a sizing encoder), so that one
 * longer than {@code maxMessageLength} is refused before a document is opened; then the encoder writes straight into
 * the queue's memory-mapped file at the document's write position, confined to exactly the measured length, which
 * Chronicle keeps contiguous in its mapping (a document never exceeds the mapped chunk's overlap, the queue's maximum
 * document size). If the field writer throws, or writes other fields than it measured, the document is rolled back
 * (nothing is appended). Read documents back with {@link ChronicleQueueReader}.
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
     * Measures one message and encodes it in place as a new document of exactly that length.
     *
     * @param encoder the message's encoder.
     * @param fields  writes the message's fields.
     * @param source  the values, handed to {@code fields}.
     * @param <E>     the encoder's type.
     * @param <S>     the source's type.
     * @return the encoded length.
     * @throws IllegalArgumentException if the message exceeds {@code maxMessageLength} (no document is opened).
     * @throws IllegalStateException if the queue's maximum document size is below the message's length, or the field
     *     writer wrote less than it measured (nothing is appended).
     */
    public <E extends MessageEncoder, S> int append(
            final E encoder, final FieldWriter<? super E, ? super S> fields, final S source) {
        final int length = Encoding.encodedLength(encoder, fields, source);
        if (length > maxMessageLength) {
            throw new IllegalArgumentException(encoder.messageFullName() + " of " + length
                    + " bytes exceeds the maximum message length " + maxMessageLength);
        }
        try (DocumentContext document = appender.writingDocument()) {
            final Bytes<?> bytes = document.wire().bytes();
            final long position = bytes.writePosition();
            if (bytes.writeLimit() - position < length) {
                document.rollbackOnClose();
                throw new IllegalStateException(
                        "document room " + (bytes.writeLimit() - position) + " is below the message's " + length);
            }
            view.wrap(bytes.addressForWrite(position), length);
            try {
                Encoding.encodeExactly(encoder, view, 0, length, fields, source);
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
