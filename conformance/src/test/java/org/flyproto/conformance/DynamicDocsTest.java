package org.flyproto.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.MutableDirectBuffer;
import org.flyproto.buffers.Utf8View;
import org.flyproto.codec.DynamicDecoder;
import org.flyproto.codec.DynamicEncoder;
import org.flyproto.codec.schema.MessageSchema;
import org.flyproto.conformance.alloc.Features;
import org.flyproto.conformance.alloc.Item;
import org.flyproto.wkt.DescriptorSetLoader;
import org.flyproto.wkt.LoadedSchemas;
import org.junit.jupiter.api.Test;

/**
 * The example of {@code docs/dynamic.md}: the code between the markers below is the page's example (whitespace aside,
 * so that the formatter may lay either out), and it does what the page says.
 */
class DynamicDocsTest {
    private static final Path BASE = Path.of(System.getProperty("basedir", "."));
    private static final String BEGIN = "// example:begin";
    private static final String END = "// example:end";

    @Test
    void shouldRunTheExampleOfTheDocsPage() throws IOException {
        final byte[] descriptorSet = FileDescriptorSet.newBuilder()
                .addFile(Features.getDescriptor().getFile().toProto())
                .build()
                .toByteArray();
        final MutableDirectBuffer buffer = new ExpandableArrayBuffer(64);

        // example:begin
        LoadedSchemas schemas = DescriptorSetLoader.load(descriptorSet); // a FileDescriptorSet's bytes
        MessageSchema features = schemas.message("flyproto.test.alloc.Features");

        DynamicEncoder encoder = new DynamicEncoder(); // once per thread, reused
        encoder.wrap(features, buffer, 0)
                .string(encoder.field("text"), "hello"); // fields in number order: canonical bytes
        encoder.beginMessage(encoder.field("merged")) // length prefix reserved ...
                .int64Value(encoder.field("id"), 42)
                .end(); // ... and backpatched here
        int length = encoder.encodedLength();

        DynamicDecoder decoder = new DynamicDecoder(); // once per thread, reused
        decoder.wrap(features, buffer, 0, length); // validating; wrapTrusted(...) skips UTF-8 checks
        Utf8View text = decoder.string(decoder.field("text")); // a view over the buffer, no String
        DynamicDecoder merged = decoder.message(decoder.field("merged")); // a nested decoder, reused
        long id = merged.int64Value(merged.field("id"));
        DynamicDecoder meta = decoder.message(decoder.field("Meta")); // absent: the empty group
        int level = meta.enumValue(meta.field("level")); // its [default = HIGH]: 2
        int fields = 0;
        for (decoder.restartWalk(); decoder.next(); ) { // every occurrence in wire order
            fields++; // decoder.number(), field(), wireType(), ...
        }
        // example:end

        assertThat(text.contentEquals("hello")).isTrue();
        assertThat(id).isEqualTo(42);
        assertThat(level).isEqualTo(2);
        assertThat(fields).isEqualTo(2);
        final byte[] bytes = new byte[length];
        buffer.getBytes(0, bytes);
        assertThat(bytes)
                .isEqualTo(Features.newBuilder()
                        .setText("hello")
                        .setMerged(Item.newBuilder().setId(42))
                        .build()
                        .toByteArray());

        final String page = Files.readString(BASE.resolve("../docs/dynamic.md"), StandardCharsets.UTF_8);
        final int start = page.indexOf("```java\n") + "```java\n".length();
        final String documented = page.substring(start, page.indexOf("```", start));
        final String source = Files.readString(
                BASE.resolve("src/test/java/org/flyproto/conformance/DynamicDocsTest.java"), StandardCharsets.UTF_8);
        final String tested =
                source.substring(source.indexOf(BEGIN + "\n") + BEGIN.length() + 1, source.lastIndexOf(END));
        assertThat(withoutWhitespace(tested)).isEqualTo(withoutWhitespace(documented));
    }

    private static String withoutWhitespace(final String code) {
        return code.replaceAll("\\s+", "");
    }
}
