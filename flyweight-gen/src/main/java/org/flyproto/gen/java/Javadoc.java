package org.flyproto.gen.java;

import com.palantir.javapoet.CodeBlock;
import java.util.regex.Pattern;

/**
 * Turns .proto comments into javadoc text that cannot break the comment or the HTML.
 *
 * <p>Generated javadoc is a first sentence, then paragraphs each opened by {@code <p>}, then block tags. It starts with
 * {@link #of}'s result, which is either empty or the comment ending in an opened paragraph, so the text added next is
 * written the same either way: the sentence that begins the javadoc or its next paragraph, never starting with
 * {@code <p>}; every later paragraph starts with {@code <p>}.
 */
final class Javadoc {
    /** A blank line, with any spaces: what separates the paragraphs of a comment. */
    private static final Pattern PARAGRAPH_BREAK = Pattern.compile("\n[ \t]*\n\\s*");

    private Javadoc() {}

    /**
     * @param comment the .proto comment, possibly empty; blank lines separate its paragraphs.
     * @return empty for an empty comment; else the comment, each paragraph after the first opened by {@code <p>},
     *     then a blank line and the {@code <p>} opening the paragraph that follows it.
     */
    static CodeBlock of(final String comment) {
        if (comment.isBlank()) {
            return CodeBlock.of("");
        }
        final String text = PARAGRAPH_BREAK.matcher(escape(comment.strip())).replaceAll("\n\n<p>");
        return CodeBlock.of("$L\n\n<p>", text);
    }

    /**
     * @param text any text.
     * @return the text with HTML special characters, {@code @} and comment terminators escaped.
     */
    static String escape(final String text) {
        final StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            final char c = text.charAt(i);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '@' -> out.append("&#64;");
                case '*' -> out.append(i + 1 < text.length() && text.charAt(i + 1) == '/' ? "&#42;" : "*");
                case '/' -> out.append(i > 0 && text.charAt(i - 1) == '*' ? "&#47;" : "/");
                case '\\' -> out.append("&#92;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
