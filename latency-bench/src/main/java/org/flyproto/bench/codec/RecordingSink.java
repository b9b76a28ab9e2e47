package org.flyproto.bench.codec;

import java.util.ArrayList;
import java.util.List;

/**
 * Keeps every value, for comparing what libraries read: strings in full (as {@link String}s, a stronger check than
 * what a benchmark's sink reads), bytes as their length and middle byte, counts as {@code count=n}. Allocates; checks
 * only.
 */
public final class RecordingSink implements Sink {
    private final List<Object> values = new ArrayList<>();

    @Override
    public void longValue(final long value) {
        values.add(value);
    }

    @Override
    public void doubleValue(final double value) {
        values.add(value);
    }

    @Override
    public void boolValue(final boolean value) {
        values.add(value);
    }

    @Override
    public void text(final CharSequence text) {
        values.add(text.toString());
    }

    @Override
    public void bytes(final int length, final byte middle) {
        values.add("bytes[" + length + "] middle=" + middle);
    }

    @Override
    public void count(final int count) {
        values.add("count=" + count);
    }

    /**
     * @return the values received, in order.
     */
    public List<Object> values() {
        return values;
    }
}
