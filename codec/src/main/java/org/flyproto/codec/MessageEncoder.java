package org.flyproto.codec;

import org.agrona.MutableDirectBuffer;
import org.flyproto.buffers.WireType;

/**
 * Base class of generated message encoders.
 *
 * <p>An encoder writes fields in the order its setters are called, straight into the buffer. A root encoder owns a
 * {@link WriteCursor}; the nested encoders it hands out share it, so a nested message is written in place between
 * its {@code beginX()}/{@code addX()} and {@code endX()}. Each encoder knows its nesting depth, and every setter
 * checks that its encoder is the innermost open one: writing to a parent while a child is open, or to a child after
 * it was ended, is an {@link IllegalStateException}, never silently misplaced bytes. The exception names the field
 * being written or ended and the fields still open (number, {@linkplain #fieldName(int) name} when the generated code
 * knows it, and message type). An encoder used before its first wrap raises {@link IllegalStateException} too, saying
 * so.
 *
 * <p>A nested encoder can be ended by its parent ({@code endX()}) or end itself: {@link #end()} returns the parent.
 *
 * <p>Not thread-safe. Reuse one instance per thread; steady-state encoding allocates nothing.
 */
public abstract class MessageEncoder {
    /**
     * The shared write position. Before the first wrap (or begin, for a nested encoder) a sentinel cursor whose
     * checks fail with "not wrapped", so that no setter needs a null check.
     */
    protected WriteCursor cursor = WriteCursor.NOT_WRAPPED;
    /** Nesting depth of this encoder: 0 for a root. */
    protected int depth;

    private WriteCursor ownCursor;
    /** This encoder's identity in the cursor: from its root wrap, or from the begin that opened it. */
    long id;
    /** Identity and tag of the packed run this encoder opened last. */
    long runId;

    private int runTag;
    /** The encoder that began this one as a nested message, and the field's tag; null for a root. */
    private MessageEncoder parent;

    private int parentTag;

    /** Subclasses only. */
    protected MessageEncoder() {}

    /**
     * Starts a root message at {@code offset}.
     *
     * @param buffer the buffer.
     * @param offset where the message starts.
     * @throws IllegalArgumentException if the offset is negative, or beyond the capacity of a buffer that is not
     *     expandable.
     */
    protected final void wrapRoot(final MutableDirectBuffer buffer, final int offset) {
        rootCursor().wrap(buffer, offset);
        id = cursor.innermost();
        onBegin();
    }

    /**
     * Starts a root message in the fixed region {@code [offset, offset + length)}.
     *
     * @param buffer the buffer.
     * @param offset where the message starts.
     * @param length the size of the region.
     * @throws IllegalArgumentException if the region is not inside the buffer, as for a decoder's wrap.
     */
    protected final void wrapRoot(final MutableDirectBuffer buffer, final int offset, final int length) {
        rootCursor().wrap(buffer, offset, length);
        id = cursor.innermost();
        onBegin();
    }

    /**
     * Starts a root message in the fixed region {@code [offset, offset + length)}, as {@link #wrapRoot(MutableDirectBuffer,
     * int, int)}: the form generic code (claim helpers) calls; generated encoders return their own type.
     *
     * @param buffer the buffer.
     * @param offset where the message starts.
     * @param length the size of the region.
     * @return this encoder.
     * @throws IllegalArgumentException if the region is not inside the buffer.
     */
    public MessageEncoder wrap(final MutableDirectBuffer buffer, final int offset, final int length) {
        wrapRoot(buffer, offset, length);
        return this;
    }

    /**
     * Starts measuring a root message instead of writing one. The setters that follow, called as they would be after
     * a wrap, write nothing anywhere and count exactly the bytes they would write — canonical varints, the length
     * prefixes of nested messages and packed runs, strings as UTF-8 (measured, not encoded) — so that
     * {@link #encodedLength()} afterwards is the length the same calls write after a wrap: the size to claim before
     * encoding in place ({@code Publication.tryClaim}, a ring buffer's {@code tryClaim}). Order checks, required-field
     * tracking and misuse exceptions work as when writing; {@link #encodedBuffer()} has no buffer to return. Allocates
     * nothing.
     *
     * @return this encoder.
     */
    public MessageEncoder wrapForSize() {
        rootCursor().wrapForSize();
        id = cursor.innermost();
        onBegin();
        return this;
    }

    /**
     * Starts a root message at {@code offset} preceded by its varint length, as protobuf-java's
     * {@code writeDelimitedTo} writes it; {@link #endDelimited()} writes the length.
     *
     * @param buffer the buffer.
     * @param offset where the length prefix starts.
     * @throws IllegalArgumentException if the offset is negative, or beyond the capacity of a buffer that is not
     *     expandable.
     */
    protected final void wrapDelimitedRoot(final MutableDirectBuffer buffer, final int offset) {
        rootCursor().wrap(buffer, offset);
        id = cursor.beginLengthPrefix(this);
        onBegin();
    }

