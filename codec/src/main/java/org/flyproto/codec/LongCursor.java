package org.flyproto.codec;

import java.util.Objects;
import org.flyproto.buffers.WireType;
import org.flyproto.buffers.ZigZag;

/** Cursor over a repeated 64-bit integer field: int64, uint64, sint64, fixed64 or sfixed64. */
public final class LongCursor extends RepeatedCursor<LongCursor> {
    /** Varint: int64 and uint64. */
    public static final int VARINT = 0;
    /** ZigZag varint: sint64. */
    public static final int ZIGZAG = 1;
    /** Little-endian 8 bytes: fixed64 and sfixed64. */
    public static final int FIXED = 2;

    private final int encoding;
    private long value;

    /**
     * @param fieldNumber the field number.
     * @param encoding    {@link #VARINT}, {@link #ZIGZAG} or {@link #FIXED}.
     */
    public LongCursor(final int fieldNumber, final int encoding) {
        super(fieldNumber, encoding == FIXED ? WireType.I64 : WireType.VARINT, true);
        this.encoding = encoding;
    }

    /**
     * Moves to the next element.
     *
     * @return false when there are no more elements.
     */
    public boolean next() {
        if (!advance()) {
            return false;
        }
        value = read();
        return true;
    }

    /**
     * Reads up to {@code length} next elements into {@code dst}, as as many calls of {@link #next()} would: the bulk
     * read of a packed run (or of any run of elements), with {@link #value()} then the last element read.
     *
     * @param dst    where to write the elements.
     * @param offset index in {@code dst} of the first one.
     * @param length the most to read.
     * @return the number of elements read: fewer than {@code length} only at the end, 0 there.
     * @throws IndexOutOfBoundsException if {@code [offset, offset + length)} is not inside {@code dst}.
     */
    public int next(final long[] dst, final int offset, final int length) {
        Objects.checkFromIndexSize(offset, length, dst.length);
        checkUsable();
        int n = 0;
        while (n < length) {
            final int run = encoding == FIXED ? runElements(8) : 0;
            if (run > 0) {
                // Inside a packed run: the elements are [pos, limit), no tag or check between them.
                final int count = Math.min(run, length - n);
                final int p = pos;
                copyFixed64(p, dst, offset + n, count);
                pos = p + count * 8;
                n += count;
            } else if (advance()) {
                dst[offset + n++] = read();
            } else {
                break;
            }
        }
        if (n > 0) {
            value = dst[offset + n - 1];
        }
        return n;
    }

    /**
     * @return the current element.
     */
    public long value() {
        return value;
    }

    private long read() {
        return switch (encoding) {
            case VARINT -> readVarint64();
            case ZIGZAG -> ZigZag.decode64(readVarint64());
            default -> readFixed64();
        };
    }
}
