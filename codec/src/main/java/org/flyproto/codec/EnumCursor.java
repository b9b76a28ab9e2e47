package org.flyproto.codec;

import java.util.function.IntFunction;
import java.util.function.IntPredicate;
import org.flyproto.buffers.WireType;

/**
 * Cursor over a repeated enum field: {@link #value()} maps the number to the generated Java enum (its
 * {@code UNRECOGNIZED} sentinel for numbers the schema does not know), {@link #raw()} keeps the number.
 *
 * @param <E> the generated enum type.
 */
public final class EnumCursor<E extends Enum<E>> extends RepeatedCursor<EnumCursor<E>> {
    private final IntFunction<E> forNumber;
    private final IntPredicate known;
    private int raw;

    /**
     * A cursor over an open enum field: every number is an element.
     *
     * @param fieldNumber the field number.
     * @param forNumber   maps a number to the enum constant, never null (the sentinel for unknown numbers).
     */
    public EnumCursor(final int fieldNumber, final IntFunction<E> forNumber) {
        this(fieldNumber, forNumber, null);
    }

    /**
     * A cursor over a closed enum field when {@code known} is given: numbers it rejects are not elements (protobuf
     * keeps them as unknown fields), so they are skipped.
     *
     * @param fieldNumber the field number.
     * @param forNumber   maps a number to the enum constant, never null (the sentinel for unknown numbers).
     * @param known       tells the numbers the enum declares, or null for an open enum.
     */
    public EnumCursor(final int fieldNumber, final IntFunction<E> forNumber, final IntPredicate known) {
        super(fieldNumber, WireType.VARINT, true);
        this.forNumber = forNumber;
        this.known = known;
    }

    /**
     * Moves to the next element.
     *
     * @return false when there are no more elements.
     */
    public boolean next() {
        while (advance()) {
            raw = readVarint32();
            if (known == null || known.test(raw)) {
                return true;
            }
        }
        return false;
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
}
