package org.flyproto.bench.codec.dynamic;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.DynamicMessage;
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
 * Builds a fixture's message as a {@link DynamicMessage}, from the same data records the generated codecs write: a
 * builder per message ({@code DynamicMessage.newBuilder(type)}), {@code setField} and {@code addRepeatedField} with
 * boxed values, enum values through {@code findValueByNumber}, bytes copied into {@link ByteString}s, nested messages
 * built and set. The {@link FieldDescriptor}s are looked up by name once, when the writer is built.
 */
interface DescriptorWriter {
    /**
     * @return the fixture's message, built afresh.
     */
    DynamicMessage build();

    /**
     * @param fixture the fixture.
     * @param type its message type.
     * @return the writer of its data.
     */
    static DescriptorWriter of(final Fixture fixture, final Descriptor type) {
        return switch (fixture.kind()) {
            case PERSON -> new Person(type, fixture.person());
            case ORDER -> new Order(type, fixture.order());
            case BOOK -> new Book(type, fixture.book());
            case TELEMETRY -> new Telemetry(type, fixture.telemetry());
            case TEXT -> new Text(type, fixture.text());
        };
    }

    /**
     * @return the field of that .proto name.
     * @throws IllegalArgumentException if there is none.
     */
    private static FieldDescriptor field(final Descriptor type, final String name) {
        final FieldDescriptor field = type.findFieldByName(name);
        if (field == null) {
            throw new IllegalArgumentException(type.getFullName() + " has no field " + name);
        }
        return field;
    }

    /** {@code Person}, with its {@code Address}. */
    final class Person implements DescriptorWriter {
        private final PersonData data;
        private final Descriptor type;
        private final FieldDescriptor name;
        private final FieldDescriptor id;
        private final FieldDescriptor email;
        private final FieldDescriptor address;
        private final FieldDescriptor street;
        private final FieldDescriptor city;
        private final FieldDescriptor postcode;
        private final FieldDescriptor country;
        private final FieldDescriptor emails;
        private final FieldDescriptor luckyNumbers;

        Person(final Descriptor type, final PersonData data) {
            this.data = data;
            this.type = type;
            name = field(type, "name");
            id = field(type, "id");
            email = field(type, "email");
            address = field(type, "address");
            street = field(address.getMessageType(), "street");
            city = field(address.getMessageType(), "city");
            postcode = field(address.getMessageType(), "postcode");
            country = field(address.getMessageType(), "country");
            emails = field(type, "emails");
            luckyNumbers = field(type, "lucky_numbers");
        }

        @Override
        public DynamicMessage build() {
            final PersonData person = data;
            final DynamicMessage.Builder builder = DynamicMessage.newBuilder(type)
                    .setField(name, person.name())
                    .setField(id, person.id())
                    .setField(email, person.email());
            final AddressData a = person.address();
            if (a != null) {
                builder.setField(
                        address,
                        DynamicMessage.newBuilder(address.getMessageType())
                                .setField(street, a.street())
                                .setField(city, a.city())
                                .setField(postcode, a.postcode())
                                .setField(country, a.country())
                                .build());
            }
            for (final String e : person.emails()) {
                builder.addRepeatedField(emails, e);
            }
            for (final int number : person.luckyNumbers()) {
                builder.addRepeatedField(luckyNumbers, number);
            }
            return builder.build();
        }
    }

    /** {@code NewOrder}. */
    final class Order implements DescriptorWriter {
        private final OrderData data;
        private final Descriptor type;
        private final FieldDescriptor[] f = new FieldDescriptor[17];

        Order(final Descriptor type, final OrderData data) {
            this.data = data;
            this.type = type;
            for (int number = 1; number <= 16; number++) {
                f[number] = type.findFieldByNumber(number);
            }
        }

        @Override
        public DynamicMessage build() {
            final OrderData order = data;
            final FieldDescriptor[] f = this.f;
            return DynamicMessage.newBuilder(type)
                    .setField(f[1], order.orderId())
                    .setField(f[2], order.clOrdId())
                    .setField(f[3], order.account())
                    .setField(f[4], order.symbol())
                    .setField(f[5], f[5].getEnumType().findValueByNumber(order.side()))
                    .setField(f[6], f[6].getEnumType().findValueByNumber(order.ordType()))
                    .setField(f[7], f[7].getEnumType().findValueByNumber(order.timeInForce()))
                    .setField(f[8], order.price())
                    .setField(f[9], order.priceExponent())
                    .setField(f[10], order.quantity())
                    .setField(f[11], order.minQuantity())
                    .setField(f[12], order.stopPrice())
                    .setField(f[13], order.transactTime())
                    .setField(f[14], order.sendingTime())
                    .setField(f[15], order.traderId())
                    .setField(f[16], order.venue())
                    .build();
        }
    }

    /** {@code BookUpdate}, with its {@code LevelUpdate}s. */
    final class Book implements DescriptorWriter {
        private final BookData data;
        private final Descriptor type;
        private final FieldDescriptor instrumentId;
        private final FieldDescriptor sequence;
        private final FieldDescriptor exchangeTime;
        private final FieldDescriptor receiveTime;
        private final FieldDescriptor levels;
        private final FieldDescriptor lastInPacket;
        private final Descriptor level;
        private final FieldDescriptor side;
        private final FieldDescriptor action;
        private final FieldDescriptor depth;
        private final FieldDescriptor price;
        private final FieldDescriptor quantity;
        private final FieldDescriptor orderCount;

