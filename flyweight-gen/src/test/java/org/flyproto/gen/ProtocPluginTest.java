package org.flyproto.gen;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.DescriptorProtos.Edition;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.compiler.PluginProtos.CodeGeneratorRequest;
import com.google.protobuf.compiler.PluginProtos.CodeGeneratorResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProtocPluginTest {
    @TempDir
    Path dir;

    @Test
    void shouldAnswerRequestAndSupportProto3Optional() throws Exception {
        final CodeGeneratorRequest request = request("");

        final ToolRun run = ToolRun.run(CodeGenerator.FLYWEIGHTS, request.toByteArray());

        assertThat(run.exitCode()).as(run.err()).isZero();
        final CodeGeneratorResponse response = CodeGeneratorResponse.parseFrom(run.outBytes());
        assertThat(response.hasError()).isFalse();
        assertThat(response.getSupportedFeatures() & CodeGeneratorResponse.Feature.FEATURE_PROTO3_OPTIONAL_VALUE)
                .isNotZero();
        assertThat(response.getSupportedFeatures() & CodeGeneratorResponse.Feature.FEATURE_SUPPORTS_EDITIONS_VALUE)
                .isNotZero();
        assertThat(response.getMaximumEdition()).isEqualTo(Edition.EDITION_2024_VALUE);
    }

    @Test
    void shouldReturnOneFilePerGeneratedFile() throws Exception {
        final RecordingGenerator generator = new RecordingGenerator();
        generator.answer = List.of(
                new GeneratedFile("demo/flyproto/OrderDecoder.java", "class OrderDecoder {}\n"),
                new GeneratedFile("demo/flyproto/OrderEncoder.java", "class OrderEncoder {}\n"));

        final ToolRun run =
                ToolRun.run(generator, request("package=demo.flyproto").toByteArray());

        assertThat(run.exitCode()).as(run.err()).isZero();
        final CodeGeneratorResponse response = CodeGeneratorResponse.parseFrom(run.outBytes());
        assertThat(response.getFileList())
                .extracting(CodeGeneratorResponse.File::getName, CodeGeneratorResponse.File::getContent)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(
                                "demo/flyproto/OrderDecoder.java", "class OrderDecoder {}\n"),
                        org.assertj.core.groups.Tuple.tuple(
                                "demo/flyproto/OrderEncoder.java", "class OrderEncoder {}\n"));
        assertThat(generator.fileNames).containsExactly("order.proto");
        assertThat(generator.options).isEqualTo(new GeneratorOptions("demo.flyproto", ".flyproto"));
    }

    @Test
    void shouldAnswerBadParameterWithError() throws Exception {
        final ToolRun run =
                ToolRun.run(CodeGenerator.FLYWEIGHTS, request("colour=blue").toByteArray());

        assertThat(run.exitCode()).isZero();
        final CodeGeneratorResponse response = CodeGeneratorResponse.parseFrom(run.outBytes());
        assertThat(response.getError()).contains("colour");
        assertThat(response.getFileList()).isEmpty();
    }

    @Test
    void shouldAnswerRefusedSchemaWithError() throws Exception {
        final RecordingGenerator generator = new RecordingGenerator();
        generator.failure = new GeneratorException("demo.Order: groups are not supported");

        final ToolRun run = ToolRun.run(generator, request("").toByteArray());

        assertThat(run.exitCode()).isZero();
        assertThat(CodeGeneratorResponse.parseFrom(run.outBytes()).getError())
                .isEqualTo("demo.Order: groups are not supported");
    }

    @Test
    void shouldBuildProtoFilesGivenOutOfDependencyOrder() throws Exception {
        final RecordingGenerator generator = new RecordingGenerator();
        final List<FileDescriptorProto> files = new ArrayList<>(request("").getProtoFileList());
        Collections.reverse(files);
        final CodeGeneratorRequest request =
                request("").toBuilder().clearProtoFile().addAllProtoFile(files).build();

        final ToolRun run = ToolRun.run(generator, request.toByteArray());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(CodeGeneratorResponse.parseFrom(run.outBytes()).hasError()).isFalse();
        assertThat(generator.fileNames).containsExactly("order.proto");
        assertThat(generator.files.get(0).getDependencies()).hasSize(2);
    }

    @Test
    void shouldExitNonZeroOnMalformedRequest() {
        final ToolRun run = ToolRun.run(CodeGenerator.FLYWEIGHTS, new byte[] {0x0a, (byte) 0xff});

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("CodeGeneratorRequest");
        assertThat(run.outBytes()).isEmpty();
    }

    /** A request for order.proto, which imports money.proto and a well-known type, as protoc would send it. */
    private CodeGeneratorRequest request(final String parameter) throws Exception {
        ToolRun.write(dir, "money.proto", "syntax = \"proto3\";\nmessage Money { int64 units = 1; }\n");
        ToolRun.write(dir, "order.proto", """
                syntax = "proto3";
                import "money.proto";
                import "google/protobuf/timestamp.proto";
                message Order {
                  optional Money price = 1;
                  google.protobuf.Timestamp at = 2;
                }
                """);
        final FileDescriptorSet set = ToolRun.descriptorSet(dir, "order.proto");
        return CodeGeneratorRequest.newBuilder()
                .addFileToGenerate("order.proto")
                .setParameter(parameter)
                .addAllProtoFile(set.getFileList())
                .build();
    }
}
