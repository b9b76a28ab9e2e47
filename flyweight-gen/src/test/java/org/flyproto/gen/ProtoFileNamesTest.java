package org.flyproto.gen;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProtoFileNamesTest {
    @TempDir
    Path dir;

    @Test
    void shouldNameDiskFileRelativeToFirstProtoPathHoldingIt() throws Exception {
        final Path file = ToolRun.write(dir, "api/v1/order.proto", "");

        assertThat(ProtoFileNames.virtualName(file.toString(), List.of("/elsewhere", dir.toString(), dir + "/api")))
                .isEqualTo("api/v1/order.proto");
    }

    @Test
    void shouldMatchProtoPathsThatAreNotNormalised() throws Exception {
        final Path file = ToolRun.write(dir, "api/order.proto", "");

        assertThat(ProtoFileNames.virtualName(file.toString(), List.of(dir + "/./api/")))
                .isEqualTo("order.proto");
    }

    @Test
    void shouldApplyVirtualPrefixOfProtoPath() throws Exception {
        final Path file = ToolRun.write(dir, "order.proto", "");

        assertThat(ProtoFileNames.virtualName(file.toString(), List.of("trade/v1=" + dir)))
                .isEqualTo("trade/v1/order.proto");
    }

    @Test
    void shouldKeepNameThatIsNotADiskFile() {
        assertThat(ProtoFileNames.virtualName("./api//order.proto", List.of(dir.toString())))
                .isEqualTo("api/order.proto");
    }
}