    /**
     * Ends a message started with {@code wrapDelimited}: writes its length prefix (moving the message if the length
     * needs more than one byte).
     *
     * @return the bytes written from the wrap offset, length prefix included: the next message of the stream starts
     *     there.
     * @throws IllegalStateException if this encoder was not wrapped delimited, or a nested message is still open.
     */
    public final int endDelimited() {
        if (depth != 0) {
            throw Misuse.askTheRoot("endDelimited()");
        }
        final WriteCursor c = checkedCursor("end the delimited message");
        c.end(0);
        id = c.innermost();
        return c.position() - c.start();
    }

    /**
     * Called when this encoder starts a message (root wrap, or begin of a nested field): generated encoders that
     * track required fields clear that state here.
     */
    protected void onBegin() {}

    private WriteCursor rootCursor() {
        if (ownCursor == null) {
            ownCursor = new WriteCursor();
        }
        cursor = ownCursor;
        depth = 0;
        parent = null;
        parentTag = 0;
        return ownCursor;
    }

    /**
     * Opens a nested message field and hands {@code child} the shared cursor; records on the child its parent (this
     * encoder) and {@code tag}, for {@link #end()}.
     *
     * @param child the child encoder.
     * @param tag   the field's tag: wire type LEN, or START_GROUP for a group or delimited message.
     * @param <E>   the child's type.
     * @return the child.
     */
    protected final <E extends MessageEncoder> E beginChild(final E child, final int tag) {
        final WriteCursor c = cursor;
        if (!c.isInnermost(id)) {
            throw misuse("begin", tag);
        }
        final long childId = (tag & 7) == WireType.START_GROUP ? c.beginGroup(tag, child) : c.begin(tag, child);
        final MessageEncoder nested = child;
        // The reference stores cost the GC's write barrier: skip them when the child had this cursor and parent
        // already, as every element of a repeated field after the first has.
        if (nested.cursor != c) {
            nested.cursor = c;
        }
        if (nested.parent != this) {
            nested.parent = this;
        }
        nested.depth = depth + 1;
        nested.id = childId;
        nested.parentTag = tag;
        nested.onBegin();
        return child;
    }

    /**
     * Closes the nested field {@code tag} opened for {@code child}, which must be the innermost open message, and
     * backpatches its length.
     *
     * @param child the child encoder of the field, or null if it was never begun.
     * @param tag   the field's tag.
     */
    protected final void endChild(final MessageEncoder child, final int tag) {
        final WriteCursor c = cursor;
        if (child == null) {
            throw Misuse.neverBegun(this, tag);
        }
        if (!c.isInnermost(child.id)) {
            throw misuseEnding(child, tag);
        }
        if ((tag & 7) == WireType.START_GROUP) {
            c.endGroup(tag);
        } else {
            c.end(tag);
        }
    }

    /**
     * Ends this nested encoder's message in its parent, exactly as the parent's {@code endX()} for the field would,
     * and returns the parent: {@code order.addFills().price(1).qty(2).end()} leaves {@code order} the innermost open
     * message, so that a nested encoder handed out by a method can be closed without a reference to its parent.
     *
     * <p>The parent does the ending ({@link #endNested(MessageEncoder, int)}), so whatever its {@code endX()} does
     * besides backpatching the length (tracking required fields) happens too. Allocates nothing.
     *
     * @param <P> the parent's type, as the caller assigns it: {@code OrderEncoder order = fill.end();}.
     * @return the parent encoder.
     * @throws IllegalStateException if this encoder is a root (or was never begun as a nested message), was already
     *     ended, or is not the innermost open message (a message or packed run opened from it is still open).
     */
    public final <P extends MessageEncoder> P end() {
        final MessageEncoder p = parent;
        if (p == null) {
            throw Misuse.notNested(this);
        }
        final WriteCursor c = cursor;
        if (!c.isInnermost(id)) {
            throw misuseEndingItself();
        }
        p.endNested(this, parentTag);
        @SuppressWarnings("unchecked") // the caller's choice of type, as for a cast
        final P result = (P) p;
        return result;
    }

    /**
     * Ends the nested message {@code child} of this encoder's field {@code tag}, for {@link #end()} of the child.
     * Generated encoders override it to call the field's {@code endX()}; this default ends the child in the cursor.
     *
     * @param child the nested encoder ending itself, the innermost open message.
     * @param tag   the tag its field was begun with ({@link #beginChild(MessageEncoder, int)}).
     */
    protected void endNested(final MessageEncoder child, final int tag) {
        endChild(child, tag);
    }

    /**
     * The {@code .proto} name of one of this message's fields, for the messages of misuse exceptions; generated
     * encoders may override it.
     *
     * @param number a field number.
     * @return the field's name, or null if unknown (the default).
     */
    protected String fieldName(final int number) {
        return null;
    }

