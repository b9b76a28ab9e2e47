package org.flyproto.codec;

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
     * @return the current element.
     */
    public long value() {
        return value;
    }

    @Override
    protected boolean skipElement() {
        read();
        return true;
    }

    private long read() {
        return switch (encoding) {
            case VARINT -> readVarint64();
            case ZIGZAG -> ZigZag.decode64(readVarint64());
            default -> readFixed64();
        };
    }
}
