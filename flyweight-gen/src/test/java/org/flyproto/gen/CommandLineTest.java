package org.flyproto.gen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class CommandLineTest {
    @Test
    void shouldParseEveryOption() throws Exception {
        final CommandLine commandLine = CommandLine.parse(new String[] {
            "--proto_path=src/proto",
            "-Ivendor",
            "-I",
            "third",
            "--proto_path",
            "more",
            "--java_out=gen",
            "--flyproto_opt=package=a.b",
            "--protoc=/opt/protoc",
            "x.proto",
            "y/z.proto"
        });

        assertThat(commandLine.protoPaths()).containsExactly("src/proto", "vendor", "third", "more");
        assertThat(commandLine.javaOut()).isEqualTo(Path.of("gen"));
        assertThat(commandLine.options()).isEqualTo(new GeneratorOptions("a.b", ".flyproto"));
        assertThat(commandLine.protoc()).isEqualTo("/opt/protoc");
        assertThat(commandLine.files()).containsExactly("x.proto", "y/z.proto");
        assertThat(commandLine.descriptorSetsIn()).isEmpty();
        assertThat(commandLine.help()).isFalse();
    }

    @Test
    void shouldSplitProtoPathListsLikeProtoc() throws Exception {
        final CommandLine commandLine = CommandLine.parse(
                new String[] {"--proto_path=a" + File.pathSeparator + "b", "--java_out=o", "x.proto"});

        assertThat(commandLine.protoPaths()).containsExactly("a", "b");
    }

    @Test
    void shouldJoinRepeatedGeneratorOptions() throws Exception {
        final CommandLine commandLine = CommandLine.parse(new String[] {
            "--flyproto_opt=package=a.b", "--flyproto_opt=package_suffix=.x", "--java_out=o", "x.proto"
        });

        assertThat(commandLine.options()).isEqualTo(new GeneratorOptions("a.b", ".x"));
    }

    @Test
    void shouldAcceptDescriptorSetInWithoutFiles() throws Exception {
        final CommandLine commandLine = CommandLine.parse(
                new String[] {"--descriptor_set_in=set.pb", "--descriptor_set_in=more.pb", "--java_out=o"});

        assertThat(commandLine.descriptorSetsIn()).containsExactly(Path.of("set.pb"), Path.of("more.pb"));
        assertThat(commandLine.files()).isEmpty();
    }

    @Test
    void shouldTreatArgumentsAfterDoubleDashAsFiles() throws Exception {
        final CommandLine commandLine = CommandLine.parse(new String[] {"--java_out=o", "--", "-odd.proto"});

        assertThat(commandLine.files()).containsExactly("-odd.proto");
    }

    @Test
    void shouldStopParsingAtHelp() throws Exception {
        assertThat(CommandLine.parse(new String[] {"-h", "--bogus"}).help()).isTrue();
    }

    @Test
    void shouldRejectUnknownOption() {
        assertUsageError(new String[] {"--java_out=o", "--bogus", "x.proto"}, "unknown option: --bogus");
    }

    @Test
    void shouldRejectOptionWithoutValue() {
        assertUsageError(new String[] {"x.proto", "--java_out"}, "--java_out needs a value");
        assertUsageError(new String[] {"x.proto", "--java_out="}, "--java_out needs a value");
    }

    @Test
    void shouldRejectRepeatedJavaOut() {
        assertUsageError(new String[] {"--java_out=a", "--java_out=b", "x.proto"}, "--java_out given twice");
    }

    @Test
    void shouldRejectProtoPathWithDescriptorSetIn() {
        assertUsageError(new String[] {"-Ia", "--descriptor_set_in=s.pb", "--java_out=o"}, "--proto_path");
    }

    private static void assertUsageError(final String[] args, final String message) {
        assertThatThrownBy(() -> CommandLine.parse(args))
                .isInstanceOfSatisfying(
                        ToolException.class, e -> assertThat(e.exitCode()).isEqualTo(ToolException.USAGE))
                .hasMessageContaining(message);
    }
}
