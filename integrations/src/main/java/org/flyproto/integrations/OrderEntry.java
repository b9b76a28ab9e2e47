package org.flyproto.integrations;

import org.flyproto.bench.proto.flyproto.NewOrderDecoder;
import org.flyproto.bench.proto.flyproto.NewOrderEncoder;
import org.flyproto.bench.proto.flyproto.OrdType;
import org.flyproto.bench.proto.flyproto.Side;
import org.flyproto.bench.proto.flyproto.TimeInForce;
import org.flyproto.codec.FieldWriter;

/**
 * An order as an application holds it, written as a {@code flyproto.bench.NewOrder} message: a mutable, reusable
 * holder of the values (primitives and {@link CharSequence}s, never copied), and {@link #FIELDS}, the one place that
 * says how they are written. The publishers measure a message with it over a sizing encoder before claiming, then
 * encode it with it into the claim: nobody computes a length by hand.
 *
 * <p>Not thread-safe: one instance per publishing thread.
 */
public final class OrderEntry {
    /** Writes an entry's fields, in field-number order (the bytes protobuf-java writes for the same values). */
    public static final FieldWriter<NewOrderEncoder, OrderEntry> FIELDS =
            (encoder, order) -> order.writeFields(encoder);

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
     * Writes the order's fields, in field-number order.
     *
     * @param encoder a wrapped encoder (sizing or writing).
     * @return the encoder.
     */
    public NewOrderEncoder writeFields(final NewOrderEncoder encoder) {
        return encoder.orderId(orderId)
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
                .venue(venue);
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
}
