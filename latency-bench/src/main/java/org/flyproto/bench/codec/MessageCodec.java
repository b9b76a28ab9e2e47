package org.flyproto.bench.codec;

/**
 * One library's encoder and decoder for one fixture, reused for every operation: {@link #encode()} writes the
 * fixture's content (held by the codec) into {@link #output()}; {@link #decode(Sink)} decodes the bytes given to
 * {@link #input(byte[], int)}, reading every field. Not thread-safe.
 */
public interface MessageCodec {
    /**
     * Encodes the fixture's content into {@link #output()}, from offset 0, the way a user of the library would on a
     * hot path.
     *
     * @return the encoded length.
     */
    int encode();

    /**
     * @return the array {@link #encode()} writes to; the same array every time.
     */
    byte[] output();

    /**
     * Sets the bytes {@link #decode(Sink)} reads; the array is used in place, not copied.
     *
     * @param bytes the encoded message, from offset 0.
     * @param length its length.
     */
    void input(byte[] bytes, int length);

    /**
     * Decodes the input and reads every field into {@code sink}, as {@link Sink} says.
     *
     * @param sink receives every value read.
     */
    void decode(Sink sink);
}
