package org.flyproto.codec;

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
     * @return the current element.
     */
    public float value() {
        return value;
    }

    @Override
    protected boolean skipElement() {
        readFixed32();
        return true;
    }
}
