package org.flyproto.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.flyproto.tools.Tool.ALL_TYPES;
import static org.flyproto.tools.Tool.SET;

import com.google.protobuf.TextFormat;
import com.google.protobuf.util.JsonFormat;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.flyproto.conformance.proto3.AllTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EncodeTest {
    @Test
    void shouldEncodeTextFormatToProtobufJavasBytes() {
        for (long seed = 0; seed < 20; seed++) {
            final AllTypes message = Samples.allTypes(seed);
            final byte[] text = TextFormat.printer().printToString(message).getBytes(StandardCharsets.UTF_8);

            final Tool.Result result = Tool.run(text, "encode", SET, ALL_TYPES);

            assertThat(result.exit()).as(result.err()).isZero();
            assertThat(result.out()).isEqualTo(message.toByteArray());
        }
    }

    @Test
    void shouldEncodeJsonFromAFileToProtobufJavasBytes(@TempDir final Path dir) throws IOException {
        for (long seed = 0; seed < 20; seed++) {
            final AllTypes message = Samples.allTypes(seed);
            final Path file = Files.writeString(
                    dir.resolve("m" + seed + ".json"), JsonFormat.printer().print(message));

            final Tool.Result result = Tool.run("encode", SET, ALL_TYPES, "--json", file.toString());

            assertThat(result.exit()).as(result.err()).isZero();
            assertThat(result.out()).isEqualTo(message.toByteArray());
        }
    }

    @Test
    void shouldEncodeJsonLinesToADelimitedStream() throws IOException {
        final List<AllTypes> messages = Samples.allTypes(5, 600);
        final StringBuilder lines = new StringBuilder();
        for (final AllTypes message : messages) {
            lines.append(JsonFormat.printer().omittingInsignificantWhitespace().print(message))
                    .append("\n\n");
        }

        final Tool.Result result = Tool.run(
                lines.toString().getBytes(StandardCharsets.UTF_8), "encode", SET, ALL_TYPES, "--json", "--delimited");

        assertThat(result.exit()).as(result.err()).isZero();
        assertThat(result.out()).isEqualTo(Samples.delimited(messages));
    }

    @Test
    void shouldRoundTripThroughDecodeAndEncode() {
        final byte[] stream = Samples.delimited(Samples.allTypes(6, 700));
        final byte[] single = Samples.allTypes(9).toByteArray();

        final Tool.Result jsonLines = Tool.run(stream, "decode", SET, ALL_TYPES, "--json", "--delimited");
        final Tool.Result back = Tool.run(jsonLines.out(), "encode", SET, ALL_TYPES, "--json", "--delimited");
        final Tool.Result text = Tool.run(single, "decode", SET, ALL_TYPES, "--text");
        final Tool.Result backFromText = Tool.run(text.out(), "encode", SET, ALL_TYPES, "--text");

        assertThat(back.exit()).as(back.err()).isZero();
        assertThat(back.out()).isEqualTo(stream);
        assertThat(backFromText.exit()).as(backFromText.err()).isZero();
        assertThat(backFromText.out()).isEqualTo(single);
    }

    @Test
    void shouldReportBadTextByLineAndColumnWithExitOne() {
        final byte[] text = "f_int32: 1\nf_string: \"unclosed\n".getBytes(StandardCharsets.UTF_8);

        final Tool.Result result = Tool.run(text, "encode", SET, ALL_TYPES);

        assertThat(result.exit()).isEqualTo(1);
        assertThat(result.err()).matches("error: .+ at line 2, column \\d+\n");
        assertThat(result.out()).isEmpty();
    }

    @Test
    void shouldReportABadJsonLineByOffsetAndOrdinal() {
        final String good = "{\"fInt32\":1}\n";
        final byte[] lines = (good + good + "{\"fInt32\":\"x\"}\n").getBytes(StandardCharsets.UTF_8);

        final Tool.Result result = Tool.run(lines, "encode", SET, ALL_TYPES, "--json", "--delimited");

        assertThat(result.exit()).isEqualTo(1);
        assertThat(result.err()).matches("error: .+ at offset \\d+ \\(message 2\\)\n");
        final int offset = Integer.parseInt(result.err().replaceAll("(?s).* at offset (\\d+) .*", "$1"));
        assertThat(offset).isBetween(2 * good.length(), lines.length);
        assertThat(result.out()).as("the messages before the bad one").hasSize(2 * 3);
    }
}