    /**
     * Opens a packed run of this encoder's field {@code tag}; elements follow until {@link #endPackedRun(int)}.
     *
     * @param tag the field's packed tag (wire type LEN).
     */
    protected final void beginPackedRun(final int tag) {
        final WriteCursor c = cursor;
        if (!c.isInnermost(id)) {
            throw misuse("begin the packed run of", tag);
        }
        runId = c.beginPacked(tag, this);
        runTag = tag;
    }

    /**
     * The cursor, after checking that the innermost open level is the packed run {@code tag} this encoder opened.
     *
     * @param tag the field's packed tag.
     * @return the cursor.
     */
    protected final WriteCursor packedRun(final int tag) {
        final WriteCursor c = cursor;
        checkRun(c, tag, "add an element to");
        return c;
    }

    /**
     * Closes this encoder's packed run {@code tag} and backpatches its length; an empty run leaves no bytes at all.
     *
     * @param tag the field's packed tag.
     */
    protected final void endPackedRun(final int tag) {
        final WriteCursor c = cursor;
        checkRun(c, tag, "end the packed run of");
        c.endPacked(tag);
    }

    private void checkRun(final WriteCursor c, final int tag, final String verb) {
        if (runTag != tag || !c.isInnermost(runId)) {
            throw misuseOfRun(verb, tag);
        }
    }

    private IllegalStateException misuseOfRun(final String verb, final int tag) {
        return Misuse.ofRun(this, cursor, verb, tag, runTag == tag);
    }

    /**
     * The cursor, after checking that this encoder is the innermost open message. A misuse exception does not name
     * the field being written: prefer {@link #writeCursor(int)}.
     *
     * @return the cursor.
     */
    protected final WriteCursor writeCursor() {
        final WriteCursor c = cursor;
        if (!c.isInnermost(id)) {
            throw misuse("write to", 0);
        }
        return c;
    }

    /**
     * The cursor, after checking that this encoder is the innermost open message, for writing the field {@code tag}:
     * a misuse exception names it. The tag costs nothing unless the check fails.
     *
     * @param tag the tag of the field about to be written.
     * @return the cursor.
     */
    protected final WriteCursor writeCursor(final int tag) {
        final WriteCursor c = cursor;
        if (!c.isInnermost(id)) {
            throw misuse("write", tag);
        }
        return c;
    }

    /**
     * @return the protobuf full name of the message type this encoder writes, e.g. {@code market.Order}.
     */
    public abstract String messageFullName();

    /**
     * @return the schema of the message type this encoder writes: its fields' numbers, names and types, as the
     *     parsers and tools that write by name use it.
     */
    public abstract org.flyproto.codec.schema.MessageSchema schema();

    // Slow paths: the checks call these only when they fail, with few arguments, so that the checked methods stay
    // small (inlined even where the call site is not hot) and their fast paths are the one compare they were.

    /** The cursor, after checking that this encoder is the innermost open message, for {@code verb}. */
    private WriteCursor checkedCursor(final String verb) {
        final WriteCursor c = cursor;
        if (!c.isInnermost(id)) {
            throw misuse(verb, 0);
        }
        return c;
    }

    /** {@code verb} needed this encoder to be the innermost open message; {@code tag} 0 names no field. */
    private IllegalStateException misuse(final String verb, final int tag) {
        return Misuse.of(this, cursor, id, verb, tag == 0 ? null : this, tag);
    }

    /** Ending {@code child}, field {@code tag}, needed it to be the innermost open message. */
    private IllegalStateException misuseEnding(final MessageEncoder child, final int tag) {
        return Misuse.of(this, cursor, child.id, "end", this, tag);
    }

    /** {@link #end()} needed this encoder to be the innermost open message. */
    private IllegalStateException misuseEndingItself() {
        return Misuse.of(this, cursor, id, "end", parent, parentTag);
    }

    /** The encoder that began this one, or null for a root: for the messages of misuse exceptions. */
    final MessageEncoder parent() {
        return parent;
    }

    /** The tag this encoder was begun with by its parent. */
    final int parentTag() {
        return parentTag;
    }

    /**
     * @return the buffer written to.
     * @throws IllegalStateException before the first wrap, or while {@linkplain #wrapForSize() sizing}.
     */
    public final MutableDirectBuffer encodedBuffer() {
        final WriteCursor c = cursor;
        if (c == WriteCursor.NOT_WRAPPED) {
            throw misuse("read the buffer of", 0);
        }
        if (c.isSizing()) {
            throw new IllegalStateException(
                    "the " + messageFullName() + " encoder is sizing (wrapForSize()): it writes to no buffer");
        }
        return c.buffer();
    }

    /**
     * The length of the encoded root message so far; after {@link #wrapForSize()}, the length the calls so far
     * would have written.
     *
     * @return bytes written from the wrap offset (counted, when sizing).
     * @throws IllegalStateException on a nested encoder, or while a nested message or packed run is open.
     */
    public final int encodedLength() {
        if (depth != 0) {
            throw Misuse.askTheRoot("encodedLength()");
        }
        final WriteCursor c = checkedCursor("take the encoded length of");
        return c.position() - c.start();
    }
}
