package org.flyproto.buffers;

import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.agrona.BufferUtil;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * UTF-8 for protobuf {@code string} fields: sizing, encoding, validation and decoding, directly in buffers.
 *
 * <p>Encoding matches the bytes protobuf-java writes: well-formed text is standard UTF-8, supplementary characters
 * (surrogate pairs) become 4-byte sequences, and each unpaired surrogate becomes one {@code '?'} (0x3F) byte, which is
 * what protobuf-java ends up writing through its {@code String.getBytes(UTF_8)} fallback.
 *
 * <p>Validation follows the rules of protobuf and the JDK's strict decoder: no unexpected continuation bytes, no
 * truncated sequences, no overlong encodings, no surrogate code points, nothing above U+10FFFF.
 *
 * <p>Every method that reads or writes a range checks it against the buffer's capacity first, also with Agrona's bounds
 * checks disabled, and then reads Agrona's own buffers' memory directly ({@link Memory}), other {@link DirectBuffer}s
 * through their interface.
 */
public final class Utf8 {
    /** 31^1 to 31^8, for the {@link String#hashCode()} polynomial over 8 bytes at a time. */
    private static final int P1 = 31;

    private static final int P2 = P1 * 31;
    private static final int P3 = P2 * 31;
    private static final int P4 = P3 * 31;
    private static final int P5 = P4 * 31;
    private static final int P6 = P5 * 31;
    private static final int P7 = P6 * 31;
    static final int P8 = P7 * 31;

    /** Byte written in place of an unpaired surrogate, as {@code String.getBytes(UTF_8)} does. */
    static final byte UNPAIRED_SURROGATE_REPLACEMENT = '?';

    /** Code point decoded in place of a malformed sequence. */
    static final int REPLACEMENT_CHARACTER = 0xFFFD;

    /** {@link #decode} packs the sequence length in the bits above this shift. */
    static final int DECODED_LENGTH_SHIFT = 24;

    /** {@link #decode} packs the code point in these bits. */
    static final int DECODED_CODE_POINT_MASK = (1 << DECODED_LENGTH_SHIFT) - 1;

    static final long NON_ASCII_MASK_64 = 0x8080808080808080L;

    /** A byte read as signed is a continuation byte (10xxxxxx) when it is at most this. */
    private static final int MAX_CONTINUATION = (byte) 0xBF;

    private Utf8() {}

    /**
     * Number of bytes {@link #encode} writes for a value.
     *
     * @param value to measure; an unpaired surrogate counts as one byte.
     * @return UTF-8 length in bytes.
     */
    public static int encodedLength(final CharSequence value) {
        if (value instanceof String string) {
            final byte[] latin1 = StringMemory.latin1(string);
            if (latin1 != null) {
                return latin1Utf8Length(latin1);
            }
        }
        return encodedLength(value, 0);
    }

    /**
     * The char of a value whose UTF-8, as {@link #encode} writes it, starts at a byte offset: the inverse of
     * {@link #encodedLength} of a prefix, for reporting an offset found in the bytes as a char index.
     *
     * @param value      the chars.
     * @param byteOffset an offset in their UTF-8.
     * @return the index of the first char whose bytes start at or after {@code byteOffset} ({@code value.length()} at
     *     or past the end).
     */
    public static int charIndex(final CharSequence value, final int byteOffset) {
        int bytes = 0;
        int i = 0;
        while (i < value.length() && bytes < byteOffset) {
            final char ch = value.charAt(i);
            if (Character.isHighSurrogate(ch)
                    && i + 1 < value.length()
                    && Character.isLowSurrogate(value.charAt(i + 1))) {
                bytes += 4;
                i += 2;
            } else {
                bytes += ch < 0x80 ? 1 : ch < 0x800 ? 2 : Character.isSurrogate(ch) ? 1 : 3;
                i++;
            }
        }
        return i;
    }

