package org.flyproto.bench.codec.flyproto;

import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.fixture.BookData;
import org.flyproto.bench.fixture.LevelData;
import org.flyproto.bench.proto.flyproto.BookUpdateDecoder;
import org.flyproto.bench.proto.flyproto.BookUpdateEncoder;
import org.flyproto.bench.proto.flyproto.LevelUpdateDecoder;
import org.flyproto.codec.FieldWriter;

/** flyproto's codec of {@code BookUpdate}. */
final class FlyprotoBookCodec extends FlyprotoCodec<BookUpdateEncoder, BookData> {
    /** Every field of the book fixture: {@link #write}. */
    private static final FieldWriter<BookUpdateEncoder, BookData> FIELDS = FlyprotoBookCodec::write;

    private final BookUpdateDecoder decoder = new BookUpdateDecoder();

    FlyprotoBookCodec(final BookData data, final int capacity) {
        super(capacity, new BookUpdateEncoder(), FIELDS, data);
    }

    /** The one setter chain of the book fixture, behind encode, size and claim. */
    private static void write(final BookUpdateEncoder encoder, final BookData book) {
        encoder.instrumentId(book.instrumentId())
                .sequence(book.sequence())
                .exchangeTime(book.exchangeTime())
                .receiveTime(book.receiveTime());
        for (final LevelData level : book.levels()) {
            encoder.addLevels()
                    .sideRaw(level.side())
                    .actionRaw(level.action())
                    .depth(level.depth())
                    .price(level.price())
                    .quantity(level.quantity())
                    .orderCount(level.orderCount());
            encoder.endLevels();
        }
        encoder.lastInPacket(book.lastInPacket());
    }

    @Override
    public BookUpdateDecoder decoder() {
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

    private static void read(final BookUpdateDecoder book, final Sink sink) {
        sink.longValue(book.instrumentId());
        sink.longValue(book.sequence());
        sink.longValue(book.exchangeTime());
        sink.longValue(book.receiveTime());
        for (final LevelUpdateDecoder level = book.levels(); level.next(); ) {
            sink.longValue(level.sideRaw());
            sink.longValue(level.actionRaw());
            sink.longValue(level.depth());
            sink.longValue(level.price());
            sink.longValue(level.quantity());
            sink.longValue(level.orderCount());
        }
        sink.count(book.levelsCount());
        sink.boolValue(book.lastInPacket());
    }
}
