package org.flyproto.codec;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link JsonText}'s integers against the JDK's: every digit count and its edges, and random values. */
class JsonTextTest {
    private final JsonText text = new JsonText();

    @Test
    void shouldWriteDecimalsAsLongToStringDoes() {
        long power = 1;
        for (int digits = 1; digits <= 19; digits++) {
            for (final long v : new long[] {power - 1, power, power + 1, 2 * power - 1, 9 * power, 10 * power - 1}) {
                if (v >= 0) {
                    check(v);
                    check(-v);
                }
            }
            power *= 10;
        }
        for (final long v : new long[] {
            0,
            Long.MAX_VALUE,
            Long.MIN_VALUE,
            Integer.MAX_VALUE,
            Integer.MIN_VALUE,
            Integer.MAX_VALUE + 1L,
            Integer.MIN_VALUE - 1L
        }) {
            check(v);
        }
        final SplittableRandom random = new SplittableRandom(17);
        for (int i = 0; i < 200_000; i++) {
            check(random.nextLong() >> random.nextInt(64));
        }
    }

    private void check(final long value) {
        text.reset();
        text.decimal(value);
        assertThat(written()).as("%d", value).isEqualTo(Long.toString(value));
        text.reset();
        text.unsignedDecimal(value);
        assertThat(written()).as("unsigned %d", value).isEqualTo(Long.toUnsignedString(value));
    }

    private String written() {
        return new String(text.bytes(), 0, text.length(), StandardCharsets.US_ASCII);
    }
}
