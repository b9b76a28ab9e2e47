package org.flyproto.buffers;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * Base-128 varints as protobuf writes them: seven bits per byte, least significant group first, the high bit of each
 * byte set when another byte follows.
 *
 * <pre>
 *   300 = 0b10_0101100  →  1010_1100 0000_0010  =  0xAC 0x02
 *                          ^ more    ^ last
 * </pre>
 *
 * <p>Reading is split in two so that the untrusted part is explicit: {@link #scan} checks that a whole varint lies
 * before a limit and returns its length (or an error code), then {@link #get64} or {@link #get32} decode it without
 * further checks. Always advance by the length {@code scan} returned: an encoding may be longer than the minimal one.
 *
 * <p>Writes take the index to write at and return the number of bytes written; they do not check capacity beyond what
 * the buffer itself does, so size the write first with the matching {@code sizeOf...} method. The writes into
 * {@code (array, address)} go straight to memory ({@link Memory}) and check nothing at all.
 */
public final class Varint {
    /** Maximum encoded size of any varint (a 64-bit value). */
    public static final int MAX_SIZE = 10;

    /** Maximum encoded size of an unsigned 32-bit value. */
    public static final int MAX_SIZE_32 = 5;

    /** {@link #scan} error: the limit was reached while the continuation bit was still set. */
    public static final int TRUNCATED = -1;

    /** {@link #scan} error: {@link #MAX_SIZE} bytes all have the continuation bit set, so the varint is malformed. */
    public static final int TOO_LONG = -2;

    private static final int PAYLOAD_MASK = 0x7F;
    private static final int CONTINUATION = 0x80;

    private Varint() {}

    /**
     * Encoded size of an unsigned 32-bit value.
     *
     * @param value taken as unsigned 32-bit.
     * @return 1 to {@link #MAX_SIZE_32}.
     */
    public static int sizeOfUnsigned32(final int value) {
        // max(1, ceil(bits / 7)) for bits = 32 - nlz, computed as (9 * bits + 64) >>> 6 without a branch.
        return (352 - Integer.numberOfLeadingZeros(value) * 9) >>> 6;
    }

    /**
     * Encoded size of a 64-bit value (uint64, or int64 which is the same bits).
     *
     * @param value taken as unsigned 64-bit.
     * @return 1 to {@link #MAX_SIZE}.
     */
    public static int sizeOf64(final long value) {
        // max(1, ceil(bits / 7)) for bits = 64 - nlz, computed as (9 * bits + 64) >>> 6 without a branch.
        return (640 - Long.numberOfLeadingZeros(value) * 9) >>> 6;
    }

    /**
     * Encoded size of a protobuf {@code int32}: a negative value is sign-extended to 64 bits, so takes
     * {@link #MAX_SIZE} bytes.
     *
     * @param value signed 32-bit value.
     * @return 1 to 5, or {@link #MAX_SIZE} for a negative value.
     */
    public static int sizeOfInt32(final int value) {
        return sizeOf64(value);
    }

    /**
     * Writes an unsigned 32-bit value with the minimal number of bytes.
     *
     * @param buffer to write to.
     * @param index at which to write.
     * @param value taken as unsigned 32-bit.
     * @return bytes written, equal to {@link #sizeOfUnsigned32(int)}.
     */
    public static int putUnsigned32(final MutableDirectBuffer buffer, final int index, final int value) {
        int remaining = value;
        int i = index;
        while ((remaining & ~PAYLOAD_MASK) != 0) {
            buffer.putByte(i++, (byte) (remaining | CONTINUATION));
            remaining >>>= 7;
        }
        buffer.putByte(i++, (byte) remaining);

        return i - index;
    }

    /**
     * Writes a 64-bit value with the minimal number of bytes.
     *
     * @param buffer to write to.
     * @param index at which to write.
     * @param value taken as unsigned 64-bit.
     * @return bytes written, equal to {@link #sizeOf64(long)}.
     */
    public static int put64(final MutableDirectBuffer buffer, final int index, final long value) {
        long remaining = value;
        int i = index;
        while ((remaining & ~PAYLOAD_MASK) != 0) {
            buffer.putByte(i++, (byte) (remaining | CONTINUATION));
            remaining >>>= 7;
        }
        buffer.putByte(i++, (byte) remaining);

        return i - index;
    }

    /**
     * Writes a protobuf {@code int32}: a negative value is sign-extended to 64 bits and so takes {@link #MAX_SIZE}
     * bytes, as every protobuf implementation writes it.
     *
     * @param buffer to write to.
     * @param index at which to write.
     * @param value signed 32-bit value.
     * @return bytes written, equal to {@link #sizeOfInt32(int)}.
     */
    public static int putInt32(final MutableDirectBuffer buffer, final int index, final int value) {
        return value >= 0 ? putUnsigned32(buffer, index, value) : put64(buffer, index, value);
    }

    /**
     * Writes an unsigned 32-bit value with the minimal number of bytes straight into memory ({@link Memory}): one- and
     * two-byte values (every tag of fields 1 to 2047, short lengths) take a straight-line path, which the JIT folds to
     * the stores alone when the value is a constant.
     *
     * @param array   the buffer's {@code byteArray()}.
     * @param address the buffer's {@code addressOffset()}.
     * @param index   at which to write; the caller has checked {@link #sizeOfUnsigned32(int)} bytes from it.
     * @param value   taken as unsigned 32-bit.
     * @return bytes written, equal to {@link #sizeOfUnsigned32(int)}.
     */
    public static int putUnsigned32(final byte[] array, final long address, final int index, final int value) {
        if ((value & ~PAYLOAD_MASK) == 0) {
            Memory.putByte(array, address, index, (byte) value);
            return 1;
        }
        if ((value & ~0x3FFF) == 0) {
            Memory.putByte(array, address, index, (byte) (value | CONTINUATION));
            Memory.putByte(array, address, index + 1, (byte) (value >>> 7));
            return 2;
        }
        return putLong(array, address, index, value & 0xFFFF_FFFFL);
    }

    /**
     * Writes a 64-bit value with the minimal number of bytes straight into memory ({@link Memory}); one- and two-byte
     * values take a straight-line path.
     *
     * @param array   the buffer's {@code byteArray()}.
     * @param address the buffer's {@code addressOffset()}.
     * @param index   at which to write; the caller has checked {@link #sizeOf64(long)} bytes from it.
     * @param value   taken as unsigned 64-bit.
     * @return bytes written, equal to {@link #sizeOf64(long)}.
     */
    public static int put64(final byte[] array, final long address, final int index, final long value) {
        if ((value & ~PAYLOAD_MASK) == 0) {
            Memory.putByte(array, address, index, (byte) value);
            return 1;
        }
        if ((value & ~0x3FFFL) == 0) {
            Memory.putByte(array, address, index, (byte) (value | CONTINUATION));
            Memory.putByte(array, address, index + 1, (byte) (value >>> 7));
            return 2;
        }
        return putLong(array, address, index, value);
    }

    /**
     * Writes a protobuf {@code int32} straight into memory ({@link Memory}): a negative value is sign-extended to 64
     * bits and so takes {@link #MAX_SIZE} bytes.
     *
     * @param array   the buffer's {@code byteArray()}.
     * @param address the buffer's {@code addressOffset()}.
     * @param index   at which to write; the caller has checked {@link #sizeOfInt32(int)} bytes from it.
     * @param value   signed 32-bit value.
     * @return bytes written, equal to {@link #sizeOfInt32(int)}.
     */
    public static int putInt32(final byte[] array, final long address, final int index, final int value) {
        return put64(array, address, index, value);
    }

    /** The general case of the unchecked writes, out of line: a value of three bytes or more. */
    private static int putLong(final byte[] array, final long address, final int index, final long value) {
        long remaining = value;
        int i = index;
        do {
            Memory.putByte(array, address, i++, (byte) (remaining | CONTINUATION));
            remaining >>>= 7;
        } while ((remaining & ~PAYLOAD_MASK) != 0);
        Memory.putByte(array, address, i++, (byte) remaining);
        return i - index;
    }

    /**
     * Writes an unsigned 32-bit value as a varint of exactly {@code size} bytes, padding with continuation bytes
     * ({@code 0x80}) and ending with a byte that has the high bit clear. Used to backpatch a length whose space was
     * reserved before the length was known; readers accept the non-minimal encoding.
     *
     * <p>{@code size} is not checked: it must be in {@code [sizeOfUnsigned32(value), MAX_SIZE_32]}, else the bytes
     * written do not encode {@code value}.
     *
     * @param buffer to write to.
     * @param index at which to write.
     * @param value taken as unsigned 32-bit.
     * @param size number of bytes to write, from {@link #sizeOfUnsigned32(int)} to {@link #MAX_SIZE_32}.
     */
    public static void putPadded32(final MutableDirectBuffer buffer, final int index, final int value, final int size) {
        int remaining = value;
        final int last = index + size - 1;
        for (int i = index; i < last; i++) {
            buffer.putByte(i, (byte) (remaining | CONTINUATION));
            remaining >>>= 7;
        }
        buffer.putByte(last, (byte) (remaining & PAYLOAD_MASK));
    }

    /**
     * Finds the length of the varint at {@code index} without reading at or past {@code limit}. A tenth byte with its
     * high bit clear ends a valid varint whatever its other bits, which {@link #get64} discards as protobuf-java does.
     *
     * @param buffer to read from.
     * @param index of the first byte of the varint.
     * @param limit absolute index, exclusive, that the varint must end before.
     * @return the encoded length from 1 to {@link #MAX_SIZE}, or {@link #TRUNCATED} if {@code limit} is reached first
     *     (including {@code limit <= index}), or {@link #TOO_LONG} if {@link #MAX_SIZE} bytes all have the
     *     continuation bit set.
     */
    public static int scan(final DirectBuffer buffer, final int index, final int limit) {
        final int available = limit - index;
        final int max = Math.min(available, MAX_SIZE);
        for (int i = 0; i < max; i++) {
            if (buffer.getByte(index + i) >= 0) {
                return i + 1;
            }
        }

        return max == MAX_SIZE ? TOO_LONG : TRUNCATED;
    }

    /**
     * Decodes the varint at {@code index}, which the caller has already checked with {@link #scan}. Reads up to the
     * first byte with its high bit clear, at most {@link #MAX_SIZE} bytes; bits beyond the 64th are discarded.
     *
     * @param buffer to read from.
     * @param index of the first byte of the varint.
     * @return the value as 64 bits (uint64, int64, or a sign-extended int32).
     */
    public static long get64(final DirectBuffer buffer, final int index) {
        final byte first = buffer.getByte(index);
        if (first >= 0) {
            return first;
        }

        long result = first & PAYLOAD_MASK;
        for (int i = 1, shift = 7; i < MAX_SIZE; i++, shift += 7) {
            final byte b = buffer.getByte(index + i);
            result |= (long) (b & PAYLOAD_MASK) << shift;
            if (b >= 0) {
                break;
            }
        }

        return result;
    }

    /**
     * Decodes the low 32 bits of the varint at {@code index}, which the caller has already checked with {@link #scan}:
     * the decode for int32, uint32, enum, tags and lengths. A negative int32 written as ten bytes reads back as the
     * negative int; a longer encoding of a uint32 keeps its low 32 bits, as protobuf-java's {@code readRawVarint32}
     * does. Reads at most {@link #MAX_SIZE_32} bytes, since later bytes cannot change the low 32 bits, so the caller
     * must advance by the length {@code scan} returned.
     *
     * @param buffer to read from.
     * @param index of the first byte of the varint.
     * @return the low 32 bits of the value.
     */
    public static int get32(final DirectBuffer buffer, final int index) {
        int b = buffer.getByte(index);
        if (b >= 0) {
            return b;
        }
        int result = b & PAYLOAD_MASK;

        b = buffer.getByte(index + 1);
        result |= (b & PAYLOAD_MASK) << 7;
        if (b >= 0) {
            return result;
        }

        b = buffer.getByte(index + 2);
        result |= (b & PAYLOAD_MASK) << 14;
        if (b >= 0) {
            return result;
        }

        b = buffer.getByte(index + 3);
        result |= (b & PAYLOAD_MASK) << 21;
        if (b >= 0) {
            return result;
        }

        // Only the low four bits of the fifth byte fit; the shift drops the rest.
        b = buffer.getByte(index + 4);
        return result | (b << 28);
    }
}
