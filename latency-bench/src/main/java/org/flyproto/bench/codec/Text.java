package org.flyproto.bench.codec;

import org.flyproto.buffers.Utf8View;

/** Reads a string's content in full, the same way for every library: the {@link String#hashCode()} formula. */
public final class Text {
    private Text() {}

    /**
     * Hashes every char of a text. A {@link String} and a flyproto {@link Utf8View} compute it themselves (a fresh
     * {@code String} has no cached hash, and a view hashes its bytes); anything else, e.g. a reused
     * {@link StringBuilder}, is walked char by char.
     *
     * @param text the text.
     * @return {@code text.toString().hashCode()}, computed without allocating.
     */
    public static int hash(final CharSequence text) {
        if (text instanceof String string) {
            return string.hashCode();
        }
        if (text instanceof Utf8View view) {
            return view.hashCode();
        }
        int hash = 0;
        for (int i = 0, length = text.length(); i < length; i++) {
            hash = 31 * hash + text.charAt(i);
        }
        return hash;
    }
}
