package org.flyproto.gen;

import com.google.protobuf.DescriptorProtos.Edition;
import com.google.protobuf.compiler.PluginProtos.CodeGeneratorRequest;
import com.google.protobuf.compiler.PluginProtos.CodeGeneratorResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;

/**
 * The protoc plugin protocol: a {@link CodeGeneratorRequest} on standard input, a {@link CodeGeneratorResponse} on
 * standard output. A schema the generator refuses, or a bad parameter, is answered with the response's {@code error}
 * (protoc prints it and fails) and exit code 0, as the protocol requires; only a broken conversation exits non-zero.
 */
final class ProtocPlugin {
    private ProtocPlugin() {}

    /** Serves one request. */
    static int run(final InputStream in, final OutputStream out, final PrintStream err, final CodeGenerator generator) {
        final CodeGeneratorRequest request;
        try {
            request = CodeGeneratorRequest.parseFrom(in);
        } catch (IOException e) {
            err.println("flyproto-gen: cannot read a CodeGeneratorRequest from standard input: " + e.getMessage());
            err.println(Main.HELP_HINT);
            return ToolException.FAILURE;
        }
        try {
            respond(request, generator).writeTo(out);
            out.flush();
            return 0;
        } catch (IOException e) {
            err.println("flyproto-gen: cannot write the CodeGeneratorResponse: " + e.getMessage());
            return ToolException.FAILURE;
        }
    }

    /** The answer to a request. */
    static CodeGeneratorResponse respond(final CodeGeneratorRequest request, final CodeGenerator generator) {
        final CodeGeneratorResponse.Builder response = CodeGeneratorResponse.newBuilder()
                .setSupportedFeatures(CodeGeneratorResponse.Feature.FEATURE_PROTO3_OPTIONAL_VALUE
                        | CodeGeneratorResponse.Feature.FEATURE_SUPPORTS_EDITIONS_VALUE)
                .setMinimumEdition(Edition.EDITION_PROTO2_VALUE)
                .setMaximumEdition(Edition.EDITION_2024_VALUE);
        try {
            final GeneratorOptions options = GeneratorOptions.parse(request.getParameter());
            final List<GeneratedFile> generated = generator.generate(
                    DescriptorSets.of(request.getProtoFileList()).build(request.getFileToGenerateList()), options);
            for (final GeneratedFile file : generated) {
                response.addFile(CodeGeneratorResponse.File.newBuilder()
                        .setName(file.path())
                        .setContent(file.content()));
            }
        } catch (IllegalArgumentException | GeneratorException e) {
            return response.clearFile().setError(e.getMessage()).build();
        }
        return response.build();
    }
}
