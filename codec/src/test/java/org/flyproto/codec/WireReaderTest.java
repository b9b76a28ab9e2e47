package org.flyproto.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.buffers.Varint;
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
            attachRegion(new UnsafeBuffer(array), 4, bytes.length);
            pos = 4;
            limit = 4 + bytes.length;
        }

        /** A nested region: the first {@code length} of {@code bytes}, the rest still inside the root's region. */
        static Reader nested(final int length, final int... bytes) {
            final Reader reader = new Reader(bytes);
            reader.limit = 4 + length;
            return reader;
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
    void shouldDecodeVarintsOfEveryLengthWhereverTheRegionEnds() {
        final java.util.Random random = new java.util.Random(42);
        for (int size = 1; size <= 10; size++) {
            for (int trial = 0; trial < 200; trial++) {
                final long value = size == 10 ? random.nextLong() | Long.MIN_VALUE : randomOfSize(random, size);
                final byte[] encoded = new byte[10];
                final int n = Varint.put64(new UnsafeBuffer(encoded), 0, value);
                assertThat(n).isEqualTo(size);
                for (int trailing = 0; trailing <= 9; trailing++) {
                    final int[] bytes = new int[n + trailing];
                    for (int i = 0; i < n; i++) {
                        bytes[i] = encoded[i] & 0xFF;
                    }
                    java.util.Arrays.fill(bytes, n, bytes.length, 0xFF); // past the limit, inside the root region
                    final Reader decoding = Reader.nested(n, bytes);
                    assertThat(decoding.readVarint64()).isEqualTo(value);
                    assertThat(decoding.position()).isEqualTo(n);
                    final Reader skipping = Reader.nested(n, bytes);
                    skipping.skipField(0x08);
                    assertThat(skipping.position()).isEqualTo(n);
                }
            }
        }
    }

    @Test
    void shouldRejectAVarintTruncatedAtANestedLimitWhateverFollowsIt() {
        // Continuation bytes up to the limit, the varint's last byte just past it, inside the root's region.
        for (int length = 1; length <= 9; length++) {
            final int[] bytes = new int[12];
            java.util.Arrays.fill(bytes, 0, length, 0x81);
            bytes[length] = 0x01;
            final int limit = length;
            final ProtoDecodeException read = org.junit.jupiter.api.Assertions.assertThrows(
                    ProtoDecodeException.class,
                    () -> Reader.nested(limit, bytes).readVarint64());
            assertThat(read.reason()).isEqualTo("truncated varint");
            assertThat(read.offset()).isEqualTo(4);
            final ProtoDecodeException skip = org.junit.jupiter.api.Assertions.assertThrows(
                    ProtoDecodeException.class,
                    () -> Reader.nested(limit, bytes).skipField(0x08));
            assertThat(skip.reason()).isEqualTo("truncated varint");
            assertThat(skip.offset()).isEqualTo(4);
        }
    }

    @Test
    void shouldDecodeAnyBytesAsTheDefinitionDoesWhateverLiesAheadOfTheLimit() {
        // Random bytes, most with the continuation bit, at every limit and with 0 to 21 bytes of the root region
        // after it: a 64-bit read with 4 bytes of the root ahead (its first bytes folded without a loop), one near the
        // root's end and every 32-bit read (the loop) all give what the definition gives: the value and length, or
        // the error.
        final java.util.Random random = new java.util.Random(7);
        for (int trial = 0; trial < 20_000; trial++) {
            final int[] bytes = new int[1 + random.nextInt(22)];
            final int continued = random.nextInt(12);
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = i < continued || random.nextInt(4) == 0 ? 0x80 | random.nextInt(128) : random.nextInt(128);
            }
            if (random.nextInt(8) == 0 && bytes.length >= 10) {
                bytes[9] = random.nextInt(256); // a tenth byte of any value: only its continuation bit counts
            }
            final int limit = 1 + random.nextInt(bytes.length);
            final String expected = definition(bytes, limit);
            final Reader reader = Reader.nested(limit, bytes);
            assertThat(outcome(reader, reader::readVarint64))
                    .as("%s, limit %d", java.util.Arrays.toString(bytes), limit)
                    .isEqualTo(expected);
            final Reader reader32 = Reader.nested(limit, bytes);
            final String[] parts = expected.split("@");
            final String expected32 =
                    expected.contains("varint") ? expected : (int) Long.parseLong(parts[0]) + "@" + parts[1];
            assertThat(outcome(reader32, reader32::readVarint32)).isEqualTo(expected32);
        }
    }

    /** What a read gives: its value and the position after it, or the error's reason and offset. */
    private static String outcome(final Reader reader, final java.util.function.LongSupplier read) {
        try {
            final long value = read.getAsLong();
            return value + "@" + reader.position();
        } catch (final ProtoDecodeException e) {
            return e.reason() + "@" + (e.offset() - 4);
        }
    }

    /** A varint as protobuf defines it: up to 10 bytes, 7 bits each, little end first, the rest of 64 bits dropped. */
    private static String definition(final int[] bytes, final int limit) {
        long value = 0;
        for (int i = 0; i < Math.min(limit, Varint.MAX_SIZE); i++) {
            value |= (long) (bytes[i] & 0x7F) << (7 * i);
            if ((bytes[i] & 0x80) == 0) {
                return value + "@" + (i + 1);
            }
        }
        return (limit >= Varint.MAX_SIZE ? "varint longer than 10 bytes" : "truncated varint") + "@0";
    }

    private static long randomOfSize(final java.util.Random random, final int size) {
        final long low = 1L << (7 * (size - 1));
        final long span = size == 9 ? Long.MAX_VALUE - low : (1L << (7 * size)) - low;
        return low + Math.floorMod(random.nextLong(), span);
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
