package org.flyproto.buffers;

import org.agrona.DirectBuffer;

/**
 * {@link Utf8View#contentEquals}'s loops over ranges of UTF-8 bytes, without allocating: the text decoded in place,
 * unit by unit, against a {@link CharSequence}, or the bytes of two ranges against each other. The ranges are checked
 * against their buffers by the caller; the view decides the cheap cases (lengths, the ASCII run) before calling.
 */
final class Utf8Comparison {
    private Utf8Comparison() {}

    /**
     * Whether the text in {@code [offset, offset + byteLength)} has the units of a {@link String}. The same loop as
     * {@link #equalsChars}, with {@code charAt} bound statically, as strings are what views are compared with most.
     *
     * @param prefix length of the range's leading ASCII run, at most {@code other.length()}.
     */
    static boolean equalsString(
            final DirectBuffer buffer, final int offset, final int byteLength, final int prefix, final String other) {
        final int otherLength = other.length();
        final int end = offset + byteLength;
        final boolean raw = Memory.isRaw(buffer);
        final byte[] array = raw ? buffer.byteArray() : null;
        final long address = raw ? buffer.addressOffset() : 0;

        // The leading ASCII run, known to be one unit per byte: a counted loop.
        for (int k = 0; k < prefix; k++) {
            if (other.charAt(k) != Utf8.getByte(buffer, array, address, raw, offset + k)) {
                return false;
            }
        }
        int i = offset + prefix;
        int c = prefix;
        while (i < end) {
            final int b0 = Utf8.getByte(buffer, array, address, raw, i);
            if (b0 >= 0) {
                if (c >= otherLength || other.charAt(c) != b0) {
                    return false;
                }
                c++;
                i++;
                continue;
            }
            final int decoded = Utf8.decodeNonAscii(buffer, array, address, raw, b0, i, end);
            final int codePoint = decoded & Utf8.DECODED_CODE_POINT_MASK;
            if (codePoint >= Character.MIN_SUPPLEMENTARY_CODE_POINT) {
                if (c + 1 >= otherLength
                        || other.charAt(c) != Character.highSurrogate(codePoint)
                        || other.charAt(c + 1) != Character.lowSurrogate(codePoint)) {
                    return false;
                }
                c += 2;
            } else {
                if (c >= otherLength || other.charAt(c) != codePoint) {
                    return false;
                }
                c++;
            }
            i += decoded >>> Utf8.DECODED_LENGTH_SHIFT;
        }

        return c == otherLength;
    }

    /**
     * Whether the text in {@code [offset, offset + byteLength)} has the units of any {@link CharSequence}.
     *
     * @param otherLength {@code other.length()}, as the caller has read it.
     */
    static boolean equalsChars(
            final DirectBuffer buffer,
            final int offset,
            final int byteLength,
            final CharSequence other,
            final int otherLength) {
        final int end = offset + byteLength;
        final boolean raw = Memory.isRaw(buffer);
        final byte[] array = raw ? buffer.byteArray() : null;
        final long address = raw ? buffer.addressOffset() : 0;

        int i = offset;
        int c = 0;
        while (i < end) {
            final int b0 = Utf8.getByte(buffer, array, address, raw, i);
            if (b0 >= 0) {
                if (c >= otherLength || other.charAt(c) != b0) {
                    return false;
                }
                c++;
                i++;
                continue;
            }
            final int decoded = Utf8.decodeNonAscii(buffer, array, address, raw, b0, i, end);
            final int codePoint = decoded & Utf8.DECODED_CODE_POINT_MASK;
            if (codePoint >= Character.MIN_SUPPLEMENTARY_CODE_POINT) {
                if (c + 1 >= otherLength
                        || other.charAt(c) != Character.highSurrogate(codePoint)
                        || other.charAt(c + 1) != Character.lowSurrogate(codePoint)) {
                    return false;
                }
                c += 2;
            } else {
                if (c >= otherLength || other.charAt(c) != codePoint) {
                    return false;
                }
                c++;
            }
            i += decoded >>> Utf8.DECODED_LENGTH_SHIFT;
        }

        return c == otherLength;
    }

    /** Whether two ranges of {@code length} bytes hold the same bytes, 8 at a time. */
    static boolean sameBytes(
            final DirectBuffer buffer,
            final int offset,
            final DirectBuffer otherBuffer,
            final int otherOffset,
            final int length) {
        final boolean raw = Memory.isRaw(buffer);
        final byte[] array = raw ? buffer.byteArray() : null;
        final long address = raw ? buffer.addressOffset() : 0;
        final boolean otherRaw = Memory.isRaw(otherBuffer);
        final byte[] otherArray = otherRaw ? otherBuffer.byteArray() : null;
        final long otherAddress = otherRaw ? otherBuffer.addressOffset() : 0;
        final int delta = otherOffset - offset;
        final int end = offset + length;

        int i = offset;
        for (; end - i >= Long.BYTES; i += Long.BYTES) {
            if (Utf8.getLong(buffer, array, address, raw, i)
                    != Utf8.getLong(otherBuffer, otherArray, otherAddress, otherRaw, i + delta)) {
                return false;
            }
        }
        for (; i < end; i++) {
            if (Utf8.getByte(buffer, array, address, raw, i)
                    != Utf8.getByte(otherBuffer, otherArray, otherAddress, otherRaw, i + delta)) {
                return false;
            }
        }

        return true;
    }
}
