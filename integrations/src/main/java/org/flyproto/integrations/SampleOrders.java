package org.flyproto.integrations;

import org.flyproto.bench.proto.flyproto.OrdType;
import org.flyproto.bench.proto.flyproto.Side;
import org.flyproto.bench.proto.flyproto.TimeInForce;

/** The order the examples send, with the fields that vary set per message by {@link OrderEntry#next}. */
final class SampleOrders {
    private SampleOrders() {}

    /**
     * @return a new entry holding a typical limit order.
     */
    static OrderEntry limitOrder() {
        return new OrderEntry()
                .set(
                        1,
                        "C-20261130-000123",
                        "ACC-7",
                        "AAPL",
                        Side.BUY,
                        OrdType.LIMIT,
                        TimeInForce.DAY,
                        1_895_000,
                        -4,
                        100,
                        0,
                        0,
                        1_764_460_800_000_000_000L,
                        1_764_460_800_000_000_500L,
                        42,
                        "XNAS");
    }

    /**
     * Moves an entry on to order {@code i}.
     *
     * @param order the entry.
     * @param i     the order's sequence number.
     * @return the entry.
     */
    static OrderEntry next(final OrderEntry order, final long i) {
        return order.next(i, 1_895_000 + (i % 1_000), 100 + (i % 50) * 10, 1_764_460_800_000_000_500L + i);
    }
}
