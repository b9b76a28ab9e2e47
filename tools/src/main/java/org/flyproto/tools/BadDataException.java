package org.flyproto.tools;

/**
 * Input bytes or text that are not a message of the type: exit code 1. Says where: the offset (in the input stream, or
 * in the queue document), and for streams the 0-based ordinal of the message.
 */
final class BadDataException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** No ordinal: the input is a single message. */
    static final long SINGLE = -1;

    private final long ordinal;

    /**
     * @param reason  what is wrong.
     * @param where   where, e.g. {@code "offset 12"} or {@code "line 3, column 7"}; null if nowhere in particular.
     * @param ordinal the message's 0-based ordinal in a stream, or {@link #SINGLE}.
     */
    BadDataException(final String reason, final String where, final long ordinal) {
        super(where == null ? reason : reason + " at " + where);
        this.ordinal = ordinal;
    }

    /**
     * @return the line the tool prints to standard error.
     */
    String report() {
        return "error: " + getMessage() + (ordinal == SINGLE ? "" : " (message " + ordinal + ")");
    }
}
