import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * Build step (run with the JDK's source launcher): writes {@code embedded.index} into the given directory, listing
 * every file under its {@code protoc/} and {@code include/} folders, so that the runtime can extract them without
 * listing a jar. The first line, {@code key=HASH}, is a content hash that names the extraction cache directory: a
 * rebuilt jar with other contents never reuses stale files.
 */
public final class IndexEmbeddedFiles {
    private static final String INDEX = "embedded.index";

    public static void main(final String[] args) throws IOException, NoSuchAlgorithmException {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: IndexEmbeddedFiles DIR");
        }
        final Path root = Path.of(args[0]);
        final List<String> files = list(root, "protoc");
        files.addAll(list(root, "include"));
        if (files.isEmpty()) {
            throw new IllegalStateException("nothing to index under " + root);
        }
        final MessageDigest digest = MessageDigest.getInstance("SHA-256");
        final StringBuilder index = new StringBuilder();
        for (final String file : files) {
            digest.update(file.getBytes(StandardCharsets.UTF_8));
            digest.update((byte) 0);
            digest.update(Files.readAllBytes(root.resolve(file)));
            index.append(file).append('\n');
        }
        final String key = HexFormat.of().formatHex(digest.digest()).substring(0, 16);
        final byte[] content = ("key=" + key + "\n" + index).getBytes(StandardCharsets.UTF_8);
        final Path target = root.resolve(INDEX);
        if (!Files.exists(target) || !java.util.Arrays.equals(Files.readAllBytes(target), content)) {
            Files.write(target, content);
        }
    }

    private static List<String> list(final Path root, final String folder) throws IOException {
        final Path dir = root.resolve(folder);
        if (!Files.isDirectory(dir)) {
            return new java.util.ArrayList<>();
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            return paths.filter(Files::isRegularFile)
                    .map(path -> root.relativize(path).toString().replace('\\', '/'))
                    .sorted()
                    .collect(java.util.stream.Collectors.toCollection(java.util.ArrayList::new));
        }
    }
}
