package org.flyproto.codec;

import org.flyproto.buffers.Utf8;
import org.flyproto.buffers.Varint;

/**
 * The paths of {@link WriteCursor#writeString(int, CharSequence)} past its fast one (a string of at most 42 chars whose
 * worst case fits): a long string in one pass, then the checked path near the end of the region, on a buffer that is
 * not Agrona's, or while sizing; and the string written in two parts.
 */
final class StringWrites {
    /** Largest string (in chars) whose worst-case UTF-8 size, 3 bytes a char plus tag and length, is an int. */
    private static final int ONE_PASS_MAX_CHARS = (Integer.MAX_VALUE - 2 * Varint.MAX_SIZE_32) / 3;

    private StringWrites() {}

    /**
     * A string of more than 42 chars, or near the region's end, or on a buffer that is not Agrona's. If the worst case
     * (3 bytes a char) fits, one pass: UTF-8 has at least one byte a char, so the size of the char count's varint is
     * reserved for the length (exact for ASCII) and the bytes move only if non-ASCII text needs a longer length.
     */
    static void writeLong(final WriteCursor c, final int tag, final CharSequence value) {
        final int chars = value.length();
        final int p = c.position;
        if (chars <= ONE_PASS_MAX_CHARS && c.fits(p, Varint.sizeOfUnsigned32(tag) + Varint.MAX_SIZE_32 + 3 * chars)) {
            final int reserve = Varint.sizeOfUnsigned32(chars);
            final int lengthIndex = p + Varint.putUnsigned32(c.raw.byteArray(), c.raw.addressOffset(), p, tag);
            final int length = Utf8.encode(value, c.raw, lengthIndex + reserve);
            final int size = Varint.sizeOfUnsigned32(length);
            if (size != reserve) {
                c.buffer.putBytes(lengthIndex + size, c.buffer, lengthIndex + reserve, length);
            }
            Varint.putUnsigned32(c.raw.byteArray(), c.raw.addressOffset(), lengthIndex, length);
            c.position = lengthIndex + size + length;
        } else {
            checked(c, tag, value);
        }
    }

    /** Exactly sized, through the buffer's methods; counted only, while sizing. */
    private static void checked(final WriteCursor c, final int tag, final CharSequence value) {
        final int chars = value.length();
        if (!c.sizing
                && chars <= WriteCursor.ONE_BYTE_LENGTH_MAX_CHARS
                && Varint.sizeOfUnsigned32(tag) + 1 + 3 * chars <= c.room()) {
            final int lengthIndex = c.position + Varint.putUnsigned32(c.buffer, c.position, tag);
            final int length = Utf8.encode(value, c.buffer, lengthIndex + 1);
            c.buffer.putByte(lengthIndex, (byte) length);
            c.position = lengthIndex + 1 + length;
        } else {
            final int p = c.header(tag, Utf8.encodedLength(value));
            if (p >= 0) {
                c.position = p + Utf8.encode(value, c.buffer, p);
            }
        }
    }

    /** {@link WriteCursor#writeString(int, CharSequence, CharSequence)}: measured first, then each part encoded. */
    static void writeTwoParts(final WriteCursor c, final int tag, final CharSequence first, final CharSequence second) {
        final int length = Utf8.encodedLength(first) + Utf8.encodedLength(second);
        int p = c.header(tag, length);
        if (p >= 0) {
            p += Utf8.encode(first, c.buffer, p);
            c.position = p + Utf8.encode(second, c.buffer, p);
        }
    }
}
