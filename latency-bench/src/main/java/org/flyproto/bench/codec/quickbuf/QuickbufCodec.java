package org.flyproto.bench.codec.quickbuf;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.flyproto.bench.codec.AbstractCodec;
import org.flyproto.bench.codec.ClaimBuffer;
import org.flyproto.bench.codec.ClaimCodec;
import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.fixture.Fixture;
import us.hebi.quickbuf.ProtoMessage;
import us.hebi.quickbuf.ProtoSink;
import us.hebi.quickbuf.ProtoSource;
import us.hebi.quickbuf.Utf8String;

/**
 * A QuickBuffers codec of one message type.
 *
 * @param <M> the generated message class.
 */
public abstract class QuickbufCodec<M extends ProtoMessage<M>> extends AbstractCodec implements ClaimCodec {
    private final ProtoSink protoSink = ProtoSink.newArraySink();
    private final ProtoSink claimSink = ProtoSink.newDirectSink();
    private final ClaimBuffer claim;
    private final ProtoSource protoSource = ProtoSource.newArraySource();
    private final M encoded;
    private final M decoded;
    private final StringBuilder chars = new StringBuilder(64);

    /**
     * @param capacity size of the output array, and of the largest claim.
     * @param encoded the message reused for encoding.
     * @param decoded the message reused for decoding.
     */
    protected QuickbufCodec(final int capacity, final M encoded, final M decoded) {
        super(capacity);
        this.claim = new ClaimBuffer(capacity);
        this.encoded = encoded;
        this.decoded = decoded;
    }

    /**
     * Creates the codec of a fixture.
     *
     * @param fixture the fixture.
     * @return its codec.
     */
    public static QuickbufCodec<?> of(final Fixture fixture) {
        return switch (fixture.kind()) {
            case PERSON -> new QuickbufPersonCodec(fixture.person(), fixture.bufferCapacity());
            case ORDER -> new QuickbufOrderCodec(fixture.order(), fixture.bufferCapacity());
            case BOOK -> new QuickbufBookCodec(fixture.book(), fixture.bufferCapacity());
            case TELEMETRY -> new QuickbufTelemetryCodec(fixture.telemetry(), fixture.bufferCapacity());
            case TEXT -> new QuickbufTextCodec(fixture.text(), fixture.bufferCapacity());
        };
    }

    /** Clear, set every field, compute the size (QuickBuffers requires it before writing), write. */
    @Override
    public final int encode() {
        final M message = encoded;
        fill(message.clearQuick());
        message.getSerializedSize();
        final ProtoSink sink = protoSink.setOutput(out);
        try {
            message.writeTo(sink);
        } catch (final IOException ex) {
            throw new UncheckedIOException(ex);
        }
        return sink.getTotalBytesWritten();
    }

    /**
     * Clear, set every field, {@code getSerializedSize()}, then {@code writeTo} QuickBuffers' direct sink
     * ({@code ProtoSink.newDirectSink()}, reused) over exactly that region of the claim's direct {@code ByteBuffer},
     * and {@code checkNoSpaceLeft()}.
     *
     * @throws IllegalStateException if the message did not fill the claim.
     */
    @Override
    public final int encodeIntoClaim() {
        final M message = encoded;
        fill(message.clearQuick());
        final int size = message.getSerializedSize();
        final ProtoSink sink = claimSink.setOutput(claim.region(size));
        try {
            message.writeTo(sink);
        } catch (final IOException ex) {
            throw new UncheckedIOException(ex);
        }
        sink.checkNoSpaceLeft();
        return size;
    }

    @Override
    public final ClaimBuffer claim() {
        return claim;
    }

    @Override
    public final void decode(final Sink sink) {
        final M message = decoded;
        try {
            message.clearQuick().mergeFrom(protoSource.setInput(in, 0, inLength));
        } catch (final IOException ex) {
            throw new UncheckedIOException(ex);
        }
        read(message, sink);
    }

    /**
     * Parses bytes into this codec's decoding message (cleared first), for paths that start from a parsed message.
     *
     * @param bytes  the encoded message, from offset 0.
     * @param length its length.
     * @return the decoding message, holding the bytes' content until the next parse or decode.
     */
    public final M parse(final byte[] bytes, final int length) {
        try {
            return decoded.clearQuick().mergeFrom(protoSource.setInput(bytes, 0, length));
        } catch (final IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    /**
     * Sets every field of the fixture on a cleared message.
     *
     * @param message the message.
     */
    protected abstract void fill(M message);

    /**
     * Reads every field of a parsed message.
     *
     * @param message the message.
     * @param sink receives every value read.
     */
    protected abstract void read(M message, Sink sink);

    /**
     * Reads a string without allocating, the way QuickBuffers offers.
     *
     * @param text the field's storage.
     * @param sink receives the text.
     */
    protected final void text(final Utf8String text, final Sink sink) {
        sink.text(text.getChars(chars));
    }
}
