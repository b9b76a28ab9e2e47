package org.flyproto.codec;

import java.util.Objects;
import org.flyproto.buffers.Fixed;
import org.flyproto.buffers.Memory;
import org.flyproto.buffers.Varint;
import org.flyproto.buffers.ZigZag;

/**
 * Whole packed runs from arrays, written at a {@link WriteCursor}'s position: the run's length is computed first, so
 * nothing moves (and a sizing cursor counts the run without looking at the values twice). Straight to memory for
 * Agrona's buffers once the cursor has made room (runs of fixed-width values in one memory copy), through the buffer's
 * methods otherwise. Generated encoders' array setters call these; a range {@code [offset, offset + count)} that is
 * not inside the array throws {@link IndexOutOfBoundsException} before anything is written.
 */
public final class PackedArrays {
    private PackedArrays() {}

    /**
     * Writes a packed run of int32 (or enum) values; nothing for an empty run.
     *
     * @param cursor where to write.
     * @param tag    the tag (wire type LEN).
     * @param values the values.
     * @param offset first index in {@code values}.
     * @param count  number of values.
     */
    public static void packedInt32(
            final WriteCursor cursor, final int tag, final int[] values, final int offset, final int count) {
        Objects.checkFromIndexSize(offset, count, values.length);
        int size = 0;
        for (int i = offset, end = offset + count; i < end; i++) {
            size += Varint.sizeOfInt32(values[i]);
        }
        int p = header(cursor, tag, size);
        if (p < 0) {
            return;
        }
        if (cursor.rawUpTo(p + size)) {
            final byte[] a = cursor.raw.byteArray();
            final long address = cursor.raw.addressOffset();
            for (int i = offset, end = offset + count; i < end; i++) {
                p += Varint.putInt32(a, address, p, values[i]);
            }
        } else {
            for (int i = offset, end = offset + count; i < end; i++) {
                p += Varint.putInt32(cursor.buffer, p, values[i]);
            }
        }
        cursor.position = p;
    }

    /**
     * Writes a packed run of uint32 values; nothing for an empty run.
     *
     * @param cursor where to write.
     * @param tag    the tag (wire type LEN).
     * @param values the values.
     * @param offset first index in {@code values}.
     * @param count  number of values.
     */
    public static void packedUnsigned32(
            final WriteCursor cursor, final int tag, final int[] values, final int offset, final int count) {
        Objects.checkFromIndexSize(offset, count, values.length);
        int size = 0;
        for (int i = offset, end = offset + count; i < end; i++) {
            size += Varint.sizeOfUnsigned32(values[i]);
        }
        int p = header(cursor, tag, size);
        if (p < 0) {
            return;
        }
        if (cursor.rawUpTo(p + size)) {
            final byte[] a = cursor.raw.byteArray();
            final long address = cursor.raw.addressOffset();
            for (int i = offset, end = offset + count; i < end; i++) {
                p += Varint.putUnsigned32(a, address, p, values[i]);
            }
        } else {
            for (int i = offset, end = offset + count; i < end; i++) {
                p += Varint.putUnsigned32(cursor.buffer, p, values[i]);
            }
        }
        cursor.position = p;
    }

    /**
     * Writes a packed run of sint32 values; nothing for an empty run.
     *
     * @param cursor where to write.
     * @param tag    the tag (wire type LEN).
     * @param values the values.
     * @param offset first index in {@code values}.
     * @param count  number of values.
     */
    public static void packedSInt32(
            final WriteCursor cursor, final int tag, final int[] values, final int offset, final int count) {
        Objects.checkFromIndexSize(offset, count, values.length);
        int size = 0;
        for (int i = offset, end = offset + count; i < end; i++) {
            size += Varint.sizeOfUnsigned32(ZigZag.encode32(values[i]));
        }
        int p = header(cursor, tag, size);
        if (p < 0) {
            return;
        }
        if (cursor.rawUpTo(p + size)) {
            final byte[] a = cursor.raw.byteArray();
            final long address = cursor.raw.addressOffset();
            for (int i = offset, end = offset + count; i < end; i++) {
                p += Varint.putUnsigned32(a, address, p, ZigZag.encode32(values[i]));
            }
        } else {
            for (int i = offset, end = offset + count; i < end; i++) {
                p += Varint.putUnsigned32(cursor.buffer, p, ZigZag.encode32(values[i]));
            }
        }
        cursor.position = p;
    }

