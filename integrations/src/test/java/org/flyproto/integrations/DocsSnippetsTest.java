package org.flyproto.integrations;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/integrations.md quotes the example programs and classes: every line of a snippet marked
 * {@code <!-- snippet: PATH -->} must still be a line of the file PATH (relative to the repository root), so the
 * guide cannot drift from the code. A line {@code // …} marks an omission.
 */
class DocsSnippetsTest {
    private static final Path ROOT = Path.of("..");
    private static final Pattern SNIPPET =
            Pattern.compile("<!-- snippet: (\\S+) -->\\n```java\\n(.*?)\\n```", Pattern.DOTALL);

    @Test
    void shouldQuoteOnlyLinesThatAreInTheNamedSourceFiles() throws IOException {
        final String guide = Files.readString(ROOT.resolve("docs/integrations.md"), StandardCharsets.UTF_8);
        final Matcher matcher = SNIPPET.matcher(guide);
        int snippets = 0;
        while (matcher.find()) {
            snippets++;
            final Path source = ROOT.resolve(matcher.group(1));
            assertThat(source).as("snippet source").exists();
            final Set<String> sourceLines = new HashSet<>();
            for (final String line : Files.readAllLines(source, StandardCharsets.UTF_8)) {
                sourceLines.add(line.strip());
            }
            for (final String line : List.of(matcher.group(2).split("\n"))) {
                final String quoted = line.strip();
                if (!quoted.isEmpty() && !quoted.equals("// …")) {
                    assertThat(sourceLines)
                            .as("line of a snippet from %s", matcher.group(1))
                            .contains(quoted);
                }
            }
        }
        assertThat(snippets).as("snippets found").isGreaterThanOrEqualTo(25);
    }
}
