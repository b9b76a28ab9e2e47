package org.flyproto.gen;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Writes generated sources under an output directory. A file whose content is unchanged is left alone, so its
 * timestamp does not trigger recompilation.
 */
final class SourceWriter {
    private SourceWriter() {}

    /**
     * @return how many files were written (created or changed).
     * @throws GeneratorException if a path is not a plain relative path inside the directory, or appears twice;
     *                            nothing is written then.
     */
    static int write(final Path outputDir, final List<GeneratedFile> files) throws GeneratorException, IOException {
        final Path root = outputDir.toAbsolutePath().normalize();
        final Set<Path> targets = new HashSet<>();
        for (final GeneratedFile file : files) {
            final Path target = target(root, file.path());
            if (!targets.add(target)) {
                throw new GeneratorException("the generator produced " + file.path() + " twice");
            }
        }
        int written = 0;
        for (final GeneratedFile file : files) {
            final Path target = target(root, file.path());
            final byte[] content = file.content().getBytes(StandardCharsets.UTF_8);
            if (Files.isRegularFile(target) && Arrays.equals(Files.readAllBytes(target), content)) {
                continue;
            }
            Files.createDirectories(target.getParent());
            Files.write(target, content);
            written++;
        }
        return written;
    }

    private static Path target(final Path root, final String path) throws GeneratorException {
        for (final String segment : path.split("/", -1)) {
            if (segment.isEmpty() || ".".equals(segment) || "..".equals(segment) || segment.contains("\\")) {
                throw new GeneratorException("the generator produced a bad path: '" + path + "'");
            }
        }
        final Path target = root.resolve(path).normalize();
        if (!target.startsWith(root) || target.equals(root)) {
            throw new GeneratorException("the generator produced a path outside the output directory: " + path);
        }
        return target;
    }
}
