package org.flyproto.bench.codec;

/**
 * Folds every value into a checksum: the sink of the latency harness, where there is no JMH {@code Blackhole}. Strings
 * are read through {@link Text#read(CharSequence)}.
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
        checksum = 31 * checksum + Text.read(text);
    }

    @Override
    public void bytes(final int length, final byte middle) {
        checksum = 31 * (31 * checksum + length) + middle;
    }

    @Override
    public void count(final int count) {
        checksum = 31 * checksum + count;
    }

    /**
     * @return the checksum of everything received so far.
     */
    public long checksum() {
        return checksum;
    }
}
