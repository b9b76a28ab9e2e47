package org.flyproto.codec;

import org.flyproto.buffers.WireType;

/** Cursor over a repeated bool field. */
public final class BoolCursor extends RepeatedCursor<BoolCursor> {
    private boolean value;

    /**
     * @param fieldNumber the field number.
     */
    public BoolCursor(final int fieldNumber) {
        super(fieldNumber, WireType.VARINT, true);
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
        value = readBool();
        return true;
    }

    /**
     * @return the current element.
     */
    public boolean value() {
        return value;
    }

    @Override
    protected boolean skipElement() {
        readVarint64();
        return true;
    }
}
