package org.flyproto.codec;

import java.util.Arrays;
import org.agrona.AbstractMutableDirectBuffer;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.flyproto.buffers.Fixed;
import org.flyproto.buffers.Memory;
import org.flyproto.buffers.Utf8;
import org.flyproto.buffers.Varint;
import org.flyproto.buffers.WireType;
import org.flyproto.buffers.ZigZag;

/**
 * The one-pass write position shared by a root encoder and the nested encoders it hands out.
 *
 * <p><b>Backpatching.</b> A nested message, or a packed run written element by element, starts with
 * {@link #begin(int)}: the tag is written and <em>one</em> byte is reserved for the length. {@link #end(int)} computes
 * the length; if it needs more than one byte (128 bytes of content or more) the content is moved forward by the
 * missing bytes before the length is written. The output is therefore canonical (minimal length varints, the same
 * bytes protobuf-java writes) at the price of a move for large nested content. Strings reserve one byte when their
 * UTF-8 length is certain to fit in it (at most 42 chars); longer ones reserve the size of their char count's varint
 * (UTF-8 has at least one byte a char) and move only when non-ASCII text needs a longer length, or, near the end of
 * the region, compute the length first; packed arrays compute their length first.
 *
 * <p><b>Bounds.</b> Every write checks the space it needs against the region's limit first: a fixed region that is
 * too small raises {@link ProtoEncodeException} and nothing is written outside {@code [offset, limit)}; an
 * expandable buffer wrapped without a length grows instead.
 *
 * <p><b>Fast and checked paths.</b> For Agrona's own buffers ({@link Memory#isRaw}) a write whose largest possible
 * size fits the region goes straight to memory after that one check ({@link Memory}), with no second check per byte
 * in the buffer; with Agrona's bounds checks on, the same check also compares against the buffer's capacity at that
 * moment, so a buffer wrapped again to smaller memory is never written past. Everything else (a write near the end of
 * the region, one that needs the buffer to grow, any other {@link MutableDirectBuffer}) takes the checked path out of
 * line, which sizes the write exactly and writes through the buffer's methods.
 *
 * <p><b>Sizing.</b> {@link #wrapForSize()} starts a root message that is measured instead of written: the same
 * calls, in the same order, advance the position by exactly the bytes they would write after a wrap (canonical
 * varints, nested length prefixes included, an empty packed run removed), and nothing is written anywhere. The cursor
 * then holds no buffer; every write takes the checked path, which counts instead of writing.
 *
 * <p>Not thread-safe.
 */
public final class WriteCursor {
    /** Largest string (in chars) whose UTF-8 length always fits a one-byte length prefix: 3 bytes a char. */
    static final int ONE_BYTE_LENGTH_MAX_CHARS = 42;

    /**
     * The cursor of an encoder that was never wrapped: its {@link #innermost()} is no encoder's identity (those are 0
     * before a wrap, then positive), so the first check of such an encoder fails, and the slow path that builds the
     * exception recognises this instance and says "not wrapped". A sentinel instead of a null check: encoders that
     * are wrapped run exactly the code they ran before, and the cursor's class stays the one class at every call.
     */
    static final WriteCursor NOT_WRAPPED = new WriteCursor(-1);

    private static final boolean CHECK_CAPACITY = DirectBuffer.SHOULD_BOUNDS_CHECK;

    /** Largest message a sizing cursor measures: protobuf messages are limited to 2 GiB. */
    private static final int SIZING_LIMIT = Integer.MAX_VALUE - 8;

    MutableDirectBuffer buffer;
    /** {@link #buffer} if it is one of Agrona's own ({@link Memory#isRaw}), else null. */
    AbstractMutableDirectBuffer raw;

    private int start;
    int position;
    private int limit;
    private boolean growable;
    /** Measuring, not writing: {@link #buffer} and {@link #raw} are null, writes only advance the position. */
    boolean sizing;
    /** Open levels; package-private for {@link Misuse}, which describes them (slow paths only). */
    int depth;

