package org.flyproto.bench.codec.quickbuf;

import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.fixture.BookData;
import org.flyproto.bench.fixture.LevelData;
import org.flyproto.bench.proto.quickbuf.BookProtos.BookUpdate;
import org.flyproto.bench.proto.quickbuf.BookProtos.LevelUpdate;
import us.hebi.quickbuf.RepeatedMessage;

/** QuickBuffers' codec of {@code BookUpdate}. */
final class QuickbufBookCodec extends QuickbufCodec<BookUpdate> {
    private final BookData data;

    QuickbufBookCodec(final BookData data, final int capacity) {
        super(capacity, BookUpdate.newInstance(), BookUpdate.newInstance());
        this.data = data;
    }

    @Override
    protected void fill(final BookUpdate message) {
        final BookData book = data;
        message.setInstrumentId(book.instrumentId())
                .setSequence(book.sequence())
                .setExchangeTime(book.exchangeTime())
                .setReceiveTime(book.receiveTime());
        final RepeatedMessage<LevelUpdate> levels = message.getMutableLevels();
        for (final LevelData level : book.levels()) {
            levels.next()
                    .setSideValue(level.side())
                    .setActionValue(level.action())
                    .setDepth(level.depth())
                    .setPrice(level.price())
                    .setQuantity(level.quantity())
                    .setOrderCount(level.orderCount());
        }
        message.setLastInPacket(book.lastInPacket());
    }

    @Override
    protected void read(final BookUpdate book, final Sink sink) {
        sink.longValue(book.getInstrumentId());
        sink.longValue(book.getSequence());
        sink.longValue(book.getExchangeTime());
        sink.longValue(book.getReceiveTime());
        final RepeatedMessage<LevelUpdate> levels = book.getLevels();
        for (int i = 0, count = levels.length(); i < count; i++) {
            final LevelUpdate level = levels.get(i);
            sink.longValue(level.getSideValue());
            sink.longValue(level.getActionValue());
            sink.longValue(level.getDepth());
            sink.longValue(level.getPrice());
            sink.longValue(level.getQuantity());
            sink.longValue(level.getOrderCount());
        }
        sink.count(levels.length());
        sink.boolValue(book.getLastInPacket());
    }
}
