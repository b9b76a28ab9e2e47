package org.flyproto.integrations;

import static org.assertj.core.api.Assertions.assertThat;

import org.flyproto.buffers.BytesView;
import org.flyproto.integrations.proto.flyproto.BookSnapshotDecoder;
import org.flyproto.integrations.proto.flyproto.LevelDecoder;

/** Field-by-field checks of a decoded {@code BookSnapshot} against what {@link BookSnapshotWriter} wrote. */
final class SnapshotAssertions {
    private SnapshotAssertions() {}

    static void assertSnapshot(
            final BookSnapshotDecoder decoded, final long sequence, final int levels, final int venueDataLength) {
        assertThat(decoded.symbolAsString()).isEqualTo(BookSnapshotWriter.SYMBOL);
        assertThat(decoded.sequence()).isEqualTo(sequence);
        assertThat(decoded.priceExponent()).isEqualTo(BookSnapshotWriter.PRICE_EXPONENT);
        assertThat(decoded.snapshotTime()).isEqualTo(BookSnapshotWriter.snapshotTime(sequence));
        int level = 0;
        for (final LevelDecoder bid = decoded.bids(); bid.next(); level++) {
            assertThat(bid.price()).as("bid %d", level).isEqualTo(BookSnapshotWriter.bidPrice(sequence, level));
            assertThat(bid.quantity()).as("bid %d", level).isEqualTo(BookSnapshotWriter.quantity(sequence, level));
            assertThat(bid.orderCount()).as("bid %d", level).isEqualTo(BookSnapshotWriter.orderCount(level));
        }
        assertThat(level).as("bid levels").isEqualTo(levels);
        level = 0;
        for (final LevelDecoder ask = decoded.asks(); ask.next(); level++) {
            assertThat(ask.price()).as("ask %d", level).isEqualTo(BookSnapshotWriter.askPrice(sequence, level));
            assertThat(ask.quantity()).as("ask %d", level).isEqualTo(BookSnapshotWriter.quantity(sequence, level));
            assertThat(ask.orderCount()).as("ask %d", level).isEqualTo(BookSnapshotWriter.orderCount(level));
        }
        assertThat(level).as("ask levels").isEqualTo(levels);
        final BytesView venueData = decoded.venueData();
        assertThat(venueData.length()).isEqualTo(venueDataLength);
        for (int i = 0; i < venueDataLength; i++) {
            assertThat(venueData.byteAt(i)).as("venue_data[%d]", i).isEqualTo(BookSnapshotWriter.venueByte(i));
        }
    }
}