    private int[] openStarts = new int[16];
    int[] openTags = new int[16];
    long[] enclosingIds = new long[16];
    /** The encoder of each open level, for the messages of misuse exceptions: see {@link Misuse}. */
    MessageEncoder[] openOwners = new MessageEncoder[16];
    /** Identity of the innermost open message or packed run; every wrap and begin takes a new one. */
    long innermost;

    private long lastId;
    /** Identity the last wrap gave the root: every identity taken since is at least this. */
    long wrapId;

    /** Creates a cursor; {@link #wrap} it before writing. */
    public WriteCursor() {}

    private WriteCursor(final long innermost) {
        this.innermost = innermost;
    }

    /**
     * Starts writing at {@code offset}; the region extends to the buffer's capacity, and grows with the buffer if it
     * is expandable.
     *
     * @param buffer the buffer.
     * @param offset where the message starts.
     * @throws IllegalArgumentException if the offset is negative, or beyond the capacity of a buffer that is not
     *     expandable.
     */
    public void wrap(final MutableDirectBuffer buffer, final int offset) {
        if (offset >= 0 && offset > buffer.capacity() && buffer.isExpandable()) {
            buffer.checkLimit(offset);
        }
        RegionArgument.checkOffset(offset, buffer.capacity());
        reset(buffer, offset, buffer.capacity(), buffer.isExpandable());
    }

    /**
     * Starts writing at {@code offset} into the fixed region {@code [offset, offset + length)}, e.g. a claimed slot
     * of a ring buffer or an Aeron {@code BufferClaim}.
     *
     * @param buffer the buffer.
     * @param offset where the message starts.
     * @param length the size of the region.
     * @throws IllegalArgumentException if the region is not inside the buffer (an expandable buffer is not grown for
     *     it).
     */
    public void wrap(final MutableDirectBuffer buffer, final int offset, final int length) {
        RegionArgument.check(offset, length, buffer.capacity());
        reset(buffer, offset, offset + length, false);
    }

    /**
     * Starts measuring a root message instead of writing one: the writes that follow count the bytes they would
     * write after a {@link #wrap}, exactly, and write nothing. {@link #position()} (from {@link #start()}, 0) is then
     * the encoded length so far; a message over 2 GiB raises {@link ProtoEncodeException}.
     */
    public void wrapForSize() {
        reset(null, 0, SIZING_LIMIT, false);
    }

    /**
     * @return true if this cursor measures (since {@link #wrapForSize()}) instead of writing.
     */
    public boolean isSizing() {
        return sizing;
    }

    private void reset(final MutableDirectBuffer buffer, final int offset, final int limit, final boolean growable) {
        this.buffer = buffer;
        this.sizing = buffer == null;
        this.raw = buffer != null && Memory.isRaw(buffer) ? (AbstractMutableDirectBuffer) buffer : null;
        this.start = offset;
        this.position = offset;
        this.limit = limit;
        this.growable = growable;
        this.depth = 0;
        this.innermost = ++lastId;
        this.wrapId = innermost;
    }

    /**
     * The identity of the innermost open level: the root message after a wrap, else the field opened last and not
     * yet ended. Identities are never reused, so an encoder that holds one can tell whether it is still the innermost
     * open message, whatever happened since (a sibling opened at the same depth, a re-wrap).
     *
     * @return the identity.
     */
    public long innermost() {
        return innermost;
    }

    /**
     * @return the buffer written to; null while {@linkplain #isSizing() sizing}.
     */
    public MutableDirectBuffer buffer() {
        return buffer;
    }

    /**
     * @return where the root message starts.
     */
    public int start() {
        return start;
    }

    /**
     * @return the index of the next byte to write.
     */
    public int position() {
        return position;
    }

    /**
     * @return how many nested messages or packed runs are open.
     */
    public int depth() {
        return depth;
    }

