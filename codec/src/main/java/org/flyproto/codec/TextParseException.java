package org.flyproto.codec;

/**
 * Text-format input that {@link TextParser} does not accept: a syntax error, a value out of range, an unknown field
 * or enum value, a nesting too deep, a missing required field. Carries where the problem was found as protobuf-java's
 * {@code TextFormat.ParseException} reports it — 1-based line and column, columns counted in UTF-16 chars, tabs as one
 * — and the offset of that place in the input; the message is {@code "line:column: reason"}, as protobuf-java's.
 *
 * <p>When it is thrown, the encoder the parser wrote to is back where it was before the parse began.
 */
public final class TextParseException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int line;
    private final int column;
    private final int offset;
    private final String reason;

    /**
     * @param line   1-based line of the token where the problem was found.
     * @param column 1-based column of that token, in UTF-16 chars.
     * @param offset index of that token in the input: the buffer index for a buffer, the char index for a
     *     {@code CharSequence}.
     * @param reason what is wrong, without the position.
     */
    public TextParseException(final int line, final int column, final int offset, final String reason) {
        super(line + ":" + column + ": " + reason);
        this.line = line;
        this.column = column;
        this.offset = offset;
        this.reason = reason;
    }

    /**
     * @return the 1-based line where the problem was found.
     */
    public int line() {
        return line;
    }

    /**
     * @return the 1-based column where the problem was found, counted in UTF-16 chars.
     */
    public int column() {
        return column;
    }

    /**
     * @return the index in the input where the problem was found: the absolute buffer index of a byte for input in a
     *     buffer, the index of a char for a {@code CharSequence}.
     */
    public int offset() {
        return offset;
    }

    /**
     * @return what is wrong, without the position.
     */
    public String reason() {
        return reason;
    }
}
