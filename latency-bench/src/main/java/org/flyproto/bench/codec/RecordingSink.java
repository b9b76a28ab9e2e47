package org.flyproto.bench.codec;

import java.util.ArrayList;
import java.util.List;

/** Keeps every value, strings as {@link String}s, for comparing what libraries read. Allocates; checks only. */
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

    /**
     * @return the values received, in order.
     */
    public List<Object> values() {
        return values;
    }
}
