package org.flyproto.bench.codec.lightproto;

import io.netty.buffer.ByteBuf;
import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.fixture.BookData;
import org.flyproto.bench.fixture.LevelData;
import org.flyproto.bench.proto.LpBook.BookSide;
import org.flyproto.bench.proto.LpBook.BookUpdate;
import org.flyproto.bench.proto.LpBook.LevelAction;
import org.flyproto.bench.proto.LpBook.LevelUpdate;

/** LightProto's codec of {@code BookUpdate}. */
final class LightprotoBookCodec extends LightprotoCodec {
    private final BookData data;
    private final BookUpdate encoded = new BookUpdate();
    private final BookUpdate decoded = new BookUpdate();

    LightprotoBookCodec(final BookData data, final int capacity) {
        super(capacity);
        this.data = data;
    }

    @Override
    protected void fill() {
        final BookData book = data;
        final BookUpdate message = encoded.clear()
                .setInstrumentId(book.instrumentId())
                .setSequence(book.sequence())
                .setExchangeTime(book.exchangeTime())
                .setReceiveTime(book.receiveTime());
        for (final LevelData level : book.levels()) {
            message.addLevel()
                    .setSide(BookSide.valueOf(level.side()))
                    .setAction(LevelAction.valueOf(level.action()))
                    .setDepth(level.depth())
                    .setPrice(level.price())
                    .setQuantity(level.quantity())
                    .setOrderCount(level.orderCount());
        }
        message.setLastInPacket(book.lastInPacket());
    }

    @Override
    protected int serializedSize() {
        return encoded.getSerializedSize();
    }

    @Override
    protected int writeTo(final ByteBuf buffer) {
        return encoded.writeTo(buffer);
    }

    @Override
    protected void read(final ByteBuf buffer, final int length, final Sink sink) {
        final BookUpdate book = decoded;
        book.parseFrom(buffer, length);
        sink.longValue(book.getInstrumentId());
        sink.longValue(book.getSequence());
        sink.longValue(book.getExchangeTime());
        sink.longValue(book.getReceiveTime());
        final int count = book.getLevelsCount();
        for (int i = 0; i < count; i++) {
            final LevelUpdate level = book.getLevelAt(i);
            sink.longValue(level.getSide().getValue());
            sink.longValue(level.getAction().getValue());
            sink.longValue(level.getDepth());
            sink.longValue(level.getPrice());
            sink.longValue(level.getQuantity());
            sink.longValue(level.getOrderCount());
        }
        sink.count(count);
        sink.boolValue(book.isLastInPacket());
    }
}
