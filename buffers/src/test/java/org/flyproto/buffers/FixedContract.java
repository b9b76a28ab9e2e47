package org.flyproto.buffers;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.agrona.MutableDirectBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Contract of {@link Fixed}, run over every {@link BufferKind}. */
abstract class FixedContract extends BufferFixture {
    FixedContract(final BufferKind kind) {
        super(kind);
    }

    @Test
    void shouldWriteFixed32LittleEndian() {
        final MutableDirectBuffer buffer = newBuffer(AT + 5);

        Fixed.putFixed32(buffer, AT, 0x0102_0304);

        assertThat(hex(copy(buffer, AT, 4))).isEqualTo("04030201");
        assertThat(buffer.getByte(AT - 1)).isEqualTo(FILL);
        assertThat(buffer.getByte(AT + 4)).isEqualTo(FILL);
        assertThat(Fixed.getFixed32(buffer, AT)).isEqualTo(0x0102_0304);
    }

    @Test
    void shouldReadFixed32LittleEndian() {
        final MutableDirectBuffer buffer = bufferWith(hex("feffff7f"), 0);

        assertThat(Fixed.getFixed32(buffer, AT)).isEqualTo(0x7FFF_FFFE);
    }

    @Test
    void shouldWriteFixed64LittleEndian() {
        final MutableDirectBuffer buffer = newBuffer(AT + 9);

        Fixed.putFixed64(buffer, AT, 0x0102_0304_0506_0708L);

        assertThat(hex(copy(buffer, AT, 8))).isEqualTo("0807060504030201");
        assertThat(buffer.getByte(AT - 1)).isEqualTo(FILL);
        assertThat(buffer.getByte(AT + 8)).isEqualTo(FILL);
        assertThat(Fixed.getFixed64(buffer, AT)).isEqualTo(0x0102_0304_0506_0708L);
    }

    @Test
    void shouldReadFixed64LittleEndian() {
        final MutableDirectBuffer buffer = bufferWith(hex("feffffffffffff7f"), 0);

        assertThat(Fixed.getFixed64(buffer, AT)).isEqualTo(Long.MAX_VALUE - 1);
    }

    @Test
    void shouldWriteFloatAsLittleEndianIeeeBits() {
        final MutableDirectBuffer buffer = newBuffer(AT + 4);

        Fixed.putFloat(buffer, AT, 1.0f);
        assertThat(hex(copy(buffer, AT, 4))).isEqualTo("0000803f");
        assertThat(Fixed.getFloat(buffer, AT)).isEqualTo(1.0f);

        Fixed.putFloat(buffer, AT, -0.0f);
        assertThat(hex(copy(buffer, AT, 4))).isEqualTo("00000080");
        assertThat(Float.floatToRawIntBits(Fixed.getFloat(buffer, AT))).isEqualTo(0x8000_0000);
    }

    @Test
    void shouldWriteDoubleAsLittleEndianIeeeBits() {
        final MutableDirectBuffer buffer = newBuffer(AT + 8);

        Fixed.putDouble(buffer, AT, 1.0);
        assertThat(hex(copy(buffer, AT, 8))).isEqualTo("000000000000f03f");
        assertThat(Fixed.getDouble(buffer, AT)).isEqualTo(1.0);

        Fixed.putDouble(buffer, AT, -0.0);
        assertThat(hex(copy(buffer, AT, 8))).isEqualTo("0000000000000080");
        assertThat(Double.doubleToRawLongBits(Fixed.getDouble(buffer, AT))).isEqualTo(Long.MIN_VALUE);
    }

    @ParameterizedTest(name = "0x{0}")
    @ValueSource(strings = {"7fc00000", "7fc12345", "ffc00001", "7f800001", "ff800001", "7f800000", "ff7fffff", "1"})
    void shouldPreserveFloatBitsIncludingNaNPayloads(final String bitsHex) {
        final int bits = Integer.parseUnsignedInt(bitsHex, 16);
        final MutableDirectBuffer buffer = newBuffer(AT + 4);

        Fixed.putFloat(buffer, AT, Float.intBitsToFloat(bits));
        assertThat(Fixed.getFixed32(buffer, AT)).isEqualTo(bits);
        assertThat(Float.floatToRawIntBits(Fixed.getFloat(buffer, AT))).isEqualTo(bits);

        Fixed.putFixed32(buffer, AT, bits);
        assertThat(Float.floatToRawIntBits(Fixed.getFloat(buffer, AT))).isEqualTo(bits);
    }

    @ParameterizedTest(name = "0x{0}")
    @ValueSource(
            strings = {
                "7ff8000000000000",
                "7ff8000000000123",
                "fff8000000000001",
                "7ff0000000000001",
                "fff0000000000001",
                "7ff0000000000000",
                "1"
            })
    void shouldPreserveDoubleBitsIncludingNaNPayloads(final String bitsHex) {
        final long bits = Long.parseUnsignedLong(bitsHex, 16);
        final MutableDirectBuffer buffer = newBuffer(AT + 8);

        Fixed.putDouble(buffer, AT, Double.longBitsToDouble(bits));
        assertThat(Fixed.getFixed64(buffer, AT)).isEqualTo(bits);
        assertThat(Double.doubleToRawLongBits(Fixed.getDouble(buffer, AT))).isEqualTo(bits);

        Fixed.putFixed64(buffer, AT, bits);
        assertThat(Double.doubleToRawLongBits(Fixed.getDouble(buffer, AT))).isEqualTo(bits);
    }

    @Test
    void shouldMatchLittleEndianByteBufferForRandomValues() {
        final long seed = TestSeeds.seed();
        final SplittableRandom random = new SplittableRandom(seed);
        final MutableDirectBuffer buffer = newBuffer(AT + 8);
        final ByteBuffer oracle = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 1_000; i++) {
            final long value = random.nextLong();

            Fixed.putFixed64(buffer, AT, value);
            assertThat(copy(buffer, AT, 8))
                    .as("seed=%d", seed)
                    .isEqualTo(oracle.putLong(0, value).array());
            assertThat(Fixed.getFixed64(buffer, AT)).as("seed=%d", seed).isEqualTo(value);

            Fixed.putFixed32(buffer, AT, (int) value);
            assertThat(copy(buffer, AT, 4))
                    .as("seed=%d", seed)
                    .isEqualTo(copyOf(oracle.putInt(0, (int) value).array(), 4));
            assertThat(Fixed.getFixed32(buffer, AT)).as("seed=%d", seed).isEqualTo((int) value);
        }
    }

    private static byte[] copyOf(final byte[] bytes, final int length) {
        return Arrays.copyOf(bytes, length);
    }
}
