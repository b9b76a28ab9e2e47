package org.flyproto.integrations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.agrona.BitUtil;
import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.ringbuffer.ManyToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RecordDescriptor;
import org.agrona.concurrent.ringbuffer.RingBuffer;
import org.flyproto.bench.proto.flyproto.NewOrderDecoder;
import org.flyproto.bench.proto.flyproto.NewOrderEncoder;
import org.flyproto.codec.FieldWriter;
import org.flyproto.codec.ProtoEncodeException;
import org.flyproto.integrations.proto.flyproto.BookSnapshotDecoder;
import org.flyproto.integrations.proto.flyproto.BookSnapshotEncoder;
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
        final NewOrderEncoder encoder = new NewOrderEncoder();
        final List<Integer> written = new ArrayList<>();
        for (int i = 1; i <= 100; i++) {
            written.add(OrderAssertions.writtenLength(SampleOrders.next(order, i)));
            assertThat(publisher.claim(ORDER, encoder, OrderEntry.FIELDS, order))
                    .isTrue();
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
        assertThat(lengths).isEqualTo(written);
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void shouldWriteASnapshotThroughTheScratchBufferAndDecodeEveryField(final Kind kind) {
        final RingBuffer ring = kind.newRing(1 << 18);
        final RingBufferPublisher publisher = new RingBufferPublisher(ring);
        final int[] types = {0};

        assertThat(publisher.write(
                        SNAPSHOT,
                        new BookSnapshotEncoder(),
                        BookSnapshotWriter.FIELDS,
                        new BookSnapshotWriter(500).set(9, 500, 500)))
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
        final NewOrderEncoder encoder = new NewOrderEncoder();
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
                if (!publisher.claim(ORDER, encoder, OrderEntry.FIELDS, SampleOrders.next(order, ++counts[0]))) {
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
    void shouldAbortTheClaimAndTouchNothingOutsideItWhenTheWriterWritesMoreThanItMeasured(final Kind kind) {
        final RingBuffer ring = kind.newRing(1 << 12);
        final RingBufferPublisher publisher = new RingBufferPublisher(ring);
        final OrderEntry order = SampleOrders.next(SampleOrders.limitOrder(), 1);
        final NewOrderEncoder encoder = new NewOrderEncoder();
        final int measured = OrderAssertions.writtenLength(order);
        final AtomicBuffer memory = ring.buffer();
        final byte[] atClaim = new byte[memory.capacity()];
        final FieldWriter<NewOrderEncoder, OrderEntry> growing = OrderAssertions.writingMoreThanMeasured();
        final int[] calls = {0};
        final FieldWriter<NewOrderEncoder, OrderEntry> snapshotting = (e, o) -> {
            if (calls[0]++ == 1) {
                memory.getBytes(0, atClaim); // the ring as tryClaim left it, before the encoder writes
            }
            growing.writeFields(e, o);
        };

        assertThatThrownBy(() -> publisher.claim(ORDER, encoder, snapshotting, order))
                .isInstanceOf(ProtoEncodeException.class);

        // A fresh ring claims its first record at its start. Outside the claimed region only the record's header may
        // change: abort turns it into padding.
        assertThat(calls[0]).isEqualTo(2);
        final int regionStart = RecordDescriptor.HEADER_LENGTH;
        for (int i = 0; i < memory.capacity(); i++) {
            if (i >= regionStart + measured) {
                assertThat(memory.getByte(i)).as("byte %d", i).isEqualTo(atClaim[i]);
            }
        }

        assertThat(publisher.claim(ORDER, encoder, OrderEntry.FIELDS, SampleOrders.next(order, 2)))
                .isTrue();
        final List<Long> received = new ArrayList<>();
        ring.read(OrderAssertions.collectingIds(received));
        assertThat(received).containsExactly(2L);
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void shouldAbortTheClaimWhenTheWriterWritesLessThanItMeasured(final Kind kind) {
        final RingBuffer ring = kind.newRing(1 << 12);
        final RingBufferPublisher publisher = new RingBufferPublisher(ring);
        final OrderEntry order = SampleOrders.next(SampleOrders.limitOrder(), 1);
        final NewOrderEncoder encoder = new NewOrderEncoder();

        assertThatThrownBy(() -> publisher.claim(ORDER, encoder, OrderAssertions.writingLessThanMeasured(), order))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("must write the same fields");

        assertThat(publisher.claim(ORDER, encoder, OrderEntry.FIELDS, SampleOrders.next(order, 2)))
                .isTrue();
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
        final NewOrderEncoder encoder = new NewOrderEncoder();
        int published = 0;
        while (publisher.claim(ORDER, encoder, OrderEntry.FIELDS, SampleOrders.next(order, published + 1))) {
            published++;
        }
        final int slot = BitUtil.align(
                RecordDescriptor.HEADER_LENGTH + OrderAssertions.writtenLength(order), RecordDescriptor.ALIGNMENT);
        assertThat(published).isEqualTo(ring.capacity() / slot);
        assertThat(publisher.write(ORDER, encoder, OrderEntry.FIELDS, order)).isFalse();

        final long[] next = {1};
        assertThat(ring.read(new DecodingHandler<>(
                        new NewOrderDecoder(),
                        NewOrderDecoder::wrap,
                        decoded -> OrderAssertions.assertSampleOrder(decoded, next[0]++))))
                .isEqualTo(published);
        assertThat(publisher.claim(ORDER, encoder, OrderEntry.FIELDS, SampleOrders.next(order, 1)))
                .isTrue();
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
                final NewOrderEncoder encoder = new NewOrderEncoder();
                for (int i = 1; i <= perProducer; i++) {
                    SampleOrders.next(order, base + i);
                    while (!publisher.claim(ORDER, encoder, OrderEntry.FIELDS, order)) {
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
