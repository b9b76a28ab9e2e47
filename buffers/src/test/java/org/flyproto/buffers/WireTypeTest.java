package org.flyproto.buffers;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WireTypeTest {
    @Test
    void shouldUseProtobufWireTypeNumbers() {
        assertThat(WireType.VARINT).isEqualTo(0);
        assertThat(WireType.I64).isEqualTo(1);
        assertThat(WireType.LEN).isEqualTo(2);
        assertThat(WireType.START_GROUP).isEqualTo(3);
        assertThat(WireType.END_GROUP).isEqualTo(4);
        assertThat(WireType.I32).isEqualTo(5);
    }
}
