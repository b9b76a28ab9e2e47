package org.flyproto.bench.codec;

/** Reads a string the same way for every library: its UTF-16 length and the char in its middle. */
public final class Text {
    private Text() {}

    /**
     * Reads a text as a user of it would at least: its length in UTF-16 units and the char at {@code length / 2}.
     * Both need the text decoded (a library that keeps UTF-8 has to count UTF-16 units and find the char), so lazy
     * decoding cannot skip the work, but nothing is copied.
     *
     * @param text the text: a {@link String}, a flyproto {@link org.flyproto.buffers.Utf8View}, a reused builder...
     * @return {@code 31 * length + charAt(length / 2)}, or 0 for an empty text.
     */
    public static int read(final CharSequence text) {
        final int length = text.length();
        return length == 0 ? 0 : 31 * length + text.charAt(length / 2);
    }
}
