package org.flyproto.bench.codec;

/**
 * Where a decode puts every value it reads, so that nothing read can be optimised away and every library reads the
 * same values in the same order (field-number order; repeated fields element by element). Enums are passed as their
 * numbers, 32-bit integers widened to {@code long}, floats to {@code double}.
 */
public interface Sink {
    /**
     * @param value an integer field or element.
     */
    void longValue(long value);

    /**
     * @param value a floating-point field or element.
     */
    void doubleValue(double value);

    /**
     * @param value a bool field, or a has-bit.
     */
    void boolValue(boolean value);

    /**
     * Consumes the content of a string field: an implementation must read every char.
     *
     * @param text the string, however the library hands it out (a {@link String}, a view, a reused builder); valid
     *     only during the call.
     */
    void text(CharSequence text);
}
