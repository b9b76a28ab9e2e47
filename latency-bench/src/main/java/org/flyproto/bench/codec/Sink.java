package org.flyproto.bench.codec;

/**
 * Where a decode puts every value it reads, so that nothing read can be optimised away and every library reads the
 * same values in the same order: what a user reading the whole message does. Fields come in field-number order;
 * a repeated field element by element, then its element count ({@link #count(int)}, after the loop: a library that
 * can only count by iterating does the same work as one that knows the count). Enums are passed as their numbers,
 * 32-bit integers widened to {@code long}, floats to {@code double}.
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
     * Consumes a string field or element the way a user reading it does: an implementation reads its length in UTF-16
     * units ({@link CharSequence#length()}) and the char at {@code length / 2} ({@link Text#read(CharSequence)}).
     *
     * @param text the string, however the library hands it out (a {@link String}, a view, a reused builder); valid
     *     only during the call.
     */
    void text(CharSequence text);

    /**
     * Consumes a bytes field or element: its length and its byte at {@code length / 2}, read by the codec through the
     * library's own accessor (there is no common type for bytes).
     *
     * @param length the length in bytes.
     * @param middle the byte at {@code length / 2}, 0 if the field is empty.
     */
    void bytes(int length, byte middle);

    /**
     * Consumes the element count of a repeated field, after its elements.
     *
     * @param count the number of elements.
     */
    void count(int count);
}
