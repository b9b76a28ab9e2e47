package org.flyproto.gen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProtocTest {
    @TempDir
    Path dir;

    @Test
    void shouldTellToPassProtocWhenNoneIsEmbeddedForThisPlatform() {
        assertThatThrownBy(() -> Protoc.locate(null, env(), "plan9-mips"))
                .isInstanceOf(ToolException.class)
                .hasMessageContaining("plan9-mips")
                .hasMessageContaining("--protoc=")
                .hasMessageContaining(Protoc.PROTOC_ENV);
    }

    @Test
    void shouldRunProtocNamedByEnvironment() throws Exception {
        final Map<String, String> env = Map.of(
                EmbeddedFiles.CACHE_DIR_ENV,
                dir.toString(),
                Protoc.PROTOC_ENV,
                dir.resolve("env-protoc").toString());
        final Protoc protoc = Protoc.locate(null, env, "plan9-mips");
        final ByteArrayOutputStream err = new ByteArrayOutputStream();

        assertThatThrownBy(() -> protoc.writeDescriptorSet(
                        List.of("."), List.of("a.proto"), dir.resolve("set.pb"), System.out, new PrintStream(err)))
                .isInstanceOf(ToolException.class)
                .hasMessageContaining("env-protoc");
    }

    @Test
    void shouldPreferCommandLineOverEnvironment() throws Exception {
        final Map<String, String> env =
                Map.of(EmbeddedFiles.CACHE_DIR_ENV, dir.toString(), Protoc.PROTOC_ENV, "env-protoc");
        final Protoc protoc = Protoc.locate("cli-protoc", env, "plan9-mips");

        assertThatThrownBy(() -> protoc.writeDescriptorSet(
                        List.of("."), List.of("a.proto"), dir.resolve("set.pb"), System.out, System.err))
                .hasMessageContaining("cli-protoc");
    }

    @Test
    void shouldPassProtocErrorsThroughUnchanged() throws Exception {
        ToolRun.write(dir, "a.proto", "syntax = \"proto3\";\nmessage A { int32 x = 1; int32 y = 1; }\n");
        final ByteArrayOutputStream err = new ByteArrayOutputStream();

        final int exitCode = Protoc.locate(null, env())
                .writeDescriptorSet(
                        List.of(dir.toString()),
                        List.of("a.proto"),
                        dir.resolve("set.pb"),
                        System.out,
                        new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(exitCode).isNotZero();
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains("a.proto:2:")
                .contains("Field number 1 has already been used");
    }

    private Map<String, String> env() {
        return Map.of(EmbeddedFiles.CACHE_DIR_ENV, dir.toString());
    }
}
