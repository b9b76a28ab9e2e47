package org.flyproto.codec;

import org.flyproto.buffers.WireType;

/** Cursor over a repeated bool field. */
public final class BoolCursor extends RepeatedCursor {
    private boolean value;

    /**
     * @param fieldNumber the field number.
     */
    public BoolCursor(final int fieldNumber) {
        super(fieldNumber, WireType.VARINT, true);
    }

    /**
     * Positions the cursor before the first element; called by generated decoders.
     *
     * @param parent the decoder of the message holding the field.
     * @param first  index of the field's first tag, or -1 if absent.
     * @return this cursor.
     */
    public BoolCursor wrap(final MessageDecoder parent, final int first) {
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
    protected void skipElement() {
        readVarint64();
    }
}
