package org.flyproto.bench.codec.protobuf;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.bench.codec.OrderPingPong;
import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.fixture.OrderData;
import org.flyproto.bench.proto.OrderProtos.NewOrder;

/**
 * protobuf-java on the ping-pong path, used as its users do on a hot path: encode is builder, {@code build()},
 * {@code writeTo} a {@link CodedOutputStream} over a reused array; decode copies the received bytes into a reused
 * array (protobuf-java cannot read an Agrona buffer) and parses them, then reads every field through the getters. The
 * reply is built with a builder from the parsed request's getters.
 */
public final class ProtobufOrderPingPong implements OrderPingPong {
    private final OrderData data;
    private final ProtobufOrderCodec reader;
    private final byte[] request;
    private final byte[] reply;
    private final byte[] input;
    private final UnsafeBuffer requestBuffer;
    private final UnsafeBuffer replyBuffer;

    /**
     * @param data the order every request carries (but for its id).
     * @param capacity size of the scratch arrays.
     */
    public ProtobufOrderPingPong(final OrderData data, final int capacity) {
        this.data = data;
        this.reader = new ProtobufOrderCodec(data, 0);
        this.request = new byte[capacity];
        this.reply = new byte[capacity];
        this.input = new byte[capacity];
        this.requestBuffer = new UnsafeBuffer(request);
        this.replyBuffer = new UnsafeBuffer(reply);
    }

    @Override
    public int encodeRequest(final long orderId) {
        return write(ProtobufOrderCodec.build(data, orderId), request);
    }

    @Override
    public DirectBuffer requestBuffer() {
        return requestBuffer;
    }

    @Override
    public int echo(final DirectBuffer buffer, final int offset, final int length, final Sink sink) {
        final NewOrder order = parse(buffer, offset, length);
        reader.read(order, sink);
        return write(
                NewOrder.newBuilder()
                        .setOrderId(order.getOrderId())
                        .setClOrdId(order.getClOrdId())
                        .setAccount(order.getAccount())
                        .setSymbol(order.getSymbol())
                        .setSideValue(order.getSideValue())
                        .setOrdTypeValue(order.getOrdTypeValue())
                        .setTimeInForceValue(order.getTimeInForceValue())
                        .setPrice(order.getPrice())
                        .setPriceExponent(order.getPriceExponent())
                        .setQuantity(order.getQuantity())
                        .setMinQuantity(order.getMinQuantity())
                        .setStopPrice(order.getStopPrice())
                        .setTransactTime(order.getTransactTime())
                        .setSendingTime(order.getSendingTime())
                        .setTraderId(order.getTraderId())
                        .setVenue(order.getVenue())
                        .build(),
                reply);
    }

    @Override
    public DirectBuffer replyBuffer() {
        return replyBuffer;
    }

    @Override
    public long decodeReply(final DirectBuffer buffer, final int offset, final int length, final Sink sink) {
        final NewOrder order = parse(buffer, offset, length);
        reader.read(order, sink);
        return order.getOrderId();
    }

    private NewOrder parse(final DirectBuffer buffer, final int offset, final int length) {
        if (length > input.length) {
            throw new IllegalStateException("message of " + length + " bytes exceeds " + input.length);
        }
        buffer.getBytes(offset, input, 0, length);
        try {
            return NewOrder.parser().parseFrom(input, 0, length);
        } catch (final InvalidProtocolBufferException ex) {
            throw new IllegalStateException(ex);
        }
    }

    private static int write(final NewOrder message, final byte[] array) {
        final CodedOutputStream output = CodedOutputStream.newInstance(array);
        try {
            message.writeTo(output);
        } catch (final IOException ex) {
            throw new UncheckedIOException(ex);
        }
        return output.getTotalBytesWritten();
    }
}
