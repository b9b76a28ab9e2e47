package org.flyproto.tools;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The documents of a Chronicle Queue, read with a tailer from the start, each document's bytes one message (as
 * flyproto-integrations' {@code ChronicleQueueAppender} writes them); decoded in place in the mapped file. Error
 * offsets are within the document.
 */
final class QueueSource implements MessageSource {
    /** The ending of a queue's cycle files. */
    private static final String QUEUE_FILE_SUFFIX = ".cq4";

    private final ChronicleQueue queue;
    private final ExcerptTailer tailer;
    private final UnsafeBuffer view = new UnsafeBuffer(0, 0);
    private long ordinal;

    /**
     * @param dir the queue's directory.
     * @throws UsageException if it is not a directory holding a queue.
     */
    QueueSource(final Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new UsageException("cannot read queue " + dir + ": not a directory", Options.Command.DUMP);
        }
        try (var files = Files.list(dir)) {
            if (files.noneMatch(f -> f.getFileName().toString().endsWith(QUEUE_FILE_SUFFIX))) {
                throw new UsageException(
                        "cannot read queue " + dir + ": no " + QUEUE_FILE_SUFFIX + " files", Options.Command.DUMP);
            }
        } catch (final IOException e) {
            throw new UsageException("cannot read queue " + dir + ": " + e.getMessage(), Options.Command.DUMP);
        }
        queue = SingleChronicleQueueBuilder.single(dir.toFile()).readOnly(true).build();
        tailer = queue.createTailer().toStart();
    }

    @Override
    public boolean next(final Handler handler) throws IOException {
        try (DocumentContext document = tailer.readingDocument()) {
            if (!document.isPresent()) {
                return false;
            }
            final Bytes<?> bytes = document.wire().bytes();
            final int length = (int) bytes.readRemaining();
            view.wrap(bytes.addressForRead(bytes.readPosition()), length);
            handler.onMessage(view, 0, length, ordinal++, 0);
            return true;
        }
    }

    @Override
    public void close() {
        queue.close();
    }
}
