package org.flyproto.codec;

/**
 * An encode that cannot be completed: the message does not fit the wrapped region of a fixed-size buffer, or a length
 * exceeds what the wire format can carry. Nothing has been written outside the wrapped region when it is thrown; the
 * bytes inside the region are unspecified.
 */
public final class ProtoEncodeException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * @param message what did not fit, and where.
     */
    public ProtoEncodeException(final String message) {
        super(message);
    }
}
