package org.flyproto.bench.codec.flyproto;

import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.bench.codec.AbstractCodec;
import org.flyproto.bench.codec.ClaimBuffer;
import org.flyproto.bench.codec.ClaimCodec;
import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.fixture.Fixture;
import org.flyproto.codec.Encoding;
import org.flyproto.codec.FieldWriter;
import org.flyproto.codec.MessageDecoder;
import org.flyproto.codec.MessageEncoder;

/**
 * A flyproto codec: encoder and decoder flyweights of one message type, wrapped on an {@link UnsafeBuffer} over the
 * output and the input arrays. {@link #decode} wraps validating, {@link #decodeTrusted} trusted. Each subclass writes
 * its fields in one {@link FieldWriter}, which {@link #encode()}, {@link #size()} and {@link #encodeIntoClaim()} all
 * call.
 *
 * @param <E> the message's encoder.
 * @param <S> the fixture's data.
 */
public abstract class FlyprotoCodec<E extends MessageEncoder, S> extends AbstractCodec implements ClaimCodec {
    /** The output array, as a buffer. */
    protected final UnsafeBuffer outBuffer;
    /** The input array, as a buffer. */
    protected final UnsafeBuffer inBuffer = new UnsafeBuffer(new byte[0]);

    private final ClaimBuffer claim;
    private final E encoder;
    private final FieldWriter<? super E, ? super S> fields;
    private final S data;

    /**
     * @param capacity size of the output array, and of the largest claim.
     * @param encoder  the message's encoder, reused.
     * @param fields   writes the fixture's fields: the one setter chain behind encode, size and claim.
     * @param data     the fixture's data.
     */
    protected FlyprotoCodec(
            final int capacity, final E encoder, final FieldWriter<? super E, ? super S> fields, final S data) {
        super(capacity);
        this.outBuffer = new UnsafeBuffer(out);
        this.claim = new ClaimBuffer(capacity);
        this.encoder = encoder;
        this.fields = fields;
        this.data = data;
    }

    /**
     * Creates the codec of a fixture.
     *
     * @param fixture the fixture.
     * @return its codec.
     */
    public static FlyprotoCodec<?, ?> of(final Fixture fixture) {
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

    /**
     * Measures the fixture's message: the codec's fields over a sizing encoder ({@code wrapForSize()}), which writes
     * nothing ({@link Encoding#encodedLength}).
     *
     * @return the exact encoded length.
     */
    public final int size() {
        return Encoding.encodedLength(encoder, fields, data);
    }

    /**
     * Encodes the fixture's message into the output array, from offset 0, the region open to its capacity.
     *
     * @return the encoded length.
     */
    @Override
    public final int encode() {
        encoder.wrap(outBuffer, 0, outBuffer.capacity());
        fields.writeFields(encoder, data);
        return encoder.encodedLength();
    }

    /**
     * Measures the message as {@link #size()} does, then writes it into exactly that region of {@link #claim()}
     * ({@link Encoding#encodeExactly}), as a producer does between {@code tryClaim} and {@code commit}.
     *
     * @return the encoded length.
     */
    @Override
    public final int encodeIntoClaim() {
        final int length = Encoding.encodedLength(encoder, fields, data);
        Encoding.encodeExactly(encoder, claim.buffer(), ClaimBuffer.OFFSET, length, fields, data);
        return length;
    }

    /**
     * {@link #encode()} into the scratch output (wrapped open to its capacity), then copies the bytes into the claim
     * buffer at {@link ClaimBuffer#OFFSET}: the work of {@code Publication.offer} of an encoded buffer, whose copy into
     * the term replaces the sizing of {@link #encodeIntoClaim()}.
     *
     * @return the encoded length.
     */
    public final int encodeAndCopy() {
        final int length = encode();
        claim.buffer().putBytes(ClaimBuffer.OFFSET, outBuffer, 0, length);
        return length;
    }

    @Override
    public final ClaimBuffer claim() {
        return claim;
    }

    /**
     * @return the encoder this codec writes with, for paths that fill it otherwise (a parser).
     */
    public final E encoder() {
        return encoder;
    }

    /**
     * @return the decoder this codec reads with, for paths that read otherwise (a printer).
     */
    public abstract MessageDecoder decoder();
}
