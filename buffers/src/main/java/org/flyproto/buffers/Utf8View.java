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
 * the first time it needs to, that the content is ASCII (and {@code charAt} is O(1) within any leading run of ASCII).
 * Otherwise {@code charAt} remembers the last position it decoded, so ascending and descending access are amortized
 * O(1) per call; a jump back nearer the beginning than the last position restarts from there.
 *
 * <p>Malformed UTF-8 never throws and is never read past: each malformed sequence reads as U+FFFD, spanning the same
 * bytes the JDK's decoder replaces (see {@link Utf8#toString(DirectBuffer, int, int)}), consistently across every
 * method. Validate with {@link Utf8#invalidIndex} where the input is not trusted.
 *
 * <p>The view caches facts about the bytes (ASCII or not, length, position): after the bytes change, {@link #wrap}
 * again. A view is mutable and not thread-safe; it is a poor key for a hash map. Only {@link #toString()} and
 * {@link #subSequence(int, int)} allocate.
 *
 * <p><b>Bounds.</b> {@link #wrap} checks the range against the buffer's capacity (a non-empty range also with
 * Agrona's bounds checks disabled), and every method that reads checks it again (one compare), as the buffer may have
 * been wrapped again, smaller: the view never reads outside its range, and throws {@link IndexOutOfBoundsException} if
 * its range is no longer inside its buffer.
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

    private static final int VALID = 1;
    private static final int INVALID = -1;

    private DirectBuffer buffer = EMPTY_BUFFER;
    private int offset;
    private int byteLength;

    /** Number of leading ASCII bytes ({@code byteLength} if all are), -1 until known. */
    private int asciiPrefix = 0;

    private int utf16Length = 0;
    /** {@link #VALID}, {@link #INVALID} or 0 until known (measured, or seen to be all ASCII). */
    private int validity = VALID;
    /** Whether the bytes must be valid UTF-8, their check left to the reader: {@link #wrapUnchecked}. */
    private boolean mustBeValid;
    /**
     * A position where a sequence starts, or the end, at or after {@link #asciiPrefix} once that is known: UTF-16
     * index and byte. {@code charAt} leaves it after the unit it returned (at the pair for a high surrogate).
     */
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
     * @throws IndexOutOfBoundsException if the range is not inside {@code [0, buffer.capacity())}: a range of one
     *     byte or more whatever Agrona's bounds-check mode, an empty one (which reads nothing) when bounds checks are
     *     on.
     */
    public Utf8View wrap(final DirectBuffer buffer, final int offset, final int byteLength) {
        Utf8.checkRange(buffer, offset, byteLength);
        this.buffer = buffer;
        this.offset = offset;
        this.byteLength = byteLength;
        asciiPrefix = -1;
        utf16Length = -1;
        validity = 0;
        mustBeValid = false;
        cursorChar = 0;
        cursorByte = 0;
        if (Checked.ENABLED) {
            owner = null;
        }
        return this;
    }

    /**
     * Wraps a range as {@link #wrap} does, after checking that it is valid UTF-8 by the rules of {@link
     * Utf8#invalidIndex}, and measures the text in the same pass: after a valid range, {@link #length()}, {@link
     * #isAscii()} and {@link #charAt} find what they need known, where after {@link #wrap} their first call scans.
     *
     * @param buffer to read from.
     * @param offset of the first byte in {@code buffer}.
     * @param byteLength number of bytes.
     * @return -1 if the range is valid UTF-8, else the absolute index of the first byte of its first invalid sequence
     *     (the view then reads the range as {@link #wrap} would, malformed sequences as U+FFFD).
     * @throws IndexOutOfBoundsException as {@link #wrap}.
     */
    public int wrapValid(final DirectBuffer buffer, final int offset, final int byteLength) {
        wrap(buffer, offset, byteLength);
        return measure(true);
    }

    /**
     * Wraps a range as {@link #wrap} does, for bytes that must be valid UTF-8 but that the caller has not checked: it
     * leaves the check to the reader of the whole text, which {@link #mustBeValid()} tells so (a printer checking as it
     * escapes, instead of a pass of its own before). The view reads the bytes as {@link #wrap} does.
     *
     * @param buffer to read from.
     * @param offset of the first byte in {@code buffer}.
     * @param byteLength number of bytes.
     * @return this view.
     * @throws IndexOutOfBoundsException as {@link #wrap}.
     */
    public Utf8View wrapUnchecked(final DirectBuffer buffer, final int offset, final int byteLength) {
        wrap(buffer, offset, byteLength);
        mustBeValid = true;
        return this;
    }

    /**
     * Whether the view was wrapped by {@link #wrapUnchecked}: its bytes must be valid UTF-8, and whoever reads them
     * whole is to check that (invalid bytes are an error of the message they came from, not text to print with
     * replacement characters).
     *
     * @return true after {@link #wrapUnchecked}, false after any other wrap.
     */
    public boolean mustBeValid() {
        checkOwner();
        return mustBeValid;
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
     * {@link #wrap}, 8 bytes at a time, then cached.
     *
     * @return true if the content is ASCII.
     */
    public boolean isAscii() {
        checkOwner();
        return asciiPrefix() == byteLength;
    }

    /**
     * Whether the bytes are valid UTF-8, by the rules of {@link Utf8#invalidIndex}. Known without reading after
     * {@link #wrapValid} or {@link #length()}, otherwise checked once per {@link #wrap}, in the pass that measures
     * {@link #length()}.
     *
     * @return true if the bytes are valid UTF-8: {@link #toString()} then holds exactly the text they encode.
     */
    public boolean isValidUtf8() {
        checkOwner();
        if (validity == 0) {
            checkRegion();
            measure(false);
        }
        return validity == VALID;
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
        final int length = utf16Length;
        return length >= 0 ? length : measureLength();
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
        // The cached prefix tested here rather than through asciiPrefix(), so that this branch's profile is charAt's
        // own: after length(), which measures, it is never taken and the JIT leaves the scan out of charAt's callers.
        final int known = asciiPrefix;
        final int prefix = known >= 0 ? known : scanAsciiPrefix();
        if (index >= 0 && index < prefix) {
            checkRegion();
            return (char) buffer.getByte(offset + index);
        }

        return charAtDecoding(index, prefix);
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
     * Compares the decoded text with a {@link CharSequence}, unit by unit, without allocating: a {@link String} is read
     * directly, another {@link Utf8View} first by its bytes.
     *
     * @param other to compare with; may be null.
     * @return true if {@code other} has the same UTF-16 units, false if it differs or is null.
     */
    public boolean contentEquals(final CharSequence other) {
        checkOwner();
        if (other instanceof String string) {
            return contentEqualsString(string);
        }
        if (other instanceof Utf8View view) {
            return contentEqualsView(view);
        }

        return other != null && contentEqualsChars(other);
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
        checkRegion();
        dst.putBytes(dstIndex, buffer, offset, byteLength);
        return byteLength;
    }

    /**
     * Hash code of the decoded text, equal to {@code toString().hashCode()} (the {@link String#hashCode()} formula over
     * the UTF-16 units) but computed without allocating, in one pass: ASCII 8 bytes at a time, other sequences decoded
     * in place.
     *
     * @return hash code of the decoded text.
     */
    @Override
    public int hashCode() {
        checkOwner();
        final DirectBuffer buffer = this.buffer;
        final int offset = this.offset;
        final int end = offset + byteLength;
        checkRegion();
        final boolean raw = Memory.isRaw(buffer);
        final byte[] array = raw ? buffer.byteArray() : null;
        final long address = raw ? buffer.addressOffset() : 0;

        int hash = 0;
        int i = offset;
        for (; end - i >= Long.BYTES; i += Long.BYTES) {
            final long word = Utf8.getLong(buffer, array, address, raw, i);
            if (!Utf8.isAscii(word)) {
                break;
            }
            hash = hash * Utf8.P8 + Utf8.hash8(word);
        }
        for (; i < end; i++) {
            final byte b = Utf8.getByte(buffer, array, address, raw, i);
            if (b < 0) {
                break;
            }
            hash = 31 * hash + b;
        }
        if (asciiPrefix < 0) {
            asciiPrefix = i - offset;
            if (i == end) {
                utf16Length = byteLength;
                validity = VALID;
            }
        }

        while (i < end) {
            final int b0 = Utf8.getByte(buffer, array, address, raw, i);
            if (b0 >= 0) {
                hash = 31 * hash + b0;
                i++;
                continue;
            }
            final int decoded = Utf8.decodeNonAscii(buffer, array, address, raw, b0, i, end);
            final int codePoint = decoded & Utf8.DECODED_CODE_POINT_MASK;
            if (codePoint >= Character.MIN_SUPPLEMENTARY_CODE_POINT) {
                hash = 31 * (31 * hash + Character.highSurrogate(codePoint)) + Character.lowSurrogate(codePoint);
            } else {
                hash = 31 * hash + codePoint;
            }
            i += decoded >>> Utf8.DECODED_LENGTH_SHIFT;
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
     * Decodes the text into a new {@link String} (allocates), as {@link Utf8#toString(DirectBuffer, int, int)} does:
     * the JDK's decoder, whose replacement of malformed sequences the view follows.
     *
     * @return the decoded text.
     */
    @Override
    public String toString() {
        checkOwner();
        return Utf8.toString(buffer, offset, byteLength);
    }

    /** Throws if the buffer was wrapped again too small for the view's range since the view's {@link #wrap}. */
    private void checkRegion() {
        if (offset + byteLength > buffer.capacity()) {
            throw new IndexOutOfBoundsException("view of offset=" + offset + " byteLength=" + byteLength
                    + " outside its buffer, now of capacity=" + buffer.capacity());
        }
    }

    /** {@link #asciiPrefix}, computed if not known yet. */
    private int asciiPrefix() {
        final int prefix = asciiPrefix;
        return prefix >= 0 ? prefix : scanAsciiPrefix();
    }

    private int scanAsciiPrefix() {
        checkRegion();
        final DirectBuffer buffer = this.buffer;
        final boolean raw = Memory.isRaw(buffer);
        final byte[] array = raw ? buffer.byteArray() : null;
        final long address = raw ? buffer.addressOffset() : 0;
        final int prefix = Utf8.nonAsciiIndex(buffer, array, address, raw, offset, offset + byteLength) - offset;
        asciiPrefix = prefix;
        if (prefix == byteLength) {
            utf16Length = byteLength;
            validity = VALID;
        }

        return prefix;
    }

    /** {@link #measure} for {@link #length()}: the length, of valid text or not. */
    private int measureLength() {
        checkRegion();
        measure(false);
        return utf16Length;
    }

    /**
     * Measures the text once per wrap, in one pass: the leading ASCII run ({@link #asciiPrefix}) 8 bytes at a time,
     * then the UTF-16 units of the rest ({@link #utf16Length}) and whether it is valid UTF-8, 8 bytes at a time
     * ({@link Utf8Dfa#validUnits}); text that is not is read again one sequence at a time, for its first invalid
     * sequence if asked to ({@link Utf8#firstInvalid}), else for its length ({@link Utf8#malformedUnits}).
     *
     * <p>Kept as one method, above C2's limit for inlining a hot callee (325 bytecodes, {@code -XX:FreqInlineSize}),
     * so that {@link #length()} and {@link #wrapValid} inline into their callers as a few field accesses and a call.
     * Inlined, the scans made each string read about 1,000 bytecodes in every method reading strings, and a method
     * reading a few strings ran out of C2's node budget for inlining before its other calls (PERF_LOG, the telemetry
     * decode).
     *
     * <p>Reads the range without checking it: {@link #wrap} has just checked it, or the caller checks the region.
     *
     * @param validate whether to stop at the first invalid sequence, leaving {@link #utf16Length} unknown.
     * @return -1, or with {@code validate} the absolute index of the first byte of the first invalid sequence.
     */
    private int measure(final boolean validate) {
        final DirectBuffer buffer = this.buffer;
        final int offset = this.offset;
        final int end = offset + byteLength;
        final boolean raw = Memory.isRaw(buffer);
        final byte[] array = raw ? buffer.byteArray() : null;
        final long address = raw ? buffer.addressOffset() : 0;

        int prefix = asciiPrefix;
        if (prefix < 0) {
            // Utf8.nonAsciiIndex, written out here: called, it would be inlined into this method and this method,
            // below the limit, into its callers.
            int i = offset;
            for (; end - i >= Long.BYTES; i += Long.BYTES) {
                final long nonAscii = Utf8.getLong(buffer, array, address, raw, i) & Utf8.NON_ASCII_MASK_64;
                if (nonAscii != 0) {
                    prefix = i + (Long.numberOfTrailingZeros(nonAscii) >>> 3) - offset;
                    break;
                }
            }
            if (prefix < 0) {
                if (i < end && end - offset >= Long.BYTES) {
                    // The last 8 bytes in one read, overlapping bytes already known to be ASCII.
                    final long nonAscii =
                            Utf8.getLong(buffer, array, address, raw, end - Long.BYTES) & Utf8.NON_ASCII_MASK_64;
                    i = nonAscii == 0 ? end : end - Long.BYTES + (Long.numberOfTrailingZeros(nonAscii) >>> 3);
                } else {
                    while (i < end && Utf8.getByte(buffer, array, address, raw, i) >= 0) {
                        i++;
                    }
                }
                prefix = i - offset;
            }
            asciiPrefix = prefix;
        }

        // All ASCII: nothing is left to check or count. Valid text, the common case, is checked and counted 8 bytes at
        // a time; other text is read again one sequence at a time, for where it is invalid or for its length with
        // replacement characters.
        if (prefix == byteLength) {
            utf16Length = prefix;
            validity = VALID;
            return -1;
        }
        final int from = offset + prefix;
        final int units = Utf8Dfa.validUnits(buffer, array, address, raw, from, end);
        if (units >= 0) {
            utf16Length = prefix + units;
            validity = VALID;
            return -1;
        }
        validity = INVALID;
        if (validate) {
            return Utf8.firstInvalid(buffer, array, address, raw, from, end);
        }
        utf16Length = prefix + Utf8.malformedUnits(buffer, array, address, raw, from, end);
        return -1;
    }

    /**
     * {@link #charAt} past the leading ASCII run: from the remembered position forwards, or backwards one sequence at
     * a time, or from the end of the ASCII run, whichever is nearest.
     */
    private char charAtDecoding(final int index, final int prefix) {
        if (index < 0 || index >= byteLength || (utf16Length >= 0 && index >= utf16Length)) {
            throw new IndexOutOfBoundsException("index=" + index + " length=" + length());
        }

        final DirectBuffer buffer = this.buffer;
        final int offset = this.offset;
        final int end = offset + byteLength;
        checkRegion();
        final boolean raw = Memory.isRaw(buffer);
        final byte[] array = raw ? buffer.byteArray() : null;
        final long address = raw ? buffer.addressOffset() : 0;

        int charPosition = cursorChar;
        int i = offset + cursorByte;
        if (charPosition < prefix || index - prefix < charPosition - index) {
            charPosition = prefix;
            i = offset + prefix;
        }
        if (charPosition > index) {
            int decoded;
            do {
                i = previousSequence(buffer, array, address, raw, i, end);
                decoded = Utf8.decode(buffer, array, address, raw, i, end);
                charPosition -=
                        (decoded & Utf8.DECODED_CODE_POINT_MASK) >= Character.MIN_SUPPLEMENTARY_CODE_POINT ? 2 : 1;
            } while (charPosition > index);
            return unitOf(decoded, index, charPosition, i - offset);
        }

        if (validity == VALID) {
            // Valid text 8 bytes at a time while the unit lies beyond them, counted by lead bytes: a sequence cut by
            // the 8 bytes' end is counted with them, and its continuation bytes passed over once, at the end.
            while (end - i >= Long.BYTES) {
                final int units = Utf8Dfa.utf16Units(Utf8.getLong(buffer, array, address, raw, i));
                if (index - charPosition < units) {
                    break;
                }
                charPosition += units;
                i += Long.BYTES;
            }
            while (i < end && isContinuation(Utf8.getByte(buffer, array, address, raw, i))) {
                i++;
            }
        }
        while (i < end) {
            if (index - charPosition >= Long.BYTES
                    && end - i >= Long.BYTES
                    && Utf8.isAscii(Utf8.getLong(buffer, array, address, raw, i))) {
                charPosition += Long.BYTES;
                i += Long.BYTES;
                continue;
            }
            final int b0 = Utf8.getByte(buffer, array, address, raw, i);
            if (b0 >= 0) {
                if (charPosition == index) {
                    moveCursor(charPosition + 1, i + 1 - offset);
                    return (char) b0;
                }
                charPosition++;
                i++;
                continue;
            }

            final int decoded = Utf8.decodeNonAscii(buffer, array, address, raw, b0, i, end);
            final int codePoint = decoded & Utf8.DECODED_CODE_POINT_MASK;
            final int next = i + (decoded >>> Utf8.DECODED_LENGTH_SHIFT);
            if (codePoint >= Character.MIN_SUPPLEMENTARY_CODE_POINT) {
                if (index == charPosition) {
                    moveCursor(charPosition, i - offset); // the low surrogate is likely next
                    return Character.highSurrogate(codePoint);
                }
                if (index == charPosition + 1) {
                    moveCursor(charPosition + 2, next - offset);
                    return Character.lowSurrogate(codePoint);
                }
                charPosition += 2;
            } else {
                if (charPosition == index) {
                    moveCursor(charPosition + 1, next - offset);
                    return (char) codePoint;
                }
                charPosition++;
            }
            i = next;
        }

        utf16Length = charPosition;
        throw new IndexOutOfBoundsException("index=" + index + " length=" + charPosition);
    }

    /**
     * The unit at {@code index} of the sequence {@code decoded} that starts at UTF-16 index {@code charPosition} and
     * byte {@code bytePosition}, leaving the cursor after it.
     */
    private char unitOf(final int decoded, final int index, final int charPosition, final int bytePosition) {
        final int codePoint = decoded & Utf8.DECODED_CODE_POINT_MASK;
        final int next = bytePosition + (decoded >>> Utf8.DECODED_LENGTH_SHIFT);
        if (codePoint < Character.MIN_SUPPLEMENTARY_CODE_POINT) {
            moveCursor(charPosition + 1, next);
            return (char) codePoint;
        }
        if (index == charPosition) {
            moveCursor(charPosition, bytePosition);
            return Character.highSurrogate(codePoint);
        }
        moveCursor(charPosition + 2, next);
        return Character.lowSurrogate(codePoint);
    }

    /** Remembers a position where a sequence starts (or the end): its UTF-16 index and byte, relative to the view. */
    private void moveCursor(final int charPosition, final int bytePosition) {
        cursorChar = charPosition;
        cursorByte = bytePosition;
    }

    /**
     * Start of the sequence that ends where the sequence at {@code next} starts ({@code next} after the view's first
     * byte). A byte that is not a continuation byte always starts a sequence; a continuation byte belongs to the
     * nearest such byte at most 3 before it if that one's sequence reaches it, and otherwise is a sequence (one
     * U+FFFD) of its own.
     */
    private int previousSequence(
            final DirectBuffer buffer,
            final byte[] array,
            final long address,
            final boolean raw,
            final int next,
            final int end) {
        final int last = next - 1;
        if (!isContinuation(Utf8.getByte(buffer, array, address, raw, last))) {
            return last;
        }
        for (int i = last - 1; i >= Math.max(offset, next - 4); i--) {
            if (!isContinuation(Utf8.getByte(buffer, array, address, raw, i))) {
                final int decoded = Utf8.decode(buffer, array, address, raw, i, end);
                return i + (decoded >>> Utf8.DECODED_LENGTH_SHIFT) == next ? i : last;
            }
        }

        return last;
    }

    private static boolean isContinuation(final byte b) {
        return b <= (byte) 0xBF;
    }

    /** {@link #contentEquals} of a {@link String}. */
    private boolean contentEqualsString(final String other) {
        final int otherLength = other.length();
        if (!mayHaveLength(otherLength)) {
            return false;
        }

        final int prefix = asciiPrefix();
        if (prefix > otherLength || (prefix == byteLength && otherLength != byteLength)) {
            return false;
        }
        checkRegion();
        return Utf8Comparison.equalsString(buffer, offset, byteLength, prefix, other);
    }

    /** {@link #contentEquals} of any {@link CharSequence}. */
    private boolean contentEqualsChars(final CharSequence other) {
        final int otherLength = other.length();
        if (!mayHaveLength(otherLength)) {
            return false;
        }

        checkRegion();
        return Utf8Comparison.equalsChars(buffer, offset, byteLength, other, otherLength);
    }

    /**
     * {@link #contentEquals} of another view: equal bytes are equal text; different bytes may still be (malformed
     * sequences that decode alike), which the other view's units decide.
     */
    private boolean contentEqualsView(final Utf8View other) {
        if (other == this) {
            return true;
        }
        other.checkOwner();
        if (byteLength == other.byteLength && sameBytes(other)) {
            return true;
        }
        if ((utf16Length >= 0 && other.utf16Length >= 0 && utf16Length != other.utf16Length)
                || (asciiPrefix == byteLength && other.asciiPrefix == other.byteLength)) {
            return false;
        }

        return contentEqualsChars(other);
    }

    /** Whether the other view, of the same byte length, holds the same bytes. */
    private boolean sameBytes(final Utf8View other) {
        checkRegion();
        other.checkRegion();
        return Utf8Comparison.sameBytes(buffer, offset, other.buffer, other.offset, byteLength);
    }

    /** Whether the text may have {@code units} UTF-16 units: each takes 1 to 3 bytes. */
    private boolean mayHaveLength(final int units) {
        return utf16Length >= 0 ? utf16Length == units : units <= byteLength && 3L * units >= byteLength;
    }

    private void appendChars(final Appendable appendable) throws IOException {
        if (isAscii()) {
            checkRegion();
            for (int i = 0; i < byteLength; i++) {
                appendable.append((char) buffer.getByte(offset + i));
            }
            return;
        }

        checkRegion();
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
