package org.flyproto.codec;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Timestamps and durations as JSON text, against the JDK: {@code Instant.toString} writes the same RFC 3339 form with
 * the same 0/3/6/9-digit fractions over the range JSON allows.
 */
class JsonTimeTest {
    private final byte[] out = new byte[64];

    @Test
    void shouldWriteTimestampsAsInstantToStringDoes() {
        final SplittableRandom random = new SplittableRandom(42);
        for (int i = 0; i < 200_000; i++) {
            final long seconds = i < 4
                    ? new long[] {JsonTime.TIMESTAMP_MIN_SECONDS, JsonTime.TIMESTAMP_MAX_SECONDS, 0, -1}[i]
                    : random.nextLong(JsonTime.TIMESTAMP_MIN_SECONDS, JsonTime.TIMESTAMP_MAX_SECONDS + 1);
            final int nanos = nanos(random);
            assertThat(timestamp(seconds, nanos))
                    .as("%d s %d ns", seconds, nanos)
                    .isEqualTo('"' + Instant.ofEpochSecond(seconds, nanos).toString() + '"');
        }
    }

    @Test
    void shouldWriteDurationsWithTheirSignAndFraction() {
        assertThat(duration(0, 0)).isEqualTo("\"0s\"");
        assertThat(duration(0, -1)).isEqualTo("\"-0.000000001s\"");
        assertThat(duration(-7, -120_000)).isEqualTo("\"-7.000120s\"");
        assertThat(duration(JsonTime.DURATION_MAX_SECONDS, 5_000_000)).isEqualTo("\"315576000000.005s\"");
        assertThat(duration(-JsonTime.DURATION_MAX_SECONDS, -JsonTime.MAX_NANOS))
                .isEqualTo("\"-315576000000.999999999s\"");
    }

    private static int nanos(final SplittableRandom random) {
        return switch (random.nextInt(4)) {
            case 0 -> 0;
            case 1 -> random.nextInt(1000) * 1_000_000;
            case 2 -> random.nextInt(1_000_000) * 1_000;
            default -> random.nextInt(1_000_000_000);
        };
    }

    private String timestamp(final long seconds, final int nanos) {
        return new String(out, 0, JsonTime.timestamp(out, 0, seconds, nanos), StandardCharsets.US_ASCII);
    }

    private String duration(final long seconds, final int nanos) {
        return new String(out, 0, JsonTime.duration(out, 0, seconds, nanos), StandardCharsets.US_ASCII);
    }
}
