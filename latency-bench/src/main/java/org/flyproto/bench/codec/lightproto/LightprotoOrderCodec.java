package org.flyproto.bench.codec.lightproto;

import io.netty.buffer.ByteBuf;
import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.fixture.OrderData;
import org.flyproto.bench.proto.LpOrder.NewOrder;
import org.flyproto.bench.proto.LpOrder.OrdType;
import org.flyproto.bench.proto.LpOrder.Side;
import org.flyproto.bench.proto.LpOrder.TimeInForce;

/** LightProto's codec of {@code NewOrder}. */
final class LightprotoOrderCodec extends LightprotoCodec {
    private final OrderData data;
    private final NewOrder encoded = new NewOrder();
    private final NewOrder decoded = new NewOrder();

    LightprotoOrderCodec(final OrderData data, final int capacity) {
        super(capacity);
        this.data = data;
    }

    @Override
    protected void fill() {
        final OrderData order = data;
        encoded.clear()
                .setOrderId(order.orderId())
                .setClOrdId(order.clOrdId())
                .setAccount(order.account())
                .setSymbol(order.symbol())
                .setSide(Side.valueOf(order.side()))
                .setOrdType(OrdType.valueOf(order.ordType()))
                .setTimeInForce(TimeInForce.valueOf(order.timeInForce()))
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
    protected int serializedSize() {
        return encoded.getSerializedSize();
    }

    @Override
    protected int writeTo(final ByteBuf buffer) {
        return encoded.writeTo(buffer);
    }

    @Override
    protected void read(final ByteBuf buffer, final int length, final Sink sink) {
        final NewOrder order = decoded;
        order.parseFrom(buffer, length);
        sink.longValue(order.getOrderId());
        sink.text(order.getClOrdId());
        sink.text(order.getAccount());
        sink.text(order.getSymbol());
        sink.longValue(order.getSide().getValue());
        sink.longValue(order.getOrdType().getValue());
        sink.longValue(order.getTimeInForce().getValue());
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
