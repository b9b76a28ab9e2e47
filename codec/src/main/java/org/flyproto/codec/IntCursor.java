package org.flyproto.codec;

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
     * @return the current element.
     */
    public int value() {
        return value;
    }

    @Override
    protected boolean skipElement() {
        read();
        return true;
    }

    private int read() {
        return switch (encoding) {
            case VARINT -> readVarint32();
            case ZIGZAG -> ZigZag.decode32(readVarint32());
            default -> readFixed32();
        };
    }
}
