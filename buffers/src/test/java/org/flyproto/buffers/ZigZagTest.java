package org.flyproto.buffers;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ZigZagTest {
    /** The table from the protobuf encoding guide, extended to the extremes. */
    @ParameterizedTest(name = "{0} <-> {1}")
    @CsvSource({
        "0, 0",
        "-1, 1",
        "1, 2",
        "-2, 3",
        "2, 4",
        "2147483647, 4294967294",
        "-2147483648, 4294967295",
    })
    void shouldMapSigned32AsTheProtobufSpecSays(final int signed, final long unsigned) {
        assertThat(Integer.toUnsignedLong(ZigZag.encode32(signed))).isEqualTo(unsigned);
        assertThat(ZigZag.decode32((int) unsigned)).isEqualTo(signed);
    }

    @ParameterizedTest(name = "{0} <-> {1}")
    @CsvSource({
        "0, 0",
        "-1, 1",
        "1, 2",
        "-2, 3",
        "2147483647, 4294967294",
        "-2147483648, 4294967295",
        "9223372036854775807, 18446744073709551614",
        "-9223372036854775808, 18446744073709551615",
    })
    void shouldMapSigned64AsTheProtobufSpecSays(final long signed, final String unsigned) {
        final long encoded = Long.parseUnsignedLong(unsigned);

        assertThat(ZigZag.encode64(signed)).isEqualTo(encoded);
        assertThat(ZigZag.decode64(encoded)).isEqualTo(signed);
    }

    @Test
    void shouldRoundTripRandomValues() {
        final long seed = TestSeeds.seed();
        final SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < 100_000; i++) {
            final long value = random.nextLong() >> random.nextInt(64);
            final int value32 = (int) value;

            assertThat(ZigZag.decode64(ZigZag.encode64(value)))
                    .as("seed=%d", seed)
                    .isEqualTo(value);
            assertThat(ZigZag.decode32(ZigZag.encode32(value32)))
                    .as("seed=%d", seed)
                    .isEqualTo(value32);
            // Small magnitudes, of either sign, map to small unsigned values: |v| * 2 - (v < 0 ? 1 : 0).
            final long expected = value >= 0 ? 2 * value : -2 * value - 1;
            assertThat(ZigZag.encode64(value))
                    .as("seed=%d value=%d", seed, value)
                    .isEqualTo(expected);
            assertThat(ZigZag.encode32(value32))
                    .as("seed=%d value32=%d", seed, value32)
                    .isEqualTo((int) (value32 >= 0 ? 2L * value32 : -2L * value32 - 1));
        }
    }
}
