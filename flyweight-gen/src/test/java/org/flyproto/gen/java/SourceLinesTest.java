package org.flyproto.gen.java;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** How generated sources are laid out in 120 columns. */
class SourceLinesTest {
    private static final String LONG = "x".repeat(40);

    @Test
    void shouldUndoJavaPoetsParameterWrapsThatFitInTheWidth() {
        assertThat(SourceLines.layout("""
                    public Foo wrap(final DirectBuffer buffer, final int offset,
                            final int length) {
                    public Foo copy(
                            final FooDecoder from) {
                """)).isEqualTo("""
                    public Foo wrap(final DirectBuffer buffer, final int offset, final int length) {
                    public Foo copy(final FooDecoder from) {
                """);
    }

    @Test
    void shouldBreakWhereNestedLeastDeeplyAndContinueTwoIndentsDeeper() {
        assertThat(SourceLines.layout("        final Cursor " + LONG + " = new Cursor(" + LONG + ", " + LONG + ");"))
                .isEqualTo(
                        "        final Cursor " + LONG + " =\n                new Cursor(" + LONG + ", " + LONG + ");");
        assertThat(SourceLines.layout("        if (" + LONG + " >= from && " + LONG + " <= to && " + LONG + ") {"))
                .isEqualTo(
                        "        if (" + LONG + " >= from && " + LONG + " <= to\n                && " + LONG + ") {");
        assertThat(SourceLines.layout("        writeCursor(" + LONG + ").writeInt32(" + LONG + ", " + LONG + ");"))
                .isEqualTo(
                        "        writeCursor(" + LONG + ")\n                .writeInt32(" + LONG + ", " + LONG + ");");
    }

    @Test
    void shouldNeverBreakInsideLiteralsOrLineComments() {
        final String text = "\"" + "a b ".repeat(20) + "\"";
        assertThat(SourceLines.layout("        f('\"', " + text + ", " + LONG + ");"))
                .isEqualTo("        f('\"', " + text + ",\n                " + LONG + ");");
        final String comment = "// Generated from " + "a/".repeat(40) + "b c.proto. Do not edit.";
        assertThat(SourceLines.layout(comment)).isEqualTo(comment);
    }

    @Test
    void shouldRewrapJavadocAtSpacesKeepingItsStar() {
        assertThat(SourceLines.layout("     * " + (LONG + " ").repeat(3) + "end."))
                .isEqualTo("     * " + LONG + " " + LONG + "\n     * " + LONG + " end.");
    }
}
