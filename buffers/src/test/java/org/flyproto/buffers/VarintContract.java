package org.flyproto.buffers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertAll;

import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.agrona.MutableDirectBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Contract of {@link Varint} reads and writes, run over every {@link BufferKind}. */
abstract class VarintContract extends BufferFixture {
    VarintContract(final BufferKind kind) {
        super(kind);
    }

    static Stream<Arguments> unsigned32Encodings() {
        return Stream.of(
                Arguments.of(0, "00"),
                Arguments.of(1, "01"),
                Arguments.of(127, "7f"),
                Arguments.of(128, "8001"),
                Arguments.of(300, "ac02"),
                Arguments.of(16383, "ff7f"),
                Arguments.of(16384, "808001"),
                Arguments.of((1 << 21) - 1, "ffff7f"),
                Arguments.of(1 << 21, "80808001"),
                Arguments.of((1 << 28) - 1, "ffffff7f"),
                Arguments.of(1 << 28, "8080808001"),
                Arguments.of(Integer.MAX_VALUE, "ffffffff07"),
                Arguments.of(Integer.MIN_VALUE, "8080808008"),
                Arguments.of(-1, "ffffffff0f"));
    }

    static Stream<Arguments> int64Encodings() {
        return Stream.of(
                Arguments.of(0L, "00"),
                Arguments.of(1L, "01"),
                Arguments.of(127L, "7f"),
                Arguments.of(128L, "8001"),
                Arguments.of(16383L, "ff7f"),
                Arguments.of(16384L, "808001"),
                Arguments.of((1L << 21) - 1, "ffff7f"),
                Arguments.of(1L << 21, "80808001"),
                Arguments.of((1L << 28) - 1, "ffffff7f"),
                Arguments.of(1L << 28, "8080808001"),
                Arguments.of((long) Integer.MAX_VALUE, "ffffffff07"),
                Arguments.of(0xFFFF_FFFFL, "ffffffff0f"),
                Arguments.of((1L << 35) - 1, "ffffffff7f"),
                Arguments.of(1L << 35, "808080808001"),
                Arguments.of(1L << 42, "80808080808001"),
                Arguments.of(1L << 49, "8080808080808001"),
                Arguments.of(1L << 56, "808080808080808001"),
                Arguments.of(Long.MAX_VALUE, "ffffffffffffffff7f"),
                Arguments.of(Long.MIN_VALUE, "80808080808080808001"),
                Arguments.of(-1L, "ffffffffffffffffff01"),
                Arguments.of((long) Integer.MIN_VALUE, "80808080f8ffffffff01"));
    }

    static Stream<Arguments> int32Encodings() {
        return Stream.of(
                Arguments.of(0, "00"),
                Arguments.of(1, "01"),
                Arguments.of(127, "7f"),
                Arguments.of(128, "8001"),
                Arguments.of(Integer.MAX_VALUE, "ffffffff07"),
                Arguments.of(-1, "ffffffffffffffffff01"),
                Arguments.of(-2, "feffffffffffffffff01"),
                Arguments.of(-128, "80ffffffffffffffff01"),
                Arguments.of(Integer.MIN_VALUE, "80808080f8ffffffff01"));
    }

