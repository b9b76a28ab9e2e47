package org.flyproto.integrations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.agrona.BitUtil;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.ringbuffer.ManyToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RecordDescriptor;
import org.agrona.concurrent.ringbuffer.RingBuffer;
import org.flyproto.bench.proto.flyproto.NewOrderDecoder;
import org.flyproto.codec.ProtoEncodeException;
import org.flyproto.integrations.proto.flyproto.BookSnapshotDecoder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class RingBufferTest {
    private static final int ORDER = 1;
    private static final int SNAPSHOT = 2;

    enum Kind {
        ONE_TO_ONE(OneToOneRingBuffer::new),
        MANY_TO_ONE(ManyToOneRingBuffer::new);

        private final Function<AtomicBuffer, RingBuffer> factory;

        Kind(final Function<AtomicBuffer, RingBuffer> factory) {
            this.factory = factory;
        }

        RingBuffer newRing(final int capacity) {
            return factory.apply(RingBufferExample.newRingMemory(capacity));
        }
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void shouldDecodeEveryFieldOfOrdersClaimedInPlace(final Kind kind) {
        final RingBuffer ring = kind.newRing(1 << 16);
        final RingBufferPublisher publisher = new RingBufferPublisher(ring);
        final OrderEntry order = SampleOrders.limitOrder();
        final List<Integer> announced = new ArrayList<>();
        for (int i = 1; i <= 100; i++) {
            announced.add(SampleOrders.next(order, i).encodedLength());
            assertThat(publisher.claim(ORDER, order)).isTrue();
        }

        final List<Integer> lengths = new ArrayList<>();
        final long[] next = {1};
        final int read = ring.read(
                new DecodingHandler<>(new NewOrderDecoder(), NewOrderDecoder::wrap, decoded -> {
                    OrderAssertions.assertSampleOrder(decoded, next[0]++);
                    lengths.add(decoded.encodedLength());
                }),
                1_000);

        assertThat(read).isEqualTo(100);
        assertThat(lengths).isEqualTo(announced);
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void shouldWriteASnapshotThroughTheScratchBufferAndDecodeEveryField(final Kind kind) {
        final RingBuffer ring = kind.newRing(1 << 18);
        final RingBufferPublisher publisher = new RingBufferPublisher(ring);
        final int[] types = {0};

        assertThat(publisher.write(SNAPSHOT, new BookSnapshotWriter(500).set(9, 500, 500)))
                .isTrue();
        final int read = ring.read((msgTypeId, buffer, index, length) -> {
            types[0] = msgTypeId;
            SnapshotAssertions.assertSnapshot(new BookSnapshotDecoder().wrap(buffer, index, length), 9, 500, 500);
        });

        assertThat(read).isEqualTo(1);
        assertThat(types[0]).isEqualTo(SNAPSHOT);
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void shouldClaimAndReadOrdersWithoutAllocating(final Kind kind) {
        final RingBuffer ring = kind.newRing(1 << 16);
        final RingBufferPublisher publisher = new RingBufferPublisher(ring);
        final OrderEntry order = SampleOrders.limitOrder();
        final OrderEntry expected = SampleOrders.limitOrder();
        final long[] counts = new long[3]; // sent, received, mismatched
        final DecodingHandler<NewOrderDecoder> handler =
                new DecodingHandler<>(new NewOrderDecoder(), NewOrderDecoder::wrap, decoded -> {
                    if (!SampleOrders.next(expected, ++counts[1]).matches(decoded)) {
                        counts[2]++;
                    }
                });
        final Runnable claimAndRead = () -> {
            for (int i = 0; i < 8; i++) {
                if (!publisher.claim(ORDER, SampleOrders.next(order, ++counts[0]))) {
                    throw new IllegalStateException("ring full");
                }
            }
            ring.read(handler);
        };

        final long allocated = AllocationMeter.allocatedBy(claimAndRead, 20_000, 20_000);

        System.out.println(kind + " ring buffer claim + read of NewOrder: " + allocated + " bytes allocated in "
                + "160,000 orders");
        assertThat(allocated).isZero();
        assertThat(counts[2]).isZero();
        assertThat(counts[1]).isEqualTo(counts[0]).isGreaterThanOrEqualTo(320_000);
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void shouldAbortTheClaimAndTouchNothingOutsideItWhenTheMessageDoesNotFit(final Kind kind) {
        final RingBuffer ring = kind.newRing(1 << 12);
        final RingBufferPublisher publisher = new RingBufferPublisher(ring);
        final OrderEntry order = SampleOrders.next(SampleOrders.limitOrder(), 1);
        final int announced = order.encodedLength() - 10;
        final AtomicBuffer memory = ring.buffer();
        final byte[] atClaim = new byte[memory.capacity()];
        final int[] region = new int[2];
        final SizedMessageWriter snapshotting = new SizedMessageWriter() {
            @Override
            public int encodedLength() {
                return announced;
            }

            @Override
            public int write(final MutableDirectBuffer buffer, final int offset, final int length) {
                buffer.getBytes(0, atClaim); // the ring as tryClaim left it, before the encoder writes
                region[0] = offset;
                region[1] = length;
                return order.write(buffer, offset, length);
            }
        };

        assertThatThrownBy(() -> publisher.claim(ORDER, snapshotting)).isInstanceOf(ProtoEncodeException.class);

        // Outside the claimed region only the record's header may change: abort turns it into padding.
        final int headerStart = region[0] - RecordDescriptor.HEADER_LENGTH;
        assertThat(region[1]).isEqualTo(announced);
        for (int i = 0; i < memory.capacity(); i++) {
            if (i < headerStart || i >= region[0] + region[1]) {
                assertThat(memory.getByte(i)).as("byte %d", i).isEqualTo(atClaim[i]);
            }
        }

        assertThat(publisher.claim(ORDER, SampleOrders.next(order, 2))).isTrue();
        final List<Long> received = new ArrayList<>();
        ring.read(OrderAssertions.collectingIds(received));
        assertThat(received).containsExactly(2L);
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void shouldAbortTheClaimWhenTheWriterWritesLessThanItAnnounced(final Kind kind) {
        final RingBuffer ring = kind.newRing(1 << 12);
        final RingBufferPublisher publisher = new RingBufferPublisher(ring);
        final OrderEntry order = SampleOrders.next(SampleOrders.limitOrder(), 1);

        assertThatThrownBy(() -> publisher.claim(ORDER, AeronIpcTest.announcing(order.encodedLength() + 5, order)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("announced");

        assertThat(publisher.claim(ORDER, SampleOrders.next(order, 2))).isTrue();
        final List<Long> received = new ArrayList<>();
        ring.read(OrderAssertions.collectingIds(received));
        assertThat(received).containsExactly(2L);
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void shouldReportAFullRingAndPublishAgainOnceRead(final Kind kind) {
        final RingBuffer ring = kind.newRing(1 << 10);
        final RingBufferPublisher publisher = new RingBufferPublisher(ring);
        final OrderEntry order = SampleOrders.limitOrder();
        int published = 0;
        while (publisher.claim(ORDER, SampleOrders.next(order, published + 1))) {
            published++;
        }
        final int slot =
                BitUtil.align(RecordDescriptor.HEADER_LENGTH + order.encodedLength(), RecordDescriptor.ALIGNMENT);
        assertThat(published).isEqualTo(ring.capacity() / slot);
        assertThat(publisher.write(ORDER, order)).isFalse();

        final long[] next = {1};
        assertThat(ring.read(new DecodingHandler<>(
                        new NewOrderDecoder(),
                        NewOrderDecoder::wrap,
                        decoded -> OrderAssertions.assertSampleOrder(decoded, next[0]++))))
                .isEqualTo(published);
        assertThat(publisher.claim(ORDER, SampleOrders.next(order, 1))).isTrue();
    }

    @Test
    void shouldDeliverEveryOrderOfConcurrentProducersToOneReader() throws InterruptedException {
        final RingBuffer ring = Kind.MANY_TO_ONE.newRing(1 << 14);
        final int producers = 2;
        final int perProducer = 20_000;
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final List<Thread> threads = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            final long base = (p + 1) * 1_000_000L;
            final Thread thread = new Thread(() -> {
                final RingBufferPublisher publisher = new RingBufferPublisher(ring);
                final OrderEntry order = SampleOrders.limitOrder();
                for (int i = 1; i <= perProducer; i++) {
                    SampleOrders.next(order, base + i);
                    while (!publisher.claim(ORDER, order)) {
                        Thread.onSpinWait();
                    }
                }
            });
            thread.setUncaughtExceptionHandler((t, ex) -> failure.set(ex));
            threads.add(thread);
            thread.start();
        }

        final long[] nextOfProducer = {1_000_001, 2_000_001};
        final OrderEntry expected = SampleOrders.limitOrder();
        final long[] mismatched = {0};
        final DecodingHandler<NewOrderDecoder> handler =
                new DecodingHandler<>(new NewOrderDecoder(), NewOrderDecoder::wrap, decoded -> {
                    final int producer = (int) (decoded.orderId() / 1_000_000L) - 1;
                    // Each producer's orders arrive in its own order.
                    if (!SampleOrders.next(expected, nextOfProducer[producer]++).matches(decoded)) {
                        mismatched[0]++;
                    }
                });
        int read = 0;
        while (read < producers * perProducer && failure.get() == null) {
            read += ring.read(handler);
        }
        for (final Thread thread : threads) {
            thread.join();
        }

        assertThat(failure.get()).isNull();
        assertThat(read).isEqualTo(producers * perProducer);
        assertThat(mismatched[0]).isZero();
        assertThat(nextOfProducer).containsExactly(1_000_001L + perProducer, 2_000_001L + perProducer);
    }
}
