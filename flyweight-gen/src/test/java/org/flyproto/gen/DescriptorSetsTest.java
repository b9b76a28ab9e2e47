package org.flyproto.gen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.Descriptors.FileDescriptor;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class DescriptorSetsTest {
    private static final FileDescriptorProto A = file("a.proto", "A");
    private static final FileDescriptorProto B = file("b.proto", "B", "a.proto");
    private static final FileDescriptorProto C = file("c.proto", "C", "b.proto", "a.proto");

    @Test
    void shouldBuildFilesGivenOutOfDependencyOrder() throws Exception {
        final List<FileDescriptor> built = DescriptorSets.of(List.of(C, A, B)).build(List.of("c.proto"));

        assertThat(built).singleElement().satisfies(c -> {
            assertThat(c.getName()).isEqualTo("c.proto");
            assertThat(c.getDependencies()).extracting(FileDescriptor::getName).containsExactly("b.proto", "a.proto");
            assertThat(c.getDependencies().get(0).getDependencies().get(0))
                    .isSameAs(c.getDependencies().get(1));
        });
    }

    @Test
    void shouldBuildEachFileOnce() throws Exception {
        final DescriptorSets sets = DescriptorSets.of(List.of(B, C, A));

        final List<FileDescriptor> built = sets.build(List.of("c.proto", "a.proto", "b.proto"));

        assertThat(built.get(0).getDependencies()).containsExactly(built.get(2), built.get(1));
    }

    @Test
    void shouldKeepTheGivenOrderOfNames() throws Exception {
        assertThat(DescriptorSets.of(List.of(C, A, B)).names()).containsExactly("c.proto", "a.proto", "b.proto");
    }

    @Test
    void shouldRejectMissingImport() {
        assertThatThrownBy(() -> DescriptorSets.of(List.of(C, B)).build(List.of("c.proto")))
                .isInstanceOf(GeneratorException.class)
                .hasMessageContaining("b.proto imports a.proto");
    }

    @Test
    void shouldRejectMissingFile() {
        assertThatThrownBy(() -> DescriptorSets.of(List.of(A)).build(List.of("z.proto")))
                .isInstanceOf(GeneratorException.class)
                .hasMessageContaining("z.proto");
    }

    @Test
    void shouldRejectImportCycle() {
        final FileDescriptorProto x = file("x.proto", "X", "y.proto");
        final FileDescriptorProto y = file("y.proto", "Y", "x.proto");

        assertThatThrownBy(() -> DescriptorSets.of(List.of(x, y)).build(List.of("x.proto")))
                .isInstanceOf(GeneratorException.class)
                .hasMessageContaining("cycle");
    }

    @Test
    void shouldAcceptTheSameFileTwice() throws Exception {
        assertThat(DescriptorSets.of(List.of(A, B, A)).build(List.of("b.proto")))
                .hasSize(1);
    }

    @Test
    void shouldRejectTwoDifferentFilesWithTheSameName() {
        assertThatThrownBy(() -> DescriptorSets.of(List.of(A, file("a.proto", "Other"))))
                .isInstanceOf(GeneratorException.class)
                .hasMessageContaining("a.proto");
    }

    @Test
    void shouldReportInvalidFileByName() {
        final FileDescriptorProto invalid = FileDescriptorProto.newBuilder()
                .setName("bad.proto")
                .addMessageType(DescriptorProto.newBuilder().setName("Bad").addField(field("x", ".Nowhere", 1)))
                .build();

        assertThatThrownBy(() -> DescriptorSets.of(List.of(invalid)).build(List.of("bad.proto")))
                .isInstanceOf(GeneratorException.class)
                .hasMessageStartingWith("bad.proto: ")
                .hasMessageContaining("Nowhere");
    }

    /** A proto3 file with one message that has a field of each imported file's message. */
    private static FileDescriptorProto file(final String name, final String message, final String... imports) {
        final DescriptorProto.Builder type = DescriptorProto.newBuilder().setName(message);
        for (int i = 0; i < imports.length; i++) {
            final String importedMessage = imports[i].substring(0, 1).toUpperCase(Locale.ROOT);
            type.addField(field(imports[i].substring(0, 1), "." + importedMessage, i + 1));
        }
        return FileDescriptorProto.newBuilder()
                .setName(name)
                .setSyntax("proto3")
                .addAllDependency(List.of(imports))
                .addMessageType(type)
                .build();
    }

    private static FieldDescriptorProto field(final String name, final String typeName, final int number) {
        return FieldDescriptorProto.newBuilder()
                .setName(name)
                .setNumber(number)
                .setLabel(FieldDescriptorProto.Label.LABEL_OPTIONAL)
                .setType(FieldDescriptorProto.Type.TYPE_MESSAGE)
                .setTypeName(typeName)
                .build();
    }
}
