package org.flyproto.integrations;

import static org.assertj.core.api.Assertions.assertThat;

import io.aeron.FragmentAssembler;
import io.aeron.Publication;
import io.aeron.Subscription;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.flyproto.bench.proto.flyproto.NewOrderDecoder;
import org.flyproto.bench.proto.flyproto.NewOrderEncoder;
import org.flyproto.integrations.proto.flyproto.BookSnapshotDecoder;
import org.flyproto.integrations.proto.flyproto.BookSnapshotEncoder;
import org.junit.jupiter.api.Test;

class AeronUdpTest {
    @Test
    void shouldClaimOrdersAndReassembleASnapshotOverUdpOnLoopback() {
        final String channel = "aeron:udp?endpoint=localhost:" + FreePort.udp();
        try (EmbeddedAeron embedded = new EmbeddedAeron();
                Subscription subscription = embedded.aeron().addSubscription(channel, 10);
                Publication publication = embedded.aeron().addExclusivePublication(channel, 10)) {
            EmbeddedAeron.awaitConnected(publication, 10_000);
            final AeronPublisher publisher = new AeronPublisher(publication, new BackoffIdleStrategy());

            final OrderEntry order = SampleOrders.limitOrder();
            final NewOrderEncoder encoder = new NewOrderEncoder();
            final long[] nextOrder = {1};
            final DecodingHandler<NewOrderDecoder> orders = new DecodingHandler<>(
                    new NewOrderDecoder(),
                    NewOrderDecoder::wrap,
                    decoded -> OrderAssertions.assertSampleOrder(decoded, nextOrder[0]++));
            for (int i = 1; i <= 100; i++) {
                assertThat(publisher.claim(encoder, OrderEntry.FIELDS, SampleOrders.next(order, i)))
                        .isPositive();
            }
            Polling.pollUntil(subscription, orders, () -> nextOrder[0] > 100);

            final BookSnapshotWriter snapshot = new BookSnapshotWriter(2_000).set(5, 6_000, 2_000);
            final int[] length = {-1};
            final FragmentAssembler assembler = new FragmentAssembler(
                    new DecodingHandler<>(new BookSnapshotDecoder(), BookSnapshotDecoder::wrap, decoded -> {
                        SnapshotAssertions.assertSnapshot(decoded, 5, 6_000, 2_000);
                        length[0] = decoded.encodedLength();
                    }));
            assertThat(publisher.offer(new BookSnapshotEncoder(), BookSnapshotWriter.FIELDS, snapshot))
                    .isPositive();
            Polling.pollUntil(subscription, assembler, () -> length[0] >= 0);

            assertThat(nextOrder[0]).isEqualTo(101);
            assertThat(length[0]).isGreaterThan(64 * 1024).isGreaterThan(publication.maxPayloadLength());
        }
    }
}
