package org.flyproto.codec;

import org.agrona.BufferUtil;
import org.agrona.DirectBuffer;
import org.flyproto.buffers.Memory;
import org.flyproto.buffers.Tag;
import org.flyproto.buffers.Utf8;
import org.flyproto.buffers.Utf8View;
import org.flyproto.buffers.Varint;
import org.flyproto.buffers.WireType;

/**
 * Base of everything that walks protobuf wire bytes: generated decoders and repeated-field cursors. Holds the buffer,
 * the read position and the exclusive limit of the region being read, and offers bounded reads of every wire
 * primitive plus field skipping.
 *
 * <p>Every read is checked against {@link #limit}, which is never beyond the buffer's capacity, so no read leaves the
 * wrapped region whatever the bytes say, also with Agrona's bounds checks disabled. Bad input raises
 * {@link ProtoDecodeException} with the absolute offset. Having checked the region, the reads go to the buffer's
 * memory directly ({@link Memory}), without Agrona's second check of every access: {@link #attach} takes the memory
 * of an Agrona buffer; any other {@code DirectBuffer} is read from a copy of the region ({@link #attachCopy}).
 *
 * <p>Checks of the tag itself (field number 0, wire types 6 and 7, END_GROUP without START_GROUP) happen in
 * {@link #skipField(int)}: a generated decoder's {@code switch} only has cases for valid tags of known fields, so any
 * invalid tag falls through to the skip, which rejects it. That keeps the hot path of {@link #readTag()} to one load
 * and one branch for tags of fields 1 to 15.
 */
public abstract class WireReader {
    /** Default maximum nesting depth of messages and groups, as protobuf-java's recursion limit. */
    public static final int DEFAULT_MAX_DEPTH = 100;

    /** The buffer being read. */
    protected DirectBuffer buffer;
    /** Absolute index of the next byte to read. */
    protected int pos;
    /** Absolute exclusive end of the region being read; never beyond the buffer's capacity. */
    protected int limit;
    /** Nesting depth of the region being read: 0 for a root message. */
    protected int depth;
    /** Maximum nesting depth, inherited from the root decoder. */
    protected int maxDepth = DEFAULT_MAX_DEPTH;

    /** The memory of {@link #buffer}, as {@link Memory} reads it: taken by {@link #attach}. */
    private byte[] memArray = NO_MEMORY;
    /** The address of {@link #buffer}'s index 0, as {@link Memory} reads it: taken by {@link #attach}. */
    private long memAddress = BufferUtil.ARRAY_BASE_OFFSET;
    /**
     * The end of the root region the memory was taken for ({@link #attachRegion}): bytes up to it may be read ahead of
     * {@link #limit}, never used past it; 0 before any region, so that nothing is read ahead.
     */
    private int memEnd;

    private static final byte[] NO_MEMORY = new byte[0];

    /** The copy of the root region of a buffer that is not one of Agrona's ({@link #attachRegion}). */
    private byte[] copy = NO_MEMORY;

    /** See {@link #checksUtf8WhenPrinted}: taken over by {@link #attach(WireReader)}, cleared by a root's region. */
    private boolean utf8CheckedWhenPrinted;

    /** When the content being walked spans several regions (a merged message): those regions, else null. */
    Regions walk;
    /** Index in {@link #walk} of the region being read. */
    int walkIndex;

    /** Subclasses only. */
    protected WireReader() {}

    /**
     * Reads the region {@code [offset, offset + length)} of {@code buffer} from now on, checked by the caller against
     * its capacity: a root decoder's wrap. An Agrona buffer ({@link Memory#isRaw}) is read in place; any other
     * {@code DirectBuffer} from a copy of the region in an array this reader owns (reused; it grows to the longest
     * region seen), the reader still handing out that buffer and its indices.
     */
    final void attachRegion(final DirectBuffer buffer, final int offset, final int length) {
        memEnd = offset + length;
        utf8CheckedWhenPrinted = false;
        if (Memory.isRaw(buffer)) {
            attach(buffer);
            return;
        }
        if (copy.length < length) {
            copy = new byte[Math.max(length, 2 * copy.length)];
        }
        buffer.getBytes(offset, copy, 0, length);
        attachCopy(buffer, copy, offset);
    }

