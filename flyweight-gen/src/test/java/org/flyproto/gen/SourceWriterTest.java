package org.flyproto.gen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SourceWriterTest {
    @TempDir
    Path dir;

    @Test
    void shouldWriteFilesCreatingDirectories() throws Exception {
        final int written = SourceWriter.write(
                dir.resolve("out"),
                List.of(
                        new GeneratedFile("a/b/One.java", "class One {}\n"),
                        new GeneratedFile("a/Two.java", "class Two { String s = \"é\"; }\n")));

        assertThat(written).isEqualTo(2);
        assertThat(dir.resolve("out/a/b/One.java")).hasContent("class One {}");
        assertThat(Files.readString(dir.resolve("out/a/Two.java"))).isEqualTo("class Two { String s = \"é\"; }\n");
    }

    @Test
    void shouldLeaveUnchangedFilesAlone() throws Exception {
        final Path out = dir.resolve("out");
        SourceWriter.write(out, List.of(new GeneratedFile("a/One.java", "class One {}\n")));
        final FileTime old = FileTime.fromMillis(1_000_000L);
        Files.setLastModifiedTime(out.resolve("a/One.java"), old);

        final int written = SourceWriter.write(
                out,
                List.of(
                        new GeneratedFile("a/One.java", "class One {}\n"),
                        new GeneratedFile("a/Two.java", "class Two {}\n")));

        assertThat(written).isEqualTo(1);
        assertThat(Files.getLastModifiedTime(out.resolve("a/One.java"))).isEqualTo(old);
    }

    @Test
    void shouldReplaceChangedFiles() throws Exception {
        final Path out = dir.resolve("out");
        SourceWriter.write(out, List.of(new GeneratedFile("One.java", "class One {}\n")));

        SourceWriter.write(out, List.of(new GeneratedFile("One.java", "final class One {}\n")));

        assertThat(out.resolve("One.java")).hasContent("final class One {}");
    }

    @Test
    void shouldRejectPathsOutsideTheOutputDirectory() {
        for (final String path : List.of("../Escape.java", "/abs/Abs.java", "a/../../B.java", "a//B.java", "")) {
            assertThatThrownBy(() -> SourceWriter.write(dir.resolve("out"), List.of(new GeneratedFile(path, "x"))))
                    .as(path)
                    .isInstanceOf(GeneratorException.class);
        }
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void shouldRejectTheSamePathTwiceBeforeWritingAnything() {
        final List<GeneratedFile> files = List.of(new GeneratedFile("A.java", "1"), new GeneratedFile("A.java", "2"));

        assertThatThrownBy(() -> SourceWriter.write(dir, files))
                .isInstanceOf(GeneratorException.class)
                .hasMessageContaining("A.java");
        assertThat(dir.resolve("A.java")).doesNotExist();
    }
}
