package org.flyproto.gen.java;

/**
 * Lays out a generated source in {@value #COLUMNS} columns, the width of flyproto's own code, code and javadoc alike.
 *
 * <p>JavaPoet wraps only method parameter lists (and throws clauses), at a width fixed at 100 columns (palantir
 * javapoet's {@code CodeWriter}; its maintainers decline to make it configurable, palantir/javapoet#180), and never
 * a statement, since the emitters give it no wrapping points. So its wraps are undone here and every line is wrapped
 * at one width: javadoc at spaces, keeping its indentation and star; code between tokens outside string and
 * character literals, preferably where it is nested least deeply in brackets, after an opening parenthesis, a comma,
 * semicolon or {@code =}, or before {@code &&}, {@code ||}, {@code ?}, {@code :} or a chained call, continued two
 * indents deeper as JavaPoet continues. A line with no break within the width (a string literal longer than the line,
 * say) is broken at the first one beyond, or left as it is.
 */
final class SourceLines {
    /** The width of every generated line. */
    static final int COLUMNS = 120;

    /** One level of indentation. */
    static final String INDENT = "    ";

    /** How much deeper than its first line a wrapped line of code continues: two indents, as JavaPoet does. */
    private static final int CONTINUATION = 2 * INDENT.length();

    private SourceLines() {}

    /**
     * @param source a source as JavaPoet writes it, indented with spaces.
     * @return the source with every line that can be wrapped within {@value #COLUMNS} columns.
     */
    static String layout(final String source) {
        final StringBuilder out = new StringBuilder(source.length() + 256);
        String code = null;
        for (final String line : source.split("\n", -1)) {
            if (isJavadoc(line)) {
                if (code != null) {
                    wrapCode(out, code);
                    code = null;
                }
                wrapJavadoc(out, line);
            } else if (code != null && continues(code, line)) {
                // JavaPoet's wrap replaced the space after a comma; after the parenthesis there was none.
                code = code + (code.endsWith(",") ? " " : "") + line.strip();
            } else {
                if (code != null) {
                    wrapCode(out, code);
                }
                code = line;
            }
        }
        if (code != null) {
            wrapCode(out, code);
        }
        out.setLength(out.length() - 1);
        return out.toString();
    }

    private static boolean isJavadoc(final String line) {
        final int star = line.indexOf('*');
        return star >= 0 && line.substring(0, star).isBlank() && !line.startsWith("*/", star);
    }

    /**
     * Whether {@code next} is JavaPoet's continuation of {@code code}: a parameter list it wrapped after its opening
     * parenthesis or a comma.
     */
    private static boolean continues(final String code, final String next) {
        return (code.endsWith(",") || code.endsWith("("))
                && !code.strip().startsWith("//")
                && !next.isBlank()
                && indentation(next) == indentation(code) + CONTINUATION;
    }

    private static int indentation(final String line) {
        int i = 0;
        while (i < line.length() && line.charAt(i) == ' ') {
            i++;
        }
        return i;
    }

    /** Re-wraps a javadoc line longer than the width at spaces, keeping its indentation and star. */
    private static void wrapJavadoc(final StringBuilder out, final String line) {
        final int star = line.indexOf("* ");
        if (line.length() <= COLUMNS || star < 0) {
            out.append(line).append('\n');
            return;
        }
        final String prefix = line.substring(0, star + 2);
        String rest = line.substring(star + 2);
        while (prefix.length() + rest.length() > COLUMNS) {
            int cut = rest.lastIndexOf(' ', COLUMNS - prefix.length());
            if (cut <= 0) {
                cut = rest.indexOf(' ');
                if (cut < 0) {
                    break;
                }
            }
            out.append(prefix).append(rest, 0, cut).append('\n');
            rest = rest.substring(cut + 1);
        }
        out.append(prefix).append(rest).append('\n');
    }

    /** Wraps a line of code longer than the width, each continuation {@value #CONTINUATION} columns deeper. */
    private static void wrapCode(final StringBuilder out, final String line) {
        final String continuation = " ".repeat(indentation(line) + CONTINUATION);
        String rest = line;
        while (rest.length() > COLUMNS) {
            final int cut = breakAt(rest, continuation.length());
            if (cut < 0) {
                break;
            }
            out.append(rest, 0, cut).append('\n');
            rest = continuation + rest.substring(rest.charAt(cut) == ' ' ? cut + 1 : cut);
        }
        out.append(rest).append('\n');
    }

    /**
     * Where to break a line of code: at a space, which the break replaces, or between two tokens, after {@code (} or
     * before the {@code .} of a call on a call's result. Never in a string or character literal or a comment.
     *
     * @param line  a line of code.
     * @param after the first index worth breaking at: a break before it would not shorten the line.
     * @return the index the next line starts at (or its space), or -1 if there is none. Within the width, the break
     *     between tokens or at a {@linkplain #isGoodBreak good} space that is nested least deeply in brackets (the
     *     last of those), else the last other space; else the first break beyond the width.
     */
    private static int breakAt(final String line, final int after) {
        int best = -1;
        int bestDepth = Integer.MAX_VALUE;
        int other = -1;
        int beyond = -1;
        int depth = 0;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            final char c = line.charAt(i);
            if (quote != 0) {
                if (c == '\\') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
                continue;
            }
            if (c == '/' && line.startsWith("//", i)) {
                break;
            }
            if (i > after) {
                final char previous = line.charAt(i - 1);
                final boolean space = c == ' ' && i + 1 < line.length() && " )".indexOf(line.charAt(i + 1)) < 0;
                final boolean betweenTokens = previous == '(' && c != ')' && c != ' ' || previous == ')' && c == '.';
                if (!space && !betweenTokens) {
                    // Not a place to break.
                } else if (i > COLUMNS) {
                    beyond = beyond < 0 ? i : beyond;
                } else if (betweenTokens || isGoodBreak(line, i)) {
                    if (depth <= bestDepth) {
                        best = i;
                        bestDepth = depth;
                    }
                } else {
                    other = i;
                }
            }
            switch (c) {
                case '"', '\'' -> quote = c;
                case '(', '[', '{' -> depth++;
                case ')', ']', '}' -> depth--;
                default -> {}
            }
        }
        if (best >= 0) {
            return best;
        }
        return other >= 0 ? other : beyond;
    }

    /** After a comma, semicolon or assignment; before a logical or conditional operator. */
    private static boolean isGoodBreak(final String line, final int space) {
        final char before = line.charAt(space - 1);
        if (before == ',' || before == ';') {
            return true;
        }
        if (before == '=' && line.charAt(space - 2) == ' ') {
            return true;
        }
        return line.startsWith("&& ", space + 1)
                || line.startsWith("|| ", space + 1)
                || line.startsWith("? ", space + 1)
                || line.startsWith(": ", space + 1);
    }
}
