package org.flyproto.codec.schema;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
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

    /** {@link #find(DirectBuffer, int, int)} over one of Agrona's buffers, its range checked: plain memory reads. */
    private int findRaw(final byte[] array, final long address, final int length) {
        int h = 0;
        for (int i = 0; i < length; i++) {
            h = 31 * h + (Memory.getByte(array, address, i) & 0xFF);
        }
        for (int slot = mix(h) & mask; names[slot] != null; slot = (slot + 1) & mask) {
            final byte[] candidate = utf8[slot];
            if (candidate.length == length && rawEquals(candidate, array, address)) {
                return values[slot];
            }
        }
        return MISSING;
    }

    private static boolean rawEquals(final byte[] candidate, final byte[] array, final long address) {
        for (int i = 0; i < candidate.length; i++) {
            if (candidate[i] != Memory.getByte(array, address, i)) {
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
