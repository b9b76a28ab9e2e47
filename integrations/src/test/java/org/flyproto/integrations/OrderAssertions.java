package org.flyproto.integrations;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.flyproto.bench.proto.flyproto.NewOrderDecoder;
import org.flyproto.bench.proto.flyproto.OrdType;
import org.flyproto.bench.proto.flyproto.Side;
import org.flyproto.bench.proto.flyproto.TimeInForce;

/** Field-by-field checks of a decoded {@code NewOrder} against {@link SampleOrders}, and a handler collecting ids. */
final class OrderAssertions {
    private OrderAssertions() {}

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
