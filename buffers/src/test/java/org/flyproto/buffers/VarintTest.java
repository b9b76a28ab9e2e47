package org.flyproto.buffers;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** {@link Varint} sizes, and its {@link VarintContract} over every {@link BufferKind}. */
class VarintTest {
    @Test
    void shouldExposeProtobufLimitsAndErrorCodes() {
        assertThat(Varint.MAX_SIZE).isEqualTo(10);
        assertThat(Varint.MAX_SIZE_32).isEqualTo(5);
        assertThat(Varint.TRUNCATED).isEqualTo(-1);
        assertThat(Varint.TOO_LONG).isEqualTo(-2);
    }

    @Test
    void shouldSizeUnsigned32ForEveryBitLength() {
        for (int bits = 0; bits <= 32; bits++) {
            final int expected = Math.max(1, (bits + 6) / 7);
            final int smallest = bits == 0 ? 0 : 1 << (bits - 1);
            final int largest = bits == 32 ? -1 : (1 << bits) - 1;

            assertThat(Varint.sizeOfUnsigned32(smallest))
                    .as("bits=%d smallest", bits)
                    .isEqualTo(expected);
            assertThat(Varint.sizeOfUnsigned32(largest))
                    .as("bits=%d largest", bits)
                    .isEqualTo(expected);
        }
    }

    @Test
    void shouldSize64ForEveryBitLength() {
        for (int bits = 0; bits <= 64; bits++) {
            final int expected = Math.max(1, (bits + 6) / 7);
            final long smallest = bits == 0 ? 0 : 1L << (bits - 1);
            final long largest = bits == 64 ? -1L : (1L << bits) - 1;

            assertThat(Varint.sizeOf64(smallest)).as("bits=%d smallest", bits).isEqualTo(expected);
            assertThat(Varint.sizeOf64(largest)).as("bits=%d largest", bits).isEqualTo(expected);
        }
    }

    @Test
    void shouldSizeNegativeInt32AsTenBytes() {
        assertThat(Varint.sizeOfInt32(-1)).isEqualTo(10);
        assertThat(Varint.sizeOfInt32(Integer.MIN_VALUE)).isEqualTo(10);
        assertThat(Varint.sizeOfInt32(0)).isEqualTo(1);
        assertThat(Varint.sizeOfInt32(127)).isEqualTo(1);
        assertThat(Varint.sizeOfInt32(128)).isEqualTo(2);
        assertThat(Varint.sizeOfInt32(Integer.MAX_VALUE)).isEqualTo(5);
        assertThat(Varint.sizeOfUnsigned32(-1)).isEqualTo(5);
    }

    @Test
    void shouldSizeRandomValuesLikeAByteCountingLoop() {
        final long seed = TestSeeds.seed();
        final SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < 100_000; i++) {
            final long value = random.nextLong() >>> random.nextInt(64);
            final int value32 = (int) value;

            assertThat(Varint.sizeOf64(value))
                    .as("seed=%d value=%d", seed, value)
                    .isEqualTo(countingSize(value));
            assertThat(Varint.sizeOfUnsigned32(value32))
                    .as("seed=%d value32=%d", seed, value32)
                    .isEqualTo(countingSize(Integer.toUnsignedLong(value32)));
            assertThat(Varint.sizeOfInt32(value32))
                    .as("seed=%d value32=%d", seed, value32)
                    .isEqualTo(countingSize(value32));
        }
    }

    private static int countingSize(final long value) {
        int size = 1;
        for (long rest = value >>> 7; rest != 0; rest >>>= 7) {
            size++;
        }
        return size;
    }

    @Nested
    class HeapArray extends VarintContract {
        HeapArray() {
            super(BufferKind.HEAP_ARRAY);
        }
    }

    @Nested
    class DirectByteBuffer extends VarintContract {
        DirectByteBuffer() {
            super(BufferKind.DIRECT_BYTE_BUFFER);
        }
    }

    @Nested
    class OffHeapAddress extends VarintContract {
        OffHeapAddress() {
            super(BufferKind.OFF_HEAP_ADDRESS);
        }
    }

    @Nested
    class ExpandableArray extends VarintContract {
        ExpandableArray() {
            super(BufferKind.EXPANDABLE_ARRAY);
        }
    }

    @Nested
    class ExpandableDirect extends VarintContract {
        ExpandableDirect() {
            super(BufferKind.EXPANDABLE_DIRECT);
        }
    }
}
