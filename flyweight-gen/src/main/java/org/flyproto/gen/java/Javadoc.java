package org.flyproto.gen.java;

import com.palantir.javapoet.CodeBlock;

/** Turns .proto comments into javadoc text that cannot break the comment or the HTML. */
final class Javadoc {
    private Javadoc() {}

    /**
     * @param comment the .proto comment, possibly empty.
     * @return javadoc for it followed by a paragraph break, or empty.
     */
    static CodeBlock of(final String comment) {
        if (comment.isEmpty()) {
            return CodeBlock.of("");
        }
        return CodeBlock.of("$L\n\n<p>", escape(comment));
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