    /**
     * Reads {@code buffer} from now on, and takes its memory: called by a root decoder's wrap, whose memory every
     * decoder and cursor below it then shares ({@link #attach(WireReader)}). An expandable buffer that grows, or an
     * {@code UnsafeBuffer} wrapped again, has other memory: the root must be wrapped again (the checked mode checks it).
     *
     * @param buffer an Agrona buffer ({@link Memory#isRaw}).
     */
    private void attach(final DirectBuffer buffer) {
        this.buffer = buffer;
        memArray = buffer.byteArray();
        memAddress = buffer.addressOffset();
    }

    /**
     * Reads {@code buffer}, which is not one of Agrona's, from a copy of the region that starts at {@code offset}: the
     * reads at index {@code i} go to {@code copy[i - offset]}, so indices (and error offsets) stay the buffer's.
     *
     * @param buffer a buffer that is not {@link Memory#isRaw raw}.
     * @param copy   its bytes from {@code offset} on.
     * @param offset the index of {@code copy[0]} in {@code buffer}.
     */
    private void attachCopy(final DirectBuffer buffer, final byte[] copy, final int offset) {
        this.buffer = buffer;
        memArray = copy;
        memAddress = BufferUtil.ARRAY_BASE_OFFSET - (long) offset;
    }

    /**
     * Checked mode only ({@link org.flyproto.buffers.Checked}): throws if the buffer's memory is no longer what this
     * reader took at its root's wrap (an expandable buffer grew, or an {@code UnsafeBuffer} was wrapped again), where
     * unchecked it would read the memory it took, which may be gone.
     *
     * @throws IllegalStateException if the memory moved.
     */
    final void checkMemory() {
        final DirectBuffer b = buffer;
        if (Memory.isRaw(b) && (b.byteArray() != memArray || b.addressOffset() != memAddress)) {
            throw new IllegalStateException("flyproto checked mode: the buffer's memory moved since the decoder was"
                    + " wrapped (an expandable buffer grew, or an UnsafeBuffer was wrapped again): wrap the root"
                    + " decoder again");
        }
    }

    /** Reads what {@code other} reads, from its memory. */
    final void attach(final WireReader other) {
        // Each element of a repeated field attaches its parent's memory again: the references are stored only when
        // they change, sparing the element the GC's write barriers.
        if (buffer != other.buffer || memArray != other.memArray) {
            buffer = other.buffer;
            memArray = other.memArray;
        }
        memAddress = other.memAddress;
        memEnd = other.memEnd;
        utf8CheckedWhenPrinted = other.utf8CheckedWhenPrinted;
    }

    /**
     * @param index an index inside the region, checked by the caller.
     * @return the byte there.
     */
    final byte byteAt(final int index) {
        return Memory.getByte(memArray, memAddress, index);
    }

    /**
     * @param index an index inside the region with 7 more after it, checked by the caller.
     * @return the little-endian long there.
     */
    final long fixed64At(final int index) {
        return Memory.getLongLittleEndian(memArray, memAddress, index);
    }

    /**
     * @param index an index inside the region with 3 more after it, checked by the caller.
     * @return the little-endian int there.
     */
    final int fixed32At(final int index) {
        return Memory.getIntLittleEndian(memArray, memAddress, index);
    }

    /**
     * Copies {@code count} fixed64 values from {@code index} (inside the region, {@code 8 * count} bytes from it,
     * checked by the caller) into {@code dst[at, at + count)} (checked by the caller): a packed run read in bulk.
     */
    final void copyFixed64(final int index, final long[] dst, final int at, final int count) {
        Memory.copyLongsLittleEndian(memArray, memAddress, index, dst, at, count);
    }

