package org.flyproto.gen;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.DescriptorProtos;
import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.DescriptorProtos.FileOptions;
import com.google.protobuf.compiler.PluginProtos;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Generated sources compile with {@code -Xlint:all -Werror} against the runtime alone: schemas using every feature
 * the generator handles (groups, oneofs, defaults, closed enums, required, editions features) go through the command
 * line, and the output through javac; every line fits in 120 columns (long_names.proto makes the generator wrap
 * every kind of member).
 */
class GeneratedCodeCompilesTest {
    /** A string literal: it cannot be broken, so a long one may take a line over the width. */
    private static final Pattern STRING_LITERAL = Pattern.compile("\"([^\"\\\\]|\\\\.)*\"");

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(
            strings = {
                "proto2_features.proto",
                "edition2023_features.proto",
                "name_clashes.proto",
                "long_names.proto",
                "google/protobuf/flyproto_path_test.proto"
            })
    void shouldCompileWithoutWarnings(final String proto) throws IOException {
        final Path protoDir = dir.resolve("proto");
        Files.createDirectories(protoDir.resolve(proto).getParent());
        try (InputStream in = getClass().getResourceAsStream("features/" + proto)) {
            Files.copy(in, protoDir.resolve(proto));
        }
        final Path out = dir.resolve("java");
        final ToolRun run = ToolRun.run(
                "--proto_path=" + protoDir,
                "--java_out=" + out,
                protoDir.resolve(proto).toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        compile(out);
    }

    /**
     * Fields typed with {@code descriptor.proto} and {@code compiler/plugin.proto} messages: the first resolve to the
     * classes flyproto-wkt ships (generated here from the same file, as the wkt module does), the second, not a
     * well-known type, to the package of plugin.proto generated with them.
     */
    @Test
    void shouldCompileFieldsTypedWithDescriptorAndPluginMessages() throws IOException {
        final FileDescriptorProto holder = FileDescriptorProto.newBuilder()
                .setName("holder.proto")
                .setPackage("descriptors")
                .setSyntax("proto3")
                .addDependency(DescriptorProtos.getDescriptor().getName())
                .addDependency(PluginProtos.getDescriptor().getName())
                .setOptions(FileOptions.newBuilder().setJavaPackage("org.example.descriptors"))
                .addMessageType(DescriptorProto.newBuilder()
                        .setName("Holder")
                        .addField(messageField("file", 1, ".google.protobuf.FileDescriptorProto", false))
                        .addField(messageField("options", 2, ".google.protobuf.FileOptions", false))
                        .addField(messageField("messages", 3, ".google.protobuf.DescriptorProto", true))
                        .addField(messageField("request", 4, ".google.protobuf.compiler.CodeGeneratorRequest", false))
                        .addField(FieldDescriptorProto.newBuilder()
                                .setName("type")
                                .setNumber(5)
                                .setLabel(FieldDescriptorProto.Label.LABEL_OPTIONAL)
                                .setType(FieldDescriptorProto.Type.TYPE_ENUM)
                                .setTypeName(".google.protobuf.FieldDescriptorProto.Type")))
                .build();
        final Path set = dir.resolve("set.binpb");
        Files.write(
                set,
                FileDescriptorSet.newBuilder()
                        .addFile(DescriptorProtos.getDescriptor().toProto())
                        .addFile(PluginProtos.getDescriptor().toProto())
                        .addFile(holder)
                        .build()
                        .toByteArray());
        final Path out = dir.resolve("java");
        final ToolRun run = ToolRun.run(
                "--descriptor_set_in=" + set,
                "--java_out=" + out,
                "holder.proto",
                DescriptorProtos.getDescriptor().getName(),
                PluginProtos.getDescriptor().getName());
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(out.resolve("org/flyproto/wkt/FileDescriptorProtoDecoder.java"))
                .isRegularFile();
        assertThat(out.resolve("com/google/protobuf/compiler/flyproto/CodeGeneratorRequestDecoder.java"))
                .isRegularFile();
        assertThat(out.resolve("org/example/descriptors/flyproto/HolderDecoder.java"))
                .content()
                .contains("org.flyproto.wkt.FileDescriptorProtoDecoder")
                .contains("com.google.protobuf.compiler.flyproto.CodeGeneratorRequestDecoder");
        compile(out);
    }

    private static void assertLinesFit(final Path out) throws IOException {
        try (Stream<Path> files = Files.walk(out)) {
            for (final Path file :
                    files.filter(f -> f.toString().endsWith(".java")).toList()) {
                assertThat(Files.readAllLines(file).stream()
                                .filter(line -> line.length() > 120)
                                .filter(line -> STRING_LITERAL
                                                .matcher(line)
                                                .replaceAll("\"\"")
                                                .length()
                                        > 120))
                        .as(file.toString())
                        .isEmpty();
            }
        }
    }

    private static FieldDescriptorProto messageField(
            final String name, final int number, final String type, final boolean repeated) {
        return FieldDescriptorProto.newBuilder()
                .setName(name)
                .setNumber(number)
                .setLabel(
                        repeated
                                ? FieldDescriptorProto.Label.LABEL_REPEATED
                                : FieldDescriptorProto.Label.LABEL_OPTIONAL)
                .setType(FieldDescriptorProto.Type.TYPE_MESSAGE)
                .setTypeName(type)
                .build();
    }

    /**
     * HotSpot compiles no method over 8000 bytes of bytecode ({@code -XX:+DontCompileHugeMethods}, on by default): a
     * scan that long would run interpreted. A message of 300 fields of the kinds with the longest scan cases (repeated
     * closed enums packed and unpacked, oneof messages and strings, optional messages, strings, bytes) must compile to
     * methods below that.
     */
    @Test
    void shouldKeepEveryScanMethodCompilableByTheJit() throws IOException {
        final StringBuilder proto = new StringBuilder(
                "syntax = \"proto2\";\nenum E { A = 0; B = 1; }\nmessage Inner { optional int32 a = 1; }\n"
                        + "message Big {\n  oneof choice {\n");
        for (int n = 1; n <= 60; n++) {
            proto.append(n % 2 == 0 ? "    Inner o" : "    string o")
                    .append(n)
                    .append(" = ")
                    .append(n)
                    .append(";\n");
        }
        proto.append("  }\n");
        for (int n = 61; n <= 300; n++) {
            proto.append(
                    switch (n % 4) {
                        case 0 -> "  repeated E e" + n + " = " + n + " [packed = true];\n";
                        case 1 -> "  optional Inner m" + n + " = " + n + ";\n";
                        case 2 -> "  optional string s" + n + " = " + n + ";\n";
                        default -> "  repeated E u" + n + " = " + n + ";\n";
                    });
        }
        final Path protoDir = dir.resolve("proto");
        Files.createDirectories(protoDir);
        Files.writeString(protoDir.resolve("big.proto"), proto.append("}\n"));
        final Path out = dir.resolve("java");
        final ToolRun run = ToolRun.run(
                "--proto_path=" + protoDir,
                "--java_out=" + out,
                protoDir.resolve("big.proto").toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        compile(out);
        final StringWriter listing = new StringWriter();
        final int status = java.util.spi.ToolProvider.findFirst("javap")
                .orElseThrow()
                .run(
                        new PrintWriter(listing),
                        new PrintWriter(new StringWriter()),
                        "-c",
                        "-p",
                        "-cp",
                        dir.resolve("classes").toString(),
                        "flyproto.BigDecoder");
        assertThat(status).isZero();
        final Map<String, Integer> sizes = new LinkedHashMap<>();
        String method = null;
        for (final String line : listing.toString().split("\n")) {
            if (line.startsWith("  ") && !line.startsWith("   ") && line.contains("(")) {
                method = line.trim();
            } else if (method != null && line.matches(" +\\d+: .*")) {
                sizes.merge(method, Integer.parseInt(line.trim().split(":")[0]), Math::max);
            }
        }
        assertThat(sizes.keySet()).anyMatch(name -> name.contains("scanFields()"));
        assertThat(sizes).allSatisfy((name, size) -> assertThat(size).as(name).isLessThan(8000));
    }

    /**
     * Checks that no line under {@code out} is over 120 columns, but for one that fits with its string literals
     * emptied (they cannot be broken); then compiles every source with {@code -Xlint:all -Werror} against the runtime
     * alone.
     */
    private void compile(final Path out) throws IOException {
        assertLinesFit(out);
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
        assertThat(arguments.size()).isGreaterThan(6);
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
