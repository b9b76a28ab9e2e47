package org.flyproto.codec;

import java.util.Arrays;
import org.agrona.DirectBuffer;
import org.flyproto.buffers.Utf8View;

/**
 * The orders in which protobuf-java prints a map field. Its text format: sorted by key, of a key that repeats the last
 * entry ({@link #sorted}). Its {@code JsonFormat}: each distinct key once, where it first occurs on the wire, with the
 * value of its last occurrence (a parsed map is a {@code LinkedHashMap}: a repeated key keeps its place and takes the
 * new value; {@link #resolve}); inside an Any, every entry in wire order ({@link #wireOrder}).
 *
 * <p>Keys are collected per map (numbers, bools as 0/1; or the offset and length of a string key's bytes), sorted in
 * place with their element indices to find repeated keys, and the resulting order kept until the map is printed.
 * The arrays are used as a stack, so that a map inside a value of a map pushes above its parent's entries; they grow
 * only when a message needs more than any before. No allocation in steady state.
 */
final class MapOrder {
    private long[] keys = new long[16];
    private int[] keyStarts = new int[16];
    private int[] keyLengths = new int[16];
    private int[] elements = new int[16];
    /** Slots being sorted, then (from the mark) the element indices to print, in order. */
    private int[] order = new int[16];
    /** Per element index (relative to the mark): the last element with the same key, or -1. */
    private int[] lastOf = new int[16];

    private int count;
    private DirectBuffer keyBuffer;
    private boolean stringKeys;

    void reset() {
        count = 0;
        keyBuffer = null;
    }

    int begin(final boolean strings) {
        stringKeys = strings;
        return count;
    }

    void add(final long key, final int element) {
        final int slot = slot();
        keys[slot] = key;
        elements[slot] = element;
    }

    void add(final Utf8View key, final int element) {
        final int slot = slot();
        keyBuffer = key.buffer();
        keyStarts[slot] = key.offset();
        keyLengths[slot] = key.byteLength();
        elements[slot] = element;
    }

    /**
     * Works out the order of the entries added since {@code mark} (added with element indices {@code 0, 1, ...}).
     *
     * @return the end of the order: {@link #element(int)} for each index in {@code [mark, end)}.
     */
    int resolve(final int mark) {
        final int end = count;
        for (int i = mark; i < end; i++) {
            order[i] = i;
            lastOf[i] = -1;
        }
        heapSort(mark, end);
        for (int i = mark; i < end; ) {
            int j = i + 1;
            while (j < end && compareKeys(order[i], order[j]) == 0) {
                j++;
            }
            // Sorted by key, then element: the group's first slot is the first occurrence, its last the value.
            lastOf[mark + elements[order[i]]] = elements[order[j - 1]];
            i = j;
        }
        int kept = mark;
        for (int i = mark; i < end; i++) {
            if (lastOf[i] >= 0) {
                order[kept++] = lastOf[i];
            }
        }
        return kept;
    }

    /**
     * Sorts the entries added since {@code mark} by key (numbers signed, strings in UTF-16 order, as the boxed keys
     * compare) and keeps, of entries with the same key, the last one (the value protobuf reads).
     *
     * @return the end of the order: {@link #element(int)} for each index in {@code [mark, end)}.
     */
    int sorted(final int mark) {
        final int end = count;
        for (int i = mark; i < end; i++) {
            order[i] = i;
        }
        heapSort(mark, end);
        int kept = mark;
        for (int i = mark; i < end; i++) {
            if (i + 1 < end && compareKeys(order[i], order[i + 1]) == 0) {
                continue;
            }
            order[kept++] = elements[order[i]];
        }
        return kept;
    }

    /**
     * Keeps the entries added since {@code mark} in wire order, repeated keys and all: the order {@code JsonFormat}
     * prints a map in inside an Any, whose packed message it reads as a {@code DynamicMessage} (a map is a list of
     * entries there).
     *
     * @return the end of the order.
     */
    int wireOrder(final int mark) {
        final int end = count;
        for (int i = mark; i < end; i++) {
            order[i] = elements[i];
        }
        return end;
    }

    int element(final int index) {
        return order[index];
    }

    void end(final int mark) {
        count = mark;
    }

    private int slot() {
        if (count == keys.length) {
            final int n = 2 * count;
            keys = Arrays.copyOf(keys, n);
            keyStarts = Arrays.copyOf(keyStarts, n);
            keyLengths = Arrays.copyOf(keyLengths, n);
            elements = Arrays.copyOf(elements, n);
            order = Arrays.copyOf(order, n);
            lastOf = Arrays.copyOf(lastOf, n);
        }
        return count++;
    }

    private void heapSort(final int from, final int to) {
        final int n = to - from;
        for (int i = n / 2 - 1; i >= 0; i--) {
            siftDown(from, i, n);
        }
        for (int last = n - 1; last > 0; last--) {
            swap(from, from + last);
            siftDown(from, 0, last);
        }
    }

    private void siftDown(final int from, final int root, final int n) {
        int parent = root;
        while (true) {
            int child = 2 * parent + 1;
            if (child >= n) {
                return;
            }
            if (child + 1 < n && compareSlots(order[from + child], order[from + child + 1]) < 0) {
                child++;
            }
            if (compareSlots(order[from + parent], order[from + child]) >= 0) {
                return;
            }
            swap(from + parent, from + child);
            parent = child;
        }
    }

    private void swap(final int a, final int b) {
        final int t = order[a];
        order[a] = order[b];
        order[b] = t;
    }

    private int compareSlots(final int a, final int b) {
        final int byKey = compareKeys(a, b);
        return byKey != 0 ? byKey : Integer.compare(elements[a], elements[b]);
    }

    private int compareKeys(final int a, final int b) {
        if (!stringKeys) {
            return Long.compare(keys[a], keys[b]);
        }
        return Utf16Order.compare(keyBuffer, keyStarts[a], keyLengths[a], keyStarts[b], keyLengths[b]);
    }
}
