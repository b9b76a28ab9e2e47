package org.flyproto.codec;

import java.util.Arrays;

/**
 * The content of a message spread over several regions of a buffer: a singular message field that occurs more than
 * once is, by protobuf's rules, the merge of its occurrences, which reads exactly as the concatenation of their
 * contents. Reused; grows only while a new maximum of occurrences is seen.
 */
final class Regions {
    private int[] bounds = new int[16];
    private int count;

    void clear() {
        count = 0;
    }

    void add(final int start, final int end) {
        if (2 * count == bounds.length) {
            bounds = Arrays.copyOf(bounds, 2 * bounds.length);
        }
        bounds[2 * count] = start;
        bounds[2 * count + 1] = end;
        count++;
    }

    /** Becomes a copy of {@code other}. */
    void copy(final Regions other) {
        if (bounds.length < 2 * other.count) {
            bounds = new int[other.bounds.length];
        }
        System.arraycopy(other.bounds, 0, bounds, 0, 2 * other.count);
        count = other.count;
    }

    int count() {
        return count;
    }

    int start(final int index) {
        return bounds[2 * index];
    }

    int end(final int index) {
        return bounds[2 * index + 1];
    }

    /**
     * The region holding {@code position}; a region's end counts as inside it, so that an empty region (an occurrence
     * with no content) is found by its start. Occurrences are separated by at least their tags, so no position is the
     * end of one region and the start of the next.
     */
    int indexOf(final int position) {
        for (int i = 0; i < count; i++) {
            if (position >= start(i) && position <= end(i)) {
                return i;
            }
        }
        throw new IllegalStateException("position " + position + " outside the merged regions");
    }
}
