package org.flyproto.tools;

import java.io.IOException;
import java.io.InputStream;
import org.agrona.ExpandableArrayBuffer;

/**
 * An input stream read in chunks, with the position of the next byte: what the stream readers of the tool need
 * (single bytes for varints, runs of bytes for messages, lines for JSON lines), without a per-byte call into the
 * stream and without allocating per message.
 */
final class ByteInput {
    private static final int CHUNK = 64 * 1024;

    private final InputStream in;
    private final byte[] chunk = new byte[CHUNK];
    private int pos;
    private int end;
    /** How many bytes of the stream came before {@code chunk[0]}. */
    private long before;

    ByteInput(final InputStream in) {
        this.in = in;
    }

    /**
     * @return the position in the stream of the next byte to read.
     */
    long position() {
        return before + pos;
    }

    /**
     * @return the next byte (0 to 255), or -1 at the end of the stream.
     */
    int read() throws IOException {
        if (pos == end && !fill()) {
            return -1;
        }
        return chunk[pos++] & 0xFF;
    }

    /**
     * Reads up to {@code length} bytes into {@code buffer} from {@code offset}, growing it as bytes arrive (a bogus
     * length does not allocate more than the stream holds).
     *
     * @return the number of bytes read: less than {@code length} only at the end of the stream.
     */
    int read(final ExpandableArrayBuffer buffer, final int offset, final int length) throws IOException {
        int done = 0;
        while (done < length) {
            if (pos == end && !fill()) {
                break;
            }
            final int n = Math.min(length - done, end - pos);
            buffer.putBytes(offset + done, chunk, pos, n);
            pos += n;
            done += n;
        }
        return done;
    }

    /**
     * Reads the bytes up to the next {@code '\n'} (consumed, not stored) or the end of the stream into
     * {@code buffer} from 0.
     *
     * @return the line's length, or -1 at the end of the stream.
     */
    int readLine(final ExpandableArrayBuffer buffer) throws IOException {
        int length = 0;
        while (true) {
            if (pos == end && !fill()) {
                return length == 0 ? -1 : length;
            }
            int i = pos;
            while (i < end && chunk[i] != '\n') {
                i++;
            }
            buffer.putBytes(length, chunk, pos, i - pos);
            length += i - pos;
            if (i < end) {
                pos = i + 1;
                return length;
            }
            pos = end;
        }
    }

    /**
     * Reads the rest of the stream into {@code buffer} from 0.
     *
     * @return the number of bytes read.
     */
    int readAll(final ExpandableArrayBuffer buffer) throws IOException {
        int length = 0;
        while (pos < end || fill()) {
            buffer.putBytes(length, chunk, pos, end - pos);
            length += end - pos;
            pos = end;
        }
        return length;
    }

    private boolean fill() throws IOException {
        before += end;
        pos = 0;
        end = 0;
        final int n = in.read(chunk, 0, CHUNK);
        if (n <= 0) {
            return false;
        }
        end = n;
        return true;
    }
}
