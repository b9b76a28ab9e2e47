package org.flyproto.gen;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedFilesTest {
    @TempDir
    Path dir;

    @Test
    void shouldEmbedProtocForTheBuildingPlatform() throws Exception {
        assertThat(EmbeddedFiles.load().protocClassifiers()).contains(OsClassifier.current());
    }

    @Test
    void shouldExtractWellKnownProtos() throws Exception {
        final Path include = EmbeddedFiles.load().extractIncludes(dir);

        assertThat(include.resolve("google/protobuf/timestamp.proto")).content().contains("message Timestamp");
        assertThat(include.resolve("google/protobuf/descriptor.proto")).isRegularFile();
    }

    @Test
    void shouldExtractExecutableProtoc() throws Exception {
        final Path protoc =
                EmbeddedFiles.load().extractProtoc(dir, OsClassifier.current()).orElseThrow();

        assertThat(protoc).isExecutable();
        final Process process = new ProcessBuilder(protoc.toString(), "--version")
                .redirectErrorStream(true)
                .start();
        final String version =
                new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(process.waitFor()).isZero();
        assertThat(version).startsWith("libprotoc ");
    }

    @Test
    void shouldHaveNoProtocForUnknownPlatform() throws Exception {
        assertThat(EmbeddedFiles.load().extractProtoc(dir, "plan9-mips")).isEmpty();
    }

    @Test
    void shouldExtractSafelyFromManyThreadsAtOnce() throws Exception {
        final EmbeddedFiles embedded = EmbeddedFiles.load();
        final int threads = 4;
        final CountDownLatch start = new CountDownLatch(1);
        final ExecutorService executor = Executors.newFixedThreadPool(threads);
        try {
            final List<Future<Path>> results = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                final Callable<Path> extraction = () -> {
                    start.await();
                    embedded.extractIncludes(dir);
                    return embedded.extractProtoc(dir, OsClassifier.current()).orElseThrow();
                };
                results.add(executor.submit(extraction));
            }
            start.countDown();
            for (final Future<Path> result : results) {
                assertThat(result.get()).isExecutable();
            }
        } finally {
            executor.shutdownNow();
        }
        final long expectedSize;
        try (var in = EmbeddedFiles.class.getResourceAsStream(
                "/org/flyproto/gen/" + EmbeddedFiles.protocName(OsClassifier.current()))) {
            expectedSize = in.readAllBytes().length;
        }
        assertThat(Files.size(dir.resolve(EmbeddedFiles.protocName(OsClassifier.current()))))
                .isEqualTo(expectedSize);
        try (var leftovers = Files.walk(dir)) {
            assertThat(leftovers.filter(path -> path.toString().endsWith(".tmp")))
                    .isEmpty();
        }
    }

    @Test
    void shouldCacheUnderConfiguredDirectoryByContentKey() throws Exception {
        final EmbeddedFiles embedded = EmbeddedFiles.load();

        assertThat(embedded.cacheDir(Map.of(EmbeddedFiles.CACHE_DIR_ENV, dir.toString())))
                .isEqualTo(dir.resolve(embedded.key()));
        assertThat(embedded.key()).matches("[0-9a-f]{16}");
    }

    @Test
    void shouldCacheUnderTemporaryDirectoryPerUserByDefault() throws Exception {
        final EmbeddedFiles embedded = EmbeddedFiles.load();
        final String user = System.getProperty("user.name");
        final Path cacheDir = embedded.cacheDir(Map.of());

        // Lexical comparison only: on a new machine the directory does not exist yet, and must not be needed.
        assertThat(cacheDir.equals(Path.of(System.getProperty("java.io.tmpdir"), "flyproto-gen-" + sanitized(user))
                        .resolve(embedded.key())))
                .as("cache directory %s", cacheDir)
                .isTrue();
    }

    @Test
    void shouldNotNeedTheCacheDirectoryToExistToNameIt() throws Exception {
        final EmbeddedFiles embedded = EmbeddedFiles.load();
        final String saved = System.getProperty("user.name");
        System.setProperty("user.name", "someone-new/../x y");
        try {
            final Path cacheDir = embedded.cacheDir(Map.of());

            assertThat(Files.exists(cacheDir.getParent())).isFalse();
            assertThat(cacheDir.getParent().getFileName().toString()).isEqualTo("flyproto-gen-someone-new_.._x_y");
        } finally {
            System.setProperty("user.name", saved);
        }
    }

    private static String sanitized(final String user) {
        return user.replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
