package org.flyproto.bench.codec.quickbuf;

import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.fixture.OrderData;
import org.flyproto.bench.proto.quickbuf.OrderProtos.NewOrder;

/** QuickBuffers' codec of {@code NewOrder}. */
final class QuickbufOrderCodec extends QuickbufCodec<NewOrder> {
    private final OrderData data;

    QuickbufOrderCodec(final OrderData data, final int capacity) {
        super(capacity, NewOrder.newInstance(), NewOrder.newInstance());
        this.data = data;
    }

    @Override
    protected void fill(final NewOrder message) {
        final OrderData order = data;
        message.setOrderId(order.orderId())
                .setClOrdId(order.clOrdId())
                .setAccount(order.account())
                .setSymbol(order.symbol())
                .setSideValue(order.side())
                .setOrdTypeValue(order.ordType())
                .setTimeInForceValue(order.timeInForce())
                .setPrice(order.price())
                .setPriceExponent(order.priceExponent())
                .setQuantity(order.quantity())
                .setMinQuantity(order.minQuantity())
                .setStopPrice(order.stopPrice())
                .setTransactTime(order.transactTime())
                .setSendingTime(order.sendingTime())
                .setTraderId(order.traderId())
                .setVenue(order.venue());
    }

    @Override
    protected void read(final NewOrder order, final Sink sink) {
        sink.longValue(order.getOrderId());
        text(order.getClOrdIdBytes(), sink);
        text(order.getAccountBytes(), sink);
        text(order.getSymbolBytes(), sink);
        sink.longValue(order.getSideValue());
        sink.longValue(order.getOrdTypeValue());
        sink.longValue(order.getTimeInForceValue());
        sink.longValue(order.getPrice());
        sink.longValue(order.getPriceExponent());
        sink.longValue(order.getQuantity());
        sink.longValue(order.getMinQuantity());
        sink.longValue(order.getStopPrice());
        sink.longValue(order.getTransactTime());
        sink.longValue(order.getSendingTime());
        sink.longValue(order.getTraderId());
        text(order.getVenueBytes(), sink);
    }
}
