package org.flyproto.tools;

import java.io.IOException;
import java.io.OutputStream;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.flyproto.buffers.Utf8;
import org.flyproto.codec.DynamicDecoder;

/**
 * Writes decoded messages in the chosen format, reusing one buffer and one StringBuilder for all of them:
 *
 * <ul>
 *   <li>JSON: one document per line (JSON lines), printed as UTF-8 into a buffer and written from it;
 *   <li>text format: protobuf-java's {@code TextFormat} output; in a stream each message is preceded by a comment
 *       line {@code # message N} (N its 0-based ordinal), which text-format parsers skip;
 *   <li>binary: the message's bytes as they came (validated); in a stream each preceded by its varint length, as
 *       {@code writeDelimitedTo} writes them.
 * </ul>
 */
final class MessageOutput {
    private final Options.Format format;
    private final boolean stream;
    private final Formats formats;
    private final OutputStream out;
    private final ExpandableArrayBuffer bytes = new ExpandableArrayBuffer(4096);
    private final StringBuilder text = new StringBuilder(4096);

    /**
     * @param format  the output format.
     * @param stream  whether the input is a stream of messages (or a single one).
     * @param formats the printers.
     * @param out     where to write; buffered by the caller.
     */
    MessageOutput(final Options.Format format, final boolean stream, final Formats formats, final OutputStream out) {
        this.format = format;
        this.stream = stream;
        this.formats = formats;
        this.out = out;
    }

    /**
     * Writes one message.
     *
     * @param message the message, wrapped over {@code [offset, offset + length)} of {@code buffer}.
     * @param ordinal its 0-based ordinal in the stream.
     */
    void write(
            final DynamicDecoder message,
            final DirectBuffer buffer,
            final int offset,
            final int length,
            final long ordinal)
            throws IOException {
        switch (format) {
            case JSON -> {
                final int n = formats.printJson(message, bytes, 0);
                bytes.putByte(n, (byte) '\n');
                out.write(bytes.byteArray(), 0, n + 1);
            }
            case TEXT -> {
                text.setLength(0);
                if (stream) {
                    text.append("# message ").append(ordinal).append('\n');
                }
                formats.appendText(message, text);
                final int n = Utf8.encode(text, bytes, 0);
                out.write(bytes.byteArray(), 0, n);
            }
            case BINARY -> writeBinary(buffer, offset, length, stream);
            default -> throw new IllegalStateException(format.name());
        }
    }

    private int putVarint(final int value) {
        int v = value;
        int n = 0;
        while ((v & ~0x7F) != 0) {
            bytes.putByte(n++, (byte) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        bytes.putByte(n++, (byte) v);
        return n;
    }

    /**
     * Writes {@code length} bytes of {@code buffer} from {@code offset}, after their varint length if
     * {@code delimited}: the output of {@code encode}.
     */
    void writeBinary(final DirectBuffer buffer, final int offset, final int length, final boolean delimited)
            throws IOException {
        int n = 0;
        if (delimited) {
            n = putVarint(length);
        }
        buffer.getBytes(offset, bytes, n, length);
        out.write(bytes.byteArray(), 0, n + length);
    }
}
