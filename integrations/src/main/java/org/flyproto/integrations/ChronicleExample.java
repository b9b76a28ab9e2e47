package org.flyproto.integrations;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import net.openhft.chronicle.bytes.BytesStore;
import net.openhft.chronicle.bytes.MappedBytes;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import org.agrona.IoUtil;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.bench.proto.flyproto.NewOrderDecoder;
import org.flyproto.bench.proto.flyproto.NewOrderEncoder;
import org.flyproto.bench.proto.flyproto.Side;

/**
 * flyproto over Chronicle: an order encoded in place into a region of a native {@link BytesStore} and decoded from it;
 * a length-delimited stream of orders written into a memory-mapped file and read back through a fresh mapping; and
 * orders appended to a Chronicle Queue as the raw bytes of its documents and read back by a tailer. No copy anywhere:
 * the flyweights work on Chronicle's memory through {@link UnsafeBuffer} views.
 */
public final class ChronicleExample {
    /** Bytes at the start of the mapped file holding how many bytes of stream follow. */
    static final int STREAM_HEADER_LENGTH = 8;

    private ChronicleExample() {}

    /**
     * Runs the three parts and prints what was read; or, given a directory, only appends 1,000 orders to a Chronicle
     * Queue there and keeps it (for {@code flyproto dump}, see docs/dynamic.md).
     *
     * @param args nothing, or the directory of the queue to keep.
     * @throws IOException if a temporary file cannot be created.
     */
    public static void main(final String[] args) throws IOException {
        if (args.length == 1) {
            final Path dir = Path.of(args[0]);
            System.out.println(
                    "Chronicle Queue at " + dir + ": " + queue(dir, 1_000) + " orders appended and read back");
            return;
        }
        System.out.println("Chronicle native store:  order of " + nativeStore() + " bytes decoded and checked");
        final Path dir = Files.createTempDirectory("flyproto-chronicle-");
        try {
            System.out.println("Chronicle mapped file:   " + mappedFile(dir.resolve("orders.bin"), 1_000)
                    + " orders read back from a fresh mapping");
            System.out.println("Chronicle Queue:         " + queue(dir.resolve("queue"), 1_000)
                    + " orders appended in place and read back by a tailer");
        } finally {
            IoUtil.delete(dir.toFile(), true);
        }
    }

    /**
     * Encodes an order into {@code [128, 128 + 512)} of a native store and decodes it from there.
     *
     * @return the encoded length.
     * @throws IllegalStateException if the order read differs from the one written.
     */
    public static int nativeStore() {
        final BytesStore<?, Void> store = BytesStore.nativeStoreWithFixedCapacity(4096);
        try {
            final OrderEntry order = SampleOrders.limitOrder();
            final UnsafeBuffer view = new UnsafeBuffer(0, 0);

            ChronicleBuffers.wrapForWrite(view, store, 128, 512);
            final int length = order.writeFields(new NewOrderEncoder().wrap(view, 0, view.capacity()))
                    .encodedLength();

            ChronicleBuffers.wrapForRead(view, store, 128, length);
            final NewOrderDecoder decoded = new NewOrderDecoder().wrap(view, 0, length);
            if (!order.matches(decoded)) {
                throw new IllegalStateException("order read differs from the one written");
            }
            return length;
        } finally {
            store.releaseLast();
        }
    }

    /**
     * Writes {@code count} orders as a length-delimited stream into a memory-mapped file (its first 8 bytes say how
     * long the stream is), closes it, then maps it again and reads every order back.
     *
     * @param file  the file to create.
     * @param count how many orders.
     * @return the number of orders read back with the values written.
     */
    public static int mappedFile(final Path file, final int count) {
        final int capacity = 256 * 1024;
        final UnsafeBuffer view = new UnsafeBuffer(0, 0);

        final MappedBytes out = map(file, capacity);
        try {
            ChronicleBuffers.wrapForWrite(view, out, 0, capacity);
            final NewOrderEncoder encoder = new NewOrderEncoder();
            int position = STREAM_HEADER_LENGTH;
            for (int i = 0; i < count; i++) {
                position += encoder.wrapDelimited(view, position)
                        .orderId(i)
                        .symbol("MSFT")
                        .side(i % 2 == 0 ? Side.BUY : Side.SELL)
                        .price(4_200_000 + i)
                        .quantity(10 + i)
                        .endDelimited();
            }
            view.putLongVolatile(0, position - STREAM_HEADER_LENGTH);
        } finally {
            out.releaseLast();
        }

        final MappedBytes in = map(file, capacity);
        try {
            ChronicleBuffers.wrapForRead(view, in, 0, capacity);
            final int end = STREAM_HEADER_LENGTH + (int) view.getLongVolatile(0);
            final NewOrderDecoder decoded = new NewOrderDecoder();
            int matched = 0;
            for (int position = STREAM_HEADER_LENGTH, i = 0; position < end; i++) {
                decoded.wrapDelimited(view, position, end - position);
                if (decoded.orderId() == i
                        && decoded.symbol().contentEquals("MSFT")
                        && decoded.side() == (i % 2 == 0 ? Side.BUY : Side.SELL)
                        && decoded.price() == 4_200_000 + i
                        && decoded.quantity() == 10 + i) {
                    matched++;
                }
                position = decoded.encodedOffset() + decoded.encodedLength();
            }
            return matched;
        } finally {
            in.releaseLast();
        }
    }

    private static MappedBytes map(final Path file, final int capacity) {
        try {
            return MappedBytes.singleMappedBytes(file.toFile(), capacity);
        } catch (final FileNotFoundException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    /**
     * Appends {@code count} orders to a Chronicle Queue, each encoded in place as one document, then reads them back
     * with a tailer.
     *
     * @param dir   the queue's directory.
     * @param count how many orders.
     * @return the number of orders read back with the values written.
     */
    public static int queue(final Path dir, final int count) {
        try (ChronicleQueue queue =
                SingleChronicleQueueBuilder.single(dir.toFile()).build()) {
            final OrderEntry order = SampleOrders.limitOrder();
            final NewOrderEncoder encoder = new NewOrderEncoder();
            final ChronicleQueueAppender appender = new ChronicleQueueAppender(queue.createAppender(), 1024);
            for (int i = 1; i <= count; i++) {
                appender.append(encoder, OrderEntry.FIELDS, SampleOrders.next(order, i));
            }

            final OrderEntry expected = SampleOrders.limitOrder();
            final int[] matched = {0};
            final long[] next = {1};
            final DecodingHandler<NewOrderDecoder> handler =
                    new DecodingHandler<>(new NewOrderDecoder(), NewOrderDecoder::wrap, decoded -> {
                        if (SampleOrders.next(expected, next[0]++).matches(decoded)) {
                            matched[0]++;
                        }
                    });
            final ChronicleQueueReader reader = new ChronicleQueueReader(queue.createTailer());
            while (reader.read(handler)) {
                // every document is handled inside read
            }
            return matched[0];
        }
    }
}
