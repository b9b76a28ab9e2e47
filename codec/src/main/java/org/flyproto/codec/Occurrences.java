package org.flyproto.codec;

import java.util.Arrays;

/**
 * Where the elements of a repeated message field (or the entries of a map) are in their message: the scan records each
 * occurrence's content as it passes it, so that the field's count is known after {@code wrap} and iterating it wraps
 * each element directly instead of walking the message again. One per repeated message field of a decoder, reused; its
 * storage grows only while a new maximum of elements is seen.
 *
 * <p>Generated decoders call {@link #clear()} when they reset, {@link #add(int, int)} when they scan and
 * {@link #copy(Occurrences)} when a printing decoder takes over another's scan; users read {@link #count()} through the
 * field's {@code xCount()}.
 */
public final class Occurrences {
    private static final int[] NONE = new int[0];

    /** Start and length of each element's content, in pairs. */
    private int[] bounds = NONE;

    private int count;

    /** Creates an empty record. */
    public Occurrences() {}

    /** Forgets every element: the field is absent until the next {@link #add}. */
    public void clear() {
        count = 0;
    }

    /**
     * Records the next element.
     *
     * @param start  index of the element's first byte.
     * @param length its length in bytes.
     */
    public void add(final int start, final int length) {
        final int i = count << 1;
        if (i == bounds.length) {
            grow();
        }
        bounds[i] = start;
        bounds[i + 1] = length;
        count++;
    }

    /**
     * Makes this record the same as {@code other}'s: a printing decoder takes over its original's scan.
     *
     * @param other the record to copy.
     */
    public void copy(final Occurrences other) {
        final int length = other.count << 1;
        if (bounds.length < length) {
            bounds = new int[other.bounds.length];
        }
        System.arraycopy(other.bounds, 0, bounds, 0, length);
        count = other.count;
    }

    private void grow() {
        bounds = Arrays.copyOf(bounds, Math.max(16, bounds.length << 1));
    }

    /**
     * @return the number of elements recorded.
     */
    public int count() {
        return count;
    }

    int start(final int index) {
        return bounds[index << 1];
    }

    int length(final int index) {
        return bounds[(index << 1) + 1];
    }
}
