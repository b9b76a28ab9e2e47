package org.flyproto.gen;

/**
 * One generated source file.
 *
 * @param path    its path relative to the output directory, with {@code /} separators.
 * @param content its text.
 * @param origin  the element it was generated from, e.g. {@code message market.Order (market.proto)}, for errors; or
 *     empty.
 */
public record GeneratedFile(String path, String content, String origin) {
    /**
     * A file of no particular origin.
     *
     * @param path    its path relative to the output directory.
     * @param content its text.
     */
    public GeneratedFile(final String path, final String content) {
        this(path, content, "");
    }
}