    /** UTF-8 length of Latin-1 chars: one byte each, two for those at 0x80 and above; eight chars a step. */
    private static int latin1Utf8Length(final byte[] latin1) {
        final int length = latin1.length;
        int high = 0;
        int i = 0;
        for (; length - i >= Long.BYTES; i += Long.BYTES) {
            high += Long.bitCount(
                    Memory.getLongLittleEndian(latin1, StringMemory.BYTE_ARRAY_BASE, i) & NON_ASCII_MASK_64);
        }
        final int tail = length - i;
        if (tail != 0 && i != 0) {
            // The last eight bytes in one read, those counted already (the low ones, little-endian) masked off.
            final long last = Memory.getLongLittleEndian(latin1, StringMemory.BYTE_ARRAY_BASE, length - Long.BYTES);
            high += Long.bitCount(last & (-1L << (Byte.SIZE * (Long.BYTES - tail))) & NON_ASCII_MASK_64);
        } else {
            for (; i < length; i++) {
                high += latin1[i] >>> 31; // sign bit: 0x80 and above
            }
        }
        return length + high;
    }

    /** {@link #encodedLength(CharSequence)} of {@code value} from char {@code start} (not the low half of a pair). */
    private static int encodedLength(final CharSequence value, final int start) {
        final int length = value.length();
        int i = start;
        while (i < length && value.charAt(i) < 0x80) {
            i++;
        }

        int size = i - start;
        for (; i < length; i++) {
            final char c = value.charAt(i);
            if (c < 0x80) {
                size += 1;
            } else if (c < 0x800) {
                size += 2;
            } else if (!Character.isSurrogate(c)) {
                size += 3;
            } else if (Character.isHighSurrogate(c)
                    && i + 1 < length
                    && Character.isLowSurrogate(value.charAt(i + 1))) {
                size += 4;
                i++;
            } else {
                size += 1;
            }
        }

        return size;
    }

    /**
     * Writes a value as UTF-8; each unpaired surrogate is written as {@code '?'}. The caller has checked capacity
     * with {@link #encodedLength}; if it has not, an expandable buffer grows, and a fixed one throws
     * {@link IndexOutOfBoundsException} when Agrona's bounds checks are on. A {@link String} into one of Agrona's
     * buffers is written directly into its memory, checked against its capacity here: into a fixed buffer too small it
     * throws {@link IndexOutOfBoundsException} in either bounds-check mode, having written nothing past the
     * capacity.
     *
     * @param value to encode: any {@link CharSequence}, read through {@code length()} and {@code charAt(int)}.
     * @param buffer to write to.
     * @param index at which to write.
     * @return bytes written, equal to {@link #encodedLength(CharSequence)}.
     */
    public static int encode(final CharSequence value, final MutableDirectBuffer buffer, final int index) {
        if (value instanceof String string && Memory.isRaw(buffer) && index >= 0 && index <= buffer.capacity()) {
            return encodeString(string, buffer, index);
        }

        return encodeChars(value, 0, buffer, index);
    }