        Book(final Descriptor type, final BookData data) {
            this.data = data;
            this.type = type;
            instrumentId = field(type, "instrument_id");
            sequence = field(type, "sequence");
            exchangeTime = field(type, "exchange_time");
            receiveTime = field(type, "receive_time");
            levels = field(type, "levels");
            lastInPacket = field(type, "last_in_packet");
            level = levels.getMessageType();
            side = field(level, "side");
            action = field(level, "action");
            depth = field(level, "depth");
            price = field(level, "price");
            quantity = field(level, "quantity");
            orderCount = field(level, "order_count");
        }

        @Override
        public DynamicMessage build() {
            final BookData book = data;
            final DynamicMessage.Builder builder = DynamicMessage.newBuilder(type)
                    .setField(instrumentId, book.instrumentId())
                    .setField(sequence, book.sequence())
                    .setField(exchangeTime, book.exchangeTime())
                    .setField(receiveTime, book.receiveTime());
            for (final LevelData l : book.levels()) {
                builder.addRepeatedField(
                        levels,
                        DynamicMessage.newBuilder(level)
                                .setField(side, side.getEnumType().findValueByNumber(l.side()))
                                .setField(action, action.getEnumType().findValueByNumber(l.action()))
                                .setField(depth, l.depth())
                                .setField(price, l.price())
                                .setField(quantity, l.quantity())
                                .setField(orderCount, l.orderCount())
                                .build());
            }
            return builder.setField(lastInPacket, book.lastInPacket()).build();
        }
    }

    /** {@code Telemetry}, with its {@code Label}s and packed runs. */
    final class Telemetry implements DescriptorWriter {
        private final TelemetryData data;
        private final Descriptor type;
        private final FieldDescriptor metric;
        private final FieldDescriptor labels;
        private final FieldDescriptor key;
        private final FieldDescriptor value;
        private final FieldDescriptor unit;
        private final FieldDescriptor timestamps;
        private final FieldDescriptor values;
        private final FieldDescriptor sourceId;

        Telemetry(final Descriptor type, final TelemetryData data) {
            this.data = data;
            this.type = type;
            metric = field(type, "metric");
            labels = field(type, "labels");
            key = field(labels.getMessageType(), "key");
            value = field(labels.getMessageType(), "value");
            unit = field(type, "unit");
            timestamps = field(type, "timestamps");
            values = field(type, "values");
            sourceId = field(type, "source_id");
        }

        @Override
        public DynamicMessage build() {
            final TelemetryData telemetry = data;
            final DynamicMessage.Builder builder =
                    DynamicMessage.newBuilder(type).setField(metric, telemetry.metric());
            for (final LabelData label : telemetry.labels()) {
                builder.addRepeatedField(
                        labels,
                        DynamicMessage.newBuilder(labels.getMessageType())
                                .setField(key, label.key())
                                .setField(value, label.value())
                                .build());
            }
            builder.setField(unit, telemetry.unit());
            for (final long timestamp : telemetry.timestamps()) {
                builder.addRepeatedField(timestamps, timestamp);
            }
            for (final double v : telemetry.values()) {
                builder.addRepeatedField(values, v);
            }
            return builder.setField(sourceId, telemetry.sourceId()).build();
        }
    }

    /** {@code Document}, with its {@code Paragraph}s of {@code Line}s, bytes chunks and tags. */
    final class Text implements DescriptorWriter {
        private final TextData data;
        private final Descriptor type;
        private final FieldDescriptor title;
        private final FieldDescriptor id;
        private final FieldDescriptor paragraphs;
        private final FieldDescriptor heading;
        private final FieldDescriptor lines;
        private final FieldDescriptor text;
        private final FieldDescriptor language;
        private final FieldDescriptor number;
        private final FieldDescriptor chunks;
        private final FieldDescriptor tags;

        Text(final Descriptor type, final TextData data) {
            this.data = data;
            this.type = type;
            title = field(type, "title");
            id = field(type, "id");
            paragraphs = field(type, "paragraphs");
            heading = field(paragraphs.getMessageType(), "heading");
            lines = field(paragraphs.getMessageType(), "lines");
            final Descriptor line = lines.getMessageType();
            text = field(line, "text");
            language = field(line, "language");
            number = field(line, "number");
            chunks = field(type, "chunks");
            tags = field(type, "tags");
        }

        @Override
        public DynamicMessage build() {
            final TextData document = data;
            final DynamicMessage.Builder builder = DynamicMessage.newBuilder(type)
                    .setField(title, document.title())
                    .setField(id, document.id());
            for (final ParagraphData paragraph : document.paragraphs()) {
                final DynamicMessage.Builder p =
                        DynamicMessage.newBuilder(paragraphs.getMessageType()).setField(heading, paragraph.heading());
                for (final LineData line : paragraph.lines()) {
                    p.addRepeatedField(
                            lines,
                            DynamicMessage.newBuilder(lines.getMessageType())
                                    .setField(text, line.text())
                                    .setField(language, line.language())
                                    .setField(number, line.number())
                                    .build());
                }
                builder.addRepeatedField(paragraphs, p.build());
            }
            for (final byte[] chunk : document.chunks()) {
                builder.addRepeatedField(chunks, ByteString.copyFrom(chunk));
            }
            for (final String tag : document.tags()) {
                builder.addRepeatedField(tags, tag);
            }
            return builder.build();
        }
    }
}
