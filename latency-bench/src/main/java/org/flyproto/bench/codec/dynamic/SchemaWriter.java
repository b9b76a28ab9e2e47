package org.flyproto.bench.codec.dynamic;

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
import org.flyproto.codec.DynamicEncoder;
import org.flyproto.codec.schema.FieldSchema;
import org.flyproto.codec.schema.MessageSchema;

/**
 * Writes a fixture's data record through a {@link DynamicEncoder}, every field in number order (so the bytes are the
 * canonical ones), from the same records the generated codecs write: the {@link FieldSchema}s are looked up by name
 * once, when the writer is built. Packed fields held as arrays are written with the encoder's array setters, one run
 * each, as the generated codec writes them.
 */
interface SchemaWriter {
    /**
     * Writes the fixture's fields into the root message the encoder is wrapped on.
     *
     * @param encoder the encoder, wrapped on the fixture's message type.
     */
    void write(DynamicEncoder encoder);

    /**
     * @param fixture the fixture.
     * @param schema its message type.
     * @return the writer of its data.
     */
    static SchemaWriter of(final Fixture fixture, final MessageSchema schema) {
        return switch (fixture.kind()) {
            case PERSON -> new Person(schema, fixture.person());
            case ORDER -> new Order(schema, fixture.order());
            case BOOK -> new Book(schema, fixture.book());
            case TELEMETRY -> new Telemetry(schema, fixture.telemetry());
            case TEXT -> new Text(schema, fixture.text());
        };
    }

    /**
     * @return the field of that .proto name.
     * @throws IllegalArgumentException if there is none.
     */
    private static FieldSchema field(final MessageSchema schema, final String name) {
        for (int i = 0; i < schema.fieldCount(); i++) {
            if (schema.field(i).name().equals(name)) {
                return schema.field(i);
            }
        }
        throw new IllegalArgumentException(schema + " has no field " + name);
    }

    /** {@code Person}, with its {@code Address}. */
    final class Person implements SchemaWriter {
        private final PersonData data;
        private final FieldSchema name;
        private final FieldSchema id;
        private final FieldSchema email;
        private final FieldSchema address;
        private final FieldSchema street;
        private final FieldSchema city;
        private final FieldSchema postcode;
        private final FieldSchema country;
        private final FieldSchema emails;
        private final FieldSchema luckyNumbers;

        Person(final MessageSchema schema, final PersonData data) {
            this.data = data;
            name = field(schema, "name");
            id = field(schema, "id");
            email = field(schema, "email");
            address = field(schema, "address");
            street = field(address.messageType(), "street");
            city = field(address.messageType(), "city");
            postcode = field(address.messageType(), "postcode");
            country = field(address.messageType(), "country");
            emails = field(schema, "emails");
            luckyNumbers = field(schema, "lucky_numbers");
        }

        @Override
        public void write(final DynamicEncoder encoder) {
            final PersonData person = data;
            encoder.string(name, person.name()).int32Value(id, person.id()).string(email, person.email());
            final AddressData a = person.address();
            if (a != null) {
                encoder.beginMessage(address)
                        .string(street, a.street())
                        .string(city, a.city())
                        .string(postcode, a.postcode())
                        .string(country, a.country())
                        .end();
            }
            for (final String e : person.emails()) {
                encoder.string(emails, e);
            }
            encoder.int32Values(luckyNumbers, person.luckyNumbers(), 0, person.luckyNumbers().length);
        }
    }

    /** {@code NewOrder}. */
    final class Order implements SchemaWriter {
        private final OrderData data;
        private final FieldSchema[] f = new FieldSchema[17];

        Order(final MessageSchema schema, final OrderData data) {
            this.data = data;
            final String[] names = {
                "order_id",
                "cl_ord_id",
                "account",
                "symbol",
                "side",
                "ord_type",
                "time_in_force",
                "price",
                "price_exponent",
                "quantity",
                "min_quantity",
                "stop_price",
                "transact_time",
                "sending_time",
                "trader_id",
                "venue"
            };
            for (int i = 0; i < names.length; i++) {
                f[i + 1] = field(schema, names[i]);
            }
        }

        @Override
        public void write(final DynamicEncoder encoder) {
            final OrderData order = data;
            final FieldSchema[] f = this.f;
            encoder.uint64Value(f[1], order.orderId())
                    .string(f[2], order.clOrdId())
                    .string(f[3], order.account())
                    .string(f[4], order.symbol())
                    .enumValue(f[5], order.side())
                    .enumValue(f[6], order.ordType())
                    .enumValue(f[7], order.timeInForce())
                    .int64Value(f[8], order.price())
                    .int32Value(f[9], order.priceExponent())
                    .uint64Value(f[10], order.quantity())
                    .uint64Value(f[11], order.minQuantity())
                    .int64Value(f[12], order.stopPrice())
                    .uint64Value(f[13], order.transactTime())
                    .uint64Value(f[14], order.sendingTime())
                    .uint32Value(f[15], order.traderId())
                    .string(f[16], order.venue());
        }
    }

