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

    private static final MessageDecoder[] NO_SCANS = new MessageDecoder[0];

    /**
     * The most elements of one field whose validating scans are kept ({@link #validateKept}): it bounds the decoders a field
     * holds for them; the elements after it are validated and read as before, each scanned when it is iterated.
     */
    static final int MAX_KEPT_SCANS = 256;

    /** Start and length of each element's content, in pairs. */
    private int[] bounds = NONE;

    private int count;

    /**
     * Decoders holding this record's validating scans, in order (reused; created on first need, by the decoder the
     * field is iterated with).
     */
    private MessageDecoder[] scans = NO_SCANS;

    /**
     * The scans of elements {@code [0, kept)}: {@link #scans}, or after {@link #copy} those of the record copied, read
     * only.
     */
    private MessageDecoder[] keptScans = NO_SCANS;

    private int kept;

    /** Creates an empty record. */
    public Occurrences() {}

    /** Forgets every element: the field is absent until the next {@link #add}. */
    public void clear() {
        count = 0;
        kept = 0;
        if (keptScans != scans) {
            // Stored only when a copy changed it, sparing every wrap the GC's write barriers.
            keptScans = scans;
        }
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
     * Makes this record the same as {@code other}'s: a printing decoder takes over its original's scan, the scans
     * {@code other} kept included. They stay {@code other}'s: this record reads them ({@link #keptScan}, each checked
     * against the region recorded for its element) and never scans into them; its next {@link #clear} goes back to its
     * own.
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
        keptScans = other.keptScans;
        kept = other.kept;
    }

    /**
     * Validates the element about to be {@link #add added} by its own scan, into a decoder kept for it, if its scan is
     * to be kept: while every element before it was kept, up to {@link #MAX_KEPT_SCANS}, into this record's own
     * scans (never into those a {@link #copy} reads).
     *
     * @param iterator the decoder the field is iterated with: a decoder of the elements' type is made from it.
     * @param parent   the decoder of the enclosing message.
     * @param offset   index of the element's first byte, inside the parent's region.
     * @param length   its length.
     * @return true if the element was validated; false if its scan is not kept.
     */
    boolean validateKept(
            final MessageDecoder iterator, final MessageDecoder parent, final int offset, final int length) {
        final int index = count;
        if (index != kept || index == MAX_KEPT_SCANS || keptScans != scans) {
            return false;
        }
        if (index == scans.length) {
            scans = Arrays.copyOf(scans, Math.max(16, Math.min(MAX_KEPT_SCANS, index << 1)));
            keptScans = scans;
        }
        MessageDecoder scan = scans[index];
        if (scan == null) {
            scan = iterator.newPrintingDecoder();
            scans[index] = scan;
        }
        scan.wrapChildOf(parent, offset, length, true);
        kept++;
        return true;
    }

    /**
     * @param index an element's index.
     * @return the decoder holding its validating scan, or null if it was not kept; a kept scan is of the region
     *     recorded at {@code index} (an element scanned but then not added, such as a map entry that is an unknown
     *     field, is never kept).
     */
    MessageDecoder keptScan(final int index) {
        if (index < kept) {
            final MessageDecoder scan = keptScans[index];
            if (scan.encodedOffset() == start(index) && scan.encodedLength() == length(index)) {
                return scan;
            }
        }
        return null;
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
