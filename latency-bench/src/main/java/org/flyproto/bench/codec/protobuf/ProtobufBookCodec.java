package org.flyproto.bench.codec.protobuf;

import com.google.protobuf.InvalidProtocolBufferException;
import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.fixture.BookData;
import org.flyproto.bench.fixture.LevelData;
import org.flyproto.bench.proto.BookProtos.BookUpdate;
import org.flyproto.bench.proto.BookProtos.LevelUpdate;

/** protobuf-java's codec of {@code BookUpdate}. */
final class ProtobufBookCodec extends ProtobufJavaCodec<BookUpdate> {
    private final BookData data;

    ProtobufBookCodec(final BookData data, final int capacity) {
        super(capacity);
        this.data = data;
    }

    @Override
    public BookUpdate build() {
        final BookData book = data;
        final BookUpdate.Builder builder = BookUpdate.newBuilder()
                .setInstrumentId(book.instrumentId())
                .setSequence(book.sequence())
                .setExchangeTime(book.exchangeTime())
                .setReceiveTime(book.receiveTime());
        for (final LevelData level : book.levels()) {
            builder.addLevels(LevelUpdate.newBuilder()
                    .setSideValue(level.side())
                    .setActionValue(level.action())
                    .setDepth(level.depth())
                    .setPrice(level.price())
                    .setQuantity(level.quantity())
                    .setOrderCount(level.orderCount()));
        }
        return builder.setLastInPacket(book.lastInPacket()).build();
    }

    @Override
    public BookUpdate parse(final byte[] bytes, final int length) throws InvalidProtocolBufferException {
        return BookUpdate.parser().parseFrom(bytes, 0, length);
    }

    @Override
    protected void read(final BookUpdate book, final Sink sink) {
        sink.longValue(book.getInstrumentId());
        sink.longValue(book.getSequence());
        sink.longValue(book.getExchangeTime());
        sink.longValue(book.getReceiveTime());
        for (int i = 0, count = book.getLevelsCount(); i < count; i++) {
            final LevelUpdate level = book.getLevels(i);
            sink.longValue(level.getSideValue());
            sink.longValue(level.getActionValue());
            sink.longValue(level.getDepth());
            sink.longValue(level.getPrice());
            sink.longValue(level.getQuantity());
            sink.longValue(level.getOrderCount());
        }
        sink.count(book.getLevelsCount());
        sink.boolValue(book.getLastInPacket());
    }
}
