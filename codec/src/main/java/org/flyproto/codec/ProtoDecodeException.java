package org.flyproto.codec;

/**
 * Input that is not valid protobuf wire format, or that breaks a decode limit. Carries the absolute buffer index at
 * which the problem was found and a short reason.
 *
 * <p>This is the only exception a decoder throws for bad input: a flyweight never throws
 * {@link IndexOutOfBoundsException} and never reads outside its wrapped region, whatever the bytes say.
 */
public final class ProtoDecodeException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int offset;
    private final String reason;

    /**
     * @param reason what is wrong, e.g. {@code "truncated varint"}.
     * @param offset the absolute index in the buffer where it was found.
     */
    public ProtoDecodeException(final String reason, final int offset) {
        super(reason + " at offset " + offset);
        this.reason = reason;
        this.offset = offset;
    }

    /**
     * @return the absolute index in the buffer where the problem was found.
     */
    public int offset() {
        return offset;
    }

    /**
     * @return what is wrong, without the offset.
     */
    public String reason() {
        return reason;
    }
}
