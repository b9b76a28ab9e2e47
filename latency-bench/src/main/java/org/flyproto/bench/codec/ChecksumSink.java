package org.flyproto.bench.codec;

/**
 * Folds every value into a checksum: the sink of the latency harness, where there is no JMH {@code Blackhole}. Strings
 * are read in full through {@link Text#hash(CharSequence)}.
 */
public final class ChecksumSink implements Sink {
    private long checksum;

    @Override
    public void longValue(final long value) {
        checksum = 31 * checksum + value;
    }

    @Override
    public void doubleValue(final double value) {
        checksum = 31 * checksum + Double.doubleToRawLongBits(value);
    }

    @Override
    public void boolValue(final boolean value) {
        checksum = 31 * checksum + (value ? 1 : 2);
    }

    @Override
    public void text(final CharSequence text) {
        checksum = 31 * checksum + Text.hash(text);
    }

    /**
     * @return the checksum of everything received so far.
     */
    public long checksum() {
        return checksum;
    }
}
