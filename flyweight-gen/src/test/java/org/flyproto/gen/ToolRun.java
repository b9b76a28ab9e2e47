package org.flyproto.gen;

import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** One run of {@link Main#run} with captured output, and helpers to set one up. */
record ToolRun(int exitCode, byte[] outBytes, String err) {
    /** Extracts the embedded protoc under {@code target/}, not the shared temporary directory. */
    static final Map<String, String> ENV = Map.of(
            EmbeddedFiles.CACHE_DIR_ENV,
            Path.of("target", "protoc-cache").toAbsolutePath().toString());

    static ToolRun run(final String... args) {
        return run(CodeGenerator.FLYWEIGHTS, new byte[0], args);
    }

    static ToolRun run(final CodeGenerator generator, final String... args) {
        return run(generator, new byte[0], args);
    }

    static ToolRun run(final CodeGenerator generator, final byte[] in, final String... args) {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int exitCode;
        try (PrintStream outStream = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            exitCode = Main.run(args, new ByteArrayInputStream(in), outStream, errStream, ENV, generator);
        }
        return new ToolRun(exitCode, out.toByteArray(), err.toString(StandardCharsets.UTF_8));
    }

    String out() {
        return new String(outBytes, StandardCharsets.UTF_8);
    }

    static Path write(final Path dir, final String name, final String content) throws IOException {
        final Path file = dir.resolve(name);
        Files.createDirectories(file.getParent());
        return Files.writeString(file, content);
    }

    /** What the embedded protoc makes of the files ({@code --include_imports}). */
    static FileDescriptorSet descriptorSet(final Path protoPath, final String... files) throws Exception {
        final Path out = Files.createTempFile(protoPath, "set", ".pb");
        try {
            final int exitCode = Protoc.locate(null, ENV)
                    .writeDescriptorSet(List.of(protoPath.toString()), List.of(files), out, System.out, System.err);
            if (exitCode != 0) {
                throw new AssertionError("protoc failed: " + exitCode);
            }
            return FileDescriptorSet.parseFrom(Files.readAllBytes(out));
        } finally {
            Files.delete(out);
        }
    }
}
