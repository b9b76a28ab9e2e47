package org.flyproto.bench.codec.flyproto;

import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.bench.codec.AbstractCodec;
import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.fixture.Fixture;

/**
 * A flyproto codec: encoder and decoder flyweights of one message type, wrapped on an {@link UnsafeBuffer} over the
 * output and the input arrays. {@link #decode} wraps validating, {@link #decodeTrusted} trusted.
 */
public abstract class FlyprotoCodec extends AbstractCodec {
    /** The output array, as a buffer. */
    protected final UnsafeBuffer outBuffer;
    /** The input array, as a buffer. */
    protected final UnsafeBuffer inBuffer = new UnsafeBuffer(new byte[0]);

    /**
     * @param capacity size of the output array.
     */
    protected FlyprotoCodec(final int capacity) {
        super(capacity);
        this.outBuffer = new UnsafeBuffer(out);
    }

    /**
     * Creates the codec of a fixture.
     *
     * @param fixture the fixture.
     * @return its codec.
     */
    public static FlyprotoCodec of(final Fixture fixture) {
        return switch (fixture.kind()) {
            case PERSON -> new FlyprotoPersonCodec(fixture.person(), fixture.bufferCapacity());
            case ORDER -> new FlyprotoOrderCodec(fixture.order(), fixture.bufferCapacity());
            case BOOK -> new FlyprotoBookCodec(fixture.book(), fixture.bufferCapacity());
            case TELEMETRY -> new FlyprotoTelemetryCodec(fixture.telemetry(), fixture.bufferCapacity());
            case TEXT -> new FlyprotoTextCodec(fixture.text(), fixture.bufferCapacity());
        };
    }

    @Override
    public final void input(final byte[] bytes, final int length) {
        super.input(bytes, length);
        inBuffer.wrap(bytes);
    }

    /**
     * Decodes the input as from a trusted producer ({@code wrapTrusted}: no UTF-8 validation, nested messages checked
     * when opened) and reads every field into {@code sink}.
     *
     * @param sink receives every value read.
     */
    public abstract void decodeTrusted(Sink sink);
}
