package org.flyproto.codec;

import org.flyproto.buffers.BytesView;
import org.flyproto.buffers.Checked;
import org.flyproto.buffers.WireType;

/** Cursor over a repeated bytes field. {@link #value()} is a reusable {@link BytesView}. */
public final class BytesCursor extends RepeatedCursor<BytesCursor> {
    private final BytesView view = new BytesView();

    /**
     * @param fieldNumber the field number.
     */
    public BytesCursor(final int fieldNumber) {
        super(fieldNumber, WireType.LEN, false);
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
        final int length = readLength();
        view.wrap(buffer, pos, length);
        pos += length;
        if (Checked.ENABLED) {
            generation.advance();
            view.own(generation);
        }
        return true;
    }

    /**
     * @return the current element, a view valid until the next call to {@link #next()}.
     */
    public BytesView value() {
        return view;
    }
}
