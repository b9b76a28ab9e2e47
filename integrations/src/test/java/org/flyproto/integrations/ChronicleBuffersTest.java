package org.flyproto.integrations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.FileNotFoundException;
import java.nio.file.Path;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.BytesStore;
import net.openhft.chronicle.bytes.MappedBytes;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.bench.proto.flyproto.NewOrderDecoder;
import org.flyproto.bench.proto.flyproto.NewOrderEncoder;
import org.flyproto.codec.ProtoEncodeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChronicleBuffersTest {
    private static final byte SENTINEL = (byte) 0x5A;

    @TempDir
    Path dir;

    @Test
    void shouldEncodeAndDecodeInPlaceInANativeStore() {
        final BytesStore<?, Void> store = BytesStore.nativeStoreWithFixedCapacity(1024);
        try {
            final UnsafeBuffer view = new UnsafeBuffer(0, 0);
            final OrderEntry order = SampleOrders.next(SampleOrders.limitOrder(), 3);

            final int length =
                    OrderAssertions.write(order, ChronicleBuffers.wrapForWrite(view, store, 200, 300), 0, 300);

            assertThat(view.addressOffset()).isEqualTo(store.addressForWrite(200));
            assertThat(store.readByte(200)).isEqualTo((byte) 0x08); // tag of order_id: field 1, varint
            OrderAssertions.assertSampleOrder(
                    new NewOrderDecoder().wrap(ChronicleBuffers.wrapForRead(view, store, 200, length), 0, length), 3);
        } finally {
            store.releaseLast();
        }
    }

    @Test
    void shouldEncodeIntoAMappedFileAndDecodeFromAFreshMapping() throws FileNotFoundException {
        final Path file = dir.resolve("orders.bin");
        final UnsafeBuffer view = new UnsafeBuffer(0, 0);
        final int[] lengths = new int[3];
        final MappedBytes out = MappedBytes.singleMappedBytes(file.toFile(), 64 * 1024);
        try {
            final OrderEntry order = SampleOrders.limitOrder();
            for (int i = 0; i < lengths.length; i++) {
                lengths[i] = OrderAssertions.write(
                        SampleOrders.next(order, i + 1),
                        ChronicleBuffers.wrapForWrite(view, out, 1024L * i, 1024),
                        0,
                        1024);
            }
        } finally {
            out.releaseLast();
        }

        final MappedBytes in = MappedBytes.singleMappedBytes(file.toFile(), 64 * 1024);
        try {
            final NewOrderDecoder decoded = new NewOrderDecoder();
            for (int i = 0; i < lengths.length; i++) {
                ChronicleBuffers.wrapForRead(view, in, 1024L * i, lengths[i]);
                OrderAssertions.assertSampleOrder(decoded.wrap(view, 0, lengths[i]), i + 1);
            }
        } finally {
            in.releaseLast();
        }
    }

    @Test
    void shouldEncodeAndDecodeInAMappedFileWithoutAllocating() throws FileNotFoundException {
        final MappedBytes mapped =
                MappedBytes.singleMappedBytes(dir.resolve("hot.bin").toFile(), 64 * 1024);
        try {
            final UnsafeBuffer view = new UnsafeBuffer(0, 0);
            final NewOrderDecoder decoded = new NewOrderDecoder();
            final OrderEntry order = SampleOrders.limitOrder();
            final NewOrderEncoder encoder = new NewOrderEncoder();
            final long[] counts = new long[2]; // written, mismatched
            final Runnable writeAndRead = () -> {
                final long offset = 256L * (counts[0] % 256);
                SampleOrders.next(order, ++counts[0]);
                final int length = order.writeFields(
                                encoder.wrap(ChronicleBuffers.wrapForWrite(view, mapped, offset, 256), 0, 256))
                        .encodedLength();
                decoded.wrap(ChronicleBuffers.wrapForRead(view, mapped, offset, length), 0, length);
                if (!order.matches(decoded)) {
                    counts[1]++;
                }
            };

            final long allocated = AllocationMeter.allocatedBy(writeAndRead, 50_000, 50_000);

            System.out.println("Chronicle mapped file encode + decode of NewOrder: " + allocated
                    + " bytes allocated in 50,000 orders");
            assertThat(allocated).isZero();
            assertThat(counts[1]).isZero();
            assertThat(counts[0]).isGreaterThanOrEqualTo(100_000);
        } finally {
            mapped.releaseLast();
        }
    }

    @Test
    void shouldFailCleanlyAndTouchNothingOutsideANativeRegionTooSmall() {
        final BytesStore<?, Void> store = BytesStore.nativeStoreWithFixedCapacity(512);
        try {
            assertTooSmallRegionFailsCleanly(store);
        } finally {
            store.releaseLast();
        }
    }

    @Test
    void shouldFailCleanlyAndTouchNothingOutsideAMappedRegionTooSmall() throws FileNotFoundException {
        final MappedBytes mapped =
                MappedBytes.singleMappedBytes(dir.resolve("small.bin").toFile(), 512);
        try {
            assertTooSmallRegionFailsCleanly(mapped);
        } finally {
            mapped.releaseLast();
        }
    }

    private static void assertTooSmallRegionFailsCleanly(final BytesStore<?, ?> store) {
        final int capacity = 512;
        for (int i = 0; i < capacity; i++) {
            store.writeByte(i, SENTINEL);
        }
        final OrderEntry order = SampleOrders.next(SampleOrders.limitOrder(), 1);
        final int regionLength = OrderAssertions.writtenLength(order) - 1;
        final UnsafeBuffer view = ChronicleBuffers.wrapForWrite(new UnsafeBuffer(0, 0), store, 100, regionLength);

        assertThatThrownBy(() -> OrderAssertions.write(order, view, 0, regionLength))
                .isInstanceOf(ProtoEncodeException.class);

        for (int i = 0; i < capacity; i++) {
            if (i < 100 || i >= 100 + regionLength) {
                assertThat(store.readByte(i)).as("byte %d", i).isEqualTo(SENTINEL);
            }
        }
    }

    @Test
    void shouldRefuseARegionOutsideTheStore() {
        final BytesStore<?, Void> store = BytesStore.nativeStoreWithFixedCapacity(256);
        try {
            final UnsafeBuffer view = new UnsafeBuffer(0, 0);
            assertThatThrownBy(() -> ChronicleBuffers.wrapForWrite(view, store, 200, 57))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("outside");
            assertThatThrownBy(() -> ChronicleBuffers.wrapForRead(view, store, -1, 10))
                    .isInstanceOf(IllegalArgumentException.class);
            assertThat(ChronicleBuffers.wrapForWrite(view, store, 200, 56).capacity())
                    .isEqualTo(56);
        } finally {
            store.releaseLast();
        }
    }

    @Test
    void shouldRefuseAHeapStore() {
        final Bytes<byte[]> heap = Bytes.allocateElasticOnHeap(256);
        try {
            assertThatThrownBy(() -> ChronicleBuffers.wrapForWrite(new UnsafeBuffer(0, 0), heap, 0, 16))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("heap");
        } finally {
            heap.releaseLast();
        }
    }
}