    /**
     * Writes a {@link String} into an Agrona buffer's memory directly while at least 4 bytes (the longest sequence)
     * are left before its capacity; near the end, if the rest is known to fit, on to the end.
     */
    private static int encodeString(final String value, final MutableDirectBuffer buffer, final int index) {
        final byte[] array = buffer.byteArray();
        final long address = buffer.addressOffset();
        final int capacity = buffer.capacity();
        final int length = value.length();

        // ASCII prefix: one byte per char, bounded by the room left; 8 chars per store while they last, copied as
        // they are when the JVM holds the string as Latin-1 bytes.
        final int asciiEnd = Math.min(length, capacity - index);
        int i = 0;
        final byte[] latin1 = StringMemory.latin1(value);
        if (latin1 != null) {
            for (; asciiEnd - i >= Long.BYTES; i += Long.BYTES) {
                final long chars = Memory.getLongLittleEndian(latin1, StringMemory.BYTE_ARRAY_BASE, i);
                if ((chars & NON_ASCII_MASK_64) != 0) {
                    break;
                }
                Memory.putLongLittleEndian(array, address, index + i, chars);
            }
            if (asciiEnd - i < Long.BYTES && asciiEnd == length && length >= Long.BYTES) {
                // The last 8 chars in one step, overlapping chars already written.
                final long chars =
                        Memory.getLongLittleEndian(latin1, StringMemory.BYTE_ARRAY_BASE, length - Long.BYTES);
                if ((chars & NON_ASCII_MASK_64) == 0) {
                    Memory.putLongLittleEndian(array, address, index + length - Long.BYTES, chars);
                    i = length;
                }
            } else if (length >= Integer.BYTES && asciiEnd == length && length < Long.BYTES) {
                // 4 to 7 chars: two 4-byte steps, overlapping in the middle.
                final int head = Memory.getIntLittleEndian(latin1, StringMemory.BYTE_ARRAY_BASE, 0);
                final int tail =
                        Memory.getIntLittleEndian(latin1, StringMemory.BYTE_ARRAY_BASE, length - Integer.BYTES);
                if (((head | tail) & (int) NON_ASCII_MASK_64) == 0) {
                    Memory.putIntLittleEndian(array, address, index, head);
                    Memory.putIntLittleEndian(array, address, index + length - Integer.BYTES, tail);
                    i = length;
                }
            }
        }
        for (; asciiEnd - i >= Long.BYTES; i += Long.BYTES) {
            final char c0 = value.charAt(i);
            final char c1 = value.charAt(i + 1);
            final char c2 = value.charAt(i + 2);
            final char c3 = value.charAt(i + 3);
            final char c4 = value.charAt(i + 4);
            final char c5 = value.charAt(i + 5);
            final char c6 = value.charAt(i + 6);
            final char c7 = value.charAt(i + 7);
            if ((c0 | c1 | c2 | c3 | c4 | c5 | c6 | c7) >= 0x80) {
                break;
            }
            Memory.putLongLittleEndian(
                    array,
                    address,
                    index + i,
                    c0
                            | (long) c1 << 8
                            | (long) c2 << 16
                            | (long) c3 << 24
                            | (long) c4 << 32
                            | (long) c5 << 40
                            | (long) c6 << 48
                            | (long) c7 << 56);
        }
        for (; i < asciiEnd; i++) {
            final char c = value.charAt(i);
            if (c >= 0x80) {
                break;
            }
            Memory.putByte(array, address, index + i, (byte) c);
        }

        int p = index + i;
        int safeEnd = capacity - 4;
        while (true) {
            while (i < length && p <= safeEnd) {
                final char c = value.charAt(i++);
                if (c < 0x80) {
                    Memory.putByte(array, address, p++, (byte) c);
                } else if (c < 0x800) {
                    Memory.putByte(array, address, p++, (byte) (0xC0 | (c >>> 6)));
                    Memory.putByte(array, address, p++, (byte) (0x80 | (c & 0x3F)));
                } else if (!Character.isSurrogate(c)) {
                    Memory.putByte(array, address, p++, (byte) (0xE0 | (c >>> 12)));
                    Memory.putByte(array, address, p++, (byte) (0x80 | ((c >>> 6) & 0x3F)));
                    Memory.putByte(array, address, p++, (byte) (0x80 | (c & 0x3F)));
                } else if (Character.isHighSurrogate(c) && i < length && Character.isLowSurrogate(value.charAt(i))) {
                    final int codePoint = Character.toCodePoint(c, value.charAt(i++));
                    Memory.putByte(array, address, p++, (byte) (0xF0 | (codePoint >>> 18)));
                    Memory.putByte(array, address, p++, (byte) (0x80 | ((codePoint >>> 12) & 0x3F)));
                    Memory.putByte(array, address, p++, (byte) (0x80 | ((codePoint >>> 6) & 0x3F)));
                    Memory.putByte(array, address, p++, (byte) (0x80 | (codePoint & 0x3F)));
                } else {
                    Memory.putByte(array, address, p++, UNPAIRED_SURROGATE_REPLACEMENT);
                }
            }
            if (i == length) {
                break;
            }
            if ((long) p + encodedLength(value, i) <= capacity) {
                safeEnd = Integer.MAX_VALUE; // the rest fits: no more checks needed
            } else if (buffer.isExpandable()) {
                p += encodeChars(value, i, buffer, p); // grows the buffer
                break;
            } else {
                throw new IndexOutOfBoundsException("index=" + index + " capacity=" + capacity + ": "
                        + (p - index + encodedLength(value, i)) + " bytes of UTF-8 do not fit");
            }
        }

        return p - index;
    }

