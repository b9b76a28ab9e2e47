package org.flyproto.integrations;

import org.agrona.MutableDirectBuffer;
import org.flyproto.bench.proto.flyproto.NewOrderDecoder;
import org.flyproto.bench.proto.flyproto.NewOrderEncoder;
import org.flyproto.bench.proto.flyproto.OrdType;
import org.flyproto.bench.proto.flyproto.Side;
import org.flyproto.bench.proto.flyproto.TimeInForce;
import org.flyproto.buffers.Tag;
import org.flyproto.buffers.Utf8;
import org.flyproto.buffers.Varint;
import org.flyproto.buffers.ZigZag;

/**
 * An order as an application holds it, written as a {@code flyproto.bench.NewOrder} message: a mutable, reusable
 * holder of the values (primitives and {@link CharSequence}s, never copied) that computes its exact encoded length
 * before encoding, so that it can be encoded in place into a claim of exactly that length.
 *
 * <p>The length follows protobuf's rules for proto3 implicit presence, as the generated encoder applies them: a field
 * holding its default (0, empty string, the enum's 0 value) is not written; any other field costs its tag, plus a
 * varint, a zigzag varint, 8 bytes, or a length varint and the UTF-8 bytes. {@link #write} checks nothing itself; the
 * publishers compare the encoder's {@code encodedLength()} with {@link #encodedLength()} and abort the claim on any
 * difference, so a mistake here can never publish a malformed frame.
 *
 * <p>Not thread-safe: one instance per publishing thread.
 */
public final class OrderEntry implements SizedMessageWriter {
    private final NewOrderEncoder encoder = new NewOrderEncoder();

    private long orderId;
    private CharSequence clOrdId = "";
    private CharSequence account = "";
    private CharSequence symbol = "";
    private Side side = Side.SIDE_UNSPECIFIED;
    private OrdType ordType = OrdType.ORD_TYPE_UNSPECIFIED;
    private TimeInForce timeInForce = TimeInForce.TIME_IN_FORCE_UNSPECIFIED;
    private long price;
    private int priceExponent;
    private long quantity;
    private long minQuantity;
    private long stopPrice;
    private long transactTime;
    private long sendingTime;
    private int traderId;
    private CharSequence venue = "";

    /**
     * Sets every field at once.
     *
     * @param orderId       gateway-assigned identifier (unsigned).
     * @param clOrdId       client-assigned identifier.
     * @param account       account.
     * @param symbol        instrument symbol.
     * @param side          side of the book.
     * @param ordType       how the order is priced.
     * @param timeInForce   how long it rests.
     * @param price         price mantissa.
     * @param priceExponent price exponent.
     * @param quantity      quantity (unsigned).
     * @param minQuantity   minimum quantity (unsigned).
     * @param stopPrice     trigger price, 0 for non-stop orders.
     * @param transactTime  nanoseconds since the epoch.
     * @param sendingTime   nanoseconds since the epoch.
     * @param traderId      trader (unsigned).
     * @param venue         market identifier code of the destination.
     * @return this.
     */
    public OrderEntry set(
            final long orderId,
            final CharSequence clOrdId,
            final CharSequence account,
            final CharSequence symbol,
            final Side side,
            final OrdType ordType,
            final TimeInForce timeInForce,
            final long price,
            final int priceExponent,
            final long quantity,
            final long minQuantity,
            final long stopPrice,
            final long transactTime,
            final long sendingTime,
            final int traderId,
            final CharSequence venue) {
        this.orderId = orderId;
        this.clOrdId = clOrdId;
        this.account = account;
        this.symbol = symbol;
        this.side = side;
        this.ordType = ordType;
        this.timeInForce = timeInForce;
        this.price = price;
        this.priceExponent = priceExponent;
        this.quantity = quantity;
        this.minQuantity = minQuantity;
        this.stopPrice = stopPrice;
        this.transactTime = transactTime;
        this.sendingTime = sendingTime;
        this.traderId = traderId;
        this.venue = venue;
        return this;
    }

    /**
     * Sets the fields that change from one order to the next on a hot path, keeping the others.
     *
     * @param orderId     gateway-assigned identifier.
     * @param price       price mantissa.
     * @param quantity    quantity.
     * @param sendingTime nanoseconds since the epoch.
     * @return this.
     */
    public OrderEntry next(final long orderId, final long price, final long quantity, final long sendingTime) {
        this.orderId = orderId;
        this.price = price;
        this.quantity = quantity;
        this.sendingTime = sendingTime;
        return this;
    }

