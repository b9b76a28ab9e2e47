package org.flyproto.buffers;

import java.nio.ByteOrder;
import org.agrona.AbstractMutableDirectBuffer;
import org.agrona.DirectBuffer;
import org.agrona.UnsafeApi;

/**
 * Unchecked reads and writes of a buffer's memory, for hot loops that have already checked the region they access
 * against the buffer's capacity: the memory is addressed as {@code (array, address + index)}, with {@code array} and
 * {@code address}
 * taken from {@link DirectBuffer#byteArray()} and {@link DirectBuffer#addressOffset()} (null and the raw address for
 * off-heap memory).
 *
 * <p>Only Agrona's own buffers ({@link AbstractMutableDirectBuffer}: {@code UnsafeBuffer}, {@code ExpandableArrayBuffer},
 * {@code ExpandableDirectByteBuffer}) are read this way ({@link #isRaw}): for them the array, the address and the
 * capacity describe one region. Any other {@link DirectBuffer} implementation is accessed through its interface
 * methods.
 *
 * <p>An expandable buffer that grows, or an {@code UnsafeBuffer} wrapped again, has other memory. Views and the write
 * cursor take {@code array} and {@code address} from the buffer when an operation starts; a decoder takes them at its
 * root's {@code wrap}, and the buffer's memory must not move while it is used (see {@code docs/design.md}). Callers
 * read or write only indices in {@code [0, capacity)} they have checked: nothing here checks anything.
 */
public final class Memory {
    private static final boolean LITTLE_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

    private static final long LONG_ARRAY_BASE = UnsafeApi.arrayBaseOffset(long[].class);
    private static final long DOUBLE_ARRAY_BASE = UnsafeApi.arrayBaseOffset(double[].class);
    private static final long INT_ARRAY_BASE = UnsafeApi.arrayBaseOffset(int[].class);
    private static final long FLOAT_ARRAY_BASE = UnsafeApi.arrayBaseOffset(float[].class);

    private Memory() {}

    /**
     * Copies {@code count} little-endian 8-byte values from {@code index} on into {@code dst[at, at + count)}: one
     * memory copy where the platform is little-endian, one value at a time elsewhere.
     *
     * @param array   the buffer's {@code byteArray()}.
     * @param address the buffer's {@code addressOffset()}.
     * @param index   a checked index, with {@code 8 * count} checked bytes from it.
     * @param dst     the destination, {@code [at, at + count)} checked inside it.
     * @param at      the first element written.
     * @param count   the number of values.
     */
    public static void copyLongsLittleEndian(
            final byte[] array, final long address, final int index, final long[] dst, final int at, final int count) {
        if (LITTLE_ENDIAN) {
            UnsafeApi.copyMemory(array, address + index, dst, LONG_ARRAY_BASE + ((long) at << 3), (long) count << 3);
        } else {
            for (int i = 0; i < count; i++) {
                dst[at + i] = getLongLittleEndian(array, address, index + (i << 3));
            }
        }
    }

    /** As {@link #copyLongsLittleEndian}, into doubles (IEEE 754 bits, little-endian). */
    public static void copyDoublesLittleEndian(
            final byte[] array,
            final long address,
            final int index,
            final double[] dst,
            final int at,
            final int count) {
        if (LITTLE_ENDIAN) {
            UnsafeApi.copyMemory(array, address + index, dst, DOUBLE_ARRAY_BASE + ((long) at << 3), (long) count << 3);
        } else {
            for (int i = 0; i < count; i++) {
                dst[at + i] = Double.longBitsToDouble(getLongLittleEndian(array, address, index + (i << 3)));
            }
        }
    }

    /** As {@link #copyLongsLittleEndian}, for 4-byte values into ints. */
    public static void copyIntsLittleEndian(
            final byte[] array, final long address, final int index, final int[] dst, final int at, final int count) {
        if (LITTLE_ENDIAN) {
            UnsafeApi.copyMemory(array, address + index, dst, INT_ARRAY_BASE + ((long) at << 2), (long) count << 2);
        } else {
            for (int i = 0; i < count; i++) {
                dst[at + i] = getIntLittleEndian(array, address, index + (i << 2));
            }
        }
    }

    /** As {@link #copyIntsLittleEndian}, into floats (IEEE 754 bits, little-endian). */
    public static void copyFloatsLittleEndian(
            final byte[] array, final long address, final int index, final float[] dst, final int at, final int count) {
        if (LITTLE_ENDIAN) {
            UnsafeApi.copyMemory(array, address + index, dst, FLOAT_ARRAY_BASE + ((long) at << 2), (long) count << 2);
        } else {
            for (int i = 0; i < count; i++) {
                dst[at + i] = Float.intBitsToFloat(getIntLittleEndian(array, address, index + (i << 2)));
            }
        }
    }

