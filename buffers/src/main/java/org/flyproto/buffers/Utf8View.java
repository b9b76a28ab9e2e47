package org.flyproto.buffers;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * A reusable {@link CharSequence} over UTF-8 bytes in a buffer, decoded on demand without allocating: the flyweight
 * for reading a protobuf {@code string} field.
 *
 * <p>{@link #length()} and {@link #charAt(int)} are in UTF-16 units, like {@link String}: a supplementary character
 * counts as two, read as its high then its low surrogate. For all-ASCII content both are O(1) once the view has checked,
 * the first time it needs to, that the content is ASCII. Otherwise {@code charAt} remembers the last position it
 * decoded, so ascending access is amortized O(1) per call; going backwards restarts from the beginning.
 *
 * <p>Malformed UTF-8 never throws and is never read past: each malformed sequence reads as U+FFFD, spanning the same
 * bytes the JDK's decoder replaces (see {@link Utf8#toString(DirectBuffer, int, int)}), consistently across every
 * method. Validate with {@link Utf8#invalidIndex} where the input is not trusted.
 *
 * <p>The view caches facts about the bytes (ASCII or not, length, position): after the bytes change, {@link #wrap}
 * again. A view is mutable and not thread-safe; it is a poor key for a hash map. Only {@link #toString()} and
 * {@link #subSequence(int, int)} allocate.
 *
 * <p><b>Reuse.</b> A decoder's string accessor returns the same view every time, pointed again at the field of the
 * message the decoder is on now; a repeated string's cursor points its one view at each element in turn. So a view
 * that is kept shows what it was last pointed at: once its decoder moves on ({@code next()}, another {@code wrap}, or
 * the accessor called again for another element), it may show other bytes, and views collected in a loop are one
 * object, showing the last element. It copies nothing either: it is valid only while the buffer's bytes are (in an
 * Aeron {@code FragmentHandler}, until the handler returns). Copy out what must outlive it: {@link #toString()},
 * {@link #appendTo(StringBuilder)}, {@link #copyTo(MutableDirectBuffer, int)}.
 */
public final class Utf8View implements CharSequence {
    private static final DirectBuffer EMPTY_BUFFER = new UnsafeBuffer(new byte[0]);

    private static final int ASCII_UNKNOWN = 0;
    private static final int ASCII_YES = 1;
    private static final int ASCII_NO = 2;

    private DirectBuffer buffer = EMPTY_BUFFER;
    private int offset;
    private int byteLength;

    private int asciiState = ASCII_YES;
    private int utf16Length = 0;
    private int cursorChar;
    private int cursorByte;
    /** Checked mode only: the generation of the flyweight that handed the view out, and its value then. */
    private Generation owner;

    private int ownerValue;

    /** Creates an empty view; {@link #wrap} it over some bytes to use it. */
    public Utf8View() {}

    /**
     * Checked mode only ({@link Checked}): ties the view to the flyweight that hands it out, so that using it after
     * that flyweight moved on throws. A plain {@link #wrap} unties it.
     *
     * @param generation the generation of the decoder or cursor handing the view out.
     * @return this view.
     */
    public Utf8View own(final Generation generation) {
        owner = generation;
        ownerValue = generation.value();
        return this;
    }

    private void checkOwner() {
        if (Checked.ENABLED) {
            Generation.checkView(owner, ownerValue, "Utf8View");
        }
    }

    /**
     * Points the view at UTF-8 bytes and forgets everything cached about the previous ones.
     *
     * @param buffer holding the bytes.
     * @param offset of the first byte in {@code buffer}.
     * @param byteLength number of bytes.
     * @return this view.
     * @throws IndexOutOfBoundsException if the range is outside the buffer and bounds checks are enabled.
     */
    public Utf8View wrap(final DirectBuffer buffer, final int offset, final int byteLength) {
        if (DirectBuffer.SHOULD_BOUNDS_CHECK) {
            buffer.boundsCheck(offset, byteLength);
        }
        this.buffer = buffer;
        this.offset = offset;
        this.byteLength = byteLength;
        asciiState = ASCII_UNKNOWN;
        utf16Length = -1;
        cursorChar = 0;
        cursorByte = 0;
        if (Checked.ENABLED) {
            owner = null;
        }
        return this;
    }

    /**
     * Buffer the view reads from.
     *
     * @return the wrapped buffer.
     */
    public DirectBuffer buffer() {
        checkOwner();
        return buffer;
    }

    /**
     * Offset of the first byte in {@link #buffer()}.
     *
     * @return offset of the first byte.
     */
    public int offset() {
        checkOwner();
        return offset;
    }

    /**
     * Number of UTF-8 bytes in the view.
     *
     * @return length in bytes.
     */
    public int byteLength() {
        checkOwner();
        return byteLength;
    }

    /**
     * Whether every byte has its high bit clear, in which case UTF-16 and byte positions coincide. Checked once per
     * {@link #wrap}, then cached.
     *
     * @return true if the content is ASCII.
     */
    public boolean isAscii() {
        checkOwner();
        if (asciiState == ASCII_UNKNOWN) {
            asciiState = Utf8.isAscii(buffer, offset, byteLength) ? ASCII_YES : ASCII_NO;
        }

        return asciiState == ASCII_YES;
    }

    /**
     * Length in UTF-16 units, as {@link String#length()} of the decoded text: a supplementary character counts as two,
     * a malformed sequence as one. Computed once per {@link #wrap}, then cached.
     *
     * @return length in UTF-16 units.
     */
    @Override
    public int length() {
        checkOwner();
        if (utf16Length < 0) {
            utf16Length = isAscii() ? byteLength : countUtf16Units();
        }

        return utf16Length;
    }

    /**
     * UTF-16 unit at an index, as {@link String#charAt(int)} of the decoded text.
     *
     * @param index in UTF-16 units.
     * @return the unit: a high or low surrogate for either half of a supplementary character, U+FFFD for a malformed
     *     sequence.
     * @throws IndexOutOfBoundsException if {@code index} is negative or not less than {@link #length()}.
     */
    @Override
    public char charAt(final int index) {
        checkOwner();
        if (index < 0) {
            throw new IndexOutOfBoundsException("index=" + index + " length=" + length());
        }

        if (isAscii()) {
            if (index >= byteLength) {
                throw new IndexOutOfBoundsException("index=" + index + " length=" + byteLength);
            }
            return (char) buffer.getByte(offset + index);
        }

        int charPosition = cursorChar;
        int bytePosition = cursorByte;
        if (index < charPosition) {
            charPosition = 0;
            bytePosition = 0;
        }

        final int limit = offset + byteLength;
        while (bytePosition < byteLength) {
            final int b = buffer.getByte(offset + bytePosition);
            if (b >= 0) {
                if (charPosition == index) {
                    moveCursor(charPosition, bytePosition);
                    return (char) b;
                }
                charPosition++;
                bytePosition++;
                continue;
            }

            final int decoded = Utf8.decode(buffer, offset + bytePosition, limit);
            final int codePoint = decoded & Utf8.DECODED_CODE_POINT_MASK;
            if (codePoint >= Character.MIN_SUPPLEMENTARY_CODE_POINT) {
                if (index - charPosition <= 1) {
                    moveCursor(charPosition, bytePosition);
                    return index == charPosition
                            ? Character.highSurrogate(codePoint)
                            : Character.lowSurrogate(codePoint);
                }
                charPosition += 2;
            } else {
                if (charPosition == index) {
                    moveCursor(charPosition, bytePosition);
                    return (char) codePoint;
                }
                charPosition++;
            }
            bytePosition += decoded >>> Utf8.DECODED_LENGTH_SHIFT;
        }

        throw new IndexOutOfBoundsException("index=" + index + " length=" + length());
    }

    /**
     * Copies a range of the decoded text into a new {@link String} (allocates).
     *
     * @param start index of the first UTF-16 unit, inclusive.
     * @param end index of the last UTF-16 unit, exclusive.
     * @return a {@link String} with the units in {@code [start, end)}.
     * @throws IndexOutOfBoundsException if {@code start} or {@code end} is negative, {@code end} is greater than
     *     {@link #length()}, or {@code start} is greater than {@code end}.
     */
    @Override
    public CharSequence subSequence(final int start, final int end) {
        checkOwner();
        final int length = length();
        if (start < 0 || end > length || start > end) {
            throw new IndexOutOfBoundsException("start=" + start + " end=" + end + " length=" + length);
        }

        if (isAscii()) {
            return Utf8.toString(buffer, offset + start, end - start);
        }

        final StringBuilder builder = new StringBuilder(end - start);
        for (int i = start; i < end; i++) {
            builder.append(charAt(i));
        }

        return builder.toString();
    }

    /**
     * Compares the decoded text with a {@link CharSequence}, unit by unit, without allocating.
     *
     * @param other to compare with; may be null.
     * @return true if {@code other} has the same UTF-16 units, false if it differs or is null.
     */
    public boolean contentEquals(final CharSequence other) {
        checkOwner();
        if (other == null) {
            return false;
        }

        final int otherLength = other.length();
        if (otherLength > byteLength || (utf16Length >= 0 && utf16Length != otherLength)) {
            return false;
        }

        if (isAscii()) {
            if (otherLength != byteLength) {
                return false;
            }
            for (int i = 0; i < byteLength; i++) {
                if (other.charAt(i) != buffer.getByte(offset + i)) {
                    return false;
                }
            }
            return true;
        }

        final int limit = offset + byteLength;
        int charPosition = 0;
        int bytePosition = 0;
        while (bytePosition < byteLength) {
            final int b = buffer.getByte(offset + bytePosition);
            if (b >= 0) {
                if (charPosition >= otherLength || other.charAt(charPosition) != b) {
                    return false;
                }
                charPosition++;
                bytePosition++;
                continue;
            }

            final int decoded = Utf8.decode(buffer, offset + bytePosition, limit);
            final int codePoint = decoded & Utf8.DECODED_CODE_POINT_MASK;
            if (codePoint >= Character.MIN_SUPPLEMENTARY_CODE_POINT) {
                if (charPosition + 1 >= otherLength
                        || other.charAt(charPosition) != Character.highSurrogate(codePoint)
                        || other.charAt(charPosition + 1) != Character.lowSurrogate(codePoint)) {
                    return false;
                }
                charPosition += 2;
            } else {
                if (charPosition >= otherLength || other.charAt(charPosition) != codePoint) {
                    return false;
                }
                charPosition++;
            }
            bytePosition += decoded >>> Utf8.DECODED_LENGTH_SHIFT;
        }

        return charPosition == otherLength;
    }

    /**
     * Appends the decoded text to an {@link Appendable}, one {@code char} at a time.
     *
     * @param appendable to append to.
     * @throws UncheckedIOException wrapping an {@link IOException} thrown by {@code appendable}.
     */
    public void appendTo(final Appendable appendable) {
        checkOwner();
        try {
            appendChars(appendable);
        } catch (final IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    /**
     * Appends the decoded text to a {@link StringBuilder} without allocating beyond the builder's own growth.
     *
     * @param builder to append to.
     * @return {@code builder}.
     */
    public StringBuilder appendTo(final StringBuilder builder) {
        checkOwner();
        try {
            appendChars(builder);
        } catch (final IOException ex) {
            throw new UncheckedIOException(ex); // StringBuilder never throws it
        }

        return builder;
    }

    /**
     * Copies the raw UTF-8 bytes, as they are, to another buffer.
     *
     * @param dst to copy to.
     * @param dstIndex at which to copy.
     * @return number of bytes copied: {@link #byteLength()}.
     */
    public int copyTo(final MutableDirectBuffer dst, final int dstIndex) {
        checkOwner();
        dst.putBytes(dstIndex, buffer, offset, byteLength);
        return byteLength;
    }

    /**
     * Hash code of the decoded text, equal to {@code toString().hashCode()} (the {@link String#hashCode()} formula over
     * the UTF-16 units) but computed without allocating.
     *
     * @return hash code of the decoded text.
     */
    @Override
    public int hashCode() {
        checkOwner();
        int hash = 0;
        if (isAscii()) {
            for (int i = 0; i < byteLength; i++) {
                hash = 31 * hash + buffer.getByte(offset + i);
            }
            return hash;
        }

        final int limit = offset + byteLength;
        int bytePosition = 0;
        while (bytePosition < byteLength) {
            final int b = buffer.getByte(offset + bytePosition);
            if (b >= 0) {
                hash = 31 * hash + b;
                bytePosition++;
                continue;
            }

            final int decoded = Utf8.decode(buffer, offset + bytePosition, limit);
            final int codePoint = decoded & Utf8.DECODED_CODE_POINT_MASK;
            if (codePoint >= Character.MIN_SUPPLEMENTARY_CODE_POINT) {
                hash = 31 * hash + Character.highSurrogate(codePoint);
                hash = 31 * hash + Character.lowSurrogate(codePoint);
            } else {
                hash = 31 * hash + codePoint;
            }
            bytePosition += decoded >>> Utf8.DECODED_LENGTH_SHIFT;
        }

        return hash;
    }

    /**
     * Whether another {@link Utf8View} has the same decoded text (wherever its bytes are). Never equal to a
     * {@link String} or another kind of {@link CharSequence}, as {@link CharSequence} does not define equality across
     * types: use {@link #contentEquals(CharSequence)} for that.
     *
     * @param other to compare with.
     * @return true if {@code other} is a {@link Utf8View} with the same UTF-16 units.
     */
    @Override
    public boolean equals(final Object other) {
        checkOwner();
        if (this == other) {
            return true;
        }

        return other instanceof Utf8View that && contentEquals(that);
    }

    /**
     * Decodes the text into a new {@link String} (allocates). Well-formed UTF-8 gives the same string as
     * {@link Utf8#toString(DirectBuffer, int, int)}.
     *
     * @return the decoded text.
     */
    @Override
    public String toString() {
        checkOwner();
        if (isAscii()) {
            return Utf8.toString(buffer, offset, byteLength);
        }

        return appendTo(new StringBuilder(byteLength)).toString();
    }

    private void moveCursor(final int charPosition, final int bytePosition) {
        cursorChar = charPosition;
        cursorByte = bytePosition;
    }

    private int countUtf16Units() {
        final int limit = offset + byteLength;
        int units = 0;
        int bytePosition = 0;
        while (bytePosition < byteLength) {
            if (buffer.getByte(offset + bytePosition) >= 0) {
                units++;
                bytePosition++;
                continue;
            }

            final int decoded = Utf8.decode(buffer, offset + bytePosition, limit);
            units += (decoded & Utf8.DECODED_CODE_POINT_MASK) >= Character.MIN_SUPPLEMENTARY_CODE_POINT ? 2 : 1;
            bytePosition += decoded >>> Utf8.DECODED_LENGTH_SHIFT;
        }

        return units;
    }

    private void appendChars(final Appendable appendable) throws IOException {
        if (isAscii()) {
            for (int i = 0; i < byteLength; i++) {
                appendable.append((char) buffer.getByte(offset + i));
            }
            return;
        }

        final int limit = offset + byteLength;
        int bytePosition = 0;
        while (bytePosition < byteLength) {
            final int b = buffer.getByte(offset + bytePosition);
            if (b >= 0) {
                appendable.append((char) b);
                bytePosition++;
                continue;
            }

            final int decoded = Utf8.decode(buffer, offset + bytePosition, limit);
            final int codePoint = decoded & Utf8.DECODED_CODE_POINT_MASK;
            if (codePoint >= Character.MIN_SUPPLEMENTARY_CODE_POINT) {
                appendable.append(Character.highSurrogate(codePoint));
                appendable.append(Character.lowSurrogate(codePoint));
            } else {
                appendable.append((char) codePoint);
            }
            bytePosition += decoded >>> Utf8.DECODED_LENGTH_SHIFT;
        }
    }
}
