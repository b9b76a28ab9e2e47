package org.flyproto.codec;

import java.util.Objects;
import org.flyproto.buffers.WireType;
import org.flyproto.buffers.ZigZag;

/** Cursor over a repeated 32-bit integer field: int32, uint32, sint32, fixed32 or sfixed32. */
public final class IntCursor extends RepeatedCursor<IntCursor> {
    /** Varint, low 32 bits: int32 and uint32. */
    public static final int VARINT = 0;
    /** ZigZag varint: sint32. */
    public static final int ZIGZAG = 1;
    /** Little-endian 4 bytes: fixed32 and sfixed32. */
    public static final int FIXED = 2;

    private final int encoding;
    private int value;

    /**
     * @param fieldNumber the field number.
     * @param encoding    {@link #VARINT}, {@link #ZIGZAG} or {@link #FIXED}.
     */
    public IntCursor(final int fieldNumber, final int encoding) {
        super(fieldNumber, encoding == FIXED ? WireType.I32 : WireType.VARINT, true);
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
    public int next(final int[] dst, final int offset, final int length) {
        Objects.checkFromIndexSize(offset, length, dst.length);
        checkUsable();
        int n = 0;
        while (n < length) {
            final int run = encoding == FIXED ? runElements(4) : 0;
            if (run > 0) {
                // Inside a packed run: the elements are [pos, limit), no tag or check between them.
                final int count = Math.min(run, length - n);
                final int p = pos;
                copyFixed32(p, dst, offset + n, count);
                pos = p + count * 4;
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
    public int value() {
        return value;
    }

    private int read() {
        return switch (encoding) {
            case VARINT -> readVarint32();
            case ZIGZAG -> ZigZag.decode32(readVarint32());
            default -> readFixed32();
        };
    }
}
