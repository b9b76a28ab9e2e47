package org.flyproto.buffers;

import java.nio.ByteOrder;
import java.util.Objects;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * A reusable view over a range of bytes in a buffer: the flyweight for reading a protobuf {@code bytes} field without
 * copying it.
 *
 * <p>Indexes given to the view's own methods are relative to the view and always checked against its length. The
 * view reads the buffer live: it sees later changes to the bytes. It is mutable, not thread-safe and a poor key for a
 * hash map. Only {@link #toByteArray()} and {@link #toString()} allocate. {@link #wrap} checks the range against the
 * buffer's capacity (a non-empty range also with Agrona's bounds checks disabled), and every method that reads checks
 * it again (one compare), as the buffer may have been wrapped again, smaller: the view never reads outside its range.
 *
 * <p><b>Reuse.</b> A decoder's bytes accessor returns the same view every time, pointed again at the field of the
 * message the decoder is on now; a repeated bytes field's cursor points its one view at each element in turn. So a
 * view that is kept shows what it was last pointed at: once its decoder moves on ({@code next()}, another
 * {@code wrap}, or the accessor called again for another element), it may show other bytes, and views collected in a
 * loop are one object, showing the last element. It copies nothing either: it is valid only while the buffer's bytes
 * are (in an Aeron {@code FragmentHandler}, until the handler returns). Copy out what must outlive it:
 * {@link #getBytes(int, byte[], int, int)}, {@link #toByteArray()}, {@link #copyTo(MutableDirectBuffer, int)}.
 *
 * <p><b>Fixed-width reads.</b> {@link #getShort}, {@link #getInt} and {@link #getLong} read 2, 4 or 8 bytes at an index
 * of the view, each checked against the view's length by the view itself (also with Agrona's bounds checks disabled,
 * a read never leaves the view). They take the byte order as an argument and have no overload without one, because
 * no order is right by default: the bytes of a {@code bytes} field are whatever the schema's author put there, most
 * often identifiers in network order, while Agrona's reads without an order use the platform's (little-endian on x86
 * and ARM) and protobuf's own fixed-width types are little-endian (read those with the decoder's accessors, not from a
 * view). For example, OpenTelemetry's 16-byte trace id, whose bytes are the 32 hex digits of W3C {@code traceparent}
 * in order:
 *
 * <pre>{@code
 * BytesView traceId = span.traceId();
 * long high = traceId.getLong(0, ByteOrder.BIG_ENDIAN);  // Long.toHexString(high) = the first 16 hex digits
 * long low = traceId.getLong(8, ByteOrder.BIG_ENDIAN);
 * }</pre>
 */
public final class BytesView {
    private static final DirectBuffer EMPTY_BUFFER = new UnsafeBuffer(new byte[0]);
    private static final char[] HEX_DIGITS = "0123456789abcdef".toCharArray();

    private DirectBuffer buffer = EMPTY_BUFFER;
    private int offset;
    private int length;
    /** Checked mode only: the generation of the flyweight that handed the view out, and its value then. */
    private Generation owner;

    private int ownerValue;

    /** Creates an empty view; {@link #wrap} it over some bytes to use it. */
    public BytesView() {}

    /**
     * Checked mode only ({@link Checked}): ties the view to the flyweight that hands it out, so that using it after
     * that flyweight moved on throws. A plain {@link #wrap} unties it.
     *
     * @param generation the generation of the decoder or cursor handing the view out.
     * @return this view.
     */
    public BytesView own(final Generation generation) {
        owner = generation;
        ownerValue = generation.value();
        return this;
    }

    private void checkOwner() {
        if (Checked.ENABLED) {
            Generation.checkView(owner, ownerValue, "BytesView");
        }
    }

    /** Throws if the buffer was wrapped again too small for the view's range since the view's {@link #wrap}. */
    private void checkRegion() {
        if (offset + length > buffer.capacity()) {
            throw new IndexOutOfBoundsException("view of offset=" + offset + " length=" + length
                    + " outside its buffer, now of capacity=" + buffer.capacity());
        }
    }

    /**
     * Points the view at a range of bytes.
     *
     * @param buffer holding the bytes.
     * @param offset of the first byte in {@code buffer}.
     * @param length number of bytes.
     * @return this view.
     * @throws IndexOutOfBoundsException if the range is not inside {@code [0, buffer.capacity())}: a range of one
     *     byte or more whatever Agrona's bounds-check mode, an empty one (which reads nothing) when bounds checks are
     *     on.
     */
    public BytesView wrap(final DirectBuffer buffer, final int offset, final int length) {
        Utf8.checkRange(buffer, offset, length);
        this.buffer = buffer;
        this.offset = offset;
        this.length = length;
        if (Checked.ENABLED) {
            owner = null;
        }
        return this;
    }

