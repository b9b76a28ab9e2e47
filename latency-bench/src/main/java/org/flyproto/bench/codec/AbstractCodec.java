package org.flyproto.bench.codec;

/** The buffers of a {@link MessageCodec} over heap arrays. */
public abstract class AbstractCodec implements MessageCodec {
    /** Where {@link #encode()} writes. */
    protected final byte[] out;
    /** What {@link #decode(Sink)} reads. */
    protected byte[] in = new byte[0];
    /** Length of the input. */
    protected int inLength;

    /**
     * @param capacity size of the output array.
     */
    protected AbstractCodec(final int capacity) {
        this.out = new byte[capacity];
    }

    @Override
    public final byte[] output() {
        return out;
    }

    @Override
    public void input(final byte[] bytes, final int length) {
        this.in = bytes;
        this.inLength = length;
    }
}
