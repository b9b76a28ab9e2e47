package org.flyproto.bench.codec;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.buffers.Utf8View;
import org.junit.jupiter.api.Test;

class TextTest {
    /** 15 UTF-16 units: the emoji is a surrogate pair, and the middle (index 7) is its high surrogate. */
    private static final String TEXT = "Zürich 😀 ascii";

    @Test
    void shouldReadAViewAsItsString() {
        final byte[] bytes = TEXT.getBytes(StandardCharsets.UTF_8);
        final Utf8View view = new Utf8View().wrap(new UnsafeBuffer(bytes), 0, bytes.length);

        assertThat(Text.read(view)).isEqualTo(Text.read(TEXT));
    }

    @Test
    void shouldReadTheLengthAndTheMiddleChar() {
        assertThat(TEXT.length()).isEqualTo(15);
        assertThat(Text.read(TEXT)).isEqualTo(31 * 15 + Character.highSurrogate(0x1F600));
        assertThat(Text.read(new StringBuilder(TEXT))).isEqualTo(Text.read(TEXT));
    }

    @Test
    void shouldReadAnEmptyTextAsZero() {
        assertThat(Text.read("")).isZero();
    }
}
