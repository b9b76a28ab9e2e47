package org.flyproto.codec;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * The buffer of a decoder that was never wrapped: every method throws {@link IllegalStateException} naming the
 * decoder's message type.
 *
 * <p>A sentinel rather than a null check: the reads of a wrapped decoder stay exactly what they were (no branch), and
 * this class is only ever the receiver of a call when a decoder is used before its first {@code wrap}, so the type
 * profiles of the hot call sites stay monomorphic on the user's buffer class. Each decoder has its own instance (made
 * once, in its constructor), so the exception can say which message type was not wrapped; the decoders of nested
 * messages read their parent's buffer, so for them it names the root that needs wrapping.
 */
final class NotWrappedBuffer implements DirectBuffer {
    private final MessageDecoder decoder;

    NotWrappedBuffer(final MessageDecoder decoder) {
        this.decoder = decoder;
    }

    /**
     * The exception of every method: also used where a decoder's own accessors find it.
     *
     * @return the exception to throw.
     */
    IllegalStateException notWrapped() {
        return new IllegalStateException(decoder.messageFullName()
                + " decoder not wrapped: call wrap(buffer, offset, length) (or wrapTrusted, wrapDelimited) before"
                + " reading its fields");
    }

    /** Never throws: debuggers and loggers call it. */
    @Override
    public String toString() {
        return "NotWrappedBuffer[" + decoder.getClass().getName() + "]";
    }

    @Override
    public void wrap(final byte[] buffer) {
        throw notWrapped();
    }

    @Override
    public void wrap(final byte[] buffer, final int offset, final int length) {
        throw notWrapped();
    }

    @Override
    public void wrap(final ByteBuffer buffer) {
        throw notWrapped();
    }

    @Override
    public void wrap(final ByteBuffer buffer, final int offset, final int length) {
        throw notWrapped();
    }

    @Override
    public void wrap(final DirectBuffer buffer) {
        throw notWrapped();
    }

    @Override
    public void wrap(final DirectBuffer buffer, final int offset, final int length) {
        throw notWrapped();
    }

    @Override
    public void wrap(final long address, final int length) {
        throw notWrapped();
    }

    @Override
    public long addressOffset() {
        throw notWrapped();
    }

    @Override
    public byte[] byteArray() {
        throw notWrapped();
    }

    @Override
    public ByteBuffer byteBuffer() {
        throw notWrapped();
    }

    @Override
    public int capacity() {
        throw notWrapped();
    }

    @Override
    public void checkLimit(final int limit) {
        throw notWrapped();
    }

    @Override
    public long getLong(final int index, final ByteOrder byteOrder) {
        throw notWrapped();
    }

    @Override
    public long getLong(final int index) {
        throw notWrapped();
    }

    @Override
    public int getInt(final int index, final ByteOrder byteOrder) {
        throw notWrapped();
    }

    @Override
    public int getInt(final int index) {
        throw notWrapped();
    }

    @Override
    public int parseNaturalIntAscii(final int index, final int length) {
        throw notWrapped();
    }

    @Override
    public long parseNaturalLongAscii(final int index, final int length) {
        throw notWrapped();
    }

    @Override
    public int parseIntAscii(final int index, final int length) {
        throw notWrapped();
    }

    @Override
    public long parseLongAscii(final int index, final int length) {
        throw notWrapped();
    }

    @Override
    public double getDouble(final int index, final ByteOrder byteOrder) {
        throw notWrapped();
    }

    @Override
    public double getDouble(final int index) {
        throw notWrapped();
    }

    @Override
    public float getFloat(final int index, final ByteOrder byteOrder) {
        throw notWrapped();
    }

    @Override
    public float getFloat(final int index) {
        throw notWrapped();
    }

    @Override
    public short getShort(final int index, final ByteOrder byteOrder) {
        throw notWrapped();
    }

    @Override
    public short getShort(final int index) {
        throw notWrapped();
    }

    @Override
    public char getChar(final int index, final ByteOrder byteOrder) {
        throw notWrapped();
    }

    @Override
    public char getChar(final int index) {
        throw notWrapped();
    }

    @Override
    public byte getByte(final int index) {
        throw notWrapped();
    }

    @Override
    public void getBytes(final int index, final byte[] dst) {
        throw notWrapped();
    }

    @Override
    public void getBytes(final int index, final byte[] dst, final int offset, final int length) {
        throw notWrapped();
    }

    @Override
    public void getBytes(final int index, final MutableDirectBuffer dstBuffer, final int dstIndex, final int length) {
        throw notWrapped();
    }

    @Override
    public void getBytes(final int index, final ByteBuffer dstBuffer, final int length) {
        throw notWrapped();
    }

    @Override
    public void getBytes(final int index, final ByteBuffer dstBuffer, final int dstOffset, final int length) {
        throw notWrapped();
    }

    @Override
    public String getStringAscii(final int index) {
        throw notWrapped();
    }

    @Override
    public int getStringAscii(final int index, final Appendable appendable) {
        throw notWrapped();
    }

    @Override
    public String getStringAscii(final int index, final ByteOrder byteOrder) {
        throw notWrapped();
    }

    @Override
    public int getStringAscii(final int index, final Appendable appendable, final ByteOrder byteOrder) {
        throw notWrapped();
    }

    @Override
    public String getStringAscii(final int index, final int length) {
        throw notWrapped();
    }

    @Override
    public int getStringAscii(final int index, final int length, final Appendable appendable) {
        throw notWrapped();
    }

    @Override
    public String getStringWithoutLengthAscii(final int index, final int length) {
        throw notWrapped();
    }

    @Override
    public int getStringWithoutLengthAscii(final int index, final int length, final Appendable appendable) {
        throw notWrapped();
    }

    @Override
    public String getStringUtf8(final int index) {
        throw notWrapped();
    }

    @Override
    public String getStringUtf8(final int index, final ByteOrder byteOrder) {
        throw notWrapped();
    }

    @Override
    public String getStringUtf8(final int index, final int length) {
        throw notWrapped();
    }

    @Override
    public String getStringWithoutLengthUtf8(final int index, final int length) {
        throw notWrapped();
    }

    @Override
    public void boundsCheck(final int index, final int length) {
        throw notWrapped();
    }

    @Override
    public int wrapAdjustment() {
        throw notWrapped();
    }

    @Override
    public int compareTo(final DirectBuffer that) {
        throw notWrapped();
    }
}
