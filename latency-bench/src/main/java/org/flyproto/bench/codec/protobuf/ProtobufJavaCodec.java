package org.flyproto.bench.codec.protobuf;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.flyproto.bench.codec.AbstractCodec;
import org.flyproto.bench.codec.ClaimBuffer;
import org.flyproto.bench.codec.ClaimCodec;
import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.fixture.Fixture;

/**
 * A protobuf-java codec of one message type. Also the reference of the cross-library check: {@link #build()} is the
 * fixture's message, {@link #parse(byte[], int)} parses anyone's bytes.
 *
 * @param <M> the generated message class.
 */
public abstract class ProtobufJavaCodec<M extends Message> extends AbstractCodec implements ClaimCodec {
    private final ClaimBuffer claim;
    private M prebuilt;

    /**
     * @param capacity size of the output array, and of the largest claim.
     */
    protected ProtobufJavaCodec(final int capacity) {
        super(capacity);
        this.claim = new ClaimBuffer(capacity);
    }

    /**
     * Creates the codec of a fixture.
     *
     * @param fixture the fixture.
     * @return its codec.
     */
    public static ProtobufJavaCodec<?> of(final Fixture fixture) {
        return switch (fixture.kind()) {
            case PERSON -> new ProtobufPersonCodec(fixture.person(), fixture.bufferCapacity());
            case ORDER -> new ProtobufOrderCodec(fixture.order(), fixture.bufferCapacity());
            case BOOK -> new ProtobufBookCodec(fixture.book(), fixture.bufferCapacity());
            case TELEMETRY -> new ProtobufTelemetryCodec(fixture.telemetry(), fixture.bufferCapacity());
            case TEXT -> new ProtobufTextCodec(fixture.text(), fixture.bufferCapacity());
        };
    }

    /**
     * Builds the fixture's message with a builder.
     *
     * @return a new message.
     */
    public abstract M build();

    /**
     * Parses bytes as this codec's message type.
     *
     * @param bytes the encoded message, from offset 0.
     * @param length its length.
     * @return the message.
     * @throws InvalidProtocolBufferException if the bytes are not a valid message.
     */
    public abstract M parse(byte[] bytes, int length) throws InvalidProtocolBufferException;

    /** Builder, build, serialize. */
    @Override
    public final int encode() {
        return write(build());
    }

    /**
     * Serializes a message built once, on the first call: protobuf-java's best case, where the message exists
     * already and its size is memoized.
     *
     * @return the encoded length.
     */
    public final int encodePrebuilt() {
        M message = prebuilt;
        if (message == null) {
            prebuilt = message = build();
        }
        return write(message);
    }

    /**
     * protobuf-java's way into a claim, {@code sizeAndWriteTo}: build the message with the builder (as
     * {@link #encode()}), {@code getSerializedSize()}, then {@code writeTo} a {@link CodedOutputStream} over exactly
     * that region of the claim's direct {@code ByteBuffer} (protobuf-java's unsafe direct-buffer encoder), and
     * {@code checkNoSpaceLeft()}. The builder path, not a message built once: a message memoizes its size, so a
     * prebuilt one would measure itself only on the first call, while a producer sends new content every time.
     *
     * @return the encoded length.
     * @throws IllegalStateException if the message did not fill the claim.
     */
    @Override
    public final int encodeIntoClaim() {
        final M message = build();
        final int size = message.getSerializedSize();
        final CodedOutputStream output = CodedOutputStream.newInstance(claim.region(size));
        try {
            message.writeTo(output);
        } catch (final IOException ex) {
            throw new UncheckedIOException(ex);
        }
        output.checkNoSpaceLeft();
        return size;
    }

    @Override
    public final ClaimBuffer claim() {
        return claim;
    }

    @Override
    public final void decode(final Sink sink) {
        final M message;
        try {
            message = parse(in, inLength);
        } catch (final InvalidProtocolBufferException ex) {
            throw new IllegalStateException(ex);
        }
        read(message, sink);
    }

    /**
     * Reads every field of a parsed message through its getters.
     *
     * @param message the message.
     * @param sink receives every value read.
     */
    protected abstract void read(M message, Sink sink);

    private int write(final M message) {
        final CodedOutputStream output = CodedOutputStream.newInstance(out);
        try {
            message.writeTo(output);
        } catch (final IOException ex) {
            throw new UncheckedIOException(ex);
        }
        return output.getTotalBytesWritten();
    }
}
