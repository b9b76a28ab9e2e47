package org.flyproto.bench.codec.protobuf;

import com.google.protobuf.InvalidProtocolBufferException;
import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.fixture.OrderData;
import org.flyproto.bench.proto.OrderProtos.NewOrder;

/** protobuf-java's codec of {@code NewOrder}. */
final class ProtobufOrderCodec extends ProtobufJavaCodec<NewOrder> {
    private final OrderData data;

    ProtobufOrderCodec(final OrderData data, final int capacity) {
        super(capacity);
        this.data = data;
    }

    @Override
    public NewOrder build() {
        return build(data, data.orderId());
    }

    /** The order fixture as a protobuf-java message, with {@code orderId} as its id. */
    static NewOrder build(final OrderData order, final long orderId) {
        return NewOrder.newBuilder()
                .setOrderId(orderId)
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
                .setVenue(order.venue())
                .build();
    }

    @Override
    public NewOrder parse(final byte[] bytes, final int length) throws InvalidProtocolBufferException {
        return NewOrder.parser().parseFrom(bytes, 0, length);
    }

    @Override
    protected void read(final NewOrder order, final Sink sink) {
        sink.longValue(order.getOrderId());
        sink.text(order.getClOrdId());
        sink.text(order.getAccount());
        sink.text(order.getSymbol());
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
        sink.text(order.getVenue());
    }
}
