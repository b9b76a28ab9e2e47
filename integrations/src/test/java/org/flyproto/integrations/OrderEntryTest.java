package org.flyproto.integrations;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.bench.proto.flyproto.NewOrderDecoder;
import org.flyproto.bench.proto.flyproto.NewOrderEncoder;
import org.flyproto.bench.proto.flyproto.OrdType;
import org.flyproto.bench.proto.flyproto.Side;
import org.flyproto.bench.proto.flyproto.TimeInForce;
import org.flyproto.codec.Encoding;
import org.junit.jupiter.api.Test;

class OrderEntryTest {
    private static final String[] STRINGS = {
        "",
        "A",
        "AAPL",
        "C-20261130-000123",
        "é",
        "Zürich €",
        "日本語のテキスト",
        "🙂 emoji",
        "x".repeat(42),
        "y".repeat(43),
        "z".repeat(300),
        "€".repeat(50)
    };

    @Test
    void shouldMeasureTheExactEncodedLengthOfRandomOrders() {
        final long seed = 0x5EED_0001L;
        final SplittableRandom random = new SplittableRandom(seed);
        final UnsafeBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(4096));
        final OrderEntry entry = new OrderEntry();
        final NewOrderDecoder decoded = new NewOrderDecoder();
        final NewOrderEncoder encoder = new NewOrderEncoder();
        for (int i = 0; i < 5_000; i++) {
            entry.set(
                    value(random),
                    string(random),
                    string(random),
                    string(random),
                    Side.values()[random.nextInt(Side.values().length - 1)],
                    OrdType.values()[random.nextInt(OrdType.values().length - 1)],
                    TimeInForce.values()[random.nextInt(TimeInForce.values().length - 1)],
                    value(random),
                    (int) value(random),
                    value(random),
                    value(random),
                    value(random),
                    value(random),
                    value(random),
                    (int) value(random),
                    string(random));
            final int length = OrderAssertions.write(entry, buffer, 0, buffer.capacity());
            assertThat(Encoding.encodedLength(encoder, OrderEntry.FIELDS, entry))
                    .as("seed %d, order %d", seed, i)
                    .isEqualTo(length);
            assertThat(entry.matches(decoded.wrap(buffer, 0, length)))
                    .as("seed %d, order %d", seed, i)
                    .isTrue();
        }
    }

    @Test
    void shouldWriteTheBytesOfTheGeneratedEncoderCalledInFieldOrder() {
        final UnsafeBuffer expected = new UnsafeBuffer(new byte[256]);
        final int expectedLength = new NewOrderEncoder()
                .wrap(expected, 0)
                .orderId(1)
                .clOrdId("C-20261130-000123")
                .account("ACC-7")
                .symbol("AAPL")
                .side(Side.BUY)
                .ordType(OrdType.LIMIT)
                .timeInForce(TimeInForce.DAY)
                .price(1_895_000)
                .priceExponent(-4)
                .quantity(100)
                .transactTime(1_764_460_800_000_000_000L)
                .sendingTime(1_764_460_800_000_000_500L)
                .traderId(42)
                .venue("XNAS")
                .encodedLength();
        final UnsafeBuffer actual = new UnsafeBuffer(new byte[256]);

        final int length = OrderAssertions.write(SampleOrders.limitOrder(), actual, 0, actual.capacity());

        assertThat(length)
                .isEqualTo(expectedLength)
                .isEqualTo(Encoding.encodedLength(new NewOrderEncoder(), OrderEntry.FIELDS, SampleOrders.limitOrder()));
        assertThat(actual.byteArray()).isEqualTo(expected.byteArray());
    }

    @Test
    void shouldNotMatchAnOrderThatDiffersInOneField() {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[256]);
        final OrderEntry entry = SampleOrders.limitOrder();
        final int length = OrderAssertions.write(entry, buffer, 0, buffer.capacity());
        final NewOrderDecoder decoded = new NewOrderDecoder().wrap(buffer, 0, length);

        assertThat(entry.matches(decoded)).isTrue();
        assertThat(entry.next(2, entry.price(), entry.quantity(), 1_764_460_800_000_000_500L)
                        .matches(decoded))
                .isFalse();
    }

    private static long value(final SplittableRandom random) {
        switch (random.nextInt(5)) {
            case 0:
                return 0;
            case 1:
                return random.nextInt(128);
            case 2:
                return -random.nextInt(1 << 20);
            case 3:
                return random.nextLong(1L << 35);
            default:
                return random.nextLong();
        }
    }

    private static String string(final SplittableRandom random) {
        return STRINGS[random.nextInt(STRINGS.length)];
    }
}
