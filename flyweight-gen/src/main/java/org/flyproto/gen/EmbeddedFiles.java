package org.flyproto.gen;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The protoc executable and the well-known {@code .proto} files that the build packs into this jar, and their
 * extraction into a cache directory where protoc can run and read them.
 *
 * <p>The build writes {@value #INDEX} next to them: {@code key=HASH} (a hash of everything embedded), then one
 * relative path per line. The files go to {@code CACHE/HASH/}, so jars with other contents never share files, and each
 * is written to a temporary file first and then moved into place atomically: two processes extracting at once both see
 * only complete files.
 */
final class EmbeddedFiles {
    /** Environment variable naming the cache directory (e.g. when the temporary directory is mounted noexec). */
    static final String CACHE_DIR_ENV = "FLYPROTO_CACHE_DIR";

    static final String INDEX = "embedded.index";
    private static final String RESOURCES = "/org/flyproto/gen/";
    private static final String INCLUDE = "include/";
    private static final String PROTOC_PREFIX = "protoc/protoc-";
    private static final String EXE = ".exe";
    private static final String KEY = "key=";

    private final String key;
    private final List<String> files;

    private EmbeddedFiles(final String key, final List<String> files) {
        this.key = key;
        this.files = files;
    }

    /** Reads the index from the classpath. */
    static EmbeddedFiles load() throws ToolException {
        try (InputStream in = EmbeddedFiles.class.getResourceAsStream(RESOURCES + INDEX)) {
            if (in == null) {
                throw ToolException.failure("this build of flyproto-gen has no embedded protoc or well-known types ("
                        + INDEX + " missing)");
            }
            final BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            final String first = reader.readLine();
            if (first == null || !first.startsWith(KEY)) {
                throw ToolException.failure("malformed " + INDEX + ": no " + KEY + " line");
            }
            final List<String> files = new ArrayList<>();
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (!line.isBlank()) {
                    files.add(line.strip());
                }
            }
            return new EmbeddedFiles(first.substring(KEY.length()).strip(), List.copyOf(files));
        } catch (IOException e) {
            throw ToolException.failure("cannot read " + INDEX + ": " + e.getMessage(), e);
        }
    }

    /** The content hash of everything embedded. */
    String key() {
        return key;
    }

    /** The resource name of the protoc for the given OS classifier ({@code linux-x86_64}...). */
    static String protocName(final String classifier) {
        return PROTOC_PREFIX + classifier + EXE;
    }

    /** The classifiers of the embedded protoc executables. */
    List<String> protocClassifiers() {
        return files.stream()
                .filter(file -> file.startsWith(PROTOC_PREFIX) && file.endsWith(EXE))
                .map(file -> file.substring(PROTOC_PREFIX.length(), file.length() - EXE.length()))
                .toList();
    }

    /**
     * The directory this jar extracts to: {@code $FLYPROTO_CACHE_DIR/KEY}, else {@code TMPDIR/flyproto-gen-USER/KEY}.
     */
    Path cacheDir(final Map<String, String> env) {
        final String configured = env.get(CACHE_DIR_ENV);
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured).resolve(key);
        }
        final String user = System.getProperty("user.name", "user").replaceAll("[^A-Za-z0-9._-]", "_");
        return Path.of(System.getProperty("java.io.tmpdir"))
                .resolve("flyproto-gen-" + user)
                .resolve(key);
    }

    /**
     * Extracts the well-known {@code .proto} files (unless already there).
     *
     * @return the include directory to pass as a proto path.
     */
    Path extractIncludes(final Path dir) throws IOException {
        createPrivateDirectories(dir);
        for (final String file : files) {
            if (file.startsWith(INCLUDE)) {
                extract(file, dir, false);
            }
        }
        return dir.resolve(INCLUDE);
    }

    /**
     * Extracts the protoc for the given OS classifier (unless already there).
     *
     * @return the executable, or empty when this jar has none for that classifier.
     */
    Optional<Path> extractProtoc(final Path dir, final String classifier) throws IOException {
        final String name = protocName(classifier);
        if (!files.contains(name)) {
            return Optional.empty();
        }
        createPrivateDirectories(dir);
        return Optional.of(extract(name, dir, true));
    }

    private static Path extract(final String name, final Path dir, final boolean executable) throws IOException {
        final Path target = dir.resolve(name);
        if (Files.isRegularFile(target) && (!executable || Files.isExecutable(target))) {
            return target;
        }
        final Path parent = target.getParent();
        Files.createDirectories(parent);
        final Path temp = Files.createTempFile(parent, "." + target.getFileName(), ".tmp");
        try {
            try (InputStream in = EmbeddedFiles.class.getResourceAsStream(RESOURCES + name)) {
                if (in == null) {
                    throw new IOException("resource " + RESOURCES + name + " listed in " + INDEX + " is missing");
                }
                Files.copy(in, temp, StandardCopyOption.REPLACE_EXISTING);
            }
            if (executable && !temp.toFile().setExecutable(true, true)) {
                throw new IOException("cannot make " + temp + " executable");
            }
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException e) {
                // Another process may have moved its copy into place first (Windows refuses to replace it): fine.
                if (!Files.isRegularFile(target)) {
                    throw e;
                }
            }
            return target;
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /** Creates the directory; where the file system has POSIX permissions, new directories are the user's only. */
    private static void createPrivateDirectories(final Path dir) throws IOException {
        if (Files.isDirectory(dir)) {
            return;
        }
        if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            Files.createDirectories(
                    dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } else {
            Files.createDirectories(dir);
        }
    }
}