    /** As {@link #copyFixed64}, as doubles. */
    final void copyFixed64(final int index, final double[] dst, final int at, final int count) {
        Memory.copyDoublesLittleEndian(memArray, memAddress, index, dst, at, count);
    }

    /** As {@link #copyFixed64}, for fixed32 values. */
    final void copyFixed32(final int index, final int[] dst, final int at, final int count) {
        Memory.copyIntsLittleEndian(memArray, memAddress, index, dst, at, count);
    }

    /** As {@link #copyFixed32}, as floats. */
    final void copyFixed32(final int index, final float[] dst, final int at, final int count) {
        Memory.copyFloatsLittleEndian(memArray, memAddress, index, dst, at, count);
    }

    /**
     * Moves to the next region of a merged message's content, if there is one.
     *
     * @return true if {@code pos} and {@code limit} now bound the next region.
     */
    final boolean nextRegion() {
        final Regions regions = walk;
        if (regions == null || walkIndex + 1 >= regions.count()) {
            return false;
        }
        walkIndex++;
        pos = regions.start(walkIndex);
        limit = regions.end(walkIndex);
        return true;
    }

    /**
     * Starts walking a message's content at {@code position}: the region up to {@code end}, or, when the content is
     * the merge of several occurrences, the one of {@code regions} holding the position.
     */
    final void walkFrom(final Regions regions, final int end, final int position) {
        walk = regions;
        if (regions == null) {
            limit = end;
        } else {
            walkIndex = regions.indexOf(position);
            limit = regions.end(walkIndex);
        }
        pos = position;
    }

    /**
     * Reads a tag. Tags longer than 5 bytes, or whose field number is above {@link Tag#MAX_FIELD_NUMBER}, are
     * rejected here; other invalid tags are rejected by {@link #skipField(int)}.
     *
     * @return the tag; {@code pos} is past it.
     */
    protected final int readTag() {
        final int p = pos;
        if (p < limit) {
            final byte b = byteAt(p);
            if (b >= 0) {
                pos = p + 1;
                return b;
            }
        }
        return readTagSlow(p);
    }

    /**
     * Reads the next tag of the region, as a generated scan does: 0 at the end of the region. A tag of 0 on the wire
     * (field number 0) is rejected here, so 0 always means the end.
     *
     * @return the tag, or 0 if {@code pos} is at the limit.
     */
    protected final int nextTag() {
        final int p = pos;
        if (p < limit) {
            final byte b = byteAt(p);
            if (b > 0) {
                pos = p + 1;
                return b;
            }
            return nextTagSlow(p);
        }
        return 0;
    }

    /** A tag of two bytes (fields 16 to 2047), or anything else that is not one byte. */
    private int nextTagSlow(final int p) {
        if (limit - p >= 2) {
            final byte b = byteAt(p);
            final byte b2 = byteAt(p + 1);
            if (b < 0 && b2 > 0) {
                pos = p + 2;
                return (b & PAYLOAD) | (b2 << 7);
            }
        }
        return nextTagOther(p);
    }

    private int nextTagOther(final int p) {
        final int tag = readTagSlow(p);
        if (tag == 0) {
            throw new ProtoDecodeException("field number 0", p);
        }
        return tag;
    }

    /**
     * Reads the next tag of the content being walked ({@link #walkFrom}), moving on to the next region of a merged
     * message's content at the end of one: the one loop over a message's fields outside a generated scan.
     *
     * @return the tag, or 0 at the end of the content.
     */
    final int walkTag() {
        return walkOn() ? nextTag() : 0;
    }

    /**
     * Moves on to the next region of the content being walked while at the end of one.
     *
     * @return false at the end of the content; true when {@code pos} is at the next tag.
     */
    final boolean walkOn() {
        while (pos >= limit) {
            if (!nextRegion()) {
                return false;
            }
        }
        return true;
    }

