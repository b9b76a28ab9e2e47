package org.flyproto.buffers;

import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
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
 */
public final class Utf8 {
    /** Byte written in place of an unpaired surrogate, as {@code String.getBytes(UTF_8)} does. */
    static final byte UNPAIRED_SURROGATE_REPLACEMENT = '?';

    /** Code point decoded in place of a malformed sequence. */
    static final int REPLACEMENT_CHARACTER = 0xFFFD;

    /** {@link #decode} packs the sequence length in the bits above this shift. */
    static final int DECODED_LENGTH_SHIFT = 24;

    /** {@link #decode} packs the code point in these bits. */
    static final int DECODED_CODE_POINT_MASK = (1 << DECODED_LENGTH_SHIFT) - 1;

    private static final long NON_ASCII_MASK_64 = 0x8080808080808080L;

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
        final int length = value.length();
        int i = 0;
        while (i < length && value.charAt(i) < 0x80) {
            i++;
        }

        int size = i;
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
     * with {@link #encodedLength}.
     *
     * @param value to encode: any {@link CharSequence}, read through {@code length()} and {@code charAt(int)}.
     * @param buffer to write to.
     * @param index at which to write.
     * @return bytes written, equal to {@link #encodedLength(CharSequence)}.
     */
    public static int encode(final CharSequence value, final MutableDirectBuffer buffer, final int index) {
        final int length = value.length();
        int i = 0;
        for (; i < length; i++) {
            final char c = value.charAt(i);
            if (c >= 0x80) {
                break;
            }
            buffer.putByte(index + i, (byte) c);
        }

        int p = index + i;
        for (; i < length; i++) {
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
     */
    public static int invalidIndex(final DirectBuffer buffer, final int index, final int length) {
        final int end = index + length;
        int i = index;
        while (i < end) {
            if (end - i >= Long.BYTES) {
                // Little-endian so that the lowest set bit belongs to the first byte in memory.
                final long nonAscii = buffer.getLong(i, ByteOrder.LITTLE_ENDIAN) & NON_ASCII_MASK_64;
                if (nonAscii == 0) {
                    i += Long.BYTES;
                    continue;
                }
                i += Long.numberOfTrailingZeros(nonAscii) >>> 3;
            }

            final int b0 = buffer.getByte(i);
            if (b0 >= 0) {
                i++;
            } else if (b0 < (byte) 0xE0) {
                if (b0 < (byte) 0xC2 || end - i < 2 || buffer.getByte(i + 1) > MAX_CONTINUATION) {
                    return i;
                }
                i += 2;
            } else if (b0 < (byte) 0xF0) {
                if (end - i < 3) {
                    return i;
                }
                final int b1 = buffer.getByte(i + 1);
                if (b1 > MAX_CONTINUATION
                        || (b0 == (byte) 0xE0 && b1 < (byte) 0xA0) // overlong
                        || (b0 == (byte) 0xED && b1 >= (byte) 0xA0) // surrogate
                        || buffer.getByte(i + 2) > MAX_CONTINUATION) {
                    return i;
                }
                i += 3;
            } else {
                if (b0 > (byte) 0xF4 || end - i < 4) {
                    return i;
                }
                final int b1 = buffer.getByte(i + 1);
                if (b1 > MAX_CONTINUATION
                        || (b0 == (byte) 0xF0 && b1 < (byte) 0x90) // overlong
                        || (b0 == (byte) 0xF4 && b1 > (byte) 0x8F) // above U+10FFFF
                        || buffer.getByte(i + 2) > MAX_CONTINUATION
                        || buffer.getByte(i + 3) > MAX_CONTINUATION) {
                    return i;
                }
                i += 4;
            }
        }

        return -1;
    }

    /**
     * Whether a range is valid UTF-8, by the rules of {@link #invalidIndex}.
     *
     * @param buffer to read from.
     * @param index of the first byte of the range.
     * @param length of the range in bytes.
     * @return true if {@code [index, index + length)} is valid UTF-8.
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
     */
    public static String toString(final DirectBuffer buffer, final int index, final int length) {
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
     */
    static boolean isAscii(final DirectBuffer buffer, final int index, final int length) {
        final int end = index + length;
        int i = index;
        for (; end - i >= Long.BYTES; i += Long.BYTES) {
            if ((buffer.getLong(i) & NON_ASCII_MASK_64) != 0) {
                return false;
            }
        }
        for (; i < end; i++) {
            if (buffer.getByte(i) < 0) {
                return false;
            }
        }

        return true;
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
