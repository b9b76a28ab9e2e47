package org.flyproto.integrations;

import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.codec.FieldWriter;
import org.flyproto.integrations.proto.flyproto.BookSnapshotDecoder;
import org.flyproto.integrations.proto.flyproto.BookSnapshotEncoder;
import org.flyproto.integrations.proto.flyproto.LevelDecoder;

/**
 * Writes a {@code flyproto.integrations.BookSnapshot} whose content follows from its sequence number and its number
 * of levels, so that a receiver can check every field: large enough, with thousands of levels, to need fragmentation
 * on Aeron. {@link #bidPrice}, {@link #askPrice}, {@link #quantity}, {@link #orderCount} and {@link #venueByte} say
 * what each value is; {@link #FIELDS} writes it.
 *
 * <p>Not thread-safe; writing allocates nothing.
 */
public final class BookSnapshotWriter {
    /** The snapshot's symbol. */
    public static final String SYMBOL = "ESZ6";
    /** The snapshot's price exponent. */
    public static final int PRICE_EXPONENT = -2;

    /** Writes a snapshot's fields. */
    public static final FieldWriter<BookSnapshotEncoder, BookSnapshotWriter> FIELDS =
            (encoder, snapshot) -> snapshot.writeFields(encoder);

    private final UnsafeBuffer venueData;
    private long sequence;
    private int levels;
    private int venueDataLength;

    /**
     * @param maxVenueDataLength the largest {@code venue_data} this writer will write.
     */
    public BookSnapshotWriter(final int maxVenueDataLength) {
        venueData = new UnsafeBuffer(new byte[maxVenueDataLength]);
        for (int i = 0; i < maxVenueDataLength; i++) {
            venueData.putByte(i, venueByte(i));
        }
    }

    /**
     * @param sequence        the snapshot's sequence number.
     * @param levels          levels per side.
     * @param venueDataLength bytes of {@code venue_data}.
     * @return this.
     */
    public BookSnapshotWriter set(final long sequence, final int levels, final int venueDataLength) {
        if (venueDataLength > venueData.capacity()) {
            throw new IllegalArgumentException(
                    "venue data of " + venueDataLength + " bytes exceeds " + venueData.capacity());
        }
        this.sequence = sequence;
        this.levels = levels;
        this.venueDataLength = venueDataLength;
        return this;
    }

    /**
     * Writes the snapshot's fields, in field-number order.
     *
     * @param encoder a wrapped encoder (sizing or writing).
     * @return the encoder.
     */
    public BookSnapshotEncoder writeFields(final BookSnapshotEncoder encoder) {
        final BookSnapshotEncoder snapshot =
                encoder.symbol(SYMBOL).sequence(sequence).priceExponent(PRICE_EXPONENT);
        for (int level = 0; level < levels; level++) {
            snapshot.addBids()
                    .price(bidPrice(sequence, level))
                    .quantity(quantity(sequence, level))
                    .orderCount(orderCount(level));
            snapshot.endBids();
        }
        for (int level = 0; level < levels; level++) {
            snapshot.addAsks()
                    .price(askPrice(sequence, level))
                    .quantity(quantity(sequence, level))
                    .orderCount(orderCount(level));
            snapshot.endAsks();
        }
        return snapshot.venueData(venueData, 0, venueDataLength).snapshotTime(snapshotTime(sequence));
    }

    /**
     * Whether a decoded snapshot holds exactly what this writer wrote, field by field and level by level; allocates
     * nothing.
     *
     * @param decoded a wrapped decoder.
     * @return true if every field and level is equal.
     */
    public boolean matches(final BookSnapshotDecoder decoded) {
        if (!decoded.symbol().contentEquals(SYMBOL)
                || decoded.sequence() != sequence
                || decoded.priceExponent() != PRICE_EXPONENT
                || decoded.snapshotTime() != snapshotTime(sequence)
                || !decoded.venueData().contentEquals(venueData, 0, venueDataLength)) {
            return false;
        }
        int level = 0;
        for (final LevelDecoder bid = decoded.bids(); bid.next(); level++) {
            if (level >= levels || !levelMatches(bid, bidPrice(sequence, level), level)) {
                return false;
            }
        }
        if (level != levels) {
            return false;
        }
        level = 0;
        for (final LevelDecoder ask = decoded.asks(); ask.next(); level++) {
            if (level >= levels || !levelMatches(ask, askPrice(sequence, level), level)) {
                return false;
            }
        }
        return level == levels;
    }

    private boolean levelMatches(final LevelDecoder decoded, final long price, final int level) {
        return decoded.price() == price
                && decoded.quantity() == quantity(sequence, level)
                && decoded.orderCount() == orderCount(level);
    }

    /**
     * @param sequence the snapshot's sequence number.
     * @param level    the level, 0 the best.
     * @return the bid price of that level.
     */
    public static long bidPrice(final long sequence, final int level) {
        return 512_000 + (sequence & 0xFF) - 25L * level;
    }

    /**
     * @param sequence the snapshot's sequence number.
     * @param level    the level, 0 the best.
     * @return the ask price of that level.
     */
    public static long askPrice(final long sequence, final int level) {
        return 512_025 + (sequence & 0xFF) + 25L * level;
    }

    /**
     * @param sequence the snapshot's sequence number.
     * @param level    the level.
     * @return the quantity at that level (either side).
     */
    public static long quantity(final long sequence, final int level) {
        return 1 + ((sequence * 31 + level * 977L) % 5_000);
    }

    /**
     * @param level the level.
     * @return the number of orders at that level (either side).
     */
    public static int orderCount(final int level) {
        return 1 + level % 17;
    }

    /**
     * @param index the byte's index.
     * @return byte {@code index} of {@code venue_data}.
     */
    public static byte venueByte(final int index) {
        return (byte) (index * 31 + 7);
    }

    /**
     * @param sequence the snapshot's sequence number.
     * @return the snapshot's time.
     */
    public static long snapshotTime(final long sequence) {
        return 1_764_460_800_000_000_000L + sequence * 1_000;
    }
}
