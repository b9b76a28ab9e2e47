package org.flyproto.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.flyproto.tools.Tool.ALL_TYPES;
import static org.flyproto.tools.Tool.SET;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CommandLineTest {
    @Test
    void shouldPrintHelpWithExitZero() {
        final Tool.Result result = Tool.run("decode", "--help");

        assertThat(result.exit()).isZero();
        assertThat(result.text()).startsWith("usage:").contains(Main.USAGE_DUMP).contains("Exit codes");
        assertThat(result.err()).isEmpty();
    }

    @Test
    void shouldListTheMessageTypesSorted() {
        final Tool.Result result = Tool.run("list-types", SET);

        assertThat(result.exit()).as(result.err()).isZero();
        assertThat(result.text().split("\n"))
                .contains(
                        "flyproto.bench.NewOrder",
                        "flyproto.test.AllTypes",
                        "flyproto.test.AllTypes.Nested",
                        "flyproto.test.Leaf")
                .isSorted();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "", // no command
                "frobnicate @set",
                "decode --type=flyproto.test.AllTypes", // no descriptor set
                "decode @set", // no type
                "decode @set --type=flyproto.test.AllTypes --bogus",
                "decode @set --type=flyproto.test.AllTypes --json --text",
                "decode @set --type=flyproto.test.AllTypes --pretty", // a JSON option without --json
                "decode @set --type=flyproto.test.AllTypes --json=yes",
                "decode @set --type=flyproto.test.AllTypes a.bin b.bin",
                "decode @set --type=flyproto.test.AllTypes --from=2",
                "decode @set --type",
                "encode @set --type=flyproto.test.AllTypes --binary",
                "encode @set --type=flyproto.test.AllTypes --delimited", // text has no stream form
                "dump @set --type=flyproto.test.AllTypes", // neither queue nor delimited
                "dump @set --type=flyproto.test.AllTypes --queue=q --delimited",
                "dump @set --type=flyproto.test.AllTypes --delimited --count=-1",
                "dump @set --type=flyproto.test.AllTypes --delimited --from=x",
                "list-types @set --type=flyproto.test.AllTypes",
            })
    void shouldRejectABadCommandLineWithExitTwoAndTheUsage(final String line) {
        final String[] args =
                line.isEmpty() ? new String[0] : line.replace("@set", SET).split(" ");
        final Tool.Result result = Tool.run(args);

        assertThat(result.exit()).as(result.err()).isEqualTo(2);
        assertThat(result.err()).startsWith("error: ").contains("\nusage: flyproto ");
        assertThat(result.out()).isEmpty();
    }

    @Test
    void shouldNameAnUnknownTypeWithExitTwo() {
        final Tool.Result result = Tool.run("decode", SET, "--type=flyproto.test.Nope");

        assertThat(result.exit()).isEqualTo(2);
        assertThat(result.err()).startsWith("error: unknown type flyproto.test.Nope (list-types shows the ");
    }

    @Test
    void shouldAcceptALeadingDotAndSpaceSeparatedValues() {
        final Tool.Result result = Tool.run(
                Samples.allTypes(1).toByteArray(),
                "decode",
                "--descriptor_set_in",
                Tool.DESCRIPTORS,
                "--type",
                ".flyproto.test.AllTypes",
                "--binary",
                "-");

        assertThat(result.exit()).as(result.err()).isZero();
        assertThat(result.out()).isEqualTo(Samples.allTypes(1).toByteArray());
    }

    @Test
    void shouldRejectAnUnreadableInputWithExitTwo(@TempDir final Path dir) {
        final Tool.Result result =
                Tool.run("decode", SET, ALL_TYPES, dir.resolve("missing.bin").toString());

        assertThat(result.exit()).isEqualTo(2);
        assertThat(result.err()).startsWith("error: cannot read ").contains("missing.bin: no such file");
    }

    @Test
    void shouldRejectADirectoryAsInputWithExitTwo(@TempDir final Path dir) {
        final Tool.Result result = Tool.run("decode", SET, ALL_TYPES, dir.toString());

        assertThat(result.exit()).isEqualTo(2);
        assertThat(result.err()).startsWith("error: cannot read " + dir + ": a directory\nusage: ");
    }

    @Test
    void shouldRejectAMissingOrBrokenDescriptorSetWithExitTwo(@TempDir final Path dir) throws IOException {
        final Path broken = Files.write(dir.resolve("broken.pb"), new byte[] {0x0A, 0x7F, 0x01});

        final Tool.Result missing = Tool.run("list-types", "--descriptor_set_in=" + dir.resolve("none.pb"));
        final Tool.Result bad = Tool.run("list-types", "--descriptor_set_in=" + broken);

        assertThat(missing.exit()).isEqualTo(2);
        assertThat(missing.err()).contains("none.pb: no such file");
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).contains("is not a descriptor set");
    }

    @Test
    void shouldRejectADirectoryThatHoldsNoQueue(@TempDir final Path dir) {
        final Tool.Result result = Tool.run("dump", SET, ALL_TYPES, "--queue=" + dir);

        assertThat(result.exit()).isEqualTo(2);
        assertThat(result.err()).startsWith("error: cannot read queue ").contains("no .cq4 files");
    }
}