    /**
     * Copies {@code src[from, from + count)} as little-endian 8-byte values to {@code index} on: one memory copy where
     * the platform is little-endian, one value at a time elsewhere. The write direction of {@link
     * #copyLongsLittleEndian}.
     *
     * @param array   the buffer's {@code byteArray()}.
     * @param address the buffer's {@code addressOffset()}.
     * @param index   a checked index, with {@code 8 * count} checked bytes from it.
     * @param src     the values, {@code [from, from + count)} checked inside it.
     * @param from    the first element read.
     * @param count   the number of values.
     */
    public static void putLongsLittleEndian(
            final byte[] array,
            final long address,
            final int index,
            final long[] src,
            final int from,
            final int count) {
        if (LITTLE_ENDIAN) {
            UnsafeApi.copyMemory(src, LONG_ARRAY_BASE + ((long) from << 3), array, address + index, (long) count << 3);
        } else {
            for (int i = 0; i < count; i++) {
                putLongLittleEndian(array, address, index + (i << 3), src[from + i]);
            }
        }
    }

    /** As {@link #putLongsLittleEndian}, from doubles (IEEE 754 bits, little-endian). */
    public static void putDoublesLittleEndian(
            final byte[] array,
            final long address,
            final int index,
            final double[] src,
            final int from,
            final int count) {
        if (LITTLE_ENDIAN) {
            UnsafeApi.copyMemory(
                    src, DOUBLE_ARRAY_BASE + ((long) from << 3), array, address + index, (long) count << 3);
        } else {
            for (int i = 0; i < count; i++) {
                putLongLittleEndian(array, address, index + (i << 3), Double.doubleToRawLongBits(src[from + i]));
            }
        }
    }

    /** As {@link #putLongsLittleEndian}, for ints as 4-byte values. */
    public static void putIntsLittleEndian(
            final byte[] array, final long address, final int index, final int[] src, final int from, final int count) {
        if (LITTLE_ENDIAN) {
            UnsafeApi.copyMemory(src, INT_ARRAY_BASE + ((long) from << 2), array, address + index, (long) count << 2);
        } else {
            for (int i = 0; i < count; i++) {
                putIntLittleEndian(array, address, index + (i << 2), src[from + i]);
            }
        }
    }

    /** As {@link #putIntsLittleEndian}, from floats (IEEE 754 bits, little-endian). */
    public static void putFloatsLittleEndian(
            final byte[] array,
            final long address,
            final int index,
            final float[] src,
            final int from,
            final int count) {
        if (LITTLE_ENDIAN) {
            UnsafeApi.copyMemory(src, FLOAT_ARRAY_BASE + ((long) from << 2), array, address + index, (long) count << 2);
        } else {
            for (int i = 0; i < count; i++) {
                putIntLittleEndian(array, address, index + (i << 2), Float.floatToRawIntBits(src[from + i]));
            }
        }
    }

    /**
     * @param buffer a buffer.
     * @return true if {@code buffer}'s memory may be read through {@link #getByte} and friends, with
     *     {@code buffer.byteArray()} and {@code buffer.addressOffset()}.
     */
    public static boolean isRaw(final DirectBuffer buffer) {
        return buffer instanceof AbstractMutableDirectBuffer;
    }

    /**
     * @param array   the buffer's {@code byteArray()}.
     * @param address the buffer's {@code addressOffset()}.
     * @param index   a checked index.
     * @return the byte at {@code index}.
     */
    public static byte getByte(final byte[] array, final long address, final int index) {
        return UnsafeApi.getByte(array, address + index);
    }

    /**
     * @param array   the buffer's {@code byteArray()}.
     * @param address the buffer's {@code addressOffset()}.
     * @param index   a checked index, with 3 more checked bytes after it.
     * @return the little-endian int at {@code index}.
     */
    public static int getIntLittleEndian(final byte[] array, final long address, final int index) {
        final int value = UnsafeApi.getInt(array, address + index);
        return LITTLE_ENDIAN ? value : Integer.reverseBytes(value);
    }

    /**
     * @param array   the buffer's {@code byteArray()}.
     * @param address the buffer's {@code addressOffset()}.
     * @param index   a checked index, with 7 more checked bytes after it.
     * @return the little-endian long at {@code index}.
     */
    public static long getLongLittleEndian(final byte[] array, final long address, final int index) {
        final long value = UnsafeApi.getLong(array, address + index);
        return LITTLE_ENDIAN ? value : Long.reverseBytes(value);
    }

    /**
     * @param array   the buffer's {@code byteArray()}.
     * @param address the buffer's {@code addressOffset()}.
     * @param index   a checked index.
     * @param value   the byte to write at {@code index}.
     */
    public static void putByte(final byte[] array, final long address, final int index, final byte value) {
        UnsafeApi.putByte(array, address + index, value);
    }

    /**
     * @param array   the buffer's {@code byteArray()}.
     * @param address the buffer's {@code addressOffset()}.
     * @param index   a checked index, with 3 more checked bytes after it.
     * @param value   the int to write at {@code index}, little-endian.
     */
    public static void putIntLittleEndian(final byte[] array, final long address, final int index, final int value) {
        UnsafeApi.putInt(array, address + index, LITTLE_ENDIAN ? value : Integer.reverseBytes(value));
    }

    /**
     * @param array   the buffer's {@code byteArray()}.
     * @param address the buffer's {@code addressOffset()}.
     * @param index   a checked index, with 7 more checked bytes after it.
     * @param value   the long to write at {@code index}, little-endian.
     */
    public static void putLongLittleEndian(final byte[] array, final long address, final int index, final long value) {
        UnsafeApi.putLong(array, address + index, LITTLE_ENDIAN ? value : Long.reverseBytes(value));
    }
}
