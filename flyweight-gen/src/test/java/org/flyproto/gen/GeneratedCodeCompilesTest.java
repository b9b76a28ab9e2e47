package org.flyproto.gen;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Generated sources compile with {@code -Xlint:all -Werror} against the runtime alone: schemas using every feature
 * the generator handles (groups, oneofs, defaults, closed enums, required, editions features) go through the command
 * line, and the output through javac.
 */
class GeneratedCodeCompilesTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"proto2_features.proto", "edition2023_features.proto"})
    void shouldCompileWithoutWarnings(final String proto) throws IOException {
        final Path protoDir = dir.resolve("proto");
        Files.createDirectories(protoDir);
        try (InputStream in = getClass().getResourceAsStream("features/" + proto)) {
            Files.copy(in, protoDir.resolve(proto));
        }
        final Path out = dir.resolve("java");
        final ToolRun run = ToolRun.run(
                "--proto_path=" + protoDir,
                "--java_out=" + out,
                protoDir.resolve(proto).toString());
        assertThat(run.exitCode()).as(run.err()).isZero();

        final List<String> arguments = new ArrayList<>(List.of(
                "-Xlint:all",
                "-Werror",
                "-d",
                dir.resolve("classes").toString(),
                "-classpath",
                System.getProperty("java.class.path")));
        try (Stream<Path> files = Files.walk(out)) {
            files.filter(file -> file.toString().endsWith(".java"))
                    .map(Path::toString)
                    .forEach(arguments::add);
        }
        assertThat(arguments.size()).isGreaterThan(10);
        final JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        final StringWriter diagnostics = new StringWriter();
        final int status = javac.getTask(
                                diagnostics,
                                null,
                                null,
                                arguments.subList(0, 6),
                                null,
                                javac.getStandardFileManager(null, null, null)
                                        .getJavaFileObjectsFromStrings(arguments.subList(6, arguments.size())))
                        .call()
                ? 0
                : 1;
        assertThat(status).as(diagnostics.toString()).isZero();
        assertThat(diagnostics.toString()).isEmpty();
    }
}
