package org.flyproto.codec.schema;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.agrona.BufferUtil;
import org.agrona.DirectBuffer;
import org.flyproto.buffers.Memory;

/**
 * An immutable map from names to small non-negative values, looked up without allocating by a range of chars or by a
 * range of UTF-8 bytes in a buffer: open addressing over a power-of-two table, one probe sequence per lookup.
 */
final class NameTable {
    private static final int MISSING = -1;

    private final String[] names;
    private final byte[][] utf8;
    private final int[] values;
    private final int mask;

    /*
     * The same names again, for look-ups by UTF-8 bytes in memory, keyed by their words instead of a hash of every
     * byte: a name's first and last eight bytes (four, or three single bytes, for shorter names), which for names of up
     * to 16 bytes are all of it, so that one comparison of two words and the length finds it.
     */
    private final byte[][] wordUtf8;
    private final long[] firstWords;
    private final long[] lastWords;
    private final int[] wordValues;

    /**
     * @param keys   the names; a name given twice keeps its first value.
     * @param values the value of each name, non-negative.
     */
    NameTable(final String[] keys, final int[] values) {
        int size = 4;
        while (size < keys.length * 2) {
            size <<= 1;
        }
        this.names = new String[size];
        this.utf8 = new byte[size][];
        this.values = new int[size];
        Arrays.fill(this.values, MISSING);
        this.mask = size - 1;
        for (int i = 0; i < keys.length; i++) {
            final byte[] bytes = keys[i].getBytes(StandardCharsets.UTF_8);
            int slot = hash(bytes) & mask;
            while (names[slot] != null && !names[slot].equals(keys[i])) {
                slot = (slot + 1) & mask;
            }
            if (names[slot] == null) {
                names[slot] = keys[i];
                utf8[slot] = bytes;
                this.values[slot] = values[i];
            }
        }
        this.wordUtf8 = new byte[size][];
        this.firstWords = new long[size];
        this.lastWords = new long[size];
        this.wordValues = new int[size];
        for (int i = 0; i < size; i++) {
            final byte[] bytes = utf8[i];
            if (bytes != null) {
                final long first = firstWord(bytes, BufferUtil.ARRAY_BASE_OFFSET, bytes.length);
                final long last = lastWord(bytes, BufferUtil.ARRAY_BASE_OFFSET, bytes.length);
                int slot = wordHash(first, last, bytes.length) & mask;
                while (wordUtf8[slot] != null) {
                    slot = (slot + 1) & mask;
                }
                wordUtf8[slot] = bytes;
                firstWords[slot] = first;
                lastWords[slot] = last;
                wordValues[slot] = this.values[i];
            }
        }
    }

    /**
     * @param name  chars holding the name.
     * @param start index of its first char.
     * @param end   index after its last char.
     * @return the name's value, or -1 if absent.
     */
    int find(final CharSequence name, final int start, final int end) {
        // Hash the chars as their UTF-8 bytes would hash, so that one table serves both kinds of lookup.
        int h = 0;
        for (int i = start; i < end; i++) {
            final char c = name.charAt(i);
            if (c >= 0x80) {
                return findSlow(name, start, end);
            }
            h = 31 * h + c;
        }
        for (int slot = mix(h) & mask; names[slot] != null; slot = (slot + 1) & mask) {
            final String candidate = names[slot];
            if (candidate.length() == end - start && regionEquals(candidate, name, start)) {
                return values[slot];
            }
        }
        return MISSING;
    }

    /** A name with non-ASCII chars: rare (a custom {@code json_name}), compared through its String. */
    private int findSlow(final CharSequence name, final int start, final int end) {
        final byte[] bytes = name.subSequence(start, end).toString().getBytes(StandardCharsets.UTF_8);
        for (int slot = hash(bytes) & mask; names[slot] != null; slot = (slot + 1) & mask) {
            if (Arrays.equals(utf8[slot], bytes)) {
                return values[slot];
            }
        }
        return MISSING;
    }

    /**
     * @param buffer a buffer holding the name as UTF-8.
     * @param offset index of its first byte.
     * @param length its length in bytes.
     * @return the name's value, or -1 if absent.
     */
    int find(final DirectBuffer buffer, final int offset, final int length) {
        if (Memory.isRaw(buffer) && offset >= 0 && length >= 0 && offset <= buffer.capacity() - length) {
            return findRaw(buffer.byteArray(), buffer.addressOffset() + offset, length);
        }
        int h = 0;
        for (int i = 0; i < length; i++) {
            h = 31 * h + (buffer.getByte(offset + i) & 0xFF);
        }
        for (int slot = mix(h) & mask; names[slot] != null; slot = (slot + 1) & mask) {
            final byte[] candidate = utf8[slot];
            if (candidate.length == length && regionEquals(candidate, buffer, offset)) {
                return values[slot];
            }
        }
        return MISSING;
    }

