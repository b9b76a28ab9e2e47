package org.flyproto.integrations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import org.flyproto.bench.proto.flyproto.NewOrderDecoder;
import org.flyproto.bench.proto.flyproto.NewOrderEncoder;
import org.flyproto.codec.ProtoEncodeException;
import org.flyproto.integrations.proto.flyproto.BookSnapshotDecoder;
import org.flyproto.integrations.proto.flyproto.BookSnapshotEncoder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChronicleQueueTest {
    @TempDir
    Path dir;

    @Test
    void shouldAppendOrdersInPlaceAcrossMappedChunksAndReadEveryField() {
        // Small blocks, so that the documents cross many chunk boundaries of the mapping.
        try (ChronicleQueue queue = SingleChronicleQueueBuilder.single(dir.toFile())
                .blockSize(256 * 1024)
                .build()) {
            final ChronicleQueueAppender appender = new ChronicleQueueAppender(queue.createAppender(), 1024);
            final OrderEntry order = SampleOrders.limitOrder();
            final NewOrderEncoder encoder = new NewOrderEncoder();
            final int count = 20_000;
            for (int i = 1; i <= count; i++) {
                assertThat(appender.append(encoder, OrderEntry.FIELDS, SampleOrders.next(order, i)))
                        .isEqualTo(OrderAssertions.writtenLength(order));
            }

            final long[] next = {1};
            final DecodingHandler<NewOrderDecoder> handler = new DecodingHandler<>(
                    new NewOrderDecoder(),
                    NewOrderDecoder::wrap,
                    decoded -> OrderAssertions.assertSampleOrder(decoded, next[0]++));
            final ChronicleQueueReader reader = new ChronicleQueueReader(queue.createTailer());
            int read = 0;
            while (reader.read(handler)) {
                read++;
            }

            assertThat(read).isEqualTo(count);
            assertThat(next[0]).isEqualTo(count + 1);
        }
    }

    @Test
    void shouldAppendASnapshotLargerThanABlockChunkBoundaryAndReadItBack() {
        try (ChronicleQueue queue =
                SingleChronicleQueueBuilder.single(dir.toFile()).build()) {
            final ChronicleQueueAppender appender = new ChronicleQueueAppender(queue.createAppender(), 256 * 1024);
            final BookSnapshotWriter snapshot = new BookSnapshotWriter(4096);
            final BookSnapshotEncoder encoder = new BookSnapshotEncoder();
            for (int s = 1; s <= 3; s++) {
                assertThat(appender.append(encoder, BookSnapshotWriter.FIELDS, snapshot.set(s, 5_000, 4096)))
                        .isGreaterThan(64 * 1024);
            }

            final long[] next = {1};
            final ChronicleQueueReader reader = new ChronicleQueueReader(queue.createTailer());
            final DecodingHandler<BookSnapshotDecoder> handler = new DecodingHandler<>(
                    new BookSnapshotDecoder(),
                    BookSnapshotDecoder::wrap,
                    decoded -> SnapshotAssertions.assertSnapshot(decoded, next[0]++, 5_000, 4096));
            while (reader.read(handler)) {
                // each document is checked by the handler
            }

            assertThat(next[0]).isEqualTo(4);
        }
    }

    @Test
    void shouldRefuseAMessageLongerThanTheMaximumAndRollBackOneWrittenOtherThanMeasured() {
        try (ChronicleQueue queue =
                SingleChronicleQueueBuilder.single(dir.toFile()).build()) {
            final ExcerptAppender excerptAppender = queue.createAppender();
            final OrderEntry order = SampleOrders.next(SampleOrders.limitOrder(), 1);
            final NewOrderEncoder encoder = new NewOrderEncoder();
            final ChronicleQueueAppender tooSmall =
                    new ChronicleQueueAppender(excerptAppender, OrderAssertions.writtenLength(order) - 1);
            final ChronicleQueueAppender bigEnough = new ChronicleQueueAppender(excerptAppender, 1024);

            assertThatThrownBy(() -> tooSmall.append(encoder, OrderEntry.FIELDS, order))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("exceeds the maximum message length");
            assertThatThrownBy(() -> bigEnough.append(encoder, OrderAssertions.writingMoreThanMeasured(), order))
                    .isInstanceOf(ProtoEncodeException.class);
            assertThatThrownBy(() -> bigEnough.append(encoder, OrderAssertions.writingLessThanMeasured(), order))
                    .isInstanceOf(IllegalStateException.class);
            bigEnough.append(encoder, OrderEntry.FIELDS, SampleOrders.next(order, 2));

            final List<Long> received = new ArrayList<>();
            final ChronicleQueueReader reader = new ChronicleQueueReader(queue.createTailer());
            final DecodingHandler<NewOrderDecoder> handler = OrderAssertions.collectingIds(received);
            while (reader.read(handler)) {
                // collected by the handler
            }

            assertThat(received).containsExactly(2L);
        }
    }

    @Test
    void shouldAllocateNothingPerMessageWhenAppendingAndReadingOrders() {
        try (ChronicleQueue queue =
                SingleChronicleQueueBuilder.single(dir.toFile()).build()) {
            final ChronicleQueueAppender appender = new ChronicleQueueAppender(queue.createAppender(), 1024);
            final ChronicleQueueReader reader = new ChronicleQueueReader(queue.createTailer());
            final OrderEntry order = SampleOrders.limitOrder();
            final NewOrderEncoder encoder = new NewOrderEncoder();
            final OrderEntry expected = SampleOrders.limitOrder();
            final long[] counts = new long[3]; // appended, read, mismatched
            final DecodingHandler<NewOrderDecoder> handler =
                    new DecodingHandler<>(new NewOrderDecoder(), NewOrderDecoder::wrap, decoded -> {
                        if (!SampleOrders.next(expected, ++counts[1]).matches(decoded)) {
                            counts[2]++;
                        }
                    });
            final Runnable appendAndRead = () -> {
                appender.append(encoder, OrderEntry.FIELDS, SampleOrders.next(order, ++counts[0]));
                if (!reader.read(handler)) {
                    throw new IllegalStateException("document not visible");
                }
            };

            final int orders = 20_000;
            final long allocated = AllocationMeter.allocatedBy(appendAndRead, 50_000, orders);

            System.out.println(
                    "Chronicle Queue append + read of NewOrder: " + allocated + " bytes allocated in 20,000 orders");
            // Chronicle itself now and then allocates a few hundred bytes in a run (docs/integrations.md, Allocation);
            // an object per message would cost at least 16 bytes a message.
            assertThat(allocated).isLessThan(orders);
            assertThat(counts[2]).isZero();
            assertThat(counts[1]).isEqualTo(counts[0]);
        }
    }
}