    /** Writes {@code value} from char {@code start} (not the low half of a pair) through the buffer's interface. */
    private static int encodeChars(
            final CharSequence value, final int start, final MutableDirectBuffer buffer, final int index) {
        final int length = value.length();
        int p = index;
        for (int i = start; i < length; i++) {
            final char c = value.charAt(i);
            if (c < 0x80) {
                buffer.putByte(p++, (byte) c);
            } else if (c < 0x800) {
                buffer.putByte(p++, (byte) (0xC0 | (c >>> 6)));
                buffer.putByte(p++, (byte) (0x80 | (c & 0x3F)));
            } else if (!Character.isSurrogate(c)) {
                buffer.putByte(p++, (byte) (0xE0 | (c >>> 12)));
                buffer.putByte(p++, (byte) (0x80 | ((c >>> 6) & 0x3F)));
                buffer.putByte(p++, (byte) (0x80 | (c & 0x3F)));
            } else if (Character.isHighSurrogate(c)
                    && i + 1 < length
                    && Character.isLowSurrogate(value.charAt(i + 1))) {
                final int codePoint = Character.toCodePoint(c, value.charAt(++i));
                buffer.putByte(p++, (byte) (0xF0 | (codePoint >>> 18)));
                buffer.putByte(p++, (byte) (0x80 | ((codePoint >>> 12) & 0x3F)));
                buffer.putByte(p++, (byte) (0x80 | ((codePoint >>> 6) & 0x3F)));
                buffer.putByte(p++, (byte) (0x80 | (codePoint & 0x3F)));
            } else {
                buffer.putByte(p++, UNPAIRED_SURROGATE_REPLACEMENT);
            }
        }

        return p - index;
    }

    /**
     * Finds the first invalid UTF-8 sequence in a range. Reads only inside the range.
     *
     * @param buffer to read from.
     * @param index of the first byte of the range.
     * @param length of the range in bytes.
     * @return -1 if {@code [index, index + length)} is valid UTF-8, else the absolute index of the first byte of the
     *     first invalid sequence (a sequence cut short by the end of the range is invalid).
     * @throws IndexOutOfBoundsException if the range is not inside {@code [0, buffer.capacity())}.
     */
    public static int invalidIndex(final DirectBuffer buffer, final int index, final int length) {
        checkRange(buffer, index, length);
        final boolean raw = Memory.isRaw(buffer);
        final byte[] array = raw ? buffer.byteArray() : null;
        final long address = raw ? buffer.addressOffset() : 0;
        final int end = index + length;
        final int i = nonAsciiIndex(buffer, array, address, raw, index, end);

        return i == end ? -1 : invalidIndexFrom(buffer, array, address, raw, i, end);
    }

