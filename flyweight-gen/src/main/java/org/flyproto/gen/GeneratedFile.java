package org.flyproto.gen;

/**
 * One Java source file produced by the generator.
 *
 * @param path    path relative to the output root, with {@code /} separators, e.g. {@code market/flyproto/OrderEncoder.java}.
 * @param content the complete source text.
 */
public record GeneratedFile(String path, String content) {}
