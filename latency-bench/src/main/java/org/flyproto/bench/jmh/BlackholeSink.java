package org.flyproto.bench.jmh;

import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.codec.Text;
import org.openjdk.jmh.infra.Blackhole;

/** Hands every value read to JMH's {@link Blackhole}; strings through {@link Text#read}. */
final class BlackholeSink implements Sink {
    private final Blackhole blackhole;

    BlackholeSink(final Blackhole blackhole) {
        this.blackhole = blackhole;
    }

    @Override
    public void longValue(final long value) {
        blackhole.consume(value);
    }

    @Override
    public void doubleValue(final double value) {
        blackhole.consume(value);
    }

    @Override
    public void boolValue(final boolean value) {
        blackhole.consume(value);
    }

    @Override
    public void text(final CharSequence text) {
        blackhole.consume(Text.read(text));
    }

    @Override
    public void bytes(final int length, final byte middle) {
        blackhole.consume(length);
        blackhole.consume(middle);
    }

    @Override
    public void count(final int count) {
        blackhole.consume(count);
    }
}
