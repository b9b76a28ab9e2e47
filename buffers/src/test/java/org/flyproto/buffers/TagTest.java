package org.flyproto.buffers;

import static org.assertj.core.api.Assertions.assertThat;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TagTest {
    @Test
    void shouldAllowFieldNumbersUpToTwoToTheTwentyNinthMinusOne() {
        assertThat(Tag.MAX_FIELD_NUMBER).isEqualTo(536_870_911);
    }

    @ParameterizedTest(name = "field {0} wire type {1} -> {2}")
    @CsvSource({
        "1, 0, 8",
        "1, 2, 10",
        "2, 5, 21",
        "15, 1, 121",
        "16, 3, 131",
        "536870911, 4, -4",
        "536870911, 5, -3",
    })
    void shouldPackFieldNumberAndWireType(final int fieldNumber, final int wireType, final int tag) {
        assertThat(Tag.make(fieldNumber, wireType)).isEqualTo(tag);
        assertThat(Tag.fieldNumber(tag)).isEqualTo(fieldNumber);
        assertThat(Tag.wireType(tag)).isEqualTo(wireType);
    }

    @ParameterizedTest(name = "field {0} -> {1} bytes")
    @CsvSource({
        "1, 1",
        "15, 1",
        "16, 2",
        "2047, 2",
        "2048, 3",
        "262143, 3",
        "262144, 4",
        "33554431, 4",
        "33554432, 5",
        "536870911, 5",
    })
    void shouldSizeTagWhateverTheWireType(final int fieldNumber, final int size) {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[Varint.MAX_SIZE_32]);

        assertThat(Tag.sizeOf(fieldNumber)).isEqualTo(size);
        for (int wireType = WireType.VARINT; wireType <= WireType.I32; wireType++) {
            assertThat(Varint.putUnsigned32(buffer, 0, Tag.make(fieldNumber, wireType)))
                    .as("wire type %d", wireType)
                    .isEqualTo(size);
        }
    }

    @Test
    void shouldDecodeTagWrittenAsVarint() {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[Varint.MAX_SIZE_32]);

        final int size = Varint.putUnsigned32(buffer, 0, Tag.make(Tag.MAX_FIELD_NUMBER, WireType.LEN));
        final int tag = Varint.get32(buffer, 0);

        assertThat(size).isEqualTo(5);
        assertThat(Tag.fieldNumber(tag)).isEqualTo(Tag.MAX_FIELD_NUMBER);
        assertThat(Tag.wireType(tag)).isEqualTo(WireType.LEN);
    }
}
