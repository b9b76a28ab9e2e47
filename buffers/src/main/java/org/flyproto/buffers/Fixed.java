package org.flyproto.buffers;

import java.nio.ByteOrder;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * Fixed-width values ({@code fixed32}, {@code sfixed32}, {@code float}, {@code fixed64}, {@code sfixed64},
 * {@code double}), always little-endian whatever the platform's byte order.
 *
 * <p>Floating-point values are moved as their raw IEEE 754 bits, so every NaN payload and the sign of zero survive a
 * round trip.
 */
public final class Fixed {
    private Fixed() {}

    /**
     * Writes four bytes, little-endian.
     *
     * @param buffer to write to.
     * @param index at which to write.
     * @param value to write.
     */
    public static void putFixed32(final MutableDirectBuffer buffer, final int index, final int value) {
        buffer.putInt(index, value, ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * Reads four bytes, little-endian.
     *
     * @param buffer to read from.
     * @param index at which to read.
     * @return the value.
     */
    public static int getFixed32(final DirectBuffer buffer, final int index) {
        return buffer.getInt(index, ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * Writes eight bytes, little-endian.
     *
     * @param buffer to write to.
     * @param index at which to write.
     * @param value to write.
     */
    public static void putFixed64(final MutableDirectBuffer buffer, final int index, final long value) {
        buffer.putLong(index, value, ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * Reads eight bytes, little-endian.
     *
     * @param buffer to read from.
     * @param index at which to read.
     * @return the value.
     */
    public static long getFixed64(final DirectBuffer buffer, final int index) {
        return buffer.getLong(index, ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * Writes the raw bits of a float ({@link Float#floatToRawIntBits}), little-endian.
     *
     * @param buffer to write to.
     * @param index at which to write.
     * @param value to write.
     */
    public static void putFloat(final MutableDirectBuffer buffer, final int index, final float value) {
        putFixed32(buffer, index, Float.floatToRawIntBits(value));
    }

    /**
     * Reads a float from its raw bits ({@link Float#intBitsToFloat}), little-endian.
     *
     * @param buffer to read from.
     * @param index at which to read.
     * @return the value.
     */
    public static float getFloat(final DirectBuffer buffer, final int index) {
        return Float.intBitsToFloat(getFixed32(buffer, index));
    }

    /**
     * Writes the raw bits of a double ({@link Double#doubleToRawLongBits}), little-endian.
     *
     * @param buffer to write to.
     * @param index at which to write.
     * @param value to write.
     */
    public static void putDouble(final MutableDirectBuffer buffer, final int index, final double value) {
        putFixed64(buffer, index, Double.doubleToRawLongBits(value));
    }

    /**
     * Reads a double from its raw bits ({@link Double#longBitsToDouble}), little-endian.
     *
     * @param buffer to read from.
     * @param index at which to read.
     * @return the value.
     */
    public static double getDouble(final DirectBuffer buffer, final int index) {
        return Double.longBitsToDouble(getFixed64(buffer, index));
    }
}
