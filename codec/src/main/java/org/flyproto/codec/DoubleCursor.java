package org.flyproto.codec;

import org.flyproto.buffers.WireType;

/** Cursor over a repeated double field. */
public final class DoubleCursor extends RepeatedCursor {
    private double value;

    /**
     * @param fieldNumber the field number.
     */
    public DoubleCursor(final int fieldNumber) {
        super(fieldNumber, WireType.I64, true);
    }

    /**
     * Positions the cursor before the first element; called by generated decoders.
     *
     * @param parent the decoder of the message holding the field.
     * @param first  index of the field's first tag, or -1 if absent.
     * @return this cursor.
     */
    public DoubleCursor wrap(final MessageDecoder parent, final int first) {
        start(parent, first);
        return this;
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
    protected void skipElement() {
        readFixed64();
    }
}
