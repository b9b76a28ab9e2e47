package org.flyproto.codec;

import java.util.Arrays;
import org.flyproto.buffers.WireType;
import org.flyproto.codec.schema.FieldSchema;
import org.flyproto.codec.schema.FieldType;

/**
 * The entries of a {@link DynamicDecoder}'s map fields being printed: each entry's key goes to a {@link MapOrder},
 * its region onto a stack of primitive arrays (a nested map's above its enclosing map's), so that the entries can be
 * reopened in the order the format prints them. Grown to the largest maps seen, then no allocation.
 */
final class DynamicMapEntries {
    private int[] starts = new int[16];
    private int[] ends = new int[16];
    private int count;

    /** Forgets everything: before a print, which may follow one that threw. */
    void reset() {
        count = 0;
    }

    /**
     * Adds every entry of {@code map} to {@code order} ({@link MapOrder#begin} called), with element indices
     * {@code 0, 1, ...}; an entry whose closed-enum value is undeclared is left out (protobuf-java's generated code
     * keeps it as an unknown field of the message).
     *
     * @return the base to pass to {@link #entry} and {@link #release}.
     */
    int collect(final DynamicDecoder d, final FieldSchema map, final MapOrder order) {
        final FieldSchema key = map.messageType().fieldByNumber(1);
        final FieldSchema value = map.messageType().fieldByNumber(2);
        final int base = count;
        int element = 0;
        for (final DynamicCursor c = d.elements(map); c.next(); ) {
            final DynamicDecoder entry = c.message();
            if (isUndeclaredEntry(entry, value)) {
                continue;
            }
            push(c.valueStart(), c.valueEnd());
            if (key.type() == FieldType.STRING) {
                order.add(entry.string(key), element);
            } else {
                order.add(numericKey(entry, key), element);
            }
            element++;
        }
        return base;
    }

    /** The entry at {@code element} of the map collected at {@code base}, wrapped by {@code d}'s look-up decoder. */
    DynamicDecoder entry(final DynamicDecoder d, final FieldSchema map, final int base, final int element) {
        final int at = base + element;
        return d.entry(map, starts[at], ends[at]);
    }

    /** Drops the entries collected since {@code base}. */
    void release(final int base) {
        count = base;
    }

    private void push(final int start, final int end) {
        if (count == starts.length) {
            starts = Arrays.copyOf(starts, 2 * count);
            ends = Arrays.copyOf(ends, 2 * count);
        }
        starts[count] = start;
        ends[count] = end;
        count++;
    }

    /**
     * @return a map entry's key as {@link MapOrder} compares it: a Java value widened to long (a bool as 0 or 1),
     *     signed also for the unsigned kinds, as protobuf-java compares the boxed key.
     */
    private static long numericKey(final DynamicDecoder entry, final FieldSchema key) {
        return switch (key.type()) {
            case INT32, SINT32, SFIXED32 -> entry.int32Value(key);
            case UINT32, FIXED32 -> entry.uint32Value(key);
            case BOOL -> entry.boolValue(key) ? 1 : 0;
            case INT64, SINT64, SFIXED64 -> entry.int64Value(key);
            case UINT64, FIXED64 -> entry.uint64Value(key);
            default -> throw new IllegalArgumentException(key + " is not a numeric map key");
        };
    }

    /**
     * @return true if a map entry's value is a closed enum's number that the enum does not declare (the last
     *     occurrence of the value field counts).
     */
    static boolean isUndeclaredEntry(final DynamicDecoder entry, final FieldSchema value) {
        if (value == null || !value.isClosedEnum()) {
            return false;
        }
        boolean undeclared = false;
        for (entry.restartWalk(); entry.next(); ) {
            if (entry.number() == value.number() && entry.wireType() == WireType.VARINT) {
                undeclared = entry.field() == null;
            }
        }
        entry.restartWalk();
        return undeclared;
    }
}
