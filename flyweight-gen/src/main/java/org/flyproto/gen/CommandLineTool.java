package org.flyproto.gen;

import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.InvalidProtocolBufferException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The standalone mode: {@code .proto} files (through protoc) or a {@code FileDescriptorSet} in, sources written under
 * {@code --java_out}.
 */
final class CommandLineTool {
    private static final String WELL_KNOWN_PREFIX = "google/protobuf/";

    private CommandLineTool() {}

    /**
     * Runs the parsed command line.
     *
     * @return 0, or {@link ToolException#FAILURE} when protoc rejected the schema (it said why on {@code err}).
     * @throws ToolException      anything else that stops the run, with its message.
     * @throws GeneratorException the generator refused the schema.
     */
    static int run(
            final CommandLine commandLine,
            final Map<String, String> env,
            final PrintStream out,
            final PrintStream err,
            final CodeGenerator generator)
            throws ToolException, GeneratorException {
        final DescriptorSets descriptors;
        final List<String> names = new ArrayList<>();
        if (commandLine.descriptorSetsIn().isEmpty()) {
            final List<String> protoPaths =
                    commandLine.protoPaths().isEmpty() ? List.of(".") : commandLine.protoPaths();
            final Protoc protoc = Protoc.locate(commandLine.protoc(), env);
            final FileDescriptorSet set;
            final Path setFile = createTempFile();
            try {
                if (protoc.writeDescriptorSet(protoPaths, commandLine.files(), setFile, out, err) != 0) {
                    return ToolException.FAILURE;
                }
                set = read(setFile, "protoc's descriptor set");
            } finally {
                deleteQuietly(setFile);
            }
            descriptors = DescriptorSets.of(set.getFileList());
            for (final String file : commandLine.files()) {
                final String name = ProtoFileNames.virtualName(file, protoPaths);
                if (!descriptors.names().contains(name)) {
                    throw ToolException.failure("cannot find " + file + " (as " + name + ") in protoc's output");
                }
                names.add(name);
            }
        } else {
            final List<FileDescriptorProto> files = new ArrayList<>();
            for (final Path setFile : commandLine.descriptorSetsIn()) {
                files.addAll(read(setFile, "--descriptor_set_in " + setFile).getFileList());
            }
            descriptors = DescriptorSets.of(files);
            if (commandLine.files().isEmpty()) {
                descriptors.names().stream()
                        .filter(name -> !name.startsWith(WELL_KNOWN_PREFIX))
                        .forEach(names::add);
            } else {
                for (final String file : commandLine.files()) {
                    final String name = ProtoFileNames.canonical(file);
                    if (!descriptors.names().contains(name)) {
                        throw ToolException.failure(file + " is not in the descriptor set (name files as protoc did,"
                                + " relative to their proto path)");
                    }
                    names.add(name);
                }
            }
        }
        final List<GeneratedFile> generated = generator.generate(descriptors.build(names), commandLine.options());
        try {
            SourceWriter.write(commandLine.javaOut(), generated);
        } catch (IOException e) {
            throw ToolException.failure("cannot write to " + commandLine.javaOut() + ": " + e, e);
        }
        return 0;
    }

    private static FileDescriptorSet read(final Path file, final String what) throws ToolException {
        try {
            return FileDescriptorSet.parseFrom(Files.readAllBytes(file));
        } catch (NoSuchFileException e) {
            throw ToolException.failure("cannot read " + what + ": no such file", e);
        } catch (InvalidProtocolBufferException e) {
            throw ToolException.failure(
                    "cannot read " + what + ": not a FileDescriptorSet (" + e.getMessage() + ")", e);
        } catch (IOException e) {
            throw ToolException.failure("cannot read " + what + ": " + e, e);
        }
    }

    private static Path createTempFile() throws ToolException {
        try {
            return Files.createTempFile("flyproto-gen-", ".pb");
        } catch (IOException e) {
            throw ToolException.failure("cannot create a temporary file: " + e, e);
        }
    }

    private static void deleteQuietly(final Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // A stale file in the temporary directory is not worth failing the run for.
        }
    }
}
