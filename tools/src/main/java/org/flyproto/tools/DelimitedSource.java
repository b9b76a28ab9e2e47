package org.flyproto.tools;

import java.io.IOException;
import org.agrona.ExpandableArrayBuffer;

/**
 * A length-delimited stream, as protobuf-java's {@code writeDelimitedTo} writes it: each message preceded by its
 * length as a varint. The stream ends cleanly only where a length prefix would start.
 */
final class DelimitedSource implements MessageSource {
    private final ByteInput input;
    private final ExpandableArrayBuffer buffer = new ExpandableArrayBuffer(4096);
    private long ordinal;

    DelimitedSource(final ByteInput input) {
        this.input = input;
    }

    @Override
    public boolean next(final Handler handler) throws IOException {
        final long prefixAt = input.position();
        final int length = readLength(prefixAt);
        if (length < 0) {
            return false;
        }
        final long base = input.position();
        final int read = input.read(buffer, 0, length);
        if (read < length) {
            throw new BadDataException(
                    "truncated message: its length prefix says " + length + " bytes, the stream has " + read,
                    "offset " + (base + read),
                    ordinal);
        }
        handler.onMessage(buffer, 0, length, ordinal++, base);
        return true;
    }

    /** @return the length, or -1 at a clean end of the stream. */
    private int readLength(final long prefixAt) throws IOException {
        long value = 0;
        for (int shift = 0; shift < 35; shift += 7) {
            final int b = input.read();
            if (b < 0) {
                if (shift == 0) {
                    return -1;
                }
                throw new BadDataException("truncated length prefix", "offset " + input.position(), ordinal);
            }
            value |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                if (value > Integer.MAX_VALUE) {
                    break;
                }
                return (int) value;
            }
        }
        throw new BadDataException("malformed length prefix", "offset " + prefixAt, ordinal);
    }
}