    /**
     * The rest of {@link #invalidIndex}, out of line: from the first non-ASCII byte on, 8 bytes at a time through
     * {@link Utf8Dfa}, then, if that finds the text invalid, one sequence at a time to find where.
     */
    private static int invalidIndexFrom(
            final DirectBuffer buffer,
            final byte[] array,
            final long address,
            final boolean raw,
            final int from,
            final int end) {
        return Utf8Dfa.valid(buffer, array, address, raw, from, end)
                ? -1
                : firstInvalid(buffer, array, address, raw, from, end);
    }

    /**
     * The first byte of the first invalid sequence in {@code [from, end)} (at a sequence boundary), or -1, one
     * sequence at a time.
     */
    static int firstInvalid(
            final DirectBuffer buffer,
            final byte[] array,
            final long address,
            final boolean raw,
            final int from,
            final int end) {
        int i = from;
        while (i < end) {
            final int b0 = getByte(buffer, array, address, raw, i);
            if (b0 >= 0) {
                i = nonAsciiIndex(buffer, array, address, raw, i + 1, end);
                continue;
            }
            final int decoded = decodeWellFormed(buffer, array, address, raw, b0, i, end);
            if (decoded == 0) {
                return i;
            }
            i += decoded >>> DECODED_LENGTH_SHIFT;
        }

        return -1;
    }

    /**
     * The UTF-16 units of {@code [from, end)} (at a sequence boundary), each malformed sequence counted as one U+FFFD
     * as {@link #decode} reads it, one sequence at a time: the length of text {@link Utf8Dfa#validUnits} rejected.
     */
    static int malformedUnits(
            final DirectBuffer buffer,
            final byte[] array,
            final long address,
            final boolean raw,
            final int from,
            final int end) {
        int units = 0;
        int i = from;
        while (i < end) {
            final int b0 = getByte(buffer, array, address, raw, i);
            if (b0 >= 0) {
                units++;
                i++;
                continue;
            }
            int decoded = decodeWellFormed(buffer, array, address, raw, b0, i, end);
            if (decoded == 0) {
                decoded = decode(buffer, i, end);
            }
            units += (decoded & DECODED_CODE_POINT_MASK) >= Character.MIN_SUPPLEMENTARY_CODE_POINT ? 2 : 1;
            i += decoded >>> DECODED_LENGTH_SHIFT;
        }

        return units;
    }

    /**
     * Whether a range is valid UTF-8, by the rules of {@link #invalidIndex}.
     *
     * @param buffer to read from.
     * @param index of the first byte of the range.
     * @param length of the range in bytes.
     * @return true if {@code [index, index + length)} is valid UTF-8.
     * @throws IndexOutOfBoundsException if the range is not inside {@code [0, buffer.capacity())}.
     */
    public static boolean isValid(final DirectBuffer buffer, final int index, final int length) {
        return invalidIndex(buffer, index, length) < 0;
    }

