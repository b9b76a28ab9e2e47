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
    void shouldWriteStraightToMemoryTheBytesOfTheDefinitionAndNothingAfterThem() {
        final long seed = TestSeeds.seed();
        final SplittableRandom random = new SplittableRandom(seed);
        final byte sentinel = (byte) 0xA5;
        for (int n = 0; n < 20_000; n++) {
            // Every bit length's edges, then random values of random bit lengths.
            final int bits = n < 130 ? (n % 65) : random.nextInt(65);
            final long top = bits == 0 ? 0 : 1L << (bits - 1);
            final long value = n < 65
                    ? top
                    : n < 130 ? (bits == 64 ? -1L : (1L << bits) - 1) : top | (random.nextLong() & (top - 1));
            final byte[] expected = definition(value);
            final int at = random.nextInt(8);
            final byte[] array = new byte[at + Varint.MAX_SIZE + 8];
            java.util.Arrays.fill(array, sentinel);

            final int size = Varint.put64(array, StringMemory.BYTE_ARRAY_BASE, at, value);

            assertThat(size).as("seed=%d value=%d size", seed, value).isEqualTo(expected.length);
            assertThat(java.util.Arrays.copyOfRange(array, at, at + size))
                    .as("seed=%d value=%d", seed, value)
                    .isEqualTo(expected);
            for (int i = 0; i < array.length; i++) {
                if (i < at || i >= at + size) {
                    assertThat(array[i])
                            .as("seed=%d value=%d byte %d untouched", seed, value, i)
                            .isEqualTo(sentinel);
                }
            }
            if (value == (int) value || (value >>> 32) == 0) {
                java.util.Arrays.fill(array, sentinel);
                final int size32 = value == (int) value && value < 0
                        ? Varint.putInt32(array, StringMemory.BYTE_ARRAY_BASE, at, (int) value)
                        : Varint.putUnsigned32(array, StringMemory.BYTE_ARRAY_BASE, at, (int) value);
                assertThat(java.util.Arrays.copyOfRange(array, at, at + size32))
                        .as("seed=%d 32-bit value=%d", seed, value)
                        .isEqualTo(expected);
                assertThat(array[at + size32]).isEqualTo(sentinel);
            }
        }
    }

    /** A varint as the wire format defines it: 7 bits a byte, low groups first, the high bit set on all but the last. */
    private static byte[] definition(final long value) {
        final java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        long rest = value;
        while ((rest & ~0x7FL) != 0) {
            out.write((int) (rest & 0x7F) | 0x80);
            rest >>>= 7;
        }
        out.write((int) rest);
        return out.toByteArray();
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
