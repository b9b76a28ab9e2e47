package org.flyproto.bench.codec.lightproto;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.flyproto.bench.codec.AbstractCodec;
import org.flyproto.bench.codec.ClaimBuffer;
import org.flyproto.bench.codec.ClaimCodec;
import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.fixture.Fixture;

/**
 * A LightProto codec of one message type: one reused message for encoding and one for decoding, each over one reused
 * Netty heap {@link ByteBuf} wrapping the output or the input array. (LightProto's generated messages share no public
 * interface, so each subclass calls its own message's {@code getSerializedSize}, {@code writeTo} and
 * {@code parseFrom}.)
 */
public abstract class LightprotoCodec extends AbstractCodec implements ClaimCodec {
    private final ByteBuf outBuffer;
    private final ClaimBuffer claim;
    private final ByteBuf claimBuffer;
    private ByteBuf inBuffer = Unpooled.EMPTY_BUFFER;

    /**
     * @param capacity size of the output array, and of the largest claim.
     */
    protected LightprotoCodec(final int capacity) {
        super(capacity);
        this.outBuffer = Unpooled.wrappedBuffer(out);
        this.claim = new ClaimBuffer(capacity);
        this.claimBuffer = Unpooled.wrappedBuffer(claim.region(capacity));
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
        fill();
        writeTo(buffer);
        return buffer.writerIndex();
    }

    /**
     * Clear the message, set every field, {@code getSerializedSize()}, then {@code writeTo} a Netty direct buffer over
     * the claim buffer from the claim's offset on, and check that it wrote exactly the bytes measured. The buffer is
     * one, reused, reaching to the end of the claim buffer: LightProto writes as many bytes as its size says, and a
     * buffer ending at the claim would be a slice per claim, an allocation.
     *
     * @throws IllegalStateException if the message did not write the bytes measured.
     */
    @Override
    public final int encodeIntoClaim() {
        fill();
        final int size = serializedSize();
        final ByteBuf buffer = claimBuffer.clear();
        writeTo(buffer);
        if (buffer.writerIndex() != size) {
            throw new IllegalStateException("LightProto measured " + size + " bytes and wrote " + buffer.writerIndex());
        }
        return size;
    }

    @Override
    public final ClaimBuffer claim() {
        return claim;
    }

    /** Parse the buffer over the input array into the reused message, read every field. */
    @Override
    public final void decode(final Sink sink) {
        read(inBuffer.setIndex(0, inLength), inLength, sink);
    }

    /** Clears the reused message and sets every field of the fixture. */
    protected abstract void fill();

    /**
     * @return the filled message's {@code getSerializedSize()}, memoized by LightProto until a field is set.
     */
    protected abstract int serializedSize();

    /**
     * Writes the filled message.
     *
     * @param buffer where to write, from its writer index.
     * @return the bytes written.
     */
    protected abstract int writeTo(ByteBuf buffer);

    /**
     * Parses into the reused message and reads every field.
     *
     * @param buffer the encoded message, from its reader index.
     * @param length its length.
     * @param sink receives every value read.
     */
    protected abstract void read(ByteBuf buffer, int length, Sink sink);
}
