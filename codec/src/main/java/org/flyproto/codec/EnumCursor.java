package org.flyproto.codec;

import java.util.function.IntFunction;
import org.flyproto.buffers.WireType;

/**
 * Cursor over a repeated enum field: {@link #value()} maps the number to the generated Java enum (its
 * {@code UNRECOGNIZED} sentinel for numbers the schema does not know), {@link #raw()} keeps the number.
 *
 * @param <E> the generated enum type.
 */
public final class EnumCursor<E extends Enum<E>> extends RepeatedCursor<EnumCursor<E>> {
    private final IntFunction<E> forNumber;
    private int raw;

    /**
     * @param fieldNumber the field number.
     * @param forNumber   maps a number to the enum constant, never null (the sentinel for unknown numbers).
     */
    public EnumCursor(final int fieldNumber, final IntFunction<E> forNumber) {
        super(fieldNumber, WireType.VARINT, true);
        this.forNumber = forNumber;
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
        raw = readVarint32();
        return true;
    }

    /**
     * @return the current element as the enum, or its {@code UNRECOGNIZED} sentinel.
     */
    public E value() {
        return forNumber.apply(raw);
    }

    /**
     * @return the current element's number as on the wire.
     */
    public int raw() {
        return raw;
    }

    @Override
    protected void skipElement() {
        readVarint32();
    }
}
