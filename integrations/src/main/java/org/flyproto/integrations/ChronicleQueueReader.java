package org.flyproto.integrations;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.DocumentContext;
import org.agrona.concurrent.MessageHandler;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Reads documents written by {@link ChronicleQueueAppender} and decodes each in place, straight from the queue's
 * memory-mapped file: the document's bytes are wrapped by address and handed to a {@link MessageHandler} (e.g. a
 * {@link DecodingHandler}), valid only during its call.
 *
 * <p>Not thread-safe: one per reading thread, like the {@link ExcerptTailer} it uses.
 */
public final class ChronicleQueueReader {
    /** The type id passed to the handler: a queue document has none. */
    public static final int MESSAGE_TYPE_ID = 1;

    private final ExcerptTailer tailer;
    private final UnsafeBuffer view = new UnsafeBuffer(0, 0);

    /**
     * @param tailer the queue's tailer for this thread.
     */
    public ChronicleQueueReader(final ExcerptTailer tailer) {
        this.tailer = tailer;
    }

    /**
     * Reads the next document, if any, and hands its bytes to {@code handler}.
     *
     * @param handler receives the document's bytes.
     * @return true if a document was read, false if there is none yet.
     */
    public boolean read(final MessageHandler handler) {
        try (DocumentContext document = tailer.readingDocument()) {
            if (!document.isPresent()) {
                return false;
            }
            final Bytes<?> bytes = document.wire().bytes();
            final long position = bytes.readPosition();
            final int length = (int) bytes.readRemaining();
            view.wrap(bytes.addressForRead(position), length);
            handler.onMessage(MESSAGE_TYPE_ID, view, 0, length);
            return true;
        }
    }
}