    /**
     * The exact encoded length, computed from the values without encoding them.
     *
     * @return the bytes {@link #write} writes.
     */
    @Override
    public int encodedLength() {
        return varint(1, orderId)
                + string(2, clOrdId)
                + string(3, account)
                + string(4, symbol)
                + int32(5, side.number())
                + int32(6, ordType.number())
                + int32(7, timeInForce.number())
                + varint(8, ZigZag.encode64(price))
                + sint32(9, priceExponent)
                + varint(10, quantity)
                + varint(11, minQuantity)
                + varint(12, ZigZag.encode64(stopPrice))
                + fixed64(13, transactTime)
                + fixed64(14, sendingTime)
                + unsigned32(15, traderId)
                + string(16, venue);
    }

    /**
     * Encodes the order in field-number order (the bytes protobuf-java writes for the same values).
     *
     * @param buffer where to write.
     * @param offset where the message starts.
     * @param length the region available: the encoder's limit.
     * @return the encoded length.
     */
    @Override
    public int write(final MutableDirectBuffer buffer, final int offset, final int length) {
        return encoder.wrap(buffer, offset, length)
                .orderId(orderId)
                .clOrdId(clOrdId)
                .account(account)
                .symbol(symbol)
                .side(side)
                .ordType(ordType)
                .timeInForce(timeInForce)
                .price(price)
                .priceExponent(priceExponent)
                .quantity(quantity)
                .minQuantity(minQuantity)
                .stopPrice(stopPrice)
                .transactTime(transactTime)
                .sendingTime(sendingTime)
                .traderId(traderId)
                .venue(venue)
                .encodedLength();
    }

    /**
     * Whether a decoded order holds exactly these values; compares the strings in place, allocating nothing.
     *
     * @param decoded a wrapped decoder.
     * @return true if every field is equal.
     */
    public boolean matches(final NewOrderDecoder decoded) {
        return decoded.orderId() == orderId
                && decoded.clOrdId().contentEquals(clOrdId)
                && decoded.account().contentEquals(account)
                && decoded.symbol().contentEquals(symbol)
                && decoded.side() == side
                && decoded.ordType() == ordType
                && decoded.timeInForce() == timeInForce
                && decoded.price() == price
                && decoded.priceExponent() == priceExponent
                && decoded.quantity() == quantity
                && decoded.minQuantity() == minQuantity
                && decoded.stopPrice() == stopPrice
                && decoded.transactTime() == transactTime
                && decoded.sendingTime() == sendingTime
                && decoded.traderId() == traderId
                && decoded.venue().contentEquals(venue);
    }

    /** @return the order id. */
    public long orderId() {
        return orderId;
    }

    /** @return the price mantissa. */
    public long price() {
        return price;
    }

    /** @return the quantity. */
    public long quantity() {
        return quantity;
    }

    private static int varint(final int fieldNumber, final long value) {
        return value == 0 ? 0 : Tag.sizeOf(fieldNumber) + Varint.sizeOf64(value);
    }

    private static int int32(final int fieldNumber, final int value) {
        return value == 0 ? 0 : Tag.sizeOf(fieldNumber) + Varint.sizeOfInt32(value);
    }

    private static int sint32(final int fieldNumber, final int value) {
        return value == 0 ? 0 : Tag.sizeOf(fieldNumber) + Varint.sizeOfUnsigned32(ZigZag.encode32(value));
    }

    private static int unsigned32(final int fieldNumber, final int value) {
        return value == 0 ? 0 : Tag.sizeOf(fieldNumber) + Varint.sizeOfUnsigned32(value);
    }

    private static int fixed64(final int fieldNumber, final long value) {
        return value == 0 ? 0 : Tag.sizeOf(fieldNumber) + 8;
    }

    private static int string(final int fieldNumber, final CharSequence value) {
        if (value.length() == 0) {
            return 0;
        }
        final int utf8Length = Utf8.encodedLength(value);
        return Tag.sizeOf(fieldNumber) + Varint.sizeOfUnsigned32(utf8Length) + utf8Length;
    }
}
