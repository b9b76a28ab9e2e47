package org.flyproto.bench.codec.sbe;

import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.bench.codec.AbstractCodec;
import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.fixture.OrderData;
import org.flyproto.bench.sbe.MessageHeaderDecoder;
import org.flyproto.bench.sbe.MessageHeaderEncoder;
import org.flyproto.bench.sbe.NewOrderDecoder;
import org.flyproto.bench.sbe.NewOrderEncoder;
import org.flyproto.bench.sbe.OrdType;
import org.flyproto.bench.sbe.Side;
import org.flyproto.bench.sbe.TimeInForce;

/**
 * SBE's codec of {@code NewOrder}: header and fixed block, strings as fixed-length ASCII arrays copied out with SBE's
 * {@code getX(byte[], int)} into a reused array (its cheapest way to read them; {@code getX(Appendable)} appends char
 * by char through an interface and costs several times more).
 */
public final class SbeOrderCodec extends AbstractCodec {
    private final OrderData data;
    private final UnsafeBuffer outBuffer;
    private final UnsafeBuffer inBuffer = new UnsafeBuffer(new byte[0]);
    private final MessageHeaderEncoder headerEncoder = new MessageHeaderEncoder();
    private final NewOrderEncoder encoder = new NewOrderEncoder();
    private final MessageHeaderDecoder headerDecoder = new MessageHeaderDecoder();
    private final NewOrderDecoder decoder = new NewOrderDecoder();
    private final AsciiChars chars = new AsciiChars(NewOrderDecoder.clOrdIdLength());

    /**
     * @param data the order.
     * @param capacity size of the output array.
     */
    public SbeOrderCodec(final OrderData data, final int capacity) {
        super(capacity);
        this.data = data;
        this.outBuffer = new UnsafeBuffer(out);
    }

    @Override
    public int encode() {
        final OrderData order = data;
        encoder.wrapAndApplyHeader(outBuffer, 0, headerEncoder)
                .orderId(order.orderId())
                .clOrdId(order.clOrdId())
                .account(order.account())
                .symbol(order.symbol())
                .side(Side.get((short) order.side()))
                .ordType(OrdType.get((short) order.ordType()))
                .timeInForce(TimeInForce.get((short) order.timeInForce()))
                .price(order.price())
                .priceExponent((byte) order.priceExponent())
                .quantity(order.quantity())
                .minQuantity(order.minQuantity())
                .stopPrice(order.stopPrice())
                .transactTime(order.transactTime())
                .sendingTime(order.sendingTime())
                .traderId(order.traderId())
                .venue(order.venue());
        return MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength();
    }

    @Override
    public void input(final byte[] bytes, final int length) {
        super.input(bytes, length);
        inBuffer.wrap(bytes);
    }

    @Override
    public void decode(final Sink sink) {
        final NewOrderDecoder order = decoder.wrapAndApplyHeader(inBuffer, 0, headerDecoder);
        final AsciiChars chars = this.chars;
        sink.longValue(order.orderId());
        sink.text(chars.terminate(order.getClOrdId(chars.bytes(), 0)));
        sink.text(chars.terminate(order.getAccount(chars.bytes(), 0)));
        sink.text(chars.terminate(order.getSymbol(chars.bytes(), 0)));
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
        sink.text(chars.terminate(order.getVenue(chars.bytes(), 0)));
    }
}