    /**
     * Decodes a range into a new {@link String} (allocates) with the JDK's decoder: each malformed sequence becomes
     * U+FFFD.
     *
     * @param buffer to read from.
     * @param index of the first byte of the range.
     * @param length of the range in bytes.
     * @return the decoded string.
     * @throws IndexOutOfBoundsException if the range is not inside {@code [0, buffer.capacity())}.
     */
    public static String toString(final DirectBuffer buffer, final int index, final int length) {
        checkRange(buffer, index, length);
        final byte[] array = buffer.byteArray();
        if (array != null && Memory.isRaw(buffer)) {
            // An Agrona buffer over an array: decode from the array itself, without a copy.
            final long arrayOffset = buffer.addressOffset() - BufferUtil.ARRAY_BASE_OFFSET;
            return new String(array, (int) arrayOffset + index, length, StandardCharsets.UTF_8);
        }

        final byte[] bytes = new byte[length];
        buffer.getBytes(index, bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /**
     * Whether every byte of a range is ASCII (high bit clear).
     *
     * @param buffer to read from.
     * @param index of the first byte of the range.
     * @param length of the range in bytes.
     * @return true if no byte of the range has its high bit set.
     * @throws IndexOutOfBoundsException if the range is not inside {@code [0, buffer.capacity())}.
     */
    static boolean isAscii(final DirectBuffer buffer, final int index, final int length) {
        checkRange(buffer, index, length);
        final boolean raw = Memory.isRaw(buffer);
        final byte[] array = raw ? buffer.byteArray() : null;
        final long address = raw ? buffer.addressOffset() : 0;
        return nonAsciiIndex(buffer, array, address, raw, index, index + length) == index + length;
    }

    /**
     * Checks a range against a buffer's capacity: what the unchecked reads of this package rely on. A range of one
     * byte or more is checked whatever Agrona's bounds-check mode; an empty one, which reads nothing, only when bounds
     * checks are on (without them the buffer is not asked anything, as before).
     *
     * @param buffer the buffer.
     * @param index of the first byte of the range.
     * @param length of the range in bytes.
     * @throws IndexOutOfBoundsException if the range is not inside {@code [0, buffer.capacity())}.
     */
    static void checkRange(final DirectBuffer buffer, final int index, final int length) {
        if ((length != 0 || DirectBuffer.SHOULD_BOUNDS_CHECK)
                && ((index | length) < 0 || length > buffer.capacity() - index)) {
            throw outOfRange(buffer, index, length);
        }
    }

    private static IndexOutOfBoundsException outOfRange(final DirectBuffer buffer, final int index, final int length) {
        return new IndexOutOfBoundsException(
                "index=" + index + " length=" + length + " not inside capacity=" + buffer.capacity());
    }

    /**
     * @return the byte at {@code index}: from memory for an Agrona buffer ({@code raw}, with its {@code array} and
     *     {@code address}), else through the interface.
     */
    static byte getByte(
            final DirectBuffer buffer, final byte[] array, final long address, final boolean raw, final int index) {
        return raw ? Memory.getByte(array, address, index) : buffer.getByte(index);
    }

    /** @return the 8 bytes at {@code index} as a little-endian long, read as {@link #getByte} reads one. */
    static long getLong(
            final DirectBuffer buffer, final byte[] array, final long address, final boolean raw, final int index) {
        return raw ? Memory.getLongLittleEndian(array, address, index) : buffer.getLong(index, ByteOrder.LITTLE_ENDIAN);
    }

    /** The String hash polynomial of 8 ASCII bytes, first byte in memory (lowest in {@code word}) first. */
    static int hash8(final long word) {
        return (int) (word & 0x7F) * P7
                + (int) ((word >>> 8) & 0x7F) * P6
                + (int) ((word >>> 16) & 0x7F) * P5
                + (int) ((word >>> 24) & 0x7F) * P4
                + (int) ((word >>> 32) & 0x7F) * P3
                + (int) ((word >>> 40) & 0x7F) * P2
                + (int) ((word >>> 48) & 0x7F) * P1
                + (int) (word >>> 56);
    }

    /**
     * @return whether none of the 8 bytes of {@code word} has its high bit set.
     */
    static boolean isAscii(final long word) {
        return (word & NON_ASCII_MASK_64) == 0;
    }

    /**
     * Index of the first byte with its high bit set in {@code [index, end)}, 8 bytes at a time, or {@code end}. The
     * range has been checked.
     */
    static int nonAsciiIndex(
            final DirectBuffer buffer,
            final byte[] array,
            final long address,
            final boolean raw,
            final int index,
            final int end) {
        int i = index;
        for (; end - i >= Long.BYTES; i += Long.BYTES) {
            // Little-endian, so that the lowest set bit belongs to the first byte in memory.
            final long nonAscii = getLong(buffer, array, address, raw, i) & NON_ASCII_MASK_64;
            if (nonAscii != 0) {
                return i + (Long.numberOfTrailingZeros(nonAscii) >>> 3);
            }
        }
        if (i == end) {
            return end;
        }
        if (end - index >= Long.BYTES) {
            // The last 8 bytes of the range, overlapping bytes already known to be ASCII.
            final long nonAscii = getLong(buffer, array, address, raw, end - Long.BYTES) & NON_ASCII_MASK_64;
            return nonAscii == 0 ? end : end - Long.BYTES + (Long.numberOfTrailingZeros(nonAscii) >>> 3);
        }
        while (i < end && getByte(buffer, array, address, raw, i) >= 0) {
            i++;
        }

        return i;
    }

    /**
     * Decodes a well-formed multi-byte sequence, never reading at or past {@code limit}.
     *
     * @param b0 the lead byte, already read, negative (not ASCII).
     * @param index of the lead byte.
     * @param limit absolute index, exclusive, of the end of the text.
     * @return {@code codePoint | (sequenceLength << DECODED_LENGTH_SHIFT)} as {@link #decode} gives it, or 0 if the
     *     sequence is malformed (then {@link #decode} says how).
     */
    static int decodeWellFormed(
            final DirectBuffer buffer,
            final byte[] array,
            final long address,
            final boolean raw,
            final int b0,
            final int index,
            final int limit) {
        final int available = limit - index;
        if (b0 < (byte) 0xE0) {
            if (b0 >= (byte) 0xC2 && available >= 2) {
                final int b1 = getByte(buffer, array, address, raw, index + 1);
                if (b1 <= MAX_CONTINUATION) {
                    return ((b0 & 0x1F) << 6 | (b1 & 0x3F)) | (2 << DECODED_LENGTH_SHIFT);
                }
            }
        } else if (b0 < (byte) 0xF0) {
            if (available >= 3) {
                final int b1 = getByte(buffer, array, address, raw, index + 1);
                final int b2 = getByte(buffer, array, address, raw, index + 2);
                if (b1 <= MAX_CONTINUATION
                        && b2 <= MAX_CONTINUATION
                        && (b0 != (byte) 0xE0 || b1 >= (byte) 0xA0) // overlong
                        && (b0 != (byte) 0xED || b1 < (byte) 0xA0)) { // surrogate
                    return ((b0 & 0x0F) << 12 | (b1 & 0x3F) << 6 | (b2 & 0x3F)) | (3 << DECODED_LENGTH_SHIFT);
                }
            }
        } else if (b0 <= (byte) 0xF4 && available >= 4) {
            return decodeWellFormed4(buffer, array, address, raw, b0, index);
        }

        return 0;
    }

    /** {@link #decodeWellFormed} of a 4-byte sequence, out of line to keep that one small enough to inline. */
    private static int decodeWellFormed4(
            final DirectBuffer buffer,
            final byte[] array,
            final long address,
            final boolean raw,
            final int b0,
            final int index) {
        final int b1 = getByte(buffer, array, address, raw, index + 1);
        final int b2 = getByte(buffer, array, address, raw, index + 2);
        final int b3 = getByte(buffer, array, address, raw, index + 3);
        if (b1 <= MAX_CONTINUATION
                && b2 <= MAX_CONTINUATION
                && b3 <= MAX_CONTINUATION
                && (b0 != (byte) 0xF0 || b1 >= (byte) 0x90) // overlong
                && (b0 != (byte) 0xF4 || b1 <= (byte) 0x8F)) { // above U+10FFFF
            return ((b0 & 0x07) << 18 | (b1 & 0x3F) << 12 | (b2 & 0x3F) << 6 | (b3 & 0x3F))
                    | (4 << DECODED_LENGTH_SHIFT);
        }

        return 0;
    }

    /**
     * {@link #decode(DirectBuffer, int, int)} read through {@link Memory} when {@code raw}, else through the buffer.
     *
     * @param buffer  to read from.
     * @param array   its {@code byteArray()} when {@code raw}.
     * @param address its {@code addressOffset()} when {@code raw}.
     * @param raw     whether {@code buffer} is one of Agrona's ({@link Memory#isRaw}).
     * @param index   of the first byte of the sequence, below {@code end}.
     * @param end     absolute index, exclusive, of the end of the text.
     * @return {@code codePoint | (sequenceLength << DECODED_LENGTH_SHIFT)}.
     */
    static int decode(
            final DirectBuffer buffer,
            final byte[] array,
            final long address,
            final boolean raw,
            final int index,
            final int end) {
        final int b0 = getByte(buffer, array, address, raw, index);
        return b0 >= 0 ? b0 | (1 << DECODED_LENGTH_SHIFT) : decodeNonAscii(buffer, array, address, raw, b0, index, end);
    }

    /**
     * {@link #decode} of a sequence whose lead byte {@code b0} is not ASCII: well-formed sequences inline, malformed
     * ones out of line.
     */
    static int decodeNonAscii(
            final DirectBuffer buffer,
            final byte[] array,
            final long address,
            final boolean raw,
            final int b0,
            final int index,
            final int limit) {
        final int decoded = decodeWellFormed(buffer, array, address, raw, b0, index, limit);
        return decoded != 0 ? decoded : decode(buffer, index, limit);
    }

    /**
     * Decodes one sequence, never reading at or past {@code limit}. A malformed sequence decodes as
     * {@link #REPLACEMENT_CHARACTER} and spans the same bytes the JDK's decoder replaces with one U+FFFD: the longest
     * prefix of a well-formed sequence (its maximal subpart), at least one byte, except that an encoded surrogate
     * (ED A0..BF 80..BF) is structurally a 3-byte sequence and is replaced as a whole.
     *
     * @param buffer to read from.
     * @param index of the first byte of the sequence, below {@code limit}.
     * @param limit absolute index, exclusive, of the end of the text.
     * @return {@code codePoint | (sequenceLength << DECODED_LENGTH_SHIFT)}, sequence length 1 to 4.
     */
    static int decode(final DirectBuffer buffer, final int index, final int limit) {
        final int b0 = buffer.getByte(index);
        if (b0 >= 0) {
            return b0 | (1 << DECODED_LENGTH_SHIFT);
        }

        final int lead = b0 & 0xFF;
        final int trailing;
        int codePoint;
        int lower = 0x80;
        int upper = 0xBF;
        if (lead < 0xC2) {
            return REPLACEMENT_CHARACTER | (1 << DECODED_LENGTH_SHIFT);
        } else if (lead < 0xE0) {
            trailing = 1;
            codePoint = lead & 0x1F;
        } else if (lead < 0xF0) {
            trailing = 2;
            codePoint = lead & 0x0F;
            if (lead == 0xE0) {
                lower = 0xA0;
            }
        } else if (lead < 0xF5) {
            trailing = 3;
            codePoint = lead & 0x07;
            if (lead == 0xF0) {
                lower = 0x90;
            } else if (lead == 0xF4) {
                upper = 0x8F;
            }
        } else {
            return REPLACEMENT_CHARACTER | (1 << DECODED_LENGTH_SHIFT);
        }

        final int available = limit - index;
        for (int k = 1; k <= trailing; k++) {
            if (k >= available) {
                return REPLACEMENT_CHARACTER | (k << DECODED_LENGTH_SHIFT);
            }
            final int b = buffer.getByte(index + k) & 0xFF;
            if (b < lower || b > upper) {
                return REPLACEMENT_CHARACTER | (k << DECODED_LENGTH_SHIFT);
            }
            codePoint = (codePoint << 6) | (b & 0x3F);
            lower = 0x80;
            upper = 0xBF;
        }

        if ((codePoint & ~0x7FF) == Character.MIN_SURROGATE) {
            return REPLACEMENT_CHARACTER | (3 << DECODED_LENGTH_SHIFT);
        }

        return codePoint | ((trailing + 1) << DECODED_LENGTH_SHIFT);
    }
}
