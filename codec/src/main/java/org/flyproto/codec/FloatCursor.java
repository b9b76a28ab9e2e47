package org.flyproto.codec;

import java.util.Objects;
import org.flyproto.buffers.WireType;

/** Cursor over a repeated float field. */
public final class FloatCursor extends RepeatedCursor<FloatCursor> {
    private float value;

    /**
     * @param fieldNumber the field number.
     */
    public FloatCursor(final int fieldNumber) {
        super(fieldNumber, WireType.I32, true);
    }

    /**
     * Moves to the next element.
     *
     * @return false when there are no more elements.
     */
    public boolean next() {
        if (!advance()) {
            return false;
        }
        value = Float.intBitsToFloat(readFixed32());
        return true;
    }

    /**
     * Reads up to {@code length} next elements into {@code dst}, as as many calls of {@link #next()} would: the bulk
     * read of a packed run (or of any run of elements), with {@link #value()} then the last element read.
     *
     * @param dst    where to write the elements.
     * @param offset index in {@code dst} of the first one.
     * @param length the most to read.
     * @return the number of elements read: fewer than {@code length} only at the end, 0 there.
     * @throws IndexOutOfBoundsException if {@code [offset, offset + length)} is not inside {@code dst}.
     */
    public int next(final float[] dst, final int offset, final int length) {
        Objects.checkFromIndexSize(offset, length, dst.length);
        checkUsable();
        int n = 0;
        while (n < length) {
            final int run = runElements(4);
            if (run > 0) {
                // Inside a packed run: the elements are [pos, limit), no tag or check between them.
                final int count = Math.min(run, length - n);
                final int p = pos;
                copyFixed32(p, dst, offset + n, count);
                pos = p + count * 4;
                n += count;
            } else if (advance()) {
                dst[offset + n++] = Float.intBitsToFloat(readFixed32());
            } else {
                break;
            }
        }
        if (n > 0) {
            value = dst[offset + n - 1];
        }
        return n;
    }

    /**
     * @return the current element.
     */
    public float value() {
        return value;
    }
}
