package org.flyproto.conformance;

import com.google.protobuf.ByteString;
import java.util.SplittableRandom;

/**
 * Seeded random field values for the property tests: half from the edges of each range (0, ±1, varint size
 * boundaries, MIN/MAX, -0.0, NaN, infinities), half uniform; strings mixing every UTF-8 length class, some around the
 * one-byte length prefix boundary and occasionally long; counts of repeated elements from none to many.
 */
abstract class RandomValues {
    private static final int[] INT_EDGES = {
        0,
        1,
        -1,
        127,
        128,
        16383,
        16384,
        (1 << 21) - 1,
        1 << 21,
        (1 << 28) - 1,
        1 << 28,
        Integer.MAX_VALUE,
        Integer.MIN_VALUE,
        -128,
        -129,
        -64,
        -65,
        63,
        64
    };
    private static final long[] LONG_EDGES = {
        0,
        1,
        -1,
        127,
        128,
        16383,
        16384,
        (1L << 21) - 1,
        1L << 21,
        1L << 28,
        (1L << 35) - 1,
        1L << 35,
        1L << 42,
        1L << 49,
        1L << 56,
        (1L << 63) - 1,
        Long.MIN_VALUE,
        Integer.MAX_VALUE,
        Integer.MIN_VALUE,
        0xFFFFFFFFL,
        1L << 32,
        -64,
        -65
    };
    private static final float[] FLOAT_EDGES = {
        0f,
        -0f,
        1f,
        -1f,
        Float.NaN,
        Float.intBitsToFloat(0x7FC00123),
        Float.POSITIVE_INFINITY,
        Float.NEGATIVE_INFINITY,
        Float.MIN_VALUE,
        Float.MAX_VALUE,
        Float.MIN_NORMAL,
        -Float.MAX_VALUE
    };
    private static final double[] DOUBLE_EDGES = {
        0d,
        -0d,
        1d,
        -1d,
        Double.NaN,
        Double.longBitsToDouble(0x7FF8000000000123L),
        Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY,
        Double.MIN_VALUE,
        Double.MAX_VALUE,
        Double.MIN_NORMAL,
        -Double.MAX_VALUE
    };

    /** The source of randomness: the same seed gives the same values. */
    protected final SplittableRandom random;

    RandomValues(final long seed) {
        this.random = new SplittableRandom(seed);
    }

    final boolean maybe() {
        return random.nextBoolean();
    }

    final int count() {
        final int roll = random.nextInt(10);
        return roll < 4 ? 0 : roll < 8 ? random.nextInt(1, 4) : random.nextInt(4, 70);
    }

    final int anInt() {
        return random.nextBoolean() ? INT_EDGES[random.nextInt(INT_EDGES.length)] : random.nextInt();
    }

    final long aLong() {
        if (random.nextBoolean()) {
            return LONG_EDGES[random.nextInt(LONG_EDGES.length)];
        }
        // Spread over every varint length, not only the 10-byte values a uniform long gives.
        final long value = random.nextLong() >>> random.nextInt(64);
        return random.nextInt(8) == 0 ? -value : value;
    }

    final float aFloat() {
        return random.nextBoolean()
                ? FLOAT_EDGES[random.nextInt(FLOAT_EDGES.length)]
                : (float) random.nextDouble(-1e6, 1e6);
    }

    final double aDouble() {
        return random.nextBoolean()
                ? DOUBLE_EDGES[random.nextInt(DOUBLE_EDGES.length)]
                : random.nextDouble(-1e300, 1e300);
    }

    /** Well-formed UTF-16 (no lone surrogates): protobuf-java would write those as '?'. */
    final String aString() {
        final int roll = random.nextInt(50);
        final int length = switch (roll) {
            case 0, 1, 2, 3, 4 -> 0;
            // Around the one-byte length prefix: 42 chars of up to 3 bytes, 127/128 bytes.
            case 5, 6 -> random.nextInt(41, 44);
            case 7, 8 -> random.nextInt(126, 130);
            case 9, 10, 11, 12, 13 -> random.nextInt(40, 300);
            // Occasionally long: three-byte length prefixes.
            case 14 -> random.nextInt(5000, 20000);
            default -> random.nextInt(1, 40);
        };
        final StringBuilder s = new StringBuilder(length);
        final int alphabet = random.nextInt(6);
        while (s.length() < length) {
            final int kind = alphabet == 0 ? 0 : random.nextInt(alphabet + 1);
            switch (kind) {
                case 0, 1 -> s.append((char) random.nextInt(0x20, 0x7F));
                case 2 -> s.append((char) random.nextInt(0x80, 0x800));
                case 3 ->
                    s.append((char)
                            (random.nextBoolean() ? random.nextInt(0x800, 0xD800) : random.nextInt(0xE000, 0x10000)));
                case 4 -> s.appendCodePoint(random.nextInt(0x10000, 0x110000));
                default -> s.append((char) random.nextInt(0, 0x20));
            }
        }
        return s.toString();
    }

    final ByteString someBytes() {
        final int roll = random.nextInt(50);
        final int length = roll < 5
                ? 0
                : roll < 9 ? random.nextInt(126, 130) : roll < 48 ? random.nextInt(1, 64) : random.nextInt(128, 20000);
        final byte[] bytes = new byte[length];
        random.nextBytes(bytes);
        return ByteString.copyFrom(bytes);
    }
}
