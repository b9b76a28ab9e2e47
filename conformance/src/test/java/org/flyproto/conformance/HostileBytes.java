package org.flyproto.conformance;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Hostile input placed in buffers: every {@link BufferKind} with the input at a non-zero offset, preceded by
 * valid-looking fields and followed by a continuation, bytes that would complete or change what the input says if a
 * decoder read past the end of its region; and the input alone in heap and direct buffers of exactly its size.
 */
final class HostileBytes {
    private static final HexFormat HEX = HexFormat.ofDelimiter(" ").withUpperCase();

    /** What precedes the region: f_int32 fields, ending with a dangling tag. */
    static final byte[] PREFIX = hex("08 01 08 01 08 01 08 01 08 01 08");

    private HostileBytes() {}

    /** A region of a buffer to decode, with a description of where it lies for assertion messages. */
    record Region(String description, DirectBuffer buffer, int offset, int length) {
        int end() {
            return offset + length;
        }

        @Override
        public String toString() {
            return description + " [" + offset + ", " + end() + ")";
        }
    }

    /**
     * @param input        the bytes to decode.
     * @param continuation what follows them in the embedded layouts.
     * @return the input embedded after {@link #PREFIX} in a buffer of every kind, then alone in exactly-sized heap and
     *     direct buffers.
     */
    static List<Region> regions(final byte[] input, final byte[] continuation) {
        final List<Region> regions = new ArrayList<>();
        for (final BufferKind kind : BufferKind.values()) {
            regions.add(new Region(
                    kind + " after a prefix", embed(kind, input, continuation), PREFIX.length, input.length));
        }
        regions.add(new Region("exactly-sized heap", new UnsafeBuffer(input.clone()), 0, input.length));
        final UnsafeBuffer direct = new UnsafeBuffer(ByteBuffer.allocateDirect(input.length));
        direct.putBytes(0, input);
        regions.add(new Region("exactly-sized direct", direct, 0, input.length));
        return regions;
    }

    /**
     * @return a buffer of {@code kind} holding {@link #PREFIX}, then {@code input}, then {@code continuation}; heap and
     *     direct buffers end right after the continuation.
     */
    static MutableDirectBuffer embed(final BufferKind kind, final byte[] input, final byte[] continuation) {
        final MutableDirectBuffer buffer = kind.allocate(PREFIX.length + input.length + continuation.length);
        buffer.putBytes(0, PREFIX);
        buffer.putBytes(PREFIX.length, input);
        buffer.putBytes(PREFIX.length + input.length, continuation);
        return buffer;
    }

    /**
     * @param hex bytes as hex pairs separated by single spaces, e.g. {@code "08 96 01"}; null or blank for none.
     * @return the bytes.
     */
    static byte[] hex(final String hex) {
        if (hex == null || hex.isBlank()) {
            return new byte[0];
        }
        return HEX.parseHex(hex.strip().replaceAll("\\s+", " "));
    }

    /**
     * @return the bytes as upper-case hex pairs separated by spaces.
     */
    static String hex(final byte[] bytes) {
        return HEX.formatHex(bytes);
    }

    /**
     * @return the parts one after the other.
     */
    static byte[] concat(final byte[]... parts) {
        int length = 0;
        for (final byte[] part : parts) {
            length += part.length;
        }
        final byte[] out = new byte[length];
        int p = 0;
        for (final byte[] part : parts) {
            System.arraycopy(part, 0, out, p, part.length);
            p += part.length;
        }
        return out;
    }
}