    /**
     * Buffer the view reads from.
     *
     * @return the wrapped buffer.
     */
    public DirectBuffer buffer() {
        checkOwner();
        return buffer;
    }

    /**
     * Offset of the first byte in {@link #buffer()}.
     *
     * @return offset of the first byte.
     */
    public int offset() {
        checkOwner();
        return offset;
    }

    /**
     * Number of bytes in the view.
     *
     * @return length in bytes.
     */
    public int length() {
        checkOwner();
        return length;
    }

    /**
     * Byte at an index of the view.
     *
     * @param index relative to the view.
     * @return the byte.
     * @throws IndexOutOfBoundsException if {@code index} is outside {@code [0, length())}.
     */
    public byte byteAt(final int index) {
        checkOwner();
        Objects.checkIndex(index, length);
        checkRegion();
        return buffer.getByte(offset + index);
    }

    /**
     * Two bytes at an index of the view, as a {@code short} in the given byte order.
     *
     * @param index relative to the view, of the first byte.
     * @param order of the bytes: {@link ByteOrder#BIG_ENDIAN} for network order, as identifiers are usually written.
     * @return the value.
     * @throws IndexOutOfBoundsException if {@code [index, index + 2)} is not inside {@code [0, length())}; the message
     *     names the index, the size read and the view's length.
     */
    public short getShort(final int index, final ByteOrder order) {
        checkOwner();
        Objects.checkFromIndexSize(index, Short.BYTES, length);
        checkRegion();
        return buffer.getShort(offset + index, order);
    }

    /**
     * Four bytes at an index of the view, as an {@code int} in the given byte order.
     *
     * @param index relative to the view, of the first byte.
     * @param order of the bytes: {@link ByteOrder#BIG_ENDIAN} for network order, as identifiers are usually written.
     * @return the value.
     * @throws IndexOutOfBoundsException if {@code [index, index + 4)} is not inside {@code [0, length())}; the message
     *     names the index, the size read and the view's length.
     */
    public int getInt(final int index, final ByteOrder order) {
        checkOwner();
        Objects.checkFromIndexSize(index, Integer.BYTES, length);
        checkRegion();
        return buffer.getInt(offset + index, order);
    }

    /**
     * Eight bytes at an index of the view, as a {@code long} in the given byte order: e.g. the two halves of a 16-byte
     * trace id, {@code getLong(0, BIG_ENDIAN)} and {@code getLong(8, BIG_ENDIAN)}.
     *
     * @param index relative to the view, of the first byte.
     * @param order of the bytes: {@link ByteOrder#BIG_ENDIAN} for network order, as identifiers are usually written.
     * @return the value.
     * @throws IndexOutOfBoundsException if {@code [index, index + 8)} is not inside {@code [0, length())}; the message
     *     names the index, the size read and the view's length.
     */
    public long getLong(final int index, final ByteOrder order) {
        checkOwner();
        Objects.checkFromIndexSize(index, Long.BYTES, length);
        checkRegion();
        return buffer.getLong(offset + index, order);
    }

    /**
     * Copies bytes of the view into an array.
     *
     * @param srcIndex relative to the view, of the first byte to copy.
     * @param dst array to copy to.
     * @param dstOffset in {@code dst} at which to copy.
     * @param length number of bytes to copy.
     * @throws IndexOutOfBoundsException if the source range is outside the view or the destination range outside
     *     {@code dst}.
     */
    public void getBytes(final int srcIndex, final byte[] dst, final int dstOffset, final int length) {
        checkOwner();
        Objects.checkFromIndexSize(srcIndex, length, this.length);
        Objects.checkFromIndexSize(dstOffset, length, dst.length);
        checkRegion();
        buffer.getBytes(offset + srcIndex, dst, dstOffset, length);
    }

    /**
     * Copies all the bytes of the view to another buffer.
     *
     * @param dst to copy to.
     * @param dstIndex at which to copy.
     * @return number of bytes copied: {@link #length()}.
     */
    public int copyTo(final MutableDirectBuffer dst, final int dstIndex) {
        checkOwner();
        checkRegion();
        dst.putBytes(dstIndex, buffer, offset, length);
        return length;
    }

