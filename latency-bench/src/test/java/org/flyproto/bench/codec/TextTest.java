package org.flyproto.bench.codec;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.buffers.Utf8View;
import org.junit.jupiter.api.Test;

class TextTest {
    private static final String TEXT = "Zürich 😀 ascii";

    @Test
    void shouldHashAViewAsItsString() {
        final byte[] bytes = TEXT.getBytes(StandardCharsets.UTF_8);
        final Utf8View view = new Utf8View().wrap(new UnsafeBuffer(bytes), 0, bytes.length);

        assertThat(Text.hash(view)).isEqualTo(TEXT.hashCode());
    }

    @Test
    void shouldHashABuilderAsItsString() {
        assertThat(Text.hash(new StringBuilder(TEXT))).isEqualTo(TEXT.hashCode());
    }
}
