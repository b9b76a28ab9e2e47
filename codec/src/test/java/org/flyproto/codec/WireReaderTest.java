package org.flyproto.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("hostile")
class WireReaderTest {
    /** Exposes the protected reads over a byte array, with the region at a non-zero offset. */
    static final class Reader extends WireReader {
        Reader(final int... bytes) {
            final byte[] array = new byte[bytes.length + 8];
            java.util.Arrays.fill(array, (byte) 0x80); // continuation bytes after the region: must never be read
            for (int i = 0; i < bytes.length; i++) {
                array[4 + i] = (byte) bytes[i];
            }
            attach(new UnsafeBuffer(array));
            pos = 4;
            limit = 4 + bytes.length;
        }

        int position() {
            return pos - 4;
        }
    }

    @Test
    void shouldReadOneByteTagsOnTheFastPath() {
        final Reader reader = new Reader(0x08, 0x96, 0x01);
        assertThat(reader.readTag()).isEqualTo(8);
        assertThat(reader.readVarint64()).isEqualTo(150);
        assertThat(reader.position()).isEqualTo(3);
    }

    @Test
    void shouldAcceptAFiveByteTagOfTheLargestFieldNumber() {
        final Reader reader = new Reader(0xF8, 0xFF, 0xFF, 0xFF, 0x0F);
        assertThat(reader.readTag() >>> 3).isEqualTo((1 << 29) - 1);
    }

    @Test
    void shouldRejectFieldNumbersAboveTheMaximum() {
        assertThatThrownBy(() -> new Reader(0x80, 0x80, 0x80, 0x80, 0x10).readTag())
                .isInstanceOf(ProtoDecodeException.class)
                .hasMessageContaining("field number above");
    }

    @Test
    void shouldRejectTagsLongerThanFiveBytes() {
        assertThatThrownBy(() -> new Reader(0x88, 0x80, 0x80, 0x80, 0x80, 0x00).readTag())
                .isInstanceOf(ProtoDecodeException.class)
                .hasMessageContaining("tag longer than 5 bytes");
    }

    @Test
    void shouldAcceptOverlongValueVarintsUpToTenBytes() {
        final Reader reader = new Reader(0x81, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00);
        assertThat(reader.readVarint64()).isEqualTo(1);
        assertThat(reader.position()).isEqualTo(10);
    }

    @Test
    void shouldRejectATruncatedVarintWithoutReadingPastTheLimit() {
        final ProtoDecodeException e = org.junit.jupiter.api.Assertions.assertThrows(
                ProtoDecodeException.class, () -> new Reader(0x96).readVarint64());
        assertThat(e.offset()).isEqualTo(4);
        assertThat(e.reason()).isEqualTo("truncated varint");
    }

    @Test
    void shouldRejectElevenByteVarints() {
        assertThatThrownBy(() ->
                        new Reader(0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00).readVarint64())
                .isInstanceOf(ProtoDecodeException.class)
                .hasMessageContaining("longer than 10 bytes");
    }

    @Test
    void shouldRejectLengthsPastTheRegionAndNegativeLengths() {
        assertThatThrownBy(() -> new Reader(0x03, 0x00, 0x00).readLength())
                .isInstanceOf(ProtoDecodeException.class)
                .hasMessageContaining("past the end");
        assertThatThrownBy(() -> new Reader(0xFF, 0xFF, 0xFF, 0xFF, 0x0F).readLength())
                .isInstanceOf(ProtoDecodeException.class)
                .hasMessageContaining("negative length");
    }

    @Test
    void shouldSkipEveryWireTypeAndNestedGroups() {
        // varint, fixed64, length-delimited, group { group { fixed32 } }, fixed32
        final Reader reader = new Reader(
                0x08, 0xAC, 0x02, //
                0x11, 1, 2, 3, 4, 5, 6, 7, 8, //
                0x1A, 0x02, 0x61, 0x62, //
                0x23, 0x2B, 0x35, 9, 9, 9, 9, 0x2C, 0x24, //
                0x3D, 1, 2, 3, 4);
        int fields = 0;
        while (reader.pos < reader.limit) {
            reader.skipField(reader.readTag());
            fields++;
        }
        assertThat(fields).isEqualTo(5);
        assertThat(reader.position()).isEqualTo(30);
    }

    @Test
    void shouldRejectInvalidTagsWhenSkipping() {
        assertThatThrownBy(() -> skipOne(0x00, 0x00)).hasMessageContaining("field number 0");
        assertThatThrownBy(() -> skipOne(0x0E, 0x00)).hasMessageContaining("invalid wire type 6");
        assertThatThrownBy(() -> skipOne(0x0F, 0x00)).hasMessageContaining("invalid wire type 7");
        assertThatThrownBy(() -> skipOne(0x0C)).hasMessageContaining("END_GROUP without START_GROUP");
        assertThatThrownBy(() -> skipOne(0x0B, 0x08, 0x01)).hasMessageContaining("never closed");
        assertThatThrownBy(() -> skipOne(0x0B, 0x14)).hasMessageContaining("closes group of field 1");
        assertThatThrownBy(() -> skipOne(0x09, 1, 2, 3)).hasMessageContaining("truncated fixed64");
        assertThatThrownBy(() -> skipOne(0x0D, 1, 2, 3)).hasMessageContaining("truncated fixed32");
    }

    @Test
    void shouldLimitGroupNesting() {
        final int levels = WireReader.DEFAULT_MAX_DEPTH + 1;
        final int[] bytes = new int[2 * levels];
        for (int i = 0; i < levels; i++) {
            bytes[i] = 0x0B;
            bytes[2 * levels - 1 - i] = 0x0C;
        }
        assertThatThrownBy(() -> skipOne(bytes)).hasMessageContaining("nesting deeper than 100");
        final int[] allowed = java.util.Arrays.copyOfRange(bytes, 1, 2 * levels - 1);
        skipOne(allowed);
    }

    private static void skipOne(final int... bytes) {
        final Reader reader = new Reader(bytes);
        reader.skipField(reader.readTag());
        assertThat(reader.position()).isEqualTo(bytes.length);
    }
}
