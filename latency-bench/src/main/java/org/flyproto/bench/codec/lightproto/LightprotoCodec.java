package org.flyproto.bench.codec.lightproto;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.flyproto.bench.codec.AbstractCodec;
import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.fixture.Fixture;

/**
 * A LightProto codec of one message type: one reused message for encoding and one for decoding, each over one reused
 * Netty heap {@link ByteBuf} wrapping the output or the input array. (LightProto's generated messages share no public
 * interface, so each subclass calls its own message's {@code writeTo} and {@code parseFrom}.)
 */
public abstract class LightprotoCodec extends AbstractCodec {
    private final ByteBuf outBuffer;
    private ByteBuf inBuffer = Unpooled.EMPTY_BUFFER;

    /**
     * @param capacity size of the output array.
     */
    protected LightprotoCodec(final int capacity) {
        super(capacity);
        this.outBuffer = Unpooled.wrappedBuffer(out);
    }

    /**
     * Creates the codec of a fixture.
     *
     * @param fixture the fixture.
     * @return its codec.
     */
    public static LightprotoCodec of(final Fixture fixture) {
        return switch (fixture.kind()) {
            case PERSON -> new LightprotoPersonCodec(fixture.person(), fixture.bufferCapacity());
            case ORDER -> new LightprotoOrderCodec(fixture.order(), fixture.bufferCapacity());
            case BOOK -> new LightprotoBookCodec(fixture.book(), fixture.bufferCapacity());
            case TELEMETRY -> new LightprotoTelemetryCodec(fixture.telemetry(), fixture.bufferCapacity());
            case TEXT -> new LightprotoTextCodec(fixture.text(), fixture.bufferCapacity());
        };
    }

    @Override
    public final void input(final byte[] bytes, final int length) {
        super.input(bytes, length);
        inBuffer = Unpooled.wrappedBuffer(bytes);
    }

    /** Clear the message, set every field, write it to the buffer over the output array. */
    @Override
    public final int encode() {
        final ByteBuf buffer = outBuffer.clear();
        write(buffer);
        return buffer.writerIndex();
    }

    /** Parse the buffer over the input array into the reused message, read every field. */
    @Override
    public final void decode(final Sink sink) {
        read(inBuffer.setIndex(0, inLength), inLength, sink);
    }

    /**
     * Clears the reused message, sets every field of the fixture and writes it.
     *
     * @param buffer where to write, from its writer index.
     */
    protected abstract void write(ByteBuf buffer);

    /**
     * Parses into the reused message and reads every field.
     *
     * @param buffer the encoded message, from its reader index.
     * @param length its length.
     * @param sink receives every value read.
     */
    protected abstract void read(ByteBuf buffer, int length, Sink sink);
}
