package org.flyproto.wkt;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A schema importing well-known types needs no extra proto path, and the code generated from it compiles against the
 * runtime artifacts alone (codec, buffers, Agrona and this module), under -Xlint:all -Werror.
 */
class ImportingSchemaCompilesTest {
    private static final Path GENERATOR = Path.of("..", "flyweight-gen", "target", "flyproto-gen.jar");

    @TempDir
    Path dir;

    @Test
    void shouldGenerateAndCompileAgainstThePreGeneratedWellKnownTypes() throws Exception {
        Files.writeString(dir.resolve("event.proto"), """
                syntax = "proto3";
                package events;
                import "google/protobuf/timestamp.proto";
                import "google/protobuf/any.proto";
                import "google/protobuf/struct.proto";
                import "google/protobuf/wrappers.proto";
                import "google/protobuf/descriptor.proto";
                message Event {
                  google.protobuf.Timestamp at = 1;
                  google.protobuf.Any payload = 2;
                  google.protobuf.Struct attributes = 3;
                  google.protobuf.Int64Value sequence = 4;
                  repeated google.protobuf.Timestamp history = 5;
                  google.protobuf.FileDescriptorProto schema = 6;
                }
                """);
        final Path out = dir.resolve("java");
        final Process generator = new ProcessBuilder(
                        "java",
                        "-jar",
                        GENERATOR.toString(),
                        "--proto_path=" + dir,
                        "--java_out=" + out,
                        dir.resolve("event.proto").toString())
                .redirectErrorStream(true)
                .start();
        final String output = new String(generator.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(generator.waitFor()).as(output).isZero();
        final List<String> sources = new ArrayList<>();
        try (Stream<Path> files = Files.walk(out)) {
            files.filter(file -> file.toString().endsWith(".java"))
                    .map(Path::toString)
                    .forEach(sources::add);
        }
        // Only the importing schema's classes: the well-known types come from this module.
        assertThat(sources).hasSize(2).allMatch(path -> path.contains("events"));
        assertThat(Files.readString(out.resolve("events/flyproto/EventDecoder.java")))
                .contains("import org.flyproto.wkt.TimestampDecoder;");

        final JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        final StringWriter diagnostics = new StringWriter();
        try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, StandardCharsets.UTF_8)) {
            final boolean compiled = javac.getTask(
                            diagnostics,
                            files,
                            null,
                            List.of(
                                    "-Xlint:all",
                                    "-Werror",
                                    "-d",
                                    dir.resolve("classes").toString(),
                                    "-classpath",
                                    System.getProperty("java.class.path")),
                            null,
                            files.getJavaFileObjectsFromStrings(sources))
                    .call();
            assertThat(compiled).as(diagnostics.toString()).isTrue();
        } catch (final IOException e) {
            throw new AssertionError(e);
        }
    }
}