    private int readTagSlow(final int p) {
        final int n = varintLength(p);
        if (n < 0) {
            throw new ProtoDecodeException("truncated tag", p);
        }
        if (n > Varint.MAX_SIZE_32) {
            throw new ProtoDecodeException("tag longer than 5 bytes", p);
        }
        if (n == Varint.MAX_SIZE_32 && (byteAt(p + 4) & 0xFF) > 0x0F) {
            throw new ProtoDecodeException("field number above " + Tag.MAX_FIELD_NUMBER, p);
        }
        pos = p + n;
        return (int) decodeVarint(p, n);
    }

    /**
     * Reads a varint of up to 10 bytes.
     *
     * @return its 64-bit value.
     */
    protected final long readVarint64() {
        final int p = pos;
        if (p < limit) {
            final byte b = byteAt(p);
            if (b >= 0) {
                pos = p + 1;
                return b;
            }
        }
        return readVarintSlow(p);
    }

    /**
     * A varint of two bytes or more, or one at the end of the region, for the 64-bit reads. Its first four bytes, when
     * the root region has them, are folded in without a loop: each with an exclusive or whose sign says whether it was
     * the last, the continuation bits that leaves cleared by one constant at the end (bytes past {@link #limit} may be
     * read, never used: a varint that ends past it is truncated). Further bytes, or all of them near the root
     * region's end: one load, one mask and one branch per byte, the limit checked once. (The loop is also
     * {@link #readVarintLoop}'s: one loop for both, with the fold's result passed in, read book-200 7 % slower trusted
     * in PERF_LOG's entry of 2026-12-06.)
     */
    private long readVarintSlow(final int p) {
        final int n = Math.min(limit - p, Varint.MAX_SIZE);
        long result = 0;
        int i = 0;
        if (memEnd - p >= 4 && n > 0) {
            int y = byteAt(p);
            if ((y ^= byteAt(p + 1) << 7) < 0) {
                return endVarint(p, 2, y ^ C1);
            } else if ((y ^= byteAt(p + 2) << 14) >= 0) {
                return endVarint(p, 3, y ^ C2);
            } else if ((y ^= byteAt(p + 3) << 21) < 0) {
                return endVarint(p, 4, y ^ C3);
            }
            result = y ^ C4;
            i = 4;
        }
        for (; i < n; i++) {
            final byte b = byteAt(p + i);
            result |= (long) (b & PAYLOAD) << (7 * i);
            if (b >= 0) {
                pos = p + i + 1;
                return result;
            }
        }
        throw malformedVarint(p, n);
    }

    /**
     * A varint of two bytes or more, or one at the end of the region, byte by byte: one load, one mask and one branch
     * per byte, the limit checked once. The 32-bit reads (enums, int32 values and lengths, mostly of one or two bytes,
     * and the elements of packed runs, whose cursors stay small enough to inline this way).
     */
    private long readVarintLoop(final int p) {
        final int n = Math.min(limit - p, Varint.MAX_SIZE);
        long result = 0;
        for (int i = 0; i < n; i++) {
            final byte b = byteAt(p + i);
            result |= (long) (b & PAYLOAD) << (7 * i);
            if (b >= 0) {
                pos = p + i + 1;
                return result;
            }
        }
        throw malformedVarint(p, n);
    }

    /** The varint of {@code length} bytes at {@code p}, folded: its value, unless it ends past the limit. */
    private long endVarint(final int p, final int length, final int value) {
        final int end = p + length;
        if (end > limit) {
            throw malformedVarint(p, limit - p);
        }
        pos = end;
        return value;
    }

    // What folding the first 2, 3, 4 bytes of a varint by exclusive or leaves in the continuation bits (for 2 to 4
    // bytes that end there; for 4, that go on).
    private static final int C1 = ~0 << 7;
    private static final int C2 = C1 ^ (~0 << 14);
    private static final int C3 = C2 ^ (~0 << 21);
    private static final int C4 = C3 ^ (~0 << 28);

    /** Out of line: the error of a varint that runs past the region or past 10 bytes. */
    private static ProtoDecodeException malformedVarint(final int p, final int available) {
        return new ProtoDecodeException(
                available == Varint.MAX_SIZE ? "varint longer than 10 bytes" : "truncated varint", p);
    }

