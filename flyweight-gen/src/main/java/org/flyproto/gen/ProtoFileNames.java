package org.flyproto.gen;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Maps the {@code .proto} files named on a command line to the names protoc gives them in its output (relative to the
 * proto path that holds them), following protoc's own rule: a file that exists on disk is named relative to the first
 * proto path containing it; any other name already is a name relative to the proto paths.
 */
final class ProtoFileNames {
    private ProtoFileNames() {}

    /**
     * @param input      a file as given to protoc.
     * @param protoPaths the proto paths as given to protoc, each {@code DIR} or {@code VIRTUAL=DIR}.
     * @return the name of that file in protoc's descriptor set.
     */
    static String virtualName(final String input, final List<String> protoPaths) {
        final Path file;
        try {
            file = Path.of(input);
        } catch (InvalidPathException e) {
            return canonical(input);
        }
        if (!Files.isRegularFile(file)) {
            return canonical(input);
        }
        final Path absolute = file.toAbsolutePath().normalize();
        for (final String protoPath : protoPaths) {
            final int eq = protoPath.indexOf('=');
            final String prefix = eq < 0 ? "" : canonical(protoPath.substring(0, eq));
            final Path dir = Path.of(eq < 0 ? protoPath : protoPath.substring(eq + 1))
                    .toAbsolutePath()
                    .normalize();
            if (absolute.startsWith(dir) && !absolute.equals(dir)) {
                final String relative = canonical(dir.relativize(absolute).toString());
                return prefix.isEmpty() ? relative : prefix + "/" + relative;
            }
        }
        return canonical(input);
    }

    /** Drops empty and {@code .} segments, and uses {@code /} separators, as protoc does. */
    static String canonical(final String name) {
        final List<String> parts = new ArrayList<>();
        for (final String part : name.split("[/\\\\]")) {
            if (!part.isEmpty() && !".".equals(part)) {
                parts.add(part);
            }
        }
        return String.join("/", parts);
    }
}
