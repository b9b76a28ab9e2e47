package org.flyproto.integrations;

import java.nio.ByteBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.ManyToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;
import org.flyproto.bench.proto.flyproto.NewOrderDecoder;
import org.flyproto.bench.proto.flyproto.NewOrderEncoder;
import org.flyproto.integrations.proto.flyproto.BookSnapshotDecoder;
import org.flyproto.integrations.proto.flyproto.BookSnapshotEncoder;

/**
 * flyproto over Agrona ring buffers: orders encoded in place into claimed records ({@code tryClaim} / {@code commit})
 * and a book snapshot written through a scratch buffer, both decoded in the reader's {@code MessageHandler}; for a
 * {@link OneToOneRingBuffer} and a {@link ManyToOneRingBuffer}.
 */
public final class RingBufferExample {
    /** Record type of an order. */
    static final int ORDER_TYPE_ID = 1;
    /** Record type of a snapshot. */
    static final int SNAPSHOT_TYPE_ID = 2;

    private RingBufferExample() {}

    /**
     * Runs the example over both kinds of ring buffer and prints what was read.
     *
     * @param args ignored.
     */
    public static void main(final String[] args) {
        System.out.println("OneToOneRingBuffer:   "
                + claimAndRead(new OneToOneRingBuffer(newRingMemory(1 << 20)), 1_000) + " orders decoded and checked");
        System.out.println("ManyToOneRingBuffer:  "
                + claimAndRead(new ManyToOneRingBuffer(newRingMemory(1 << 20)), 1_000) + " orders decoded and checked");
    }

    /**
     * Memory for a ring buffer of {@code capacity} bytes (a power of two) plus its trailer.
     *
     * @param capacity the ring's capacity.
     * @return the memory, off-heap.
     */
    public static UnsafeBuffer newRingMemory(final int capacity) {
        return new UnsafeBuffer(ByteBuffer.allocateDirect(capacity + RingBufferDescriptor.TRAILER_LENGTH));
    }

    /**
     * Publishes {@code count} orders claimed in place and one snapshot through the scratch path, reading as it goes.
     *
     * @param ring  the ring buffer.
     * @param count how many orders.
     * @return the number of orders read and found equal to those sent.
     * @throws IllegalStateException if the snapshot read differs from the one sent.
     */
    public static int claimAndRead(final RingBuffer ring, final int count) {
        final RingBufferPublisher publisher = new RingBufferPublisher(ring);
        final OrderEntry order = SampleOrders.limitOrder();
        final NewOrderEncoder encoder = new NewOrderEncoder();
        final int[] matched = {0};
        final DecodingHandler<NewOrderDecoder> orders =
                new DecodingHandler<>(new NewOrderDecoder(), NewOrderDecoder::wrap, decoded -> {
                    if (order.matches(decoded)) {
                        matched[0]++;
                    }
                });
        for (int i = 1; i <= count; i++) {
            SampleOrders.next(order, i);
            if (!publisher.claim(ORDER_TYPE_ID, encoder, OrderEntry.FIELDS, order)) {
                throw new IllegalStateException("ring full"); // cannot happen here: one record in flight at a time
            }
            // Read until the order is handled: at the ring's end a read may consume only the padding record that
            // the claim left there before wrapping round.
            while (ring.read(orders) == 0) {
                Thread.onSpinWait();
            }
        }

        final BookSnapshotWriter snapshot = new BookSnapshotWriter(1024).set(3, 200, 1024);
        final boolean[] snapshotMatched = {false};
        final DecodingHandler<BookSnapshotDecoder> snapshots = new DecodingHandler<>(
                new BookSnapshotDecoder(),
                BookSnapshotDecoder::wrap,
                decoded -> snapshotMatched[0] = snapshot.matches(decoded));
        if (!publisher.write(SNAPSHOT_TYPE_ID, new BookSnapshotEncoder(), BookSnapshotWriter.FIELDS, snapshot)) {
            throw new IllegalStateException("ring full");
        }
        while (ring.read(snapshots) == 0) {
            Thread.onSpinWait();
        }
        if (!snapshotMatched[0]) {
            throw new IllegalStateException("snapshot not read back as sent");
        }
        return matched[0];
    }
}
