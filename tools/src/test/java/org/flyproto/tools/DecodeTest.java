package org.flyproto.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.flyproto.tools.Tool.ALL_TYPES;
import static org.flyproto.tools.Tool.SET;

import com.google.protobuf.TextFormat;
import com.google.protobuf.util.JsonFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.flyproto.conformance.proto3.AllTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DecodeTest {
    @Test
    void shouldPrintTextFormatAsProtobufJavaDoesFromStdin() {
        for (long seed = 0; seed < 20; seed++) {
            final AllTypes message = Samples.allTypes(seed);

            final Tool.Result result = Tool.run(message.toByteArray(), "decode", SET, ALL_TYPES);

            assertThat(result.exit()).as(result.err()).isZero();
            assertThat(result.text()).isEqualTo(TextFormat.printer().printToString(message));
        }
    }

    @Test
    void shouldPrintJsonAsJsonFormatDoesFromAFile(@TempDir final Path dir) throws IOException {
        for (long seed = 0; seed < 20; seed++) {
            final AllTypes message = Samples.allTypes(seed);
            final Path file = Files.write(dir.resolve("m" + seed + ".bin"), message.toByteArray());

            final Tool.Result result = Tool.run("decode", SET, ALL_TYPES, "--json", file.toString());

            assertThat(result.exit()).as(result.err()).isZero();
            assertThat(result.text())
                    .isEqualTo(JsonFormat.printer()
                                    .omittingInsignificantWhitespace()
                                    .print(message) + "\n");
            assertThat(parseJson(result.text())).isEqualTo(message);
        }
    }

    @Test
    void shouldHonourTheJsonOptions() throws IOException {
        final AllTypes message = Samples.allTypes(3);

        final Tool.Result result = Tool.run(
                message.toByteArray(),
                "decode",
                SET,
                ALL_TYPES,
                "--json",
                "--proto-names",
                "--defaults",
                "--enums-as-ints",
                "--pretty");

        assertThat(result.exit()).as(result.err()).isZero();
        assertThat(result.text())
                .isEqualTo(JsonFormat.printer()
                                .preservingProtoFieldNames()
                                .alwaysPrintFieldsWithNoPresence()
                                .printingEnumsAsInts()
                                .print(message)
                        + "\n");
    }

    @Test
    void shouldPrintOneJsonLinePerMessageOfADelimitedStream() throws IOException {
        final List<AllTypes> messages = Samples.allTypes(5, 100);

        final Tool.Result result =
                Tool.run(Samples.delimited(messages), "decode", SET, ALL_TYPES, "--json", "--delimited");

        assertThat(result.exit()).as(result.err()).isZero();
        final List<AllTypes> parsed = new ArrayList<>();
        for (final String line : result.text().split("\n")) {
            parsed.add(parseJson(line));
        }
        assertThat(parsed).isEqualTo(messages);
    }

    @Test
    void shouldPrintEachMessageOfAStreamAfterACommentLineInTextFormat() throws IOException {
        final List<AllTypes> messages = Samples.allTypes(3, 200);

        final Tool.Result result = Tool.run(Samples.delimited(messages), "decode", SET, ALL_TYPES, "--delimited");

        assertThat(result.exit()).as(result.err()).isZero();
        final StringBuilder expected = new StringBuilder();
        for (int i = 0; i < messages.size(); i++) {
            expected.append("# message ").append(i).append('\n');
            expected.append(TextFormat.printer().printToString(messages.get(i)));
        }
        assertThat(result.text()).isEqualTo(expected.toString());
    }

    @Test
    void shouldCopyAValidatedStreamThroughAsBinary() {
        final List<AllTypes> messages = Samples.allTypes(4, 300);
        final byte[] stream = Samples.delimited(messages);

        final Tool.Result delimited = Tool.run(stream, "decode", SET, ALL_TYPES, "--binary", "--delimited");
        final Tool.Result single = Tool.run(messages.get(0).toByteArray(), "decode", SET, ALL_TYPES, "--binary");

        assertThat(delimited.exit()).as(delimited.err()).isZero();
        assertThat(delimited.out()).isEqualTo(stream);
        assertThat(single.out()).isEqualTo(messages.get(0).toByteArray());
    }

    @Test
    void shouldDecodeAnEmptyInputAsTheEmptyMessage() {
        final Tool.Result text = Tool.run(new byte[0], "decode", SET, ALL_TYPES);
        final Tool.Result json = Tool.run(new byte[0], "decode", SET, ALL_TYPES, "--json");
        final Tool.Result stream = Tool.run(new byte[0], "decode", SET, ALL_TYPES, "--json", "--delimited");

        assertThat(text.exit()).as(text.err()).isZero();
        assertThat(text.text()).isEmpty();
        assertThat(json.text()).isEqualTo("{}\n");
        assertThat(stream.exit()).isZero();
        assertThat(stream.text()).isEmpty();
    }

    @Test
    void shouldReportTruncatedBytesWithExitOneAndTheOffset() {
        final byte[] bytes = Samples.allTypes(7).toByteArray();
        final byte[] truncated = Arrays.copyOf(bytes, bytes.length - 1);

        final Tool.Result result = Tool.run(truncated, "decode", SET, ALL_TYPES, "--binary");

        assertThat(result.exit()).isEqualTo(1);
        assertThat(result.err()).matches("error: .+ at offset \\d+\n");
        final int offset = Integer.parseInt(result.err().replaceAll("(?s).* at offset (\\d+)\n", "$1"));
        assertThat(offset).isBetween(0, truncated.length);
        assertThat(result.out()).isEmpty();
    }

    @Test
    void shouldReportTheBadMessageOfAStreamByOrdinalAndStreamOffset() {
        final List<AllTypes> messages = Samples.allTypes(3, 400);
        final byte[] good = Samples.delimited(messages);
        // A fourth message of one byte: a tag of field 1 with wire type 7, which does not exist.
        final byte[] stream = Arrays.copyOf(good, good.length + 2);
        stream[good.length] = 1;
        stream[good.length + 1] = 0x0F;

        final Tool.Result result = Tool.run(stream, "decode", SET, ALL_TYPES, "--binary", "--delimited");

        assertThat(result.exit()).isEqualTo(1);
        assertThat(result.err()).endsWith(" at offset " + (good.length + 1) + " (message 3)\n");
        assertThat(result.out()).as("the messages before the bad one").isEqualTo(good);
    }

    @Test
    void shouldReportATruncatedStream() {
        final byte[] good = Samples.delimited(Samples.allTypes(2, 500));
        final byte[] stream = Arrays.copyOf(good, good.length - 3);

        final Tool.Result result = Tool.run(stream, "decode", SET, ALL_TYPES, "--binary", "--delimited");

        assertThat(result.exit()).isEqualTo(1);
        assertThat(result.err())
                .startsWith("error: truncated message: its length prefix says ")
                .endsWith(" at offset " + stream.length + " (message 1)\n");
    }

    @Test
    void shouldReportAMalformedLengthPrefix() {
        final byte[] stream = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x01};

        final Tool.Result result = Tool.run(stream, "decode", SET, ALL_TYPES, "--binary", "--delimited");

        assertThat(result.exit()).isEqualTo(1);
        assertThat(result.err()).isEqualTo("error: malformed length prefix at offset 0 (message 0)\n");
    }

    static AllTypes parseJson(final String json) throws IOException {
        final AllTypes.Builder builder = AllTypes.newBuilder();
        JsonFormat.parser().merge(json, builder);
        return builder.build();
    }
}
