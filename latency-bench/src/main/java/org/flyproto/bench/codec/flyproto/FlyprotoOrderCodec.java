package org.flyproto.bench.codec.flyproto;

import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.fixture.OrderData;
import org.flyproto.bench.proto.flyproto.NewOrderDecoder;
import org.flyproto.bench.proto.flyproto.NewOrderEncoder;
import org.flyproto.codec.FieldWriter;

/** flyproto's codec of {@code NewOrder}. */
final class FlyprotoOrderCodec extends FlyprotoCodec<NewOrderEncoder, OrderData> {
    /** Every field of the order fixture, with its own id: {@link #write}. */
    private static final FieldWriter<NewOrderEncoder, OrderData> FIELDS =
            (encoder, order) -> write(encoder, order, order.orderId());

    private final NewOrderDecoder decoder = new NewOrderDecoder();

    FlyprotoOrderCodec(final OrderData data, final int capacity) {
        super(capacity, new NewOrderEncoder(), FIELDS, data);
    }

    /**
     * Writes every field of {@code order} with {@code orderId} as its id: the one setter chain of the order fixture,
     * behind the codec's encode, size and claim and the ping-pong's request.
     */
    static NewOrderEncoder write(final NewOrderEncoder encoder, final OrderData order, final long orderId) {
        return encoder.orderId(orderId)
                .clOrdId(order.clOrdId())
                .account(order.account())
                .symbol(order.symbol())
                .sideRaw(order.side())
                .ordTypeRaw(order.ordType())
                .timeInForceRaw(order.timeInForce())
                .price(order.price())
                .priceExponent(order.priceExponent())
                .quantity(order.quantity())
                .minQuantity(order.minQuantity())
                .stopPrice(order.stopPrice())
                .transactTime(order.transactTime())
                .sendingTime(order.sendingTime())
                .traderId(order.traderId())
                .venue(order.venue());
    }

    @Override
    public NewOrderDecoder decoder() {
        return decoder;
    }

    @Override
    public void decode(final Sink sink) {
        read(decoder.wrap(inBuffer, 0, inLength), sink);
    }

    @Override
    public void decodeTrusted(final Sink sink) {
        read(decoder.wrapTrusted(inBuffer, 0, inLength), sink);
    }

    static void read(final NewOrderDecoder order, final Sink sink) {
        sink.longValue(order.orderId());
        sink.text(order.clOrdId());
        sink.text(order.account());
        sink.text(order.symbol());
        sink.longValue(order.sideRaw());
        sink.longValue(order.ordTypeRaw());
        sink.longValue(order.timeInForceRaw());
        sink.longValue(order.price());
        sink.longValue(order.priceExponent());
        sink.longValue(order.quantity());
        sink.longValue(order.minQuantity());
        sink.longValue(order.stopPrice());
        sink.longValue(order.transactTime());
        sink.longValue(order.sendingTime());
        sink.longValue(order.traderId());
        sink.text(order.venue());
    }
}
