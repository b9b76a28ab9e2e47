package org.flyproto.codec;

import org.flyproto.buffers.Checked;
import org.flyproto.buffers.Generation;
import org.flyproto.buffers.Tag;
import org.flyproto.buffers.WireType;

/**
 * Base of the reusable cursors over a repeated field: {@code for (IntCursor c = order.flags(); c.next(); ) c.value()}.
 *
 * <p>A cursor walks its message from the field's first occurrence to the end of the message, visiting every element
 * in wire order whether it was written packed or unpacked (protobuf accepts both whatever the schema says). Fields of
 * other numbers, and occurrences with an unexpected wire type (unknown fields by protobuf's rules), are skipped.
 * Every read is bounded by the message, so a cursor is safe on trusted input too. The decoder's scan counted the
 * elements: {@link #count()} is a field load.
 *
 * <p><b>Reuse.</b> A decoder has one cursor per repeated field, and the field's accessor returns it each time,
 * positioned before the first element again. Nested loops over the same field therefore share one cursor: the inner
 * {@code order.flags()} restarts the iteration the outer loop is in, so with 3 elements the outer body runs once and
 * the inner one 3 times, not 3 and 9 times. Take the inner loop's cursor from a second decoder wrapped on the same
 * message ({@code other.wrap(order.encodedBuffer(), order.encodedOffset(), order.encodedLength())}), or copy the
 * values out first. A value a cursor hands out as a view ({@link StringCursor#value()}, {@link BytesCursor#value()})
 * is one reused view too: {@code next()} points it at the next element, and it is valid only while the buffer's bytes
 * are; copy out ({@code toString()}, {@code getBytes}) what must outlive it. Not thread-safe.
 *
 * @param <C> the concrete cursor type, returned by {@link #wrap}.
 */
public abstract class RepeatedCursor<C extends RepeatedCursor<C>> extends WireReader {
    private final int elementTag;
    private final int packedTag;
    private final boolean packable;
    private int regionLimit;
    private boolean inRun;
    private int count;

    /** Checked mode only: how often this cursor moved, and under which decoder. */
    final Generation generation = new Generation();

    /** Checked mode only: true once the iteration ended, until the cursor is wrapped again. */
    private boolean ended;

    /** True when the enclosing decoder skips UTF-8 validation. */
    protected boolean trusted;

    /**
     * @param fieldNumber     the field number.
     * @param elementWireType the wire type of one unpacked element.
     * @param packable        true for scalar fields, whose elements may also come in packed runs.
     */
    protected RepeatedCursor(final int fieldNumber, final int elementWireType, final boolean packable) {
        this.elementTag = Tag.make(fieldNumber, elementWireType);
        this.packedTag = Tag.make(fieldNumber, WireType.LEN);
        this.packable = packable;
    }

    /**
     * Positions the cursor before the first element; called by generated decoders.
     *
     * @param parent the decoder of the message holding the field.
     * @param first  index of the field's first tag in that message, or -1 if absent.
     * @param count  the number of elements, as the parent's scan counted them.
     * @return this cursor.
     */
    @SuppressWarnings("unchecked") // C is this class by construction
    public final C wrap(final MessageDecoder parent, final int first, final int count) {
        this.count = count;
        if (Checked.ENABLED) {
            generation.advanceUnder(parent.generation);
            ended = false;
        }
        attach(parent);
        depth = parent.depth;
        maxDepth = parent.maxDepth;
        trusted = parent.trusted;
        inRun = false;
        if (first < 0) {
            walk = null;
            pos = parent.limit;
            limit = parent.limit;
        } else {
            parent.walkContent(this, first);
        }
        regionLimit = limit;
        return (C) this;
    }

    /**
     * Moves {@code pos} to the next element's value.
     *
     * @return false at the end.
     */
    protected final boolean advance() {
        if (Checked.ENABLED) {
            checkAdvance();
        }
        if (inRun) {
            if (pos < limit) {
                return true;
            }
            inRun = false;
            limit = regionLimit;
        }
        while (true) {
            if (pos >= limit) {
                // The end of the message, or of one region of a merged message's content.
                if (!walkOn()) {
                    if (Checked.ENABLED) {
                        ended = true;
                    }
                    return false;
                }
                regionLimit = limit;
            }
            final int tag = readTag();
            if (tag == elementTag) {
                return true;
            }
            if (packable && tag == packedTag) {
                final int length = readLength();
                if (length > 0) {
                    inRun = true;
                    limit = pos + length;
                    return true;
                }
                continue;
            }
            skipField(tag);
        }
    }

    /**
     * The unread elements of the packed run the cursor is in, for bulk reads: they lie in {@code [pos, limit)}.
     *
     * @param size the size of one element, 4 or 8 (a fixed-size run's length is checked to be a multiple at wrap).
     * @return how many whole elements are left in the run; 0 when not in a run.
     */
    protected final int runElements(final int size) {
        return inRun ? (limit - pos) / size : 0;
    }

    /** Checked mode only: the checks of {@link #advance()}, for a bulk read that starts inside a run. */
    protected final void checkUsable() {
        if (Checked.ENABLED) {
            checkAdvance();
        }
    }

    private void checkAdvance() {
        checkMemory();
        if (ended) {
            throw new IllegalStateException(
                    "flyproto checked mode: next() on the cursor of field " + Tag.fieldNumber(elementTag)
                            + " after its iteration ended: was the field iterated again meanwhile (nested loops over one"
                            + " repeated field share one cursor), or next() called again after it returned false?");
        }
        if (!generation.isChainCurrent()) {
            throw new IllegalStateException("flyproto checked mode: the cursor of field " + Tag.fieldNumber(elementTag)
                    + " was handed out by a decoder that has moved on since (wrapped again, or next() to another"
                    + " element)");
        }
    }

    /**
     * @return the number of elements, counted by the decoder's scan: O(1).
     */
    public final int count() {
        return count;
    }
}