    /**
     * Writes a packed run of int64 or uint64 values; nothing for an empty run.
     *
     * @param cursor where to write.
     * @param tag    the tag (wire type LEN).
     * @param values the values.
     * @param offset first index in {@code values}.
     * @param count  number of values.
     */
    public static void packedVarint64(
            final WriteCursor cursor, final int tag, final long[] values, final int offset, final int count) {
        Objects.checkFromIndexSize(offset, count, values.length);
        int size = 0;
        for (int i = offset, end = offset + count; i < end; i++) {
            size += Varint.sizeOf64(values[i]);
        }
        int p = header(cursor, tag, size);
        if (p < 0) {
            return;
        }
        if (cursor.rawUpTo(p + size)) {
            final byte[] a = cursor.raw.byteArray();
            final long address = cursor.raw.addressOffset();
            for (int i = offset, end = offset + count; i < end; i++) {
                p += Varint.put64(a, address, p, values[i]);
            }
        } else {
            for (int i = offset, end = offset + count; i < end; i++) {
                p += Varint.put64(cursor.buffer, p, values[i]);
            }
        }
        cursor.position = p;
    }

    /**
     * Writes a packed run of sint64 values; nothing for an empty run.
     *
     * @param cursor where to write.
     * @param tag    the tag (wire type LEN).
     * @param values the values.
     * @param offset first index in {@code values}.
     * @param count  number of values.
     */
    public static void packedSInt64(
            final WriteCursor cursor, final int tag, final long[] values, final int offset, final int count) {
        Objects.checkFromIndexSize(offset, count, values.length);
        int size = 0;
        for (int i = offset, end = offset + count; i < end; i++) {
            size += Varint.sizeOf64(ZigZag.encode64(values[i]));
        }
        int p = header(cursor, tag, size);
        if (p < 0) {
            return;
        }
        if (cursor.rawUpTo(p + size)) {
            final byte[] a = cursor.raw.byteArray();
            final long address = cursor.raw.addressOffset();
            for (int i = offset, end = offset + count; i < end; i++) {
                p += Varint.put64(a, address, p, ZigZag.encode64(values[i]));
            }
        } else {
            for (int i = offset, end = offset + count; i < end; i++) {
                p += Varint.put64(cursor.buffer, p, ZigZag.encode64(values[i]));
            }
        }
        cursor.position = p;
    }

    /**
     * Writes a packed run of fixed32 or sfixed32 values; nothing for an empty run.
     *
     * @param cursor where to write.
     * @param tag    the tag (wire type LEN).
     * @param values the values.
     * @param offset first index in {@code values}.
     * @param count  number of values.
     */
    public static void packedFixed32(
            final WriteCursor cursor, final int tag, final int[] values, final int offset, final int count) {
        Objects.checkFromIndexSize(offset, count, values.length);
        final int size = 4 * count;
        int p = header(cursor, tag, size);
        if (p < 0) {
            return;
        }
        if (cursor.rawUpTo(p + size)) {
            final byte[] a = cursor.raw.byteArray();
            final long address = cursor.raw.addressOffset();
            Memory.putIntsLittleEndian(a, address, p, values, offset, count);
            p += size;
        } else {
            for (int i = offset, end = offset + count; i < end; i++) {
                Fixed.putFixed32(cursor.buffer, p, values[i]);
                p += 4;
            }
        }
        cursor.position = p;
    }