    /** Decodes the varint of {@code n} bytes at {@code p}, whose length was checked. */
    private long decodeVarint(final int p, final int n) {
        long result = 0;
        for (int i = 0; i < n; i++) {
            result |= (long) (byteAt(p + i) & PAYLOAD) << (7 * i);
        }
        return result;
    }

    private static final int PAYLOAD = 0x7F;

    /**
     * Reads a varint of up to 10 bytes and keeps its low 32 bits: the decode of int32, uint32 and enum values, as
     * protobuf-java does it.
     *
     * @return the low 32 bits.
     */
    protected final int readVarint32() {
        final int p = pos;
        if (p < limit) {
            final byte b = byteAt(p);
            if (b >= 0) {
                pos = p + 1;
                return b;
            }
        }
        return (int) readVarintLoop(p);
    }

    /**
     * Reads a bool: any non-zero varint is true.
     *
     * @return the value.
     */
    protected final boolean readBool() {
        return readVarint64() != 0;
    }

    /**
     * Reads a little-endian fixed32.
     *
     * @return the value.
     */
    protected final int readFixed32() {
        final int p = pos;
        if (limit - p < 4) {
            throw new ProtoDecodeException("truncated fixed32", p);
        }
        pos = p + 4;
        return Memory.getIntLittleEndian(memArray, memAddress, p);
    }

    /**
     * Reads a little-endian fixed64.
     *
     * @return the value.
     */
    protected final long readFixed64() {
        final int p = pos;
        if (limit - p < 8) {
            throw new ProtoDecodeException("truncated fixed64", p);
        }
        pos = p + 8;
        return Memory.getLongLittleEndian(memArray, memAddress, p);
    }

    /**
     * Reads the length prefix of a length-delimited field and checks that the content lies within the region.
     *
     * @return the length; {@code pos} is at the first byte of the content.
     */
    protected final int readLength() {
        final int p = pos;
        final int length = readVarint32();
        if (length < 0) {
            throw new ProtoDecodeException("negative length " + length, p);
        }
        if (length > limit - pos) {
            throw new ProtoDecodeException("length " + length + " past the end of the region", p);
        }
        return length;
    }

    /**
     * Skips the value of a field whose tag has just been read, rejecting invalid tags: field number 0, wire types 6
     * and 7, and an END_GROUP that closes nothing. Groups are skipped up to their matching END_GROUP, counting
     * towards the nesting depth.
     *
     * @param tag the tag just read.
     */
    protected final void skipField(final int tag) {
        skipField(tag, depth);
    }

    private void skipField(final int tag, final int atDepth) {
        final int fieldNumber = tag >>> 3;
        if (fieldNumber == 0) {
            throw new ProtoDecodeException("field number 0", tagStart(tag));
        }
        switch (tag & 7) {
            case WireType.VARINT -> pos += checkedVarintLength(pos);
            case WireType.I64 -> skipBytes(8, "truncated fixed64");
            case WireType.LEN -> {
                final int length = readLength();
                pos += length;
            }
            case WireType.START_GROUP -> skipGroup(fieldNumber, atDepth + 1);
            case WireType.END_GROUP -> throw new ProtoDecodeException("END_GROUP without START_GROUP", tagStart(tag));
            case WireType.I32 -> skipBytes(4, "truncated fixed32");
            default -> throw new ProtoDecodeException("invalid wire type " + (tag & 7), tagStart(tag));
        }
    }

    /**
     * Skips the content of a group whose START_GROUP tag has just been read, and its matching END_GROUP tag. The
     * group counts one level towards the nesting depth.
     *
     * @param fieldNumber the group's field number.
     * @return the index of the END_GROUP tag, i.e. the exclusive end of the group's content.
     */
    protected final int skipGroupContent(final int fieldNumber) {
        return skipGroup(fieldNumber, depth + 1);
    }