    /**
     * Whether the view holds exactly the bytes of an array.
     *
     * @param other array to compare with; may be null.
     * @return true if {@code other} has the same length and bytes, false if not or if it is null.
     */
    public boolean contentEquals(final byte[] other) {
        checkOwner();
        if (other == null || other.length != length) {
            return false;
        }
        checkRegion();
        final DirectBuffer buffer = this.buffer;
        final boolean raw = Memory.isRaw(buffer);
        final byte[] array = raw ? buffer.byteArray() : null;
        final long address = raw ? buffer.addressOffset() : 0;
        for (int i = 0; i < length; i++) {
            if (Utf8.getByte(buffer, array, address, raw, offset + i) != other[i]) {
                return false;
            }
        }

        return true;
    }

    /**
     * Whether the view holds exactly the bytes of a range of another buffer.
     *
     * @param other buffer to compare with.
     * @param otherOffset of the first byte of the range in {@code other}.
     * @param otherLength of the range.
     * @return true if the range has the same length and bytes.
     * @throws IndexOutOfBoundsException if the lengths are equal and the range is not inside
     *     {@code [0, other.capacity())}.
     */
    public boolean contentEquals(final DirectBuffer other, final int otherOffset, final int otherLength) {
        checkOwner();
        if (otherLength != length) {
            return false;
        }
        checkRegion();
        Utf8.checkRange(other, otherOffset, otherLength);
        final DirectBuffer buffer = this.buffer;
        final boolean raw = Memory.isRaw(buffer);
        final byte[] array = raw ? buffer.byteArray() : null;
        final long address = raw ? buffer.addressOffset() : 0;
        final boolean otherRaw = Memory.isRaw(other);
        final byte[] otherArray = otherRaw ? other.byteArray() : null;
        final long otherAddress = otherRaw ? other.addressOffset() : 0;

        int i = 0;
        for (; length - i >= Long.BYTES; i += Long.BYTES) {
            if (Utf8.getLong(buffer, array, address, raw, offset + i)
                    != Utf8.getLong(other, otherArray, otherAddress, otherRaw, otherOffset + i)) {
                return false;
            }
        }
        for (; i < length; i++) {
            if (Utf8.getByte(buffer, array, address, raw, offset + i)
                    != Utf8.getByte(other, otherArray, otherAddress, otherRaw, otherOffset + i)) {
                return false;
            }
        }

        return true;
    }

    /**
     * Copies the bytes into a new array (allocates).
     *
     * @return a new array holding the bytes of the view.
     */
    public byte[] toByteArray() {
        checkOwner();
        checkRegion();
        final byte[] bytes = new byte[length];
        buffer.getBytes(offset, bytes);
        return bytes;
    }

    /**
     * Hash code of the bytes, equal to {@link java.util.Arrays#hashCode(byte[])} of {@link #toByteArray()}.
     *
     * @return hash code of the bytes.
     */
    @Override
    public int hashCode() {
        checkOwner();
        checkRegion();
        final DirectBuffer buffer = this.buffer;
        final boolean raw = Memory.isRaw(buffer);
        final byte[] array = raw ? buffer.byteArray() : null;
        final long address = raw ? buffer.addressOffset() : 0;
        int hash = 1;
        for (int i = offset, end = offset + length; i < end; i++) {
            hash = 31 * hash + Utf8.getByte(buffer, array, address, raw, i);
        }

        return hash;
    }

    /**
     * Whether another {@link BytesView} holds the same bytes (wherever they are).
     *
     * @param other to compare with.
     * @return true if {@code other} is a {@link BytesView} with the same length and bytes.
     */
    @Override
    public boolean equals(final Object other) {
        checkOwner();
        if (this == other) {
            return true;
        }

        return other instanceof BytesView that && contentEquals(that.buffer, that.offset, that.length);
    }

    /**
     * The bytes as lowercase hexadecimal, two digits per byte and no separator, for debugging (allocates).
     *
     * @return e.g. {@code "0aff"} for the bytes 0x0A 0xFF, or {@code ""} for an empty view.
     */
    @Override
    public String toString() {
        checkOwner();
        checkRegion();
        final char[] chars = new char[length * 2];
        for (int i = 0; i < length; i++) {
            final int b = buffer.getByte(offset + i) & 0xFF;
            chars[2 * i] = HEX_DIGITS[b >>> 4];
            chars[2 * i + 1] = HEX_DIGITS[b & 0xF];
        }

        return new String(chars);
    }
}