    /**
     * Writes a packed run of fixed64 or sfixed64 values; nothing for an empty run.
     *
     * @param cursor where to write.
     * @param tag    the tag (wire type LEN).
     * @param values the values.
     * @param offset first index in {@code values}.
     * @param count  number of values.
     */
    public static void packedFixed64(
            final WriteCursor cursor, final int tag, final long[] values, final int offset, final int count) {
        Objects.checkFromIndexSize(offset, count, values.length);
        final int size = 8 * count;
        int p = header(cursor, tag, size);
        if (p < 0) {
            return;
        }
        if (cursor.rawUpTo(p + size)) {
            final byte[] a = cursor.raw.byteArray();
            final long address = cursor.raw.addressOffset();
            Memory.putLongsLittleEndian(a, address, p, values, offset, count);
            p += size;
        } else {
            for (int i = offset, end = offset + count; i < end; i++) {
                Fixed.putFixed64(cursor.buffer, p, values[i]);
                p += 8;
            }
        }
        cursor.position = p;
    }

    /**
     * Writes a packed run of floats; nothing for an empty run.
     *
     * @param cursor where to write.
     * @param tag    the tag (wire type LEN).
     * @param values the values.
     * @param offset first index in {@code values}.
     * @param count  number of values.
     */
    public static void packedFloat(
            final WriteCursor cursor, final int tag, final float[] values, final int offset, final int count) {
        Objects.checkFromIndexSize(offset, count, values.length);
        final int size = 4 * count;
        int p = header(cursor, tag, size);
        if (p < 0) {
            return;
        }
        if (cursor.rawUpTo(p + size)) {
            final byte[] a = cursor.raw.byteArray();
            final long address = cursor.raw.addressOffset();
            Memory.putFloatsLittleEndian(a, address, p, values, offset, count);
            p += size;
        } else {
            for (int i = offset, end = offset + count; i < end; i++) {
                Fixed.putFixed32(cursor.buffer, p, Float.floatToRawIntBits(values[i]));
                p += 4;
            }
        }
        cursor.position = p;
    }

    /**
     * Writes a packed run of doubles; nothing for an empty run.
     *
     * @param cursor where to write.
     * @param tag    the tag (wire type LEN).
     * @param values the values.
     * @param offset first index in {@code values}.
     * @param count  number of values.
     */
    public static void packedDouble(
            final WriteCursor cursor, final int tag, final double[] values, final int offset, final int count) {
        Objects.checkFromIndexSize(offset, count, values.length);
        final int size = 8 * count;
        int p = header(cursor, tag, size);
        if (p < 0) {
            return;
        }
        if (cursor.rawUpTo(p + size)) {
            final byte[] a = cursor.raw.byteArray();
            final long address = cursor.raw.addressOffset();
            Memory.putDoublesLittleEndian(a, address, p, values, offset, count);
            p += size;
        } else {
            for (int i = offset, end = offset + count; i < end; i++) {
                Fixed.putFixed64(cursor.buffer, p, Double.doubleToRawLongBits(values[i]));
                p += 8;
            }
        }
        cursor.position = p;
    }

    /**
     * Writes a packed run of bools; nothing for an empty run.
     *
     * @param cursor where to write.
     * @param tag    the tag (wire type LEN).
     * @param values the values.
     * @param offset first index in {@code values}.
     * @param count  number of values.
     */
    public static void packedBool(
            final WriteCursor cursor, final int tag, final boolean[] values, final int offset, final int count) {
        Objects.checkFromIndexSize(offset, count, values.length);
        final int size = count;
        int p = header(cursor, tag, size);
        if (p < 0) {
            return;
        }
        if (cursor.rawUpTo(p + size)) {
            final byte[] a = cursor.raw.byteArray();
            final long address = cursor.raw.addressOffset();
            for (int i = offset, end = offset + count; i < end; i++) {
                Memory.putByte(a, address, p++, values[i] ? (byte) 1 : (byte) 0);
            }
        } else {
            for (int i = offset, end = offset + count; i < end; i++) {
                cursor.buffer.putByte(p++, values[i] ? (byte) 1 : (byte) 0);
            }
        }
        cursor.position = p;
    }

    /**
     * Ensures room for tag, length and content, writes tag and length; returns where the content starts, or -1 when
     * the cursor is sizing (the whole run counted, nothing to write).
     */
    private static int header(final WriteCursor cursor, final int tag, final int size) {
        final int position = cursor.position;
        if (size == 0) {
            return position;
        }
        return cursor.header(tag, size);
    }
}