    private int skipGroup(final int fieldNumber, final int groupDepth) {
        if (groupDepth > maxDepth) {
            throw new ProtoDecodeException("nesting deeper than " + maxDepth, pos);
        }
        while (true) {
            if (pos >= limit) {
                throw new ProtoDecodeException("group of field " + fieldNumber + " never closed", pos);
            }
            final int tagStart = pos;
            final int tag = readTag();
            if ((tag & 7) == WireType.END_GROUP) {
                if ((tag >>> 3) != fieldNumber) {
                    throw new ProtoDecodeException(
                            "END_GROUP of field " + (tag >>> 3) + " closes group of field " + fieldNumber, tagStart);
                }
                return tagStart;
            }
            skipField(tag, groupDepth);
        }
    }

    /**
     * Validates a nested message whose type is a leaf, as a validating scan of it would, without decoding it: every
     * tag, varint, length, group and packed run of {@code [start, start + length)}, one level deeper than this reader,
     * each error at the offset the scan gives. This reader is left where it was.
     *
     * @param shape  what the scan of the leaf's type checks besides the wire format.
     * @param start  index of the nested message's first byte, inside this reader's region.
     * @param length its length.
     * @return true if the message is valid; false if only the full validating scan can tell (a validated string field
     *     occurs twice: the replaced occurrence's UTF-8 must be checked).
     * @throws ProtoDecodeException if the message is not valid.
     */
    protected final boolean validateLeaf(final LeafShape shape, final int start, final int length) {
        final int savedPos = pos;
        final int savedLimit = limit;
        final int savedDepth = depth;
        if (savedDepth + 1 > maxDepth) {
            throw new ProtoDecodeException("nesting deeper than " + maxDepth, start);
        }
        pos = start;
        limit = start + length;
        depth = savedDepth + 1;
        try {
            return walkLeaf(shape);
        } finally {
            pos = savedPos;
            limit = savedLimit;
            depth = savedDepth;
        }
    }

    private boolean walkLeaf(final LeafShape shape) {
        long seenStrings = 0;
        for (int tag; (tag = nextTag()) != 0; ) {
            if ((tag & 7) != WireType.LEN || tag < 8) {
                skipField(tag);
                continue;
            }
            final int number = tag >>> 3;
            final long bit = number < Long.SIZE ? 1L << number : 0L;
            final boolean string = (shape.strings() & bit) != 0;
            if (string) {
                // Given again: the scan checks the replaced occurrence's UTF-8 before it reads this one's length.
                if ((seenStrings & bit) != 0) {
                    return false;
                }
                seenStrings |= bit;
            }
            // A string's UTF-8 is checked when it is read; a field is either a string or packable.
            final int length = readLength();
            if ((shape.packedVarints() & bit) != 0) {
                checkPackedVarints(length);
            } else if ((shape.packedFixed32() & bit) != 0) {
                checkPackedFixed(length, Integer.BYTES);
            } else if ((shape.packedFixed64() & bit) != 0) {
                checkPackedFixed(length, Long.BYTES);
            }
            pos += length;
        }
        return true;
    }

    private void skipBytes(final int count, final String reason) {
        if (limit - pos < count) {
            throw new ProtoDecodeException(reason, pos);
        }
        pos += count;
    }

    /**
     * Checks that {@code [offset, offset + length)} is valid UTF-8.
     *
     * @param offset index of the string's first byte.
     * @param length its length in bytes.
     * @throws ProtoDecodeException at the first invalid byte.
     */
    protected final void checkUtf8(final int offset, final int length) {
        throwIfInvalidUtf8(Utf8.invalidIndex(buffer, offset, length));
    }

    /**
     * Wraps a view over a string's bytes; validating, checks them as {@link #checkUtf8} does and measures the text in
     * the same pass ({@link Utf8View#wrapValid}), unless this reader leaves the check to its printer
     * ({@link #checksUtf8WhenPrinted}).
     *
     * @param view     the view to wrap.
     * @param offset   index of the string's first byte.
     * @param length   its length in bytes.
     * @param validate whether to check the UTF-8.
     * @throws ProtoDecodeException at the first invalid byte.
     */
    protected final void wrapUtf8(final Utf8View view, final int offset, final int length, final boolean validate) {
        if (!validate) {
            view.wrap(buffer, offset, length);
        } else if (utf8CheckedWhenPrinted) {
            view.wrapUnchecked(buffer, offset, length);
        } else {
            throwIfInvalidUtf8(view.wrapValid(buffer, offset, length));
        }
    }

