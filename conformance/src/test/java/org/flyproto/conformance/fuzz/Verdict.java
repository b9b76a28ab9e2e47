package org.flyproto.conformance.fuzz;

import com.google.protobuf.Message;
import java.util.function.Supplier;
import org.agrona.DirectBuffer;
import org.flyproto.codec.MessageDecoder;
import org.flyproto.codec.ProtoDecodeException;
import org.flyproto.conformance.ReflectiveMirror;

/**
 * What flyproto made of a region: every field its decoder read, as a protobuf-java message, or the reason and the
 * offset (relative to the start of the region) of its {@link ProtoDecodeException}. Two decodes of the same bytes
 * must give equal verdicts wherever the bytes lie.
 *
 * @param value  the fields read, or null if rejected.
 * @param reason why it was rejected, or null if accepted.
 * @param offset where it was rejected, relative to the start of the region; 0 if accepted.
 */
public record Verdict(Message value, String reason, int offset) {
    /** @return true if the decoder read every field without an exception. */
    public boolean accepted() {
        return value != null;
    }

    /**
     * Wraps a decoder of {@code schema} on the region and reads every field of it, at every level, through
     * {@link ReflectiveMirror}.
     *
     * @param schema  the message type.
     * @param buffer  the buffer holding the region.
     * @param offset  the start of the region.
     * @param length  the length of the region.
     * @param trusted true for {@code wrapTrusted}, false for the validating {@code wrap}.
     * @param context describes the input, for failure messages.
     * @return the verdict.
     * @throws AssertionError if anything but a {@link ProtoDecodeException} escapes, or if the exception's offset lies
     *     outside {@code [offset, offset + length]} (the end included: that is where a truncated value is found), or its
     *     reason is empty.
     */
    public static Verdict decode(
            final Schema schema,
            final DirectBuffer buffer,
            final int offset,
            final int length,
            final boolean trusted,
            final Supplier<String> context) {
        try {
            final MessageDecoder decoder = schema.wrap(schema.newDecoder(), buffer, offset, length, trusted);
            return new Verdict(ReflectiveMirror.read(decoder, schema.prototype()), null, 0);
        } catch (final ProtoDecodeException e) {
            if (e.offset() < offset || e.offset() > offset + length) {
                throw new AssertionError(String.format(
                        "%s (trusted=%s): offset of \"%s\" outside the region [%d, %d]: %s",
                        schema, trusted, e.getMessage(), offset, offset + length, context.get()));
            }
            if (e.reason() == null || e.reason().isBlank()) {
                throw new AssertionError(
                        String.format("%s (trusted=%s): no reason in %s: %s", schema, trusted, e, context.get()));
            }
            return new Verdict(null, e.reason(), e.offset() - offset);
        } catch (final RuntimeException | Error e) {
            throw new AssertionError(
                    String.format(
                            "%s (trusted=%s): not a ProtoDecodeException: %s: %s", schema, trusted, e, context.get()),
                    e);
        }
    }

    @Override
    public String toString() {
        return accepted() ? "accepted" : "rejected: " + reason + " at +" + offset;
    }
}
