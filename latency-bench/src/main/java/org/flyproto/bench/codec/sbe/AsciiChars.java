package org.flyproto.bench.codec.sbe;

/**
 * A reusable {@link CharSequence} over the ASCII bytes of one of SBE's fixed-length char arrays, up to its first NUL
 * (SBE pads shorter values with NULs).
 */
final class AsciiChars implements CharSequence {
    private final byte[] bytes;
    private int length;

    /**
     * @param capacity the longest array it will hold.
     */
    AsciiChars(final int capacity) {
        this.bytes = new byte[capacity];
    }

    /**
     * @return the array to copy the field into.
     */
    byte[] bytes() {
        return bytes;
    }

    /**
     * Sets the length from the bytes just copied in: up to the first NUL, or all of them.
     *
     * @param copied number of bytes copied.
     * @return this.
     */
    AsciiChars terminate(final int copied) {
        int end = 0;
        while (end < copied && bytes[end] != 0) {
            end++;
        }
        length = end;
        return this;
    }

    @Override
    public int length() {
        return length;
    }

    @Override
    public char charAt(final int index) {
        if (index < 0 || index >= length) {
            throw new IndexOutOfBoundsException("index " + index + ", length " + length);
        }
        return (char) bytes[index];
    }

    @Override
    public CharSequence subSequence(final int start, final int end) {
        return toString().substring(start, end);
    }

    @Override
    public String toString() {
        return new String(bytes, 0, length, java.nio.charset.StandardCharsets.US_ASCII);
    }
}