    /**
     * Leaves the UTF-8 check of validated strings to the JSON printer, which checks as it escapes (a view it gets
     * {@link Utf8View#mustBeValid() must be valid}) instead of each string being checked once here and read again
     * there; the decoders and cursors below this one take it over at their wrap. Set on the decoder the JSON printer
     * reads through, and cleared by any wrap of a root.
     */
    final void checksUtf8WhenPrinted() {
        utf8CheckedWhenPrinted = true;
    }

    private static void throwIfInvalidUtf8(final int bad) {
        if (bad >= 0) {
            throw new ProtoDecodeException("invalid UTF-8", bad);
        }
    }

    /**
     * Checks that a packed run of fixed-size elements holds a whole number of them.
     *
     * @param length      the run's length in bytes.
     * @param elementSize 4 or 8.
     */
    protected final void checkPackedFixed(final int length, final int elementSize) {
        if (length % elementSize != 0) {
            throw new ProtoDecodeException(
                    "packed run of " + length + " bytes is not a multiple of " + elementSize, pos - 1);
        }
    }

    /**
     * Checks that every varint of a packed run starting at {@code pos} ends inside the run and is at most 10 bytes.
     * Leaves {@code pos} unchanged.
     *
     * @param length the run's length in bytes.
     * @return the number of varints in the run.
     */
    protected final int checkPackedVarints(final int length) {
        final int end = pos + length;
        int p = pos;
        int count = 0;
        while (p < end) {
            final int n = varintLength(p, end);
            if (n < 0) {
                throw new ProtoDecodeException(
                        n == Varint.TRUNCATED ? "packed run ends inside a varint" : "varint longer than 10 bytes", p);
            }
            p += n;
            count++;
        }
        return count;
    }

    /**
     * Counts the varints of a packed run starting at {@code pos}, without checking them: the bytes that end a varint
     * (high bit clear), eight at a time. Leaves {@code pos} unchanged.
     *
     * @param length the run's length in bytes, inside the region.
     * @return the number of varints a valid run of that length holds.
     */
    protected final int countPackedVarints(final int length) {
        final byte[] array = memArray;
        final long address = memAddress;
        final int end = pos + length;
        int p = pos;
        int count = 0;
        for (; p <= end - Long.BYTES; p += Long.BYTES) {
            count += Long.bitCount(~Memory.getLongLittleEndian(array, address, p) & 0x8080808080808080L);
        }
        for (; p < end; p++) {
            if (Memory.getByte(array, address, p) >= 0) {
                count++;
            }
        }
        return count;
    }

    /**
     * @return the length of the varint at {@code p}, ending before {@code end}, or {@link Varint#TRUNCATED} or
     *     {@link Varint#TOO_LONG}.
     */
    private int varintLength(final int p, final int end) {
        final int max = Math.min(end - p, Varint.MAX_SIZE);
        for (int i = 0; i < max; i++) {
            if (byteAt(p + i) >= 0) {
                return i + 1;
            }
        }
        return max == Varint.MAX_SIZE ? Varint.TOO_LONG : Varint.TRUNCATED;
    }

    private int varintLength(final int p) {
        return varintLength(p, limit);
    }

    private int checkedVarintLength(final int p) {
        final int n = varintLength(p);
        if (n < 0) {
            throw new ProtoDecodeException(
                    n == Varint.TRUNCATED ? "truncated varint" : "varint longer than 10 bytes", p);
        }
        return n;
    }

    private int tagStart(final int tag) {
        return pos - Varint.sizeOfUnsigned32(tag);
    }
}
