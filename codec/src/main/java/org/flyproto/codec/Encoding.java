package org.flyproto.codec;

import org.agrona.MutableDirectBuffer;

/**
 * Measure, then write in place: the two halves of encoding into a claim whose length is fixed before the first byte
 * ({@code Publication.tryClaim}, a ring buffer's {@code tryClaim}), from one {@link FieldWriter}. Between them the
 * caller claims {@link #encodedLength} bytes; {@link #encodeExactly} writes them, confined to the claim.
 *
 * <pre>{@code
 * int length = Encoding.encodedLength(encoder, FIELDS, order);
 * int index = ring.tryClaim(MSG_TYPE, length);
 * try {
 *     Encoding.encodeExactly(encoder, ring.buffer(), index, length, FIELDS, order);
 * } catch (RuntimeException ex) {
 *     ring.abort(index);
 *     throw ex;
 * }
 * ring.commit(index);
 * }</pre>
 */
public final class Encoding {
    private Encoding() {}

    /**
     * The exact length of the message {@code fields} writes from {@code source}: the fields written over a sizing
     * encoder, which writes nothing. Allocates nothing.
     *
     * @param encoder the message's encoder; wrapped for size, then left so.
     * @param fields  writes the fields.
     * @param source  the values.
     * @param <E>     the encoder's type.
     * @param <S>     the source's type.
     * @return the bytes {@link #encodeExactly} will write for the same source.
     * @throws IllegalStateException if {@code fields} leaves a nested message open, or misuses the encoder.
     * @throws ProtoEncodeException if the message would exceed 2 GiB.
     */
    public static <E extends MessageEncoder, S> int encodedLength(
            final E encoder, final FieldWriter<? super E, ? super S> fields, final S source) {
        encoder.wrapForSize();
        fields.writeFields(encoder, source);
        return encoder.encodedLength();
    }

    /**
     * Writes the message {@code fields} writes from {@code source} into exactly the region
     * {@code [offset, offset + length)}, typically a claim of {@link #encodedLength} bytes: nothing is written outside
     * it. The caller aborts its claim on any exception.
     *
     * @param encoder the message's encoder; wrapped to the region.
     * @param buffer  the buffer of the region.
     * @param offset  where the message starts.
     * @param length  the region's length: the message's length as measured.
     * @param fields  writes the fields.
     * @param source  the values.
     * @param <E>     the encoder's type.
     * @param <S>     the source's type.
     * @throws ProtoEncodeException if the message needs more than {@code length} bytes.
     * @throws IllegalStateException if it took fewer (the writer wrote other fields than it measured), or
     *     {@code fields} leaves a nested message open.
     * @throws IllegalArgumentException if the region is not inside the buffer.
     */
    public static <E extends MessageEncoder, S> void encodeExactly(
            final E encoder,
            final MutableDirectBuffer buffer,
            final int offset,
            final int length,
            final FieldWriter<? super E, ? super S> fields,
            final S source) {
        encoder.wrap(buffer, offset, length);
        fields.writeFields(encoder, source);
        final int written = encoder.encodedLength();
        if (written != length) {
            throw new IllegalStateException("the " + encoder.messageFullName() + " fields took " + written
                    + " bytes of a region of " + length + ": a FieldWriter must write the same fields every time");
        }
    }
}