    /**
     * {@link #find(DirectBuffer, int, int)} over one of Agrona's buffers, its range checked: plain memory reads, the
     * name's first and last words read once and compared with each candidate's.
     */
    private int findRaw(final byte[] array, final long address, final int length) {
        final long first = firstWord(array, address, length);
        final long last = lastWord(array, address, length);
        for (int slot = wordHash(first, last, length) & mask; wordUtf8[slot] != null; slot = (slot + 1) & mask) {
            final byte[] candidate = wordUtf8[slot];
            if (firstWords[slot] == first
                    && lastWords[slot] == last
                    && candidate.length == length
                    && (length <= 16 || middleEquals(candidate, array, address))) {
                return wordValues[slot];
            }
        }
        return MISSING;
    }

    /** The first eight bytes of a name (of one of at least eight), its first four, or three single bytes. */
    private static long firstWord(final byte[] array, final long address, final int length) {
        if (length >= 8) {
            return Memory.getLongLittleEndian(array, address, 0);
        }
        if (length >= 4) {
            return Memory.getIntLittleEndian(array, address, 0) & 0xFFFF_FFFFL;
        }
        if (length > 0) {
            return (Memory.getByte(array, address, 0) & 0xFF)
                    | (Memory.getByte(array, address, length >> 1) & 0xFF) << 8
                    | (Memory.getByte(array, address, length - 1) & 0xFF) << 16;
        }
        return 0;
    }

    /** The last eight bytes of a name (of one of at least eight), its last four, or nothing. */
    private static long lastWord(final byte[] array, final long address, final int length) {
        if (length >= 8) {
            return Memory.getLongLittleEndian(array, address, length - 8);
        }
        if (length >= 4) {
            return Memory.getIntLittleEndian(array, address, length - 4) & 0xFFFF_FFFFL;
        }
        return 0;
    }

    private static int wordHash(final long first, final long last, final int length) {
        long h = first * 0x9E37_79B9_7F4A_7C15L ^ (last + length) * 0xC2B2_AE3D_27D4_EB4FL;
        h ^= h >>> 31;
        return (int) (h ^ h >>> 17);
    }

    /** Whether the bytes between a name's first and last words (of one longer than 16 bytes) are the candidate's. */
    /**
     * Whether {@code expected} is at {@code offset} in {@code buffer} (false where the buffer ends before it): word by
     * word over one of Agrona's buffers.
     */
    static boolean equalsAt(final byte[] expected, final DirectBuffer buffer, final int offset) {
        final int length = expected.length;
        if (offset < 0 || offset > buffer.capacity() - length) {
            return false;
        }
        if (!Memory.isRaw(buffer)) {
            return regionEquals(expected, buffer, offset);
        }
        final byte[] array = buffer.byteArray();
        final long address = buffer.addressOffset() + offset;
        final long base = BufferUtil.ARRAY_BASE_OFFSET;
        if (length >= Long.BYTES) {
            for (int i = 0; i < length - Long.BYTES; i += Long.BYTES) {
                if (Memory.getLongLittleEndian(expected, base, i) != Memory.getLongLittleEndian(array, address, i)) {
                    return false;
                }
            }
            final int last = length - Long.BYTES;
            return Memory.getLongLittleEndian(expected, base, last) == Memory.getLongLittleEndian(array, address, last);
        }
        if (length >= Integer.BYTES) {
            final int last = length - Integer.BYTES;
            return Memory.getIntLittleEndian(expected, base, 0) == Memory.getIntLittleEndian(array, address, 0)
                    && Memory.getIntLittleEndian(expected, base, last)
                            == Memory.getIntLittleEndian(array, address, last);
        }
        for (int i = 0; i < length; i++) {
            if (expected[i] != Memory.getByte(array, address, i)) {
                return false;
            }
        }
        return true;
    }

    private static boolean middleEquals(final byte[] candidate, final byte[] array, final long address) {
        for (int i = 8; i < candidate.length - 8; i += 8) {
            if (Memory.getLongLittleEndian(candidate, BufferUtil.ARRAY_BASE_OFFSET, i)
                    != Memory.getLongLittleEndian(array, address, i)) {
                return false;
            }
        }
        return true;
    }

    private static boolean regionEquals(final String candidate, final CharSequence name, final int start) {
        for (int i = 0; i < candidate.length(); i++) {
            if (candidate.charAt(i) != name.charAt(start + i)) {
                return false;
            }
        }
        return true;
    }

    private static boolean regionEquals(final byte[] candidate, final DirectBuffer buffer, final int offset) {
        for (int i = 0; i < candidate.length; i++) {
            if (candidate[i] != buffer.getByte(offset + i)) {
                return false;
            }
        }
        return true;
    }

    private static int hash(final byte[] bytes) {
        int h = 0;
        for (final byte b : bytes) {
            h = 31 * h + (b & 0xFF);
        }
        return mix(h);
    }

    private static int mix(final int h) {
        return h ^ (h >>> 16) ^ (h >>> 7);
    }
}
