package org.flyproto.integrations;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.bench.proto.flyproto.NewOrderDecoder;
import org.flyproto.bench.proto.flyproto.NewOrderEncoder;
import org.flyproto.bench.proto.flyproto.OrdType;
import org.flyproto.bench.proto.flyproto.Side;
import org.flyproto.bench.proto.flyproto.TimeInForce;
import org.flyproto.codec.FieldWriter;

/**
 * Field-by-field checks of a decoded {@code NewOrder} against {@link SampleOrders}, a handler collecting ids, the
 * length an order takes when written (not measured), and field writers that break their contract.
 */
final class OrderAssertions {
    private OrderAssertions() {}

    /** The bytes {@code order} takes, written into a scratch buffer: what a measured length must equal. */
    static int writtenLength(final OrderEntry order) {
        final UnsafeBuffer scratch = new UnsafeBuffer(new byte[1024]);
        return write(order, scratch, 0, scratch.capacity());
    }

    /** Writes {@code order} into the region {@code [offset, offset + length)}; returns its length. */
    static int write(final OrderEntry order, final MutableDirectBuffer buffer, final int offset, final int length) {
        return order.writeFields(new NewOrderEncoder().wrap(buffer, offset, length))
                .encodedLength();
    }

    /**
     * A field writer whose every second call, the write that follows a measure, also writes a second venue: more
     * bytes than it measured.
     */
    static FieldWriter<NewOrderEncoder, OrderEntry> writingMoreThanMeasured() {
        final int[] calls = {0};
        return (encoder, order) -> {
            order.writeFields(encoder);
            if (calls[0]++ % 2 == 1) {
                encoder.venue("XLON");
            }
        };
    }

    /** A field writer whose every second call writes the order id alone: fewer bytes than it measured. */
    static FieldWriter<NewOrderEncoder, OrderEntry> writingLessThanMeasured() {
        final int[] calls = {0};
        return (encoder, order) -> {
            if (calls[0]++ % 2 == 0) {
                order.writeFields(encoder);
            } else {
                encoder.orderId(order.orderId());
            }
        };
    }

    /** A handler that decodes each {@code NewOrder} and adds its id to {@code ids}. */
    static DecodingHandler<NewOrderDecoder> collectingIds(final List<Long> ids) {
        return new DecodingHandler<>(
                new NewOrderDecoder(), NewOrderDecoder::wrap, decoded -> ids.add(decoded.orderId()));
    }

    /** Asserts every field of order {@code i} of {@link SampleOrders} (i ≥ 1). */
    static void assertSampleOrder(final NewOrderDecoder decoded, final long i) {
        assertThat(decoded.orderId()).isEqualTo(i);
        assertThat(decoded.clOrdIdAsString()).isEqualTo("C-20261130-000123");
        assertThat(decoded.accountAsString()).isEqualTo("ACC-7");
        assertThat(decoded.symbolAsString()).isEqualTo("AAPL");
        assertThat(decoded.side()).isEqualTo(Side.BUY);
        assertThat(decoded.ordType()).isEqualTo(OrdType.LIMIT);
        assertThat(decoded.timeInForce()).isEqualTo(TimeInForce.DAY);
        assertThat(decoded.price()).isEqualTo(1_895_000 + (i % 1_000));
        assertThat(decoded.priceExponent()).isEqualTo(-4);
        assertThat(decoded.quantity()).isEqualTo(100 + (i % 50) * 10);
        assertThat(decoded.minQuantity()).isZero();
        assertThat(decoded.stopPrice()).isZero();
        assertThat(decoded.transactTime()).isEqualTo(1_764_460_800_000_000_000L);
        assertThat(decoded.sendingTime()).isEqualTo(1_764_460_800_000_000_500L + i);
        assertThat(decoded.traderId()).isEqualTo(42);
        assertThat(decoded.venueAsString()).isEqualTo("XNAS");
    }
}
