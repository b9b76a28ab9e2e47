package org.flyproto.gen;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs protoc to turn {@code .proto} files into a {@code FileDescriptorSet}: the one given by {@code --protoc=} or
 * {@value #PROTOC_ENV}, else the one embedded in this jar for the running OS. Either way the embedded well-known
 * {@code .proto} files come last on the proto path, so {@code import "google/protobuf/timestamp.proto"} resolves with
 * no set-up.
 */
final class Protoc {
    /** Environment variable naming the protoc to run, like {@code --protoc=}. */
    static final String PROTOC_ENV = "FLYPROTO_PROTOC";

    private final String executable;
    private final Path includeDir;

    private Protoc(final String executable, final Path includeDir) {
        this.executable = executable;
        this.includeDir = includeDir;
    }

    /**
     * Finds protoc, extracting the embedded files as needed.
     *
     * @param explicit the {@code --protoc} value, or {@code null}.
     * @param env      the environment ({@value #PROTOC_ENV}, {@value EmbeddedFiles#CACHE_DIR_ENV}).
     */
    static Protoc locate(final String explicit, final Map<String, String> env) throws ToolException {
        return locate(explicit, env, OsClassifier.current());
    }

    /** {@link #locate(String, Map)} as if running on the OS of the given classifier. */
    static Protoc locate(final String explicit, final Map<String, String> env, final String classifier)
            throws ToolException {
        final EmbeddedFiles embedded = EmbeddedFiles.load();
        final Path cacheDir = embedded.cacheDir(env);
        try {
            final Path includeDir = embedded.extractIncludes(cacheDir);
            String executable = explicit;
            if (executable == null || executable.isBlank()) {
                executable = env.get(PROTOC_ENV);
            }
            if (executable == null || executable.isBlank()) {
                executable = embedded.extractProtoc(cacheDir, classifier)
                        .map(Path::toString)
                        .orElseThrow(() -> ToolException.failure("this flyproto-gen jar embeds no protoc for "
                                + classifier + " (it has: " + String.join(", ", embedded.protocClassifiers())
                                + "): pass --protoc=PATH or set " + PROTOC_ENV));
            }
            return new Protoc(executable, includeDir);
        } catch (IOException e) {
            throw ToolException.failure(
                    "cannot extract the embedded protoc and .proto files into " + cacheDir + ": " + e + " (set "
                            + EmbeddedFiles.CACHE_DIR_ENV + " to another directory, or pass --protoc=PATH)",
                    e);
        }
    }

    /**
     * Runs {@code protoc --include_imports --include_source_info --descriptor_set_out=...}. protoc's output (its
     * error messages, with file, line and column) goes to {@code out} and {@code err} unchanged.
     *
     * @return protoc's exit code: non-zero means the schema is wrong and protoc said why.
     */
    int writeDescriptorSet(
            final List<String> protoPaths,
            final List<String> files,
            final Path descriptorSetOut,
            final PrintStream out,
            final PrintStream err)
            throws ToolException {
        final List<String> command = new ArrayList<>();
        command.add(executable);
        command.add("--include_imports");
        command.add("--include_source_info");
        command.add("--descriptor_set_out=" + descriptorSetOut);
        for (final String protoPath : protoPaths) {
            command.add("--proto_path=" + protoPath);
        }
        command.add("--proto_path=" + includeDir);
        command.addAll(files);
        final Process process;
        try {
            process = new ProcessBuilder(command).start();
        } catch (IOException e) {
            throw ToolException.failure(
                    "cannot run protoc (" + executable + "): " + e.getMessage() + " (pass --protoc=PATH, or set "
                            + EmbeddedFiles.CACHE_DIR_ENV + " to a directory that allows executables)",
                    e);
        }
        try {
            process.getOutputStream().close();
            final Thread stdout = new Thread(() -> copy(process.getInputStream(), out), "protoc-stdout");
            stdout.setDaemon(true);
            stdout.start();
            copy(process.getErrorStream(), err);
            stdout.join();
            return process.waitFor();
        } catch (IOException e) {
            process.destroyForcibly();
            throw ToolException.failure("cannot talk to protoc: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw ToolException.failure("interrupted while running protoc", e);
        }
    }

    private static void copy(final InputStream from, final OutputStream to) {
        try (from) {
            from.transferTo(to);
            to.flush();
        } catch (IOException e) {
            // The process died or the stream closed: its exit code tells what happened.
        }
    }
}
