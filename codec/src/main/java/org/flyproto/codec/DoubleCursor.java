package org.flyproto.codec;

import org.flyproto.buffers.WireType;

/** Cursor over a repeated double field. */
public final class DoubleCursor extends RepeatedCursor<DoubleCursor> {
    private double value;

    /**
     * @param fieldNumber the field number.
     */
    public DoubleCursor(final int fieldNumber) {
        super(fieldNumber, WireType.I64, true);
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
        value = Double.longBitsToDouble(readFixed64());
        return true;
    }

    /**
     * @return the current element.
     */
    public double value() {
        return value;
    }

    @Override
    protected boolean skipElement() {
        readFixed64();
        return true;
    }
}
