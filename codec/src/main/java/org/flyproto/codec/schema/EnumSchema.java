package org.flyproto.codec.schema;

import java.util.Arrays;
import org.agrona.DirectBuffer;

/**
 * The schema of one enum type: its values' names and numbers (aliases included), whether it is closed, and lookups
 * by name and by number that allocate nothing.
 *
 * <p>Immutable and thread-safe. Generated enums give theirs through {@code schema()}.
 */
public final class EnumSchema {
    private final String fullName;
    private final boolean closed;
    private final String[] names;
    private final int[] numbers;
    /** The distinct numbers, sorted, and the index of the first value declared with each. */
    private final int[] sortedNumbers;

    private final int[] firstValue;
    private final NameTable byName;

    private EnumSchema(final String fullName, final boolean closed, final String[] names, final int[] numbers) {
        if (names.length != numbers.length || names.length == 0) {
            throw new IllegalArgumentException(fullName + ": one number per name, at least one value");
        }
        this.fullName = fullName;
        this.closed = closed;
        this.names = names.clone();
        this.numbers = numbers.clone();
        final int[] distinct = Arrays.stream(numbers).distinct().sorted().toArray();
        sortedNumbers = distinct;
        firstValue = new int[distinct.length];
        Arrays.fill(firstValue, -1);
        for (int i = 0; i < numbers.length; i++) {
            final int slot = Arrays.binarySearch(distinct, numbers[i]);
            if (firstValue[slot] < 0) {
                firstValue[slot] = i;
            }
        }
        final int[] index = new int[names.length];
        Arrays.setAll(index, i -> i);
        byName = new NameTable(this.names, index);
    }

    /**
     * Builds an enum schema.
     *
     * @param fullName the full name, e.g. {@code market.Side}.
     * @param closed   true for a closed enum (proto2, editions {@code enum_type = CLOSED}).
     * @param names    the values' names, in declaration order, aliases included.
     * @param numbers  the number of each value.
     * @return the schema.
     */
    public static EnumSchema of(
            final String fullName, final boolean closed, final String[] names, final int[] numbers) {
        return new EnumSchema(fullName, closed, names, numbers);
    }

    /**
     * @return the full name.
     */
    public String fullName() {
        return fullName;
    }

    /**
     * @return true for a closed enum: a number it does not declare is kept as an unknown field, not as the value.
     */
    public boolean isClosed() {
        return closed;
    }

    /**
     * @return the number of values, aliases included.
     */
    public int valueCount() {
        return names.length;
    }

    /**
     * @param index an index in {@code [0, valueCount())}, in declaration order.
     * @return the value's name.
     */
    public String name(final int index) {
        return names[index];
    }

    /**
     * @param index an index in {@code [0, valueCount())}, in declaration order.
     * @return the value's number.
     */
    public int number(final int index) {
        return numbers[index];
    }

    /**
     * @param number a number.
     * @return true if a value has it.
     */
    public boolean isKnown(final int number) {
        return Arrays.binarySearch(sortedNumbers, number) >= 0;
    }

    /**
     * @param number a number.
     * @return the name of the first value declared with it, as protobuf prints it; null if no value has it.
     */
    public String nameOf(final int number) {
        final int slot = Arrays.binarySearch(sortedNumbers, number);
        return slot < 0 ? null : names[firstValue[slot]];
    }

    /**
     * @param name  chars holding a value's name.
     * @param start index of its first char.
     * @param end   index after its last char.
     * @return the index of the value with that name, or -1.
     */
    public int indexOf(final CharSequence name, final int start, final int end) {
        return byName.find(name, start, end);
    }

    /**
     * {@link #indexOf(CharSequence, int, int)} of a name held as UTF-8 bytes.
     *
     * @param buffer the buffer holding the name.
     * @param offset index of its first byte.
     * @param length its length in bytes.
     * @return the index of the value with that name, or -1.
     */
    public int indexOf(final DirectBuffer buffer, final int offset, final int length) {
        return byName.find(buffer, offset, length);
    }

    @Override
    public String toString() {
        return fullName;
    }
}
