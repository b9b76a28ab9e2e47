package org.flyproto.bench.codec;

import org.flyproto.bench.fixture.AddressData;
import org.flyproto.bench.fixture.BookData;
import org.flyproto.bench.fixture.Fixture;
import org.flyproto.bench.fixture.LabelData;
import org.flyproto.bench.fixture.LevelData;
import org.flyproto.bench.fixture.LineData;
import org.flyproto.bench.fixture.OrderData;
import org.flyproto.bench.fixture.ParagraphData;
import org.flyproto.bench.fixture.PersonData;
import org.flyproto.bench.fixture.TelemetryData;
import org.flyproto.bench.fixture.TextData;

/**
 * The values a decode of a fixture must hand its {@link Sink}, in order, taken from the plain data: the contract every
 * library's {@link MessageCodec#decode(Sink)} is checked against.
 */
public final class ExpectedReads {
    private ExpectedReads() {}

    /**
     * Feeds {@code sink} what a decode of {@code fixture} reads.
     *
     * @param fixture the fixture.
     * @param sink receives the values.
     */
    public static void of(final Fixture fixture, final Sink sink) {
        switch (fixture.kind()) {
            case PERSON -> person(fixture.person(), sink);
            case ORDER -> order(fixture.order(), sink);
            case BOOK -> book(fixture.book(), sink);
            case TELEMETRY -> telemetry(fixture.telemetry(), sink);
            case TEXT -> text(fixture.text(), sink);
        }
    }

    private static void person(final PersonData person, final Sink sink) {
        sink.text(person.name());
        sink.longValue(person.id());
        sink.text(person.email());
        final AddressData address = person.address();
        sink.boolValue(address != null);
        if (address != null) {
            sink.text(address.street());
            sink.text(address.city());
            sink.text(address.postcode());
            sink.text(address.country());
        }
        for (final String email : person.emails()) {
            sink.text(email);
        }
        sink.count(person.emails().length);
        for (final int number : person.luckyNumbers()) {
            sink.longValue(number);
        }
        sink.count(person.luckyNumbers().length);
    }

    private static void order(final OrderData order, final Sink sink) {
        sink.longValue(order.orderId());
        sink.text(order.clOrdId());
        sink.text(order.account());
        sink.text(order.symbol());
        sink.longValue(order.side());
        sink.longValue(order.ordType());
        sink.longValue(order.timeInForce());
        sink.longValue(order.price());
        sink.longValue(order.priceExponent());
        sink.longValue(order.quantity());
        sink.longValue(order.minQuantity());
        sink.longValue(order.stopPrice());
        sink.longValue(order.transactTime());
        sink.longValue(order.sendingTime());
        sink.longValue(order.traderId());
        sink.text(order.venue());
    }

    private static void book(final BookData book, final Sink sink) {
        sink.longValue(book.instrumentId());
        sink.longValue(book.sequence());
        sink.longValue(book.exchangeTime());
        sink.longValue(book.receiveTime());
        for (final LevelData level : book.levels()) {
            sink.longValue(level.side());
            sink.longValue(level.action());
            sink.longValue(level.depth());
            sink.longValue(level.price());
            sink.longValue(level.quantity());
            sink.longValue(level.orderCount());
        }
        sink.count(book.levels().length);
        sink.boolValue(book.lastInPacket());
    }

    private static void telemetry(final TelemetryData telemetry, final Sink sink) {
        sink.text(telemetry.metric());
        for (final LabelData label : telemetry.labels()) {
            sink.text(label.key());
            sink.text(label.value());
        }
        sink.count(telemetry.labels().length);
        sink.text(telemetry.unit());
        for (final long timestamp : telemetry.timestamps()) {
            sink.longValue(timestamp);
        }
        sink.count(telemetry.timestamps().length);
        for (final double value : telemetry.values()) {
            sink.doubleValue(value);
        }
        sink.count(telemetry.values().length);
        sink.longValue(telemetry.sourceId());
    }

    private static void text(final TextData document, final Sink sink) {
        sink.text(document.title());
        sink.longValue(document.id());
        for (final ParagraphData paragraph : document.paragraphs()) {
            sink.text(paragraph.heading());
            for (final LineData line : paragraph.lines()) {
                sink.text(line.text());
                sink.text(line.language());
                sink.longValue(line.number());
            }
            sink.count(paragraph.lines().length);
        }
        sink.count(document.paragraphs().length);
        for (final byte[] chunk : document.chunks()) {
            sink.bytes(chunk.length, middle(chunk));
        }
        sink.count(document.chunks().length);
        for (final String tag : document.tags()) {
            sink.text(tag);
        }
        sink.count(document.tags().length);
    }

    /**
     * @param bytes some bytes.
     * @return the byte at {@code length / 2}, what {@link Sink#bytes(int, byte)} receives; 0 if empty.
     */
    public static byte middle(final byte[] bytes) {
        return bytes.length == 0 ? 0 : bytes[bytes.length / 2];
    }
}
