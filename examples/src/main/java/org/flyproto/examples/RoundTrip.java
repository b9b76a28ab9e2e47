package org.flyproto.examples;

import java.nio.ByteBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.examples.market.flyproto.FillDecoder;
import org.flyproto.examples.market.flyproto.FillEncoder;
import org.flyproto.examples.market.flyproto.OrderDecoder;
import org.flyproto.examples.market.flyproto.OrderEncoder;
import org.flyproto.examples.market.flyproto.Side;

/**
 * Measures an {@code Order} with its fills, encodes it into exactly that many bytes of an off-heap buffer, prints the
 * bytes, then decodes them and prints every field, and the message in protobuf's text format: the flyweights generated
 * from {@code market.proto} at build time, end to end.
 */
public final class RoundTrip {
    private RoundTrip() {}

    /**
     * Runs the round trip.
     *
     * @param args ignored.
     */
    public static void main(final String[] args) {
        final MutableDirectBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(256));
        final int offset = 16;

        // Measured first, as for a claim whose length is fixed before the first byte, then written into exactly that.
        final OrderEncoder order = new OrderEncoder();
        final int measured = writeOrder(order.wrapForSize()).encodedLength();
        final int length = writeOrder(order.wrap(buffer, offset, measured)).encodedLength();

        System.out.println("measured " + measured + " bytes before writing them");
        System.out.println("encoded " + length + " bytes:");
        System.out.println("  " + hex(buffer, offset, length));

        final OrderDecoder decoded = new OrderDecoder().wrap(buffer, offset, length);
        final StringBuilder out = new StringBuilder("decoded:\n");
        out.append("  order_id  = ").append(decoded.orderId()).append('\n');
        decoded.symbol().appendTo(out.append("  symbol    = "));
        out.append('\n');
        out.append("  side      = ").append(decoded.side()).append('\n');
        out.append("  price     = ").append(decoded.price()).append('\n');
        out.append("  qty       = ").append(decoded.qty()).append('\n');
        out.append("  fills     = ").append(decoded.fillsCount()).append('\n');
        for (final FillDecoder f = decoded.fills(); f.next(); ) {
            out.append("  fill      = price ")
                    .append(f.price())
                    .append(", qty ")
                    .append(f.qty())
                    .append('\n');
        }
        out.append("  flags     =");
        final int[] flags = new int[decoded.flagsCount()];
        decoded.flags().next(flags, 0, flags.length);
        for (final int flag : flags) {
            out.append(' ').append(flag);
        }
        out.append('\n');
        out.append("  client_ts = ")
                .append(decoded.hasClientTs() ? Long.toUnsignedString(decoded.clientTs()) : "(absent)")
                .append('\n');
        System.out.print(out);
        System.out.print("text format:\n"
                + decoded.appendTo(new StringBuilder()).toString().indent(2));
    }

    /** Writes the order's fields, fills and flags: the same calls measure it and write it. */
    private static OrderEncoder writeOrder(final OrderEncoder order) {
        order.orderId(42).symbol("AAPL").side(Side.BUY).price(1_234_500).qty(100);
        FillEncoder fill = order.addFills();
        fill.price(1_234_400).qty(60);
        order.endFills();
        fill = order.addFills();
        fill.price(1_234_500).qty(40);
        order.endFills();
        return order.flags(new int[] {1, 2, 300}).clientTs(1_700_000_000_123_456_789L);
    }

    private static String hex(final MutableDirectBuffer buffer, final int offset, final int length) {
        final StringBuilder hex = new StringBuilder(length * 3);
        for (int i = 0; i < length; i++) {
            hex.append(String.format("%02x", buffer.getByte(offset + i) & 0xFF));
            hex.append(i % 16 == 15 && i + 1 < length ? "\n  " : " ");
        }
        return hex.toString().stripTrailing();
    }
}
