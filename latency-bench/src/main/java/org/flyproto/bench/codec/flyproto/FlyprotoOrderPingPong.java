package org.flyproto.bench.codec.flyproto;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.bench.codec.OrderPingPong;
import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.fixture.OrderData;
import org.flyproto.bench.proto.flyproto.NewOrderDecoder;
import org.flyproto.bench.proto.flyproto.NewOrderEncoder;

/**
 * flyproto on the ping-pong path: encoders write into a scratch buffer over a heap array; decoders wrap the received
 * bytes where they are ({@code wrap}, validating), with no copy. The reply's strings are copied from the request as
 * raw UTF-8 ({@code Utf8View} in, after the read has validated them). Allocates nothing.
 */
public final class FlyprotoOrderPingPong implements OrderPingPong {
    private final OrderData data;
    private final NewOrderEncoder encoder = new NewOrderEncoder();
    private final NewOrderDecoder decoder = new NewOrderDecoder();
    private final UnsafeBuffer requestBuffer;
    private final UnsafeBuffer replyBuffer;

    /**
     * @param data the order every request carries (but for its id).
     * @param capacity size of the scratch buffers.
     */
    public FlyprotoOrderPingPong(final OrderData data, final int capacity) {
        this.data = data;
        this.requestBuffer = new UnsafeBuffer(new byte[capacity]);
        this.replyBuffer = new UnsafeBuffer(new byte[capacity]);
    }

    @Override
    public int encodeRequest(final long orderId) {
        return FlyprotoOrderCodec.write(encoder.wrap(requestBuffer, 0), data, orderId)
                .encodedLength();
    }

    @Override
    public DirectBuffer requestBuffer() {
        return requestBuffer;
    }

    @Override
    public int echo(final DirectBuffer buffer, final int offset, final int length, final Sink sink) {
        final NewOrderDecoder order = decoder.wrap(buffer, offset, length);
        FlyprotoOrderCodec.read(order, sink);
        return encoder.wrap(replyBuffer, 0)
                .orderId(order.orderId())
                .clOrdId(order.clOrdId())
                .account(order.account())
                .symbol(order.symbol())
                .sideRaw(order.sideRaw())
                .ordTypeRaw(order.ordTypeRaw())
                .timeInForceRaw(order.timeInForceRaw())
                .price(order.price())
                .priceExponent(order.priceExponent())
                .quantity(order.quantity())
                .minQuantity(order.minQuantity())
                .stopPrice(order.stopPrice())
                .transactTime(order.transactTime())
                .sendingTime(order.sendingTime())
                .traderId(order.traderId())
                .venue(order.venue())
                .encodedLength();
    }

    @Override
    public DirectBuffer replyBuffer() {
        return replyBuffer;
    }

    @Override
    public long decodeReply(final DirectBuffer buffer, final int offset, final int length, final Sink sink) {
        final NewOrderDecoder order = decoder.wrap(buffer, offset, length);
        FlyprotoOrderCodec.read(order, sink);
        return order.orderId();
    }
}