    /**
     * Takes the cursor back to an earlier state of the same wrap: {@code position} again the end of what was written,
     * the levels opened since closed without writing anything, the level {@code innermost} innermost again. For
     * writers that give up part-way (a parser at an error), so that the encoder is as it was before they began.
     *
     * @param depth     {@link #depth()} then.
     * @param position  {@link #position()} then.
     * @param innermost {@link #innermost()} then.
     */
    void rewind(final int depth, final int position, final long innermost) {
        this.depth = depth;
        this.position = position;
        this.innermost = innermost;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Fields: tag and value

    /**
     * Writes an int64, uint64 (or any 64-bit varint) field.
     *
     * @param tag   the tag.
     * @param value the value.
     */
    public void writeVarint64(final int tag, final long value) {
        final int p = position;
        if (fits(p, Varint.sizeOfUnsigned32(tag) + Varint.MAX_SIZE)) {
            final byte[] a = raw.byteArray();
            final long address = raw.addressOffset();
            final int q = p + Varint.putUnsigned32(a, address, p, tag);
            position = q + Varint.put64(a, address, q, value);
        } else {
            checkedVarint64(tag, value);
        }
    }

    private void checkedVarint64(final int tag, final long value) {
        if (counted(Varint.sizeOfUnsigned32(tag) + Varint.sizeOf64(value))) {
            return;
        }
        int p = position;
        p += Varint.putUnsigned32(buffer, p, tag);
        position = p + Varint.put64(buffer, p, value);
    }

    /**
     * Writes an int32 or enum field: negative values are sign-extended to 10 bytes, as protobuf requires.
     *
     * @param tag   the tag.
     * @param value the value.
     */
    public void writeInt32(final int tag, final int value) {
        writeVarint64(tag, value);
    }

    /**
     * Writes a uint32 field (the value is taken as unsigned).
     *
     * @param tag   the tag.
     * @param value the value.
     */
    public void writeUnsigned32(final int tag, final int value) {
        final int p = position;
        if (fits(p, Varint.sizeOfUnsigned32(tag) + Varint.MAX_SIZE_32)) {
            final byte[] a = raw.byteArray();
            final long address = raw.addressOffset();
            final int q = p + Varint.putUnsigned32(a, address, p, tag);
            position = q + Varint.putUnsigned32(a, address, q, value);
        } else {
            checkedUnsigned32(tag, value);
        }
    }

    private void checkedUnsigned32(final int tag, final int value) {
        if (counted(Varint.sizeOfUnsigned32(tag) + Varint.sizeOfUnsigned32(value))) {
            return;
        }
        int p = position;
        p += Varint.putUnsigned32(buffer, p, tag);
        position = p + Varint.putUnsigned32(buffer, p, value);
    }

    /**
     * Writes a sint32 field (ZigZag).
     *
     * @param tag   the tag.
     * @param value the value.
     */
    public void writeSInt32(final int tag, final int value) {
        writeUnsigned32(tag, ZigZag.encode32(value));
    }

    /**
     * Writes a sint64 field (ZigZag).
     *
     * @param tag   the tag.
     * @param value the value.
     */
    public void writeSInt64(final int tag, final long value) {
        writeVarint64(tag, ZigZag.encode64(value));
    }

    /**
     * Writes a bool field.
     *
     * @param tag   the tag.
     * @param value the value.
     */
    public void writeBool(final int tag, final boolean value) {
        final int p = position;
        if (fits(p, Varint.sizeOfUnsigned32(tag) + 1)) {
            final byte[] a = raw.byteArray();
            final long address = raw.addressOffset();
            final int q = p + Varint.putUnsigned32(a, address, p, tag);
            Memory.putByte(a, address, q, value ? (byte) 1 : (byte) 0);
            position = q + 1;
        } else {
            checkedBool(tag, value);
        }
    }

    private void checkedBool(final int tag, final boolean value) {
        if (counted(Varint.sizeOfUnsigned32(tag) + 1)) {
            return;
        }
        final int p = position + Varint.putUnsigned32(buffer, position, tag);
        buffer.putByte(p, value ? (byte) 1 : (byte) 0);
        position = p + 1;
    }

    /**
     * Writes a fixed32 or sfixed32 field.
     *
     * @param tag   the tag.
     * @param value the value.
     */
    public void writeFixed32(final int tag, final int value) {
        final int p = position;
        if (fits(p, Varint.sizeOfUnsigned32(tag) + 4)) {
            final byte[] a = raw.byteArray();
            final long address = raw.addressOffset();
            final int q = p + Varint.putUnsigned32(a, address, p, tag);
            Memory.putIntLittleEndian(a, address, q, value);
            position = q + 4;
        } else {
            checkedFixed32(tag, value);
        }
    }

    private void checkedFixed32(final int tag, final int value) {
        if (counted(Varint.sizeOfUnsigned32(tag) + 4)) {
            return;
        }
        final int p = position + Varint.putUnsigned32(buffer, position, tag);
        Fixed.putFixed32(buffer, p, value);
        position = p + 4;
    }

    /**
     * Writes a fixed64 or sfixed64 field.
     *
     * @param tag   the tag.
     * @param value the value.
     */
    public void writeFixed64(final int tag, final long value) {
        final int p = position;
        if (fits(p, Varint.sizeOfUnsigned32(tag) + 8)) {
            final byte[] a = raw.byteArray();
            final long address = raw.addressOffset();
            final int q = p + Varint.putUnsigned32(a, address, p, tag);
            Memory.putLongLittleEndian(a, address, q, value);
            position = q + 8;
        } else {
            checkedFixed64(tag, value);
        }
    }

    private void checkedFixed64(final int tag, final long value) {
        if (counted(Varint.sizeOfUnsigned32(tag) + 8)) {
            return;
        }
        final int p = position + Varint.putUnsigned32(buffer, position, tag);
        Fixed.putFixed64(buffer, p, value);
        position = p + 8;
    }

    /**
     * Writes a float field.
     *
     * @param tag   the tag.
     * @param value the value.
     */
    public void writeFloat(final int tag, final float value) {
        writeFixed32(tag, Float.floatToRawIntBits(value));
    }

    /**
     * Writes a double field.
     *
     * @param tag   the tag.
     * @param value the value.
     */
    public void writeDouble(final int tag, final double value) {
        writeFixed64(tag, Double.doubleToRawLongBits(value));
    }

    /**
     * Writes a string field from any {@link CharSequence}, encoded as UTF-8. Unpaired surrogates become {@code '?'},
     * as with protobuf-java.
     *
     * @param tag   the tag.
     * @param value the value.
     */
    public void writeString(final int tag, final CharSequence value) {
        final int chars = value.length();
        final int p = position;
        if (chars <= ONE_BYTE_LENGTH_MAX_CHARS && fits(p, Varint.sizeOfUnsigned32(tag) + 1 + 3 * chars)) {
            // The length fits one byte whatever the content: encode straight after a reserved byte.
            final int lengthIndex = p + Varint.putUnsigned32(raw.byteArray(), raw.addressOffset(), p, tag);
            final int length = Utf8.encode(value, raw, lengthIndex + 1);
            Memory.putByte(raw.byteArray(), raw.addressOffset(), lengthIndex, (byte) length);
            position = lengthIndex + 1 + length;
        } else {
            StringWrites.writeLong(this, tag, value);
        }
    }

    /**
     * Writes a string field whose value is {@code first} followed by {@code second}, without concatenating them: e.g.
     * a type URL from its prefix and a message's full name.
     *
     * @param tag    the tag.
     * @param first  the beginning of the value.
     * @param second the rest of the value.
     */
    public void writeString(final int tag, final CharSequence first, final CharSequence second) {
        StringWrites.writeTwoParts(this, tag, first, second);
    }

    /**
     * Writes a length-delimited field (bytes, or a string already encoded as UTF-8, or a whole encoded message) from
     * a buffer.
     *
     * @param tag    the tag.
     * @param src    the source buffer.
     * @param offset index of the first byte in {@code src}.
     * @param length number of bytes.
     */
    public void writeBytes(final int tag, final DirectBuffer src, final int offset, final int length) {
        final int p = header(tag, length);
        if (p >= 0) {
            buffer.putBytes(p, src, offset, length);
            position = p + length;
        }
    }

    /**
     * Writes a length-delimited field from a byte array.
     *
     * @param tag    the tag.
     * @param src    the source array.
     * @param offset index of the first byte in {@code src}.
     * @param length number of bytes.
     */
    public void writeBytes(final int tag, final byte[] src, final int offset, final int length) {
        final int p = header(tag, length);
        if (p >= 0) {
            buffer.putBytes(p, src, offset, length);
            position = p + length;
        }
    }

    /**
     * Writes bytes as they are, with no tag or length: already-encoded fields being carried through.
     *
     * @param src    the source buffer.
     * @param offset index of the first byte in {@code src}.
     * @param length number of bytes.
     */
    public void writeRaw(final DirectBuffer src, final int offset, final int length) {
        if (counted(length)) {
            return;
        }
        buffer.putBytes(position, src, offset, length);
        position += length;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Backpatched length-delimited content: nested messages and packed runs written element by element

    /**
     * Writes {@code tag}, reserves one byte for the length and opens a length-delimited field; everything written
     * until the matching {@link #end(int)} is its content.
     *
     * @param tag the tag (wire type LEN).
     * @return the identity of the opened field, now the {@link #innermost()}.
     */
    public long begin(final int tag) {
        return begin(tag, null);
    }

    /**
     * {@link #begin(int)}, recording the encoder the level belongs to: the nested message's encoder, or the encoder
     * whose packed run it is.
     */
    long begin(final int tag, final MessageEncoder owner) {
        final int p = position;
        final int lengthIndex;
        if (fits(p, Varint.sizeOfUnsigned32(tag) + 1)) {
            lengthIndex = p + Varint.putUnsigned32(raw.byteArray(), raw.addressOffset(), p, tag);
        } else if (sizing) {
            count(Varint.sizeOfUnsigned32(tag) + 1);
            lengthIndex = p + Varint.sizeOfUnsigned32(tag);
        } else {
            ensure(Varint.sizeOfUnsigned32(tag) + 1);
            lengthIndex = p + Varint.putUnsigned32(buffer, p, tag);
        }
        push(tag, lengthIndex, owner);
        position = lengthIndex + 1;
        final long id = lastId + 1;
        lastId = id;
        innermost = id;
        return id;
    }

    /**
     * {@link #begin(int)} for a packed run written element by element, which {@link #endPacked(int)} removes if it
     * stays empty: so that an empty run costs no room, a run begun where a fixed region has no room left even for its
     * tag and length byte is opened without writing them, its position past the region's end, where the first
     * element, if any, fails its check ({@link ProtoEncodeException}) and an end takes the position back.
     *
     * @param tag the run's tag (wire type LEN).
     * @return the identity of the opened run, now the {@link #innermost()}.
     */
    public long beginPacked(final int tag) {
        return beginPacked(tag, null);
    }

    /** {@link #beginPacked(int)}, recording the encoder whose run it is. */
    long beginPacked(final int tag, final MessageEncoder owner) {
        final int p = position;
        final int header = Varint.sizeOfUnsigned32(tag) + 1;
        if (header <= limit - p || growable) {
            return begin(tag, owner);
        }
        push(tag, p + header - 1, owner);
        position = p + header;
        final long id = lastId + 1;
        lastId = id;
        innermost = id;
        return id;
    }

    private void push(final int tag, final int start, final MessageEncoder owner) {
        final int d = depth;
        if (d == openStarts.length) {
            growStack();
        }
        openStarts[d] = start;
        openTags[d] = tag;
        enclosingIds[d] = innermost;
        // A reference store costs the GC's write barrier: skip it when the level had this owner already (a repeated
        // field's elements, a message encoded again).
        final MessageEncoder[] owners = openOwners;
        if (owners[d] != owner) {
            owners[d] = owner;
        }
        depth = d + 1;
    }

    private void growStack() {
        openStarts = Arrays.copyOf(openStarts, depth * 2);
        openTags = Arrays.copyOf(openTags, depth * 2);
        enclosingIds = Arrays.copyOf(enclosingIds, depth * 2);
        openOwners = Arrays.copyOf(openOwners, depth * 2);
    }

    /**
     * Reserves one byte for a varint length prefix with no tag before it, opening a level that {@link #end(int)} with
     * tag 0 closes: the framing of a length-delimited stream ({@code writeDelimitedTo}).
     *
     * @return the identity of the opened level, now the {@link #innermost()}.
     */
    public long beginLengthPrefix() {
        return beginLengthPrefix(null);
    }

    /** {@link #beginLengthPrefix()}, recording the root encoder whose message it frames. */
    long beginLengthPrefix(final MessageEncoder owner) {
        ensure(1);
        push(0, position, owner);
        position++;
        innermost = ++lastId;
        return innermost;
    }

    /**
     * Writes the START_GROUP {@code tag} of a group (or editions DELIMITED message) and opens it; everything written
     * until the matching {@link #endGroup(int)} is its content. Groups need no length, so nothing is backpatched.
     *
     * @param tag the START_GROUP tag.
     * @return the identity of the opened group, now the {@link #innermost()}.
     */
    public long beginGroup(final int tag) {
        return beginGroup(tag, null);
    }

    /** {@link #beginGroup(int)}, recording the group's encoder. */
    long beginGroup(final int tag, final MessageEncoder owner) {
        ensure(Varint.sizeOfUnsigned32(tag));
        push(tag, position, owner);
        position += sizing ? Varint.sizeOfUnsigned32(tag) : Varint.putUnsigned32(buffer, position, tag);
        innermost = ++lastId;
        return innermost;
    }

    /**
     * Closes the innermost open field, a group opened with {@code tag}, by writing its END_GROUP tag.
     *
     * @param tag the START_GROUP tag it was opened with.
     * @throws IllegalStateException if the innermost open field is not {@code tag}.
     */
    public void endGroup(final int tag) {
        checkTag(tag);
        final int endTag = (tag & ~7) | WireType.END_GROUP;
        ensure(Varint.sizeOfUnsigned32(endTag));
        position += sizing ? Varint.sizeOfUnsigned32(endTag) : Varint.putUnsigned32(buffer, position, endTag);
        depth--;
        innermost = enclosingIds[depth];
    }

    /**
     * Closes the innermost open field, which must have been opened with {@code tag}, and writes its length, moving
     * the content forward if the length needs more than one byte.
     *
     * @param tag the tag it was opened with.
     * @throws IllegalStateException if the innermost open field is not {@code tag}.
     */
    public void end(final int tag) {
        checkTag(tag);
        endInnermost();
    }

    /** Closes the innermost open level, whose tag was checked, and writes its length. */
    private void endInnermost() {
        final int d = depth - 1;
        final int lengthIndex = openStarts[d];
        final int length = position - lengthIndex - 1;
        if (raw != null && length < 0x80 && (!CHECK_CAPACITY || lengthIndex < raw.capacity())) {
            Memory.putByte(raw.byteArray(), raw.addressOffset(), lengthIndex, (byte) length);
        } else if (sizing) {
            // A branch, not arithmetic: the next level's position then does not wait for this length's size.
            if (length >= 0x80) {
                count(Varint.sizeOfUnsigned32(length) - 1);
            }
        } else {
            patchLength(lengthIndex, length);
        }
        depth = d;
        innermost = enclosingIds[d];
    }

    /** Writes the length of the content after {@code lengthIndex}, moving it if the length needs more than a byte. */
    private void patchLength(final int lengthIndex, final int length) {
        final int size = Varint.sizeOfUnsigned32(length);
        if (size > 1) {
            ensure(size - 1);
            buffer.putBytes(lengthIndex + size, buffer, lengthIndex + 1, length);
            position += size - 1;
        }
        Varint.putUnsigned32(buffer, lengthIndex, length);
    }

    /**
     * Closes the innermost open field, a packed run opened with {@code tag}: like {@link #end(int)}, except that an
     * empty run is removed entirely, tag included, as protobuf writes nothing for an empty repeated field.
     *
     * @param tag the tag it was opened with.
     * @throws IllegalStateException if the innermost open field is not {@code tag}.
     */
    public void endPacked(final int tag) {
        checkTag(tag);
        final int lengthIndex = openStarts[depth - 1];
        if (position == lengthIndex + 1) {
            position = lengthIndex - Varint.sizeOfUnsigned32(tag);
            depth--;
            innermost = enclosingIds[depth];
            return;
        }
        endInnermost();
    }

    private void checkTag(final int tag) {
        if (depth == 0 || openTags[depth - 1] != tag) {
            throw Misuse.notTheInnermostField(this, tag);
        }
    }

    /**
     * Whether {@code id} is the identity of the innermost open level: the fast path of {@link #check(long)}, for callers
     * that build their own exception when it is not.
     *
     * @param id an identity, from {@link #innermost()} after a wrap or begin.
     * @return true if it is the innermost open level.
     */
    public boolean isInnermost(final long id) {
        return innermost == id;
    }

    /**
     * Checks that the caller, an encoder or packed run with identity {@code id}, is the innermost open level.
     *
     * @param id the caller's identity, from {@link #innermost()} after its wrap or {@link #begin(int)}.
     * @throws IllegalStateException if something opened since is still open, or the caller was ended, or the root
     *     was re-wrapped, or this cursor is the one of an encoder that was never wrapped.
     */
    public void check(final long id) {
        if (innermost != id) {
            throw Misuse.notInnermost(this);
        }
    }

    /**
     * Whether {@code bytes} from {@code p} may be written straight to memory: the buffer is one of Agrona's own and
     * the bytes are inside the region (and, with Agrona's bounds checks on, inside the buffer's capacity now). When
     * true, {@link #raw} is set.
     */
    boolean fits(final int p, final int bytes) {
        // raw first: it does not change between writes, so after the first the compiler drops the test, and a sizing
        // cursor (raw null) goes to its counting path without comparing positions.
        return raw != null && bytes <= limit - p && (!CHECK_CAPACITY || bytes <= raw.capacity() - p);
    }

    /**
     * Whether the bytes up to {@code end}, already checked against the region, may be written straight to memory:
     * the buffer is one of Agrona's own (and, with Agrona's bounds checks on, {@code end} is inside its capacity now).
     */
    boolean rawUpTo(final int end) {
        return raw != null && (!CHECK_CAPACITY || end <= raw.capacity());
    }

    /**
     * Makes room for a length-delimited field of {@code length} content bytes and writes its tag and length (the
     * checked way, through the buffer).
     *
     * @return where the content starts, or -1 when sizing (the whole field counted, nothing to write).
     */
    int header(final int tag, final int length) {
        if (counted(Varint.sizeOfUnsigned32(tag) + Varint.sizeOfUnsigned32(length) + length)) {
            return -1;
        }
        final int p = position + Varint.putUnsigned32(buffer, position, tag);
        return p + Varint.putUnsigned32(buffer, p, length);
    }

    /** @return the bytes left in the region (the buffer's growth aside). */
    int room() {
        return limit - position;
    }

    void ensure(final int bytes) {
        if (bytes > limit - position) {
            grow(bytes);
        }
    }

    /**
     * Makes room for a write of {@code bytes}, as {@link #ensure(int)}; while sizing, counts them instead: the
     * position moves past them and the caller writes nothing.
     *
     * @return true if the bytes were counted (sizing), false if the caller is to write them.
     */
    boolean counted(final int bytes) {
        if (sizing) {
            count(bytes);
            return true;
        }
        ensure(bytes);
        return false;
    }

    /** While sizing: moves the position past {@code bytes}, refusing a message over the sizing limit. */
    private void count(final int bytes) {
        final int counted = position + bytes;
        // Negative: past Integer.MAX_VALUE, which only a length near it can reach from a position within the limit.
        if (counted > SIZING_LIMIT || counted < 0) {
            grow(bytes);
        }
        position = counted;
    }

    private void grow(final int bytes) {
        final long needed = (long) position + bytes;
        if (sizing) {
            throw new ProtoEncodeException("a message of more than " + SIZING_LIMIT + " bytes cannot be encoded: "
                    + bytes + " more bytes at " + position);
        }
        if (!growable || needed > Integer.MAX_VALUE - 8) {
            throw new ProtoEncodeException("need " + bytes + " bytes at index " + position + " but the region ends at "
                    + limit + " (message started at " + start + ")");
        }
        buffer.checkLimit((int) needed);
        limit = buffer.capacity();
    }
}