    static Stream<Arguments> multiByteEncodings() {
        return int64Encodings().filter(arguments -> ((String) arguments.get()[1]).length() > 2);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("unsigned32Encodings")
    void shouldWriteUnsigned32AsExpectedBytes(final int value, final String expectedHex) {
        final byte[] expected = hex(expectedHex);
        final MutableDirectBuffer buffer = newBuffer(AT + Varint.MAX_SIZE + 1);

        final int size = Varint.putUnsigned32(buffer, AT, value);

        assertAll(
                () -> assertThat(size).isEqualTo(expected.length),
                () -> assertThat(Varint.sizeOfUnsigned32(value)).isEqualTo(expected.length),
                () -> assertThat(hex(copy(buffer, AT, size))).isEqualTo(expectedHex),
                () -> assertThat(buffer.getByte(AT - 1)).isEqualTo(FILL),
                () -> assertThat(buffer.getByte(AT + size)).isEqualTo(FILL),
                () -> assertThat(Varint.scan(buffer, AT, AT + size)).isEqualTo(size),
                () -> assertThat(Varint.get32(buffer, AT)).isEqualTo(value),
                () -> assertThat(Varint.get64(buffer, AT)).isEqualTo(Integer.toUnsignedLong(value)));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("int64Encodings")
    void shouldWrite64AsExpectedBytes(final long value, final String expectedHex) {
        final byte[] expected = hex(expectedHex);
        final MutableDirectBuffer buffer = newBuffer(AT + Varint.MAX_SIZE + 1);

        final int size = Varint.put64(buffer, AT, value);

        assertAll(
                () -> assertThat(size).isEqualTo(expected.length),
                () -> assertThat(Varint.sizeOf64(value)).isEqualTo(expected.length),
                () -> assertThat(hex(copy(buffer, AT, size))).isEqualTo(expectedHex),
                () -> assertThat(buffer.getByte(AT - 1)).isEqualTo(FILL),
                () -> assertThat(buffer.getByte(AT + size)).isEqualTo(FILL),
                () -> assertThat(Varint.scan(buffer, AT, AT + size)).isEqualTo(size),
                () -> assertThat(Varint.get64(buffer, AT)).isEqualTo(value),
                () -> assertThat(Varint.get32(buffer, AT)).isEqualTo((int) value));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("int32Encodings")
    void shouldWriteInt32SignExtendingNegatives(final int value, final String expectedHex) {
        final byte[] expected = hex(expectedHex);
        final MutableDirectBuffer buffer = newBuffer(AT + Varint.MAX_SIZE + 1);

        final int size = Varint.putInt32(buffer, AT, value);

        assertAll(
                () -> assertThat(size).isEqualTo(expected.length),
                () -> assertThat(Varint.sizeOfInt32(value)).isEqualTo(expected.length),
                () -> assertThat(hex(copy(buffer, AT, size))).isEqualTo(expectedHex),
                () -> assertThat(buffer.getByte(AT + size)).isEqualTo(FILL),
                () -> assertThat(Varint.scan(buffer, AT, AT + size)).isEqualTo(size),
                () -> assertThat(Varint.get32(buffer, AT)).isEqualTo(value),
                () -> assertThat(Varint.get64(buffer, AT)).isEqualTo((long) value));
    }

    @Test
    void shouldRoundTripBothSidesOfEveryBitLength() {
        final MutableDirectBuffer buffer = newBuffer(AT + Varint.MAX_SIZE + 1);
        for (int bits = 0; bits <= 64; bits++) {
            final long max = bits == 64 ? -1L : (1L << bits) - 1;
            final long min = bits == 0 ? 0L : 1L << (bits - 1);
            for (final long value : new long[] {min, max, -min, -max}) {
                final int size = Varint.put64(buffer, AT, value);
                assertThat(size).as("put64(%d) size", value).isEqualTo(referenceSize(value));
                assertThat(Varint.sizeOf64(value)).as("sizeOf64(%d)", value).isEqualTo(size);
                assertThat(Varint.scan(buffer, AT, AT + size))
                        .as("scan(%d)", value)
                        .isEqualTo(size);
                assertThat(Varint.get64(buffer, AT)).as("get64(%d)", value).isEqualTo(value);
                assertThat(Varint.get32(buffer, AT)).as("get32(%d)", value).isEqualTo((int) value);

                final int value32 = (int) value;
                final int size32 = Varint.putUnsigned32(buffer, AT, value32);
                assertThat(size32).as("putUnsigned32(%d)", value32).isEqualTo(referenceSize(value32 & 0xFFFF_FFFFL));
                assertThat(Varint.sizeOfUnsigned32(value32)).isEqualTo(size32);
                assertThat(Varint.scan(buffer, AT, AT + size32)).isEqualTo(size32);
                assertThat(Varint.get32(buffer, AT)).as("get32(%d)", value32).isEqualTo(value32);

                final int sizeInt32 = Varint.putInt32(buffer, AT, value32);
                assertThat(sizeInt32).as("putInt32(%d)", value32).isEqualTo(referenceSize(value32));
                assertThat(Varint.sizeOfInt32(value32)).isEqualTo(sizeInt32);
                assertThat(Varint.get32(buffer, AT)).as("get32(%d)", value32).isEqualTo(value32);
                assertThat(Varint.get64(buffer, AT)).as("get64(%d)", value32).isEqualTo(value32);
            }
        }
    }

    @Test
    void shouldRoundTripRandomValues() {
        final long seed = TestSeeds.seed();
        final SplittableRandom random = new SplittableRandom(seed);
        final int at32 = AT + Varint.MAX_SIZE;
        final MutableDirectBuffer buffer = newBuffer(at32 + Varint.MAX_SIZE_32 + 1);
        for (int i = 0; i < 20_000; i++) {
            // Uniform bit length, so that every encoded size is as likely as any other.
            final long value = random.nextLong() >>> random.nextInt(64);
            final int value32 = (int) value;
            final int size = Varint.put64(buffer, AT, value);
            final int size32 = Varint.putUnsigned32(buffer, at32, value32);

            assertThat(size).as("seed=%d value=%d", seed, value).isEqualTo(referenceSize(value));
            assertThat(Varint.sizeOf64(value))
                    .as("seed=%d value=%d", seed, value)
                    .isEqualTo(size);
            assertThat(Varint.scan(buffer, AT, AT + size))
                    .as("seed=%d value=%d", seed, value)
                    .isEqualTo(size);
            assertThat(Varint.get64(buffer, AT))
                    .as("seed=%d value=%d", seed, value)
                    .isEqualTo(value);
            assertThat(size32).as("seed=%d value32=%d", seed, value32).isEqualTo(Varint.sizeOfUnsigned32(value32));
            assertThat(Varint.get32(buffer, at32))
                    .as("seed=%d value32=%d", seed, value32)
                    .isEqualTo(value32);
        }
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("multiByteEncodings")
    void shouldRejectTruncatedVarintAtEveryCutPoint(final long value, final String encodedHex) {
        final byte[] encoded = hex(encodedHex);
        // The rest of the varint follows the limit, so a scan that reads past the limit finds the varint complete.
        final MutableDirectBuffer buffer = bufferWith(encoded, 1);

        for (int cut = 0; cut < encoded.length; cut++) {
            assertThat(Varint.scan(buffer, AT, AT + cut)).as("cut=%d", cut).isEqualTo(Varint.TRUNCATED);
        }
        assertThat(Varint.scan(buffer, AT, AT + encoded.length)).isEqualTo(encoded.length);
        assertThat(Varint.scan(buffer, AT, buffer.capacity())).isEqualTo(encoded.length);
    }

    @Test
    void shouldRejectTruncatedVarintWhenLimitIsAtOrBeforeIndex() {
        final MutableDirectBuffer buffer = bufferWith(hex("01"), 1);

        assertThat(Varint.scan(buffer, AT, AT)).isEqualTo(Varint.TRUNCATED);
        assertThat(Varint.scan(buffer, AT, AT - 1)).isEqualTo(Varint.TRUNCATED);
        assertThat(Varint.scan(buffer, AT, AT + 1)).isEqualTo(1);
    }

    @Test
    void shouldRejectTruncatedVarintAtEndOfBuffer() {
        final MutableDirectBuffer buffer = bufferWith(hex("ffffff"), 0);

        assertThat(Varint.scan(buffer, AT, buffer.capacity())).isEqualTo(Varint.TRUNCATED);
    }

    @Test
    void shouldRejectTooLongVarint() {
        final MutableDirectBuffer elevenBytes = bufferWith(hex("80808080808080808080 00"), 1);
        final MutableDirectBuffer tenContinuationBytesAtLimit = bufferWith(hex("ffffffffffffffffffff"), 0);

        assertThat(Varint.scan(elevenBytes, AT, elevenBytes.capacity())).isEqualTo(Varint.TOO_LONG);
        assertThat(Varint.scan(tenContinuationBytesAtLimit, AT, AT + 10)).isEqualTo(Varint.TOO_LONG);
        assertThat(Varint.scan(tenContinuationBytesAtLimit, AT, AT + 9)).isEqualTo(Varint.TRUNCATED);
    }

    @Test
    void shouldAcceptTenthByteWhateverItsLowBitsAndDiscardTheOverflow() {
        final MutableDirectBuffer onlyBit63 = bufferWith(hex("808080808080808080 7f"), 0);
        final MutableDirectBuffer allOnes = bufferWith(hex("ffffffffffffffffff 7f"), 0);
        final MutableDirectBuffer onlyOverflow = bufferWith(hex("808080808080808080 02"), 0);

        assertThat(Varint.scan(onlyBit63, AT, onlyBit63.capacity())).isEqualTo(10);
        assertThat(Varint.get64(onlyBit63, AT)).isEqualTo(Long.MIN_VALUE);
        assertThat(Varint.get32(onlyBit63, AT)).isZero();
        assertThat(Varint.scan(allOnes, AT, allOnes.capacity())).isEqualTo(10);
        assertThat(Varint.get64(allOnes, AT)).isEqualTo(-1L);
        assertThat(Varint.get32(allOnes, AT)).isEqualTo(-1);
        assertThat(Varint.scan(onlyOverflow, AT, onlyOverflow.capacity())).isEqualTo(10);
        assertThat(Varint.get64(onlyOverflow, AT)).isZero();
    }

    static Stream<Arguments> overlongEncodings() {
        return Stream.of(
                Arguments.of("8000", 0L),
                Arguments.of("ff00", 127L),
                Arguments.of("818000", 1L),
                Arguments.of("ac8200", 300L),
                Arguments.of("8180808000", 1L),
                Arguments.of("81808080808080808000", 1L),
                Arguments.of("ac828080808080808000", 300L),
                Arguments.of("ffffffff8f8080808000", 0xFFFF_FFFFL));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("overlongEncodings")
    void shouldDecodeOverlongEncodings(final String encodedHex, final long expected) {
        final byte[] encoded = hex(encodedHex);
        final MutableDirectBuffer buffer = bufferWith(encoded, 1);

        assertThat(Varint.scan(buffer, AT, buffer.capacity())).isEqualTo(encoded.length);
        assertThat(Varint.get64(buffer, AT)).isEqualTo(expected);
        assertThat(Varint.get32(buffer, AT)).isEqualTo((int) expected);
    }

    @Test
    void shouldKeepLowThirtyTwoBitsWhenReadingWideVarintAs32() {
        final MutableDirectBuffer buffer = newBuffer(AT + Varint.MAX_SIZE);

        Varint.put64(buffer, AT, 0x1_2345_6789L);
        assertThat(Varint.get32(buffer, AT)).isEqualTo(0x2345_6789);
        Varint.put64(buffer, AT, 1L << 32);
        assertThat(Varint.get32(buffer, AT)).isZero();
        Varint.put64(buffer, AT, Long.MAX_VALUE);
        assertThat(Varint.get32(buffer, AT)).isEqualTo(-1);
    }

    @Test
    void shouldReadNoFurtherThanTheVarint() {
        // The varint ends the buffer: with bounds checks on, a read past it throws.
        final MutableDirectBuffer tenBytes = bufferWith(hex("80808080808080808001"), 0);
        final MutableDirectBuffer fiveBytes = bufferWith(hex("ffffffff0f"), 0);

        assertThat(Varint.get64(tenBytes, AT)).isEqualTo(Long.MIN_VALUE);
        assertThat(Varint.get32(tenBytes, AT)).isZero();
        assertThat(Varint.get64(fiveBytes, AT)).isEqualTo(0xFFFF_FFFFL);
        assertThat(Varint.get32(fiveBytes, AT)).isEqualTo(-1);
    }

    @Test
    void shouldReadAtMostFiveBytesForGet32() {
        // The fifth byte has its continuation bit set and ends the buffer: get32 must stop there.
        final MutableDirectBuffer buffer = bufferWith(hex("ffffffff8f"), 0);

        assertThat(Varint.get32(buffer, AT)).isEqualTo(-1);
    }

    static Stream<Arguments> paddedEncodings() {
        return Stream.of(
                Arguments.of(0, 1, "00"),
                Arguments.of(0, 5, "8080808000"),
                Arguments.of(1, 3, "818000"),
                Arguments.of(127, 2, "ff00"),
                Arguments.of(128, 2, "8001"),
                Arguments.of(300, 4, "ac828000"),
                Arguments.of(16384, 5, "8080818000"),
                Arguments.of(Integer.MAX_VALUE, 5, "ffffffff07"),
                Arguments.of(-1, 5, "ffffffff0f"));
    }

    @ParameterizedTest(name = "{0} in {1} bytes -> {2}")
    @MethodSource("paddedEncodings")
    void shouldWritePaddedVarintAsExpectedBytes(final int value, final int size, final String expectedHex) {
        final MutableDirectBuffer buffer = newBuffer(AT + Varint.MAX_SIZE_32 + 1);

        Varint.putPadded32(buffer, AT, value, size);

        assertThat(hex(copy(buffer, AT, size))).isEqualTo(expectedHex);
        assertThat(buffer.getByte(AT - 1)).isEqualTo(FILL);
        assertThat(buffer.getByte(AT + size)).isEqualTo(FILL);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("unsigned32Encodings")
    void shouldDecodePaddedVarintOfEveryAllowedSize(final int value, final String minimalHex) {
        final MutableDirectBuffer buffer = newBuffer(AT + Varint.MAX_SIZE_32 + 1);
        final int minimalSize = Varint.sizeOfUnsigned32(value);

        for (int size = minimalSize; size <= Varint.MAX_SIZE_32; size++) {
            buffer.setMemory(0, buffer.capacity(), FILL);
            Varint.putPadded32(buffer, AT, value, size);

            if (size == minimalSize) {
                assertThat(hex(copy(buffer, AT, size))).as("minimal size").isEqualTo(minimalHex);
            }
            assertThat(buffer.getByte(AT + size)).as("size=%d", size).isEqualTo(FILL);
            assertThat(Varint.scan(buffer, AT, buffer.capacity()))
                    .as("size=%d", size)
                    .isEqualTo(size);
            assertThat(Varint.get32(buffer, AT)).as("size=%d", size).isEqualTo(value);
            assertThat(Varint.get64(buffer, AT)).as("size=%d", size).isEqualTo(Integer.toUnsignedLong(value));
        }
    }

    @Test
    void shouldPadWithContinuationBytesOfZeroPayload() {
        final MutableDirectBuffer buffer = newBuffer(AT + Varint.MAX_SIZE_32);

        Varint.putPadded32(buffer, AT, 5, Varint.MAX_SIZE_32);

        assertThat(hex(copy(buffer, AT, Varint.MAX_SIZE_32))).isEqualTo("8580808000");
    }

    private static int referenceSize(final long value) {
        int size = 1;
        for (long rest = value >>> 7; rest != 0; rest >>>= 7) {
            size++;
        }
        return size;
    }
}
