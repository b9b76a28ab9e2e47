package org.flyproto.gen;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.Descriptors.FileDescriptor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MainTest {
    private static final String VALID = """
            syntax = "proto3";
            package demo;
            option java_package = "org.example.demo";
            message Order {
              int64 id = 1;
              optional string note = 2;
            }
            """;
    private static final String BROKEN = """
            syntax = "proto3";
            message Broken {
              int32 id = ;
            }
            """;

    @TempDir
    Path dir;

    @Test
    void shouldExitZeroOnValidProto() throws Exception {
        final Path proto = ToolRun.write(dir, "order.proto", VALID);

        final ToolRun run = ToolRun.run("--proto_path=" + dir, "--java_out=" + dir.resolve("out"), proto.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.err()).isEmpty();
    }

    @Test
    void shouldExitWithSchemaErrorOnBadProto() throws Exception {
        final Path proto = ToolRun.write(dir, "broken.proto", BROKEN);

        final ToolRun run = ToolRun.run("-I" + dir, "--java_out=" + dir.resolve("out"), proto.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("broken.proto:3:").contains("Expected field number");
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void shouldExitWithSchemaErrorOnMissingImport() throws Exception {
        final Path proto = ToolRun.write(dir, "a.proto", "syntax = \"proto3\";\nimport \"missing.proto\";\n");

        final ToolRun run = ToolRun.run("-I" + dir, "--java_out=" + dir.resolve("out"), proto.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("missing.proto");
    }

    @Test
    void shouldExitWithUsageErrorOnUnknownOption() {
        final ToolRun run = ToolRun.run("--java_out=out", "--cpp_out=out", "a.proto");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("unknown option: --cpp_out=out").contains("--help");
    }

    @Test
    void shouldExitWithUsageErrorWithoutInputFiles() {
        final ToolRun run = ToolRun.run("--java_out=out");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("no input files").contains("--help");
    }

    @Test
    void shouldExitWithUsageErrorWithoutJavaOut() {
        final ToolRun run = ToolRun.run("-Isrc", "a.proto");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("--java_out").contains("--help");
    }

    @Test
    void shouldExitWithUsageErrorOnBadGeneratorOption() {
        final ToolRun run = ToolRun.run("--java_out=out", "--flyproto_opt=colour=blue", "a.proto");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("unknown generator option: colour");
    }

    @Test
    void shouldPrintHelp() {
        final ToolRun run = ToolRun.run("--help");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("--proto_path=DIR", "--java_out=DIR", "--descriptor_set_in=FILE", "--protoc=");
        assertThat(run.err()).isEmpty();
    }

    @Test
    void shouldResolveWellKnownImportsWithoutProtoPath() throws Exception {
        final Path proto = ToolRun.write(dir, "event.proto", """
                syntax = "proto3";
                import "google/protobuf/timestamp.proto";
                message Event { google.protobuf.Timestamp at = 1; }
                """);
        final RecordingGenerator generator = new RecordingGenerator();

        final ToolRun run =
                ToolRun.run(generator, "--proto_path=" + dir, "--java_out=" + dir.resolve("out"), proto.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(generator.fileNames).containsExactly("event.proto");
        assertThat(generator.files.get(0).getDependencies())
                .extracting(FileDescriptor::getName)
                .containsExactly("google/protobuf/timestamp.proto");
    }

    @Test
    void shouldNameFilesRelativeToTheirProtoPath() throws Exception {
        ToolRun.write(
                dir,
                "common/money.proto",
                "syntax = \"proto3\";\npackage common;\nmessage Money { int64 units = 1; }\n");
        final Path order = ToolRun.write(
                dir,
                "trade/order.proto",
                "syntax = \"proto3\";\nimport \"common/money.proto\";\nmessage Order { common.Money price = 1; }\n");
        final RecordingGenerator generator = new RecordingGenerator();

        final ToolRun run = ToolRun.run(
                generator,
                "-I",
                dir.toString(),
                "--java_out",
                dir.resolve("out").toString(),
                order.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(generator.fileNames).containsExactly("trade/order.proto");
    }

    @Test
    void shouldAcceptFilesNamedRelativeToProtoPath() throws Exception {
        ToolRun.write(dir, "trade/order.proto", VALID);
        final RecordingGenerator generator = new RecordingGenerator();

        final ToolRun run = ToolRun.run(generator, "-I" + dir, "--java_out=" + dir.resolve("out"), "trade/order.proto");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(generator.fileNames).containsExactly("trade/order.proto");
    }

    @Test
    void shouldWriteGeneratedFilesUnderJavaOut() throws Exception {
        final Path proto = ToolRun.write(dir, "order.proto", VALID);
        final RecordingGenerator generator = new RecordingGenerator();
        generator.answer = List.of(new GeneratedFile("org/example/demo/flyproto/OrderDecoder.java", "class X {}\n"));

        final ToolRun run = ToolRun.run(generator, "-I" + dir, "--java_out=" + dir.resolve("out"), proto.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(dir.resolve("out/org/example/demo/flyproto/OrderDecoder.java"))
                .hasContent("class X {}");
    }

    @Test
    void shouldPassGeneratorOptions() throws Exception {
        final Path proto = ToolRun.write(dir, "order.proto", VALID);
        final RecordingGenerator generator = new RecordingGenerator();

        final ToolRun run = ToolRun.run(
                generator,
                "-I" + dir,
                "--java_out=" + dir.resolve("out"),
                "--flyproto_opt=package=com.acme.fly",
                "--flyproto_opt=package_suffix=",
                proto.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(generator.options).isEqualTo(new GeneratorOptions("com.acme.fly", ""));
    }

    @Test
    void shouldExitWithErrorWhenGeneratorRefusesSchema() throws Exception {
        final Path proto = ToolRun.write(dir, "order.proto", VALID);
        final RecordingGenerator generator = new RecordingGenerator();
        generator.failure = new GeneratorException("demo.Order.note: not supported");

        final ToolRun run = ToolRun.run(generator, "-I" + dir, "--java_out=" + dir.resolve("out"), proto.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).isEqualTo("flyproto-gen: demo.Order.note: not supported" + System.lineSeparator());
    }

    @Test
    void shouldGenerateNamedFilesFromDescriptorSetIn() throws Exception {
        ToolRun.write(dir, "a.proto", "syntax = \"proto3\";\nmessage A { int32 x = 1; }\n");
        ToolRun.write(dir, "b.proto", "syntax = \"proto3\";\nimport \"a.proto\";\nmessage B { A a = 1; }\n");
        final Path set = writeSet(ToolRun.descriptorSet(dir, "b.proto"));
        final RecordingGenerator generator = new RecordingGenerator();

        final ToolRun run =
                ToolRun.run(generator, "--descriptor_set_in=" + set, "--java_out=" + dir.resolve("out"), "b.proto");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(generator.fileNames).containsExactly("b.proto");
        assertThat(generator.files.get(0).findMessageTypeByName("B")).isNotNull();
    }

    @Test
    void shouldGenerateAllButWellKnownFilesOfDescriptorSetInWhenNoneNamed() throws Exception {
        ToolRun.write(dir, "a.proto", "syntax = \"proto3\";\nmessage A { int32 x = 1; }\n");
        ToolRun.write(dir, "b.proto", """
                syntax = "proto3";
                import "a.proto";
                import "google/protobuf/duration.proto";
                message B { A a = 1; google.protobuf.Duration d = 2; }
                """);
        final Path set = writeSet(ToolRun.descriptorSet(dir, "b.proto"));
        final RecordingGenerator generator = new RecordingGenerator();

        final ToolRun run =
                ToolRun.run(generator, "--descriptor_set_in", set.toString(), "--java_out=" + dir.resolve("out"));

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(generator.fileNames).containsExactlyInAnyOrder("a.proto", "b.proto");
    }

    @Test
    void shouldExitWithErrorWhenNamedFileIsNotInDescriptorSetIn() throws Exception {
        ToolRun.write(dir, "a.proto", "syntax = \"proto3\";\nmessage A { int32 x = 1; }\n");
        final Path set = writeSet(ToolRun.descriptorSet(dir, "a.proto"));

        final ToolRun run = ToolRun.run("--descriptor_set_in=" + set, "--java_out=" + dir.resolve("out"), "zz.proto");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("zz.proto");
    }

    @Test
    void shouldExitWithErrorWhenDescriptorSetInIsMissing() {
        final ToolRun run =
                ToolRun.run("--descriptor_set_in=" + dir.resolve("nope.pb"), "--java_out=" + dir.resolve("out"));

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("nope.pb").contains("no such file");
    }

    @Test
    void shouldRunProtocGivenOnCommandLine() throws Exception {
        final Path proto = ToolRun.write(dir, "order.proto", VALID);

        final ToolRun run = ToolRun.run(
                "--protoc=" + dir.resolve("no-such-protoc"), "-I" + dir, "--java_out=" + dir, proto.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("cannot run protoc").contains("no-such-protoc");
    }

    private Path writeSet(final FileDescriptorSet set) throws Exception {
        return Files.write(dir.resolve("set.pb"), set.toByteArray());
    }
}