    /** {@code BookUpdate}, with its {@code LevelUpdate}s. */
    final class Book implements SchemaWriter {
        private final BookData data;
        private final FieldSchema instrumentId;
        private final FieldSchema sequence;
        private final FieldSchema exchangeTime;
        private final FieldSchema receiveTime;
        private final FieldSchema levels;
        private final FieldSchema lastInPacket;
        private final FieldSchema side;
        private final FieldSchema action;
        private final FieldSchema depth;
        private final FieldSchema price;
        private final FieldSchema quantity;
        private final FieldSchema orderCount;

        Book(final MessageSchema schema, final BookData data) {
            this.data = data;
            instrumentId = field(schema, "instrument_id");
            sequence = field(schema, "sequence");
            exchangeTime = field(schema, "exchange_time");
            receiveTime = field(schema, "receive_time");
            levels = field(schema, "levels");
            lastInPacket = field(schema, "last_in_packet");
            final MessageSchema level = levels.messageType();
            side = field(level, "side");
            action = field(level, "action");
            depth = field(level, "depth");
            price = field(level, "price");
            quantity = field(level, "quantity");
            orderCount = field(level, "order_count");
        }

        @Override
        public void write(final DynamicEncoder encoder) {
            final BookData book = data;
            encoder.uint32Value(instrumentId, book.instrumentId())
                    .uint64Value(sequence, book.sequence())
                    .uint64Value(exchangeTime, book.exchangeTime())
                    .uint64Value(receiveTime, book.receiveTime());
            for (final LevelData level : book.levels()) {
                encoder.beginMessage(levels)
                        .enumValue(side, level.side())
                        .enumValue(action, level.action())
                        .uint32Value(depth, level.depth())
                        .int64Value(price, level.price())
                        .uint64Value(quantity, level.quantity())
                        .uint32Value(orderCount, level.orderCount())
                        .end();
            }
            encoder.boolValue(lastInPacket, book.lastInPacket());
        }
    }

    /** {@code Telemetry}, with its {@code Label}s and packed runs. */
    final class Telemetry implements SchemaWriter {
        private final TelemetryData data;
        private final FieldSchema metric;
        private final FieldSchema labels;
        private final FieldSchema key;
        private final FieldSchema value;
        private final FieldSchema unit;
        private final FieldSchema timestamps;
        private final FieldSchema values;
        private final FieldSchema sourceId;

        Telemetry(final MessageSchema schema, final TelemetryData data) {
            this.data = data;
            metric = field(schema, "metric");
            labels = field(schema, "labels");
            key = field(labels.messageType(), "key");
            value = field(labels.messageType(), "value");
            unit = field(schema, "unit");
            timestamps = field(schema, "timestamps");
            values = field(schema, "values");
            sourceId = field(schema, "source_id");
        }

        @Override
        public void write(final DynamicEncoder encoder) {
            final TelemetryData telemetry = data;
            encoder.string(metric, telemetry.metric());
            for (final LabelData label : telemetry.labels()) {
                encoder.beginMessage(labels)
                        .string(key, label.key())
                        .string(value, label.value())
                        .end();
            }
            encoder.string(unit, telemetry.unit());
            encoder.int64Values(timestamps, telemetry.timestamps(), 0, telemetry.timestamps().length);
            encoder.doubleValues(values, telemetry.values(), 0, telemetry.values().length);
            encoder.uint32Value(sourceId, telemetry.sourceId());
        }
    }

    /** {@code Document}, with its {@code Paragraph}s of {@code Line}s, bytes chunks and tags. */
    final class Text implements SchemaWriter {
        private final TextData data;
        private final FieldSchema title;
        private final FieldSchema id;
        private final FieldSchema paragraphs;
        private final FieldSchema heading;
        private final FieldSchema lines;
        private final FieldSchema text;
        private final FieldSchema language;
        private final FieldSchema number;
        private final FieldSchema chunks;
        private final FieldSchema tags;

        Text(final MessageSchema schema, final TextData data) {
            this.data = data;
            title = field(schema, "title");
            id = field(schema, "id");
            paragraphs = field(schema, "paragraphs");
            heading = field(paragraphs.messageType(), "heading");
            lines = field(paragraphs.messageType(), "lines");
            final MessageSchema line = lines.messageType();
            text = field(line, "text");
            language = field(line, "language");
            number = field(line, "number");
            chunks = field(schema, "chunks");
            tags = field(schema, "tags");
        }

        @Override
        public void write(final DynamicEncoder encoder) {
            final TextData document = data;
            encoder.string(title, document.title()).uint64Value(id, document.id());
            for (final ParagraphData paragraph : document.paragraphs()) {
                encoder.beginMessage(paragraphs).string(heading, paragraph.heading());
                for (final LineData line : paragraph.lines()) {
                    encoder.beginMessage(lines)
                            .string(text, line.text())
                            .string(language, line.language())
                            .uint32Value(number, line.number())
                            .end();
                }
                encoder.end();
            }
            for (final byte[] chunk : document.chunks()) {
                encoder.bytes(chunks, chunk, 0, chunk.length);
            }
            for (final String tag : document.tags()) {
                encoder.string(tags, tag);
            }
        }
    }
}
