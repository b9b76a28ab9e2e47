package org.flyproto.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.flyproto.tools.Tool.SET;

import com.google.protobuf.Any;
import com.google.protobuf.BoolValue;
import com.google.protobuf.Duration;
import com.google.protobuf.FieldMask;
import com.google.protobuf.Int64Value;
import com.google.protobuf.Struct;
import com.google.protobuf.TextFormat;
import com.google.protobuf.Timestamp;
import com.google.protobuf.Value;
import com.google.protobuf.util.JsonFormat;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.flyproto.conformance.messages.proto3.TestMessagesProto3.TestAllTypesProto3;
import org.junit.jupiter.api.Test;

/** A schema importing the well-known types: the descriptor set's imports, their JSON forms, Any through its types. */
class WellKnownTypesTest {
    private static final String TYPE = "--type=protobuf_test_messages.proto3.TestAllTypesProto3";
    private static final JsonFormat.TypeRegistry TYPES = JsonFormat.TypeRegistry.newBuilder()
            .add(TestAllTypesProto3.getDescriptor())
            .build();

    private static TestAllTypesProto3 message(final int i) {
        return TestAllTypesProto3.newBuilder()
                .setOptionalInt32(i)
                .setOptionalString("outer " + i)
                .setOptionalTimestamp(
                        Timestamp.newBuilder().setSeconds(1_764_460_800L + i).setNanos(500_000_000))
                .setOptionalDuration(Duration.newBuilder().setSeconds(-3).setNanos(-250_000_000))
                .setOptionalAny(Any.pack(TestAllTypesProto3.newBuilder()
                        .setOptionalInt32(9)
                        .setOptionalString("inner")
                        .build()))
                .setOptionalStruct(Struct.newBuilder()
                        .putFields("a", Value.newBuilder().setNumberValue(1.5).build())
                        .putFields("b", Value.newBuilder().setStringValue("s").build()))
                .setOptionalValue(Value.newBuilder().setBoolValue(true))
                .setOptionalFieldMask(
                        FieldMask.newBuilder().addPaths("optional_int32").addPaths("optional_string"))
                .setOptionalBoolWrapper(BoolValue.of(true))
                .setOptionalInt64Wrapper(Int64Value.of(-7))
                .putMapStringString("k", "v" + i)
                .build();
    }

    @Test
    void shouldListTheImportedWellKnownTypes() {
        final Tool.Result result = Tool.run("list-types", SET);

        assertThat(result.text().split("\n"))
                .contains("google.protobuf.Any", "google.protobuf.Timestamp", "google.protobuf.Struct");
    }

    @Test
    void shouldPrintWellKnownTypesAndAnyAsJsonFormatDoes() throws IOException {
        final List<TestAllTypesProto3> messages = List.of(message(1), message(2), message(3));

        final Tool.Result result = Tool.run(Samples.delimited(messages), "dump", SET, TYPE, "--delimited");

        assertThat(result.exit()).as(result.err()).isZero();
        final StringBuilder expected = new StringBuilder();
        for (final TestAllTypesProto3 message : messages) {
            expected.append(JsonFormat.printer()
                            .usingTypeRegistry(TYPES)
                            .omittingInsignificantWhitespace()
                            .print(message))
                    .append('\n');
        }
        assertThat(result.text()).isEqualTo(expected.toString());
    }

    @Test
    void shouldPrintTextFormatAsProtobufJavaDoes() {
        final TestAllTypesProto3 message = message(4);

        final Tool.Result result = Tool.run(message.toByteArray(), "decode", SET, TYPE);

        assertThat(result.exit()).as(result.err()).isZero();
        assertThat(result.text()).isEqualTo(TextFormat.printer().printToString(message));
    }

    @Test
    void shouldEncodeJsonWithWellKnownTypesAndAnyToProtobufJavasBytes() throws IOException {
        final TestAllTypesProto3 message = message(5);
        final String json = JsonFormat.printer().usingTypeRegistry(TYPES).print(message);

        final Tool.Result result = Tool.run(json.getBytes(StandardCharsets.UTF_8), "encode", SET, TYPE, "--json");

        assertThat(result.exit()).as(result.err()).isZero();
        assertThat(TestAllTypesProto3.parseFrom(result.out())).isEqualTo(message);
        assertThat(result.out()).isEqualTo(message.toByteArray());
    }

    @Test
    void shouldReportAnAnyOfATypeTheSetDoesNotHave() {
        final TestAllTypesProto3 message = TestAllTypesProto3.newBuilder()
                .setOptionalAny(Any.newBuilder()
                        .setTypeUrl("type.googleapis.com/no.Such")
                        .setValue(com.google.protobuf.ByteString.copyFromUtf8("x")))
                .build();

        final Tool.Result result = Tool.run(message.toByteArray(), "decode", SET, TYPE, "--json");

        assertThat(result.exit()).isEqualTo(1);
        assertThat(result.err()).startsWith("error: ").contains("no.Such");
    }
}
