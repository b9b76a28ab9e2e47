package org.flyproto.codec;

/**
 * A message that has no JSON form, found while printing it as JSON: a {@code google.protobuf.Timestamp} or
 * {@code Duration} out of its range, a {@code google.protobuf.Any} whose type URL is malformed or names a type the
 * {@link JsonTypeRegistry} does not hold, a {@code google.protobuf.Value} holding NaN or an infinity, or JSON that
 * does not fit the region it is printed into. protobuf-java's {@code JsonFormat} refuses the same messages (with an
 * {@code IllegalArgumentException} or {@code InvalidProtocolBufferException}). Nothing is written to the target when
 * it is thrown.
 */
public final class JsonPrintException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * @param message what could not be printed, and why.
     */
    public JsonPrintException(final String message) {
        super(message);
    }
}
