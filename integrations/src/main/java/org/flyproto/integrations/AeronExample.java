package org.flyproto.integrations;

import io.aeron.Aeron;
import io.aeron.FragmentAssembler;
import io.aeron.Publication;
import io.aeron.Subscription;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.flyproto.bench.proto.flyproto.NewOrderDecoder;
import org.flyproto.bench.proto.flyproto.NewOrderEncoder;
import org.flyproto.integrations.proto.flyproto.BookSnapshotDecoder;
import org.flyproto.integrations.proto.flyproto.BookSnapshotEncoder;

/**
 * flyproto over Aeron, with an embedded media driver: orders encoded in place into claimed frames and decoded in a
 * {@code FragmentHandler}, over IPC and over UDP on loopback; and a book snapshot far larger than the MTU, offered
 * (Aeron fragments it) and decoded after a {@link FragmentAssembler} has put it back together.
 */
public final class AeronExample {
    /** Stream id of the orders. */
    static final int ORDER_STREAM_ID = 1001;
    /** Stream id of the snapshots. */
    static final int SNAPSHOT_STREAM_ID = 1002;

    private AeronExample() {}

    /**
     * Runs the three parts and prints what was received.
     *
     * @param args ignored.
     */
    public static void main(final String[] args) {
        try (EmbeddedAeron embedded = new EmbeddedAeron()) {
            System.out.println("Aeron IPC, claimed in place:  " + claimAndPoll(embedded.aeron(), "aeron:ipc", 10)
                    + " orders decoded and checked");
            System.out.println("Aeron IPC, fragmented:        snapshot of "
                    + offerFragmented(embedded.aeron(), "aeron:ipc", 4_000) + " bytes reassembled and checked");
            final String udp = "aeron:udp?endpoint=localhost:" + FreePort.udp();
            System.out.println("Aeron UDP, claimed in place:  " + claimAndPoll(embedded.aeron(), udp, 10)
                    + " orders decoded and checked (" + udp + ")");
        }
    }

    /**
     * Publishes {@code count} orders, each encoded in place into a claimed frame, and polls them back.
     *
     * @param aeron   a connected client.
     * @param channel the channel, e.g. {@code aeron:ipc}.
     * @param count   how many orders.
     * @return the number of orders received and found equal to those sent.
     */
    public static int claimAndPoll(final Aeron aeron, final String channel, final int count) {
        try (Subscription subscription = aeron.addSubscription(channel, ORDER_STREAM_ID);
                Publication publication = aeron.addExclusivePublication(channel, ORDER_STREAM_ID)) {
            EmbeddedAeron.awaitConnected(publication, 10_000);

            final OrderEntry order = SampleOrders.limitOrder();
            final NewOrderEncoder encoder = new NewOrderEncoder();
            final AeronPublisher publisher = new AeronPublisher(publication, new BackoffIdleStrategy());
            final int[] matched = {0};
            final DecodingHandler<NewOrderDecoder> handler =
                    new DecodingHandler<>(new NewOrderDecoder(), NewOrderDecoder::wrap, decoded -> {
                        if (order.matches(decoded)) {
                            matched[0]++;
                        }
                    });

            final IdleStrategy idle = new BackoffIdleStrategy();
            for (int i = 1; i <= count; i++) {
                SampleOrders.next(order, i);
                if (publisher.claim(encoder, OrderEntry.FIELDS, order) < 0) {
                    throw new IllegalStateException("subscriber went away");
                }
                // One order in flight at a time, so the handler compares with the entry just sent.
                while (subscription.poll(handler, 10) == 0) {
                    idle.idle();
                }
            }
            return matched[0];
        }
    }

    /**
     * Offers one book snapshot of {@code levels} levels a side, larger than the MTU, and polls it back through a
     * {@link FragmentAssembler}.
     *
     * @param aeron   a connected client.
     * @param channel the channel, e.g. {@code aeron:ipc}.
     * @param levels  levels per side.
     * @return the snapshot's encoded length.
     * @throws IllegalStateException if the snapshot received differs from the one sent.
     */
    public static int offerFragmented(final Aeron aeron, final String channel, final int levels) {
        try (Subscription subscription = aeron.addSubscription(channel, SNAPSHOT_STREAM_ID);
                Publication publication = aeron.addExclusivePublication(channel, SNAPSHOT_STREAM_ID)) {
            EmbeddedAeron.awaitConnected(publication, 10_000);

            final BookSnapshotWriter snapshot = new BookSnapshotWriter(8 * 1024).set(7, levels, 8 * 1024);
            final AeronPublisher publisher = new AeronPublisher(publication, new BackoffIdleStrategy());
            final int[] received = {-1};
            final FragmentAssembler assembler = new FragmentAssembler(
                    new DecodingHandler<>(new BookSnapshotDecoder(), BookSnapshotDecoder::wrap, decoded -> {
                        if (!snapshot.matches(decoded)) {
                            throw new IllegalStateException("snapshot differs from the one sent");
                        }
                        received[0] = decoded.encodedLength();
                    }));

            if (publisher.offer(new BookSnapshotEncoder(), BookSnapshotWriter.FIELDS, snapshot) < 0) {
                throw new IllegalStateException("subscriber went away");
            }
            final IdleStrategy idle = new BackoffIdleStrategy();
            while (received[0] < 0) {
                if (subscription.poll(assembler, 10) == 0) {
                    idle.idle();
                }
            }
            return received[0];
        }
    }
}
