package org.flyproto.integrations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.aeron.FragmentAssembler;
import io.aeron.Publication;
import io.aeron.Subscription;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.flyproto.bench.proto.flyproto.NewOrderDecoder;
import org.flyproto.bench.proto.flyproto.NewOrderEncoder;
import org.flyproto.codec.Encoding;
import org.flyproto.codec.FieldWriter;
import org.flyproto.codec.ProtoEncodeException;
import org.flyproto.integrations.proto.flyproto.BookSnapshotDecoder;
import org.flyproto.integrations.proto.flyproto.BookSnapshotEncoder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class AeronIpcTest {
    private static final String CHANNEL = "aeron:ipc";
    private static EmbeddedAeron embedded;
    private static int nextStreamId = 3000;

    @BeforeAll
    static void startDriver() {
        embedded = new EmbeddedAeron();
    }

    @AfterAll
    static void stopDriver() {
        embedded.close();
    }

    @Test
    void shouldDecodeEveryFieldOfOrdersClaimedInPlace() {
        try (Subscription subscription = subscription();
                Publication publication = publication(subscription)) {
            final AeronPublisher publisher = new AeronPublisher(publication, new BackoffIdleStrategy());
            final OrderEntry order = SampleOrders.limitOrder();
            final NewOrderEncoder encoder = new NewOrderEncoder();
            final List<Integer> lengths = new ArrayList<>();
            final long[] next = {1};
            final DecodingHandler<NewOrderDecoder> handler =
                    new DecodingHandler<>(new NewOrderDecoder(), NewOrderDecoder::wrap, decoded -> {
                        OrderAssertions.assertSampleOrder(decoded, next[0]++);
                        lengths.add(decoded.encodedLength());
                    });

            final List<Integer> written = new ArrayList<>();
            for (int i = 1; i <= 50; i++) {
                written.add(OrderAssertions.writtenLength(SampleOrders.next(order, i)));
                assertThat(publisher.claim(encoder, OrderEntry.FIELDS, order)).isPositive();
            }
            Polling.pollUntil(subscription, handler, () -> next[0] > 50);

            assertThat(lengths).isEqualTo(written);
        }
    }

    @Test
    void shouldPublishAndPollOrdersInPlaceWithoutAllocating() {
        assertDutyCyclesAllocateNothing(true, "claim");
    }

    @Test
    void shouldOfferAndPollOrdersWithoutAllocating() {
        assertDutyCyclesAllocateNothing(false, "offer");
    }

    private void assertDutyCyclesAllocateNothing(final boolean claim, final String how) {
        try (Subscription subscription = subscription();
                Publication publication = publication(subscription)) {
            final DutyCycle duty =
                    new DutyCycle(subscription, new AeronPublisher(publication, new BusySpinIdleStrategy()));
            duty.claim = claim;

            final long allocated = AllocationMeter.allocatedBy(duty, 20_000, 20_000);

            System.out.println("Aeron IPC " + how + " + poll of NewOrder: " + allocated
                    + " bytes allocated in 80,000 orders (20,000 duty cycles of 4)");
            assertThat(allocated).isZero();
            assertThat(duty.mismatched).isZero();
            assertThat(duty.received).isEqualTo(duty.sent).isGreaterThanOrEqualTo(80_000);
        }
    }

    @Test
    void shouldClaimInPlaceOnAConcurrentPublicationToo() {
        final int streamId = nextStreamId++;
        try (Subscription subscription = embedded.aeron().addSubscription(CHANNEL, streamId);
                Publication publication = embedded.aeron().addPublication(CHANNEL, streamId)) {
            EmbeddedAeron.awaitConnected(publication, 10_000);
            final AeronPublisher publisher = new AeronPublisher(publication, new BackoffIdleStrategy());
            final OrderEntry order = SampleOrders.limitOrder();
            final NewOrderEncoder encoder = new NewOrderEncoder();
            for (int i = 1; i <= 20; i++) {
                assertThat(publisher.claim(encoder, OrderEntry.FIELDS, SampleOrders.next(order, i)))
                        .isPositive();
            }
            final long[] next = {1};
            Polling.pollUntil(
                    subscription,
                    new DecodingHandler<>(
                            new NewOrderDecoder(),
                            NewOrderDecoder::wrap,
                            decoded -> OrderAssertions.assertSampleOrder(decoded, next[0]++)),
                    () -> next[0] > 20);
        }
    }

    @Test
    void shouldReassembleAndDecodeASnapshotLargerThanTheMtu() {
        try (Subscription subscription = subscription();
                Publication publication = publication(subscription)) {
            final AeronPublisher publisher = new AeronPublisher(publication, new BackoffIdleStrategy());
            final BookSnapshotWriter snapshot = new BookSnapshotWriter(10_000).set(77, 5_000, 10_000);
            final int[] lengths = {-1};
            final FragmentAssembler assembler = new FragmentAssembler(
                    new DecodingHandler<>(new BookSnapshotDecoder(), BookSnapshotDecoder::wrap, decoded -> {
                        SnapshotAssertions.assertSnapshot(decoded, 77, 5_000, 10_000);
                        lengths[0] = decoded.encodedLength();
                    }));

            assertThat(publisher.offer(new BookSnapshotEncoder(), BookSnapshotWriter.FIELDS, snapshot))
                    .isPositive();
            final int fragments = Polling.pollUntil(subscription, assembler, () -> lengths[0] >= 0);

            assertThat(lengths[0]).isGreaterThan(64 * 1024).isGreaterThan(publication.maxPayloadLength());
            assertThat(fragments).isGreaterThanOrEqualTo(lengths[0] / publication.maxPayloadLength());
        }
    }

    @Test
    void shouldOfferAndReassembleSnapshotsWithoutAllocating() {
        try (Subscription subscription = subscription();
                Publication publication = publication(subscription)) {
            final AeronPublisher publisher = new AeronPublisher(publication, new BusySpinIdleStrategy());
            final BookSnapshotWriter snapshot = new BookSnapshotWriter(4096);
            final BookSnapshotEncoder encoder = new BookSnapshotEncoder();
            final int[] matched = {0};
            final int[] received = {0};
            final FragmentAssembler assembler = new FragmentAssembler(
                    new DecodingHandler<>(new BookSnapshotDecoder(), BookSnapshotDecoder::wrap, decoded -> {
                        received[0]++;
                        if (snapshot.matches(decoded)) {
                            matched[0]++;
                        }
                    }));
            final long[] sequence = {0};
            final Runnable publishAndPoll = () -> {
                snapshot.set(++sequence[0], 3_000, 4096);
                if (publisher.offer(encoder, BookSnapshotWriter.FIELDS, snapshot) < 0) {
                    throw new IllegalStateException("not connected");
                }
                while (received[0] < sequence[0]) {
                    subscription.poll(assembler, 64);
                }
            };

            final long allocated = AllocationMeter.allocatedBy(publishAndPoll, 300, 300);

            System.out.println("Aeron IPC offer + reassemble of a "
                    + Encoding.encodedLength(encoder, BookSnapshotWriter.FIELDS, snapshot) + "-byte BookSnapshot: "
                    + allocated + " bytes allocated in 300 snapshots");
            assertThat(allocated).isZero();
            assertThat(matched[0]).isEqualTo(received[0]).isEqualTo((int) sequence[0]);
        }
    }

    @Test
    void shouldAbortTheClaimWhenTheWriterWritesMoreThanItMeasured() {
        try (Subscription subscription = subscription();
                Publication publication = publication(subscription)) {
            final AeronPublisher publisher = new AeronPublisher(publication, new BackoffIdleStrategy());
            final OrderEntry order = SampleOrders.next(SampleOrders.limitOrder(), 1);
            final NewOrderEncoder encoder = new NewOrderEncoder();

            assertThatThrownBy(() -> publisher.claim(encoder, OrderAssertions.writingMoreThanMeasured(), order))
                    .isInstanceOf(ProtoEncodeException.class);
            assertThat(publisher.claim(encoder, OrderEntry.FIELDS, SampleOrders.next(order, 2)))
                    .isPositive();

            assertThat(receivedIds(subscription)).containsExactly(2L);
        }
    }

    @Test
    void shouldAbortTheClaimWhenTheWriterWritesLessThanItMeasured() {
        try (Subscription subscription = subscription();
                Publication publication = publication(subscription)) {
            final AeronPublisher publisher = new AeronPublisher(publication, new BackoffIdleStrategy());
            final OrderEntry order = SampleOrders.next(SampleOrders.limitOrder(), 1);
            final NewOrderEncoder encoder = new NewOrderEncoder();

            assertThatThrownBy(() -> publisher.claim(encoder, OrderAssertions.writingLessThanMeasured(), order))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("must write the same fields");
            assertThat(publisher.claim(encoder, OrderEntry.FIELDS, SampleOrders.next(order, 2)))
                    .isPositive();

            assertThat(receivedIds(subscription)).containsExactly(2L);
        }
    }

    @Test
    void shouldRefuseToClaimMoreThanOneFrame() {
        try (Subscription subscription = subscription();
                Publication publication = publication(subscription)) {
            final AeronPublisher publisher = new AeronPublisher(publication, new BackoffIdleStrategy());
            final BookSnapshotWriter snapshot = new BookSnapshotWriter(1024).set(1, 1_000, 1024);
            final int[] calls = {0};
            final FieldWriter<BookSnapshotEncoder, BookSnapshotWriter> counting = (encoder, s) -> {
                calls[0]++;
                BookSnapshotWriter.FIELDS.writeFields(encoder, s);
            };

            assertThatThrownBy(() -> publisher.claim(new BookSnapshotEncoder(), counting, snapshot))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("offer");
            assertThat(calls[0]).as("measured, never written").isEqualTo(1);
        }
    }

    @Test
    void shouldRetryOnBackPressureUntilTheSubscriberCatchesUp() throws InterruptedException {
        // A 64 KiB term: the publisher runs a few hundred orders ahead of a subscriber that is not polling yet.
        final String channel = CHANNEL + "?term-length=64k";
        final int streamId = nextStreamId++;
        try (Subscription subscription = embedded.aeron().addSubscription(channel, streamId);
                Publication publication = embedded.aeron().addExclusivePublication(channel, streamId)) {
            EmbeddedAeron.awaitConnected(publication, 10_000);
            final CountingIdleStrategy idle = new CountingIdleStrategy();
            final AeronPublisher publisher = new AeronPublisher(publication, idle);
            final int count = 5_000;
            final long[] results = new long[2]; // lowest result, orders published
            final Thread producer = new Thread(() -> {
                final OrderEntry order = SampleOrders.limitOrder();
                final NewOrderEncoder encoder = new NewOrderEncoder();
                results[0] = Long.MAX_VALUE;
                for (int i = 1; i <= count; i++) {
                    results[0] = Math.min(
                            results[0], publisher.claim(encoder, OrderEntry.FIELDS, SampleOrders.next(order, i)));
                    results[1]++;
                }
            });
            producer.start();
            while (idle.idles.get() == 0 && producer.isAlive()) {
                Thread.onSpinWait(); // until the publisher is back-pressured
            }

            final long[] next = {1};
            final DecodingHandler<NewOrderDecoder> handler = new DecodingHandler<>(
                    new NewOrderDecoder(),
                    NewOrderDecoder::wrap,
                    decoded -> OrderAssertions.assertSampleOrder(decoded, next[0]++));
            Polling.pollUntil(subscription, handler, () -> next[0] > count);
            producer.join();

            assertThat(results[0]).as("every claim ended with a position").isPositive();
            assertThat(results[1]).isEqualTo(count);
            assertThat(idle.idles.get()).isPositive();
        }
    }

    @Test
    void shouldReportNotConnectedWhenNoSubscriberListens() {
        try (Publication publication = embedded.aeron().addExclusivePublication(CHANNEL, nextStreamId++)) {
            final AeronPublisher publisher = new AeronPublisher(publication, new BackoffIdleStrategy());
            final OrderEntry order = SampleOrders.next(SampleOrders.limitOrder(), 1);
            final NewOrderEncoder encoder = new NewOrderEncoder();

            assertThat(publisher.claim(encoder, OrderEntry.FIELDS, order)).isEqualTo(Publication.NOT_CONNECTED);
            assertThat(publisher.offer(encoder, OrderEntry.FIELDS, order)).isEqualTo(Publication.NOT_CONNECTED);
        }
    }

    @Test
    void shouldFailClearlyOnAClosedPublication() {
        try (Subscription subscription = subscription()) {
            final Publication publication = publication(subscription);
            final AeronPublisher publisher = new AeronPublisher(publication, new BackoffIdleStrategy());
            publication.close();
            final OrderEntry order = SampleOrders.next(SampleOrders.limitOrder(), 1);
            final NewOrderEncoder encoder = new NewOrderEncoder();

            assertThatThrownBy(() -> publisher.claim(encoder, OrderEntry.FIELDS, order))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("closed");
            assertThatThrownBy(() -> publisher.offer(encoder, OrderEntry.FIELDS, order))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("closed");
        }
    }

    private static Subscription subscription() {
        return embedded.aeron().addSubscription(CHANNEL, nextStreamId++);
    }

    private static Publication publication(final Subscription subscription) {
        final Publication publication = embedded.aeron().addExclusivePublication(CHANNEL, subscription.streamId());
        EmbeddedAeron.awaitConnected(publication, 10_000);
        return publication;
    }

    /** The ids of the orders that arrive on {@code subscription}: polled until one does, then drained. */
    private static List<Long> receivedIds(final Subscription subscription) {
        final List<Long> received = new ArrayList<>();
        final DecodingHandler<NewOrderDecoder> handler = OrderAssertions.collectingIds(received);
        Polling.pollUntil(subscription, handler, () -> !received.isEmpty());
        Polling.drain(subscription, handler, 50);
        return received;
    }

    /** Counts the idles a publisher goes through: one per back-pressured (or admin-action) attempt. */
    private static final class CountingIdleStrategy implements IdleStrategy {
        final AtomicLong idles = new AtomicLong();

        @Override
        public void idle(final int workCount) {
            if (workCount <= 0) {
                idle();
            }
        }

        @Override
        public void idle() {
            idles.incrementAndGet();
            Thread.yield();
        }

        @Override
        public void reset() {}
    }

    /**
     * One iteration of a publisher-and-subscriber duty loop on one thread: four orders published (claimed in place
     * or offered), then polled until all four are decoded and compared.
     */
    private static final class DutyCycle implements Runnable {
        private final Subscription subscription;
        private final AeronPublisher publisher;
        private final OrderEntry order = SampleOrders.limitOrder();
        private final NewOrderEncoder encoder = new NewOrderEncoder();
        private final OrderEntry expected = SampleOrders.limitOrder();
        private final DecodingHandler<NewOrderDecoder> handler;
        boolean claim;
        long sent;
        long received;
        long mismatched;

        DutyCycle(final Subscription subscription, final AeronPublisher publisher) {
            this.subscription = subscription;
            this.publisher = publisher;
            this.handler = new DecodingHandler<>(new NewOrderDecoder(), NewOrderDecoder::wrap, this::onOrder);
        }

        @Override
        public void run() {
            for (int i = 0; i < 4; i++) {
                SampleOrders.next(order, ++sent);
                final long result = claim
                        ? publisher.claim(encoder, OrderEntry.FIELDS, order)
                        : publisher.offer(encoder, OrderEntry.FIELDS, order);
                if (result < 0) {
                    throw new IllegalStateException("publication result " + result);
                }
            }
            while (received < sent) {
                subscription.poll(handler, 10);
            }
        }

        private void onOrder(final NewOrderDecoder decoded) {
            if (!SampleOrders.next(expected, ++received).matches(decoded)) {
                mismatched++;
            }
        }
    }
}
