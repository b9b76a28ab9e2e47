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
 * it was ended, is an {@link IllegalStateException}, never silently misplaced bytes.
 *
 * <p>Not thread-safe. Reuse one instance per thread; steady-state encoding allocates nothing.
 */
public abstract class MessageEncoder {
    /** The shared write position. */
    protected WriteCursor cursor;
    /** Nesting depth of this encoder: 0 for a root. */
    protected int depth;

    private WriteCursor ownCursor;
    /** This encoder's identity in the cursor: from its root wrap, or from the begin that opened it. */
    long id;
    /** Identity and tag of the packed run this encoder opened last. */
    private long runId;

    private int runTag;

    /** Subclasses only. */
    protected MessageEncoder() {}

    /**
     * Starts a root message at {@code offset}.
     *
     * @param buffer the buffer.
     * @param offset where the message starts.
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
     */
    protected final void wrapRoot(final MutableDirectBuffer buffer, final int offset, final int length) {
        rootCursor().wrap(buffer, offset, length);
        id = cursor.innermost();
        onBegin();
    }

    /**
     * Starts a root message at {@code offset} preceded by its varint length, as protobuf-java's
     * {@code writeDelimitedTo} writes it; {@link #endDelimited()} writes the length.
     *
     * @param buffer the buffer.
     * @param offset where the length prefix starts.
     */
    protected final void wrapDelimitedRoot(final MutableDirectBuffer buffer, final int offset) {
        rootCursor().wrap(buffer, offset);
        id = cursor.beginLengthPrefix();
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
            throw new IllegalStateException("endDelimited() of a nested encoder: ask the root");
        }
        final WriteCursor c = writeCursor();
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
        return ownCursor;
    }

    /**
     * Opens a nested message field and hands {@code child} the shared cursor.
     *
     * @param child the child encoder.
     * @param tag   the field's tag: wire type LEN, or START_GROUP for a group or delimited message.
     * @param <E>   the child's type.
     * @return the child.
     */
    protected final <E extends MessageEncoder> E beginChild(final E child, final int tag) {
        final WriteCursor c = cursor;
        c.check(id);
        final long childId = (tag & 7) == WireType.START_GROUP ? c.beginGroup(tag) : c.begin(tag);
        child.cursor = c;
        child.depth = depth + 1;
        child.id = childId;
        child.onBegin();
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
            throw new IllegalStateException("end of a nested message that was never begun");
        }
        c.check(child.id);
        if ((tag & 7) == WireType.START_GROUP) {
            c.endGroup(tag);
        } else {
            c.end(tag);
        }
    }

    /**
     * Opens a packed run of this encoder's field {@code tag}; elements follow until {@link #endPackedRun(int)}.
     *
     * @param tag the field's packed tag (wire type LEN).
     */
    protected final void beginPackedRun(final int tag) {
        final WriteCursor c = cursor;
        c.check(id);
        runId = c.begin(tag);
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
        checkRun(c, tag);
        return c;
    }

    /**
     * Closes this encoder's packed run {@code tag} and backpatches its length; an empty run leaves no bytes at all.
     *
     * @param tag the field's packed tag.
     */
    protected final void endPackedRun(final int tag) {
        final WriteCursor c = cursor;
        checkRun(c, tag);
        c.endPacked(tag);
    }

    private void checkRun(final WriteCursor c, final int tag) {
        if (runTag != tag) {
            throw new IllegalStateException("no packed run of this field is open: call its begin method first");
        }
        c.check(runId);
    }

    /**
     * The cursor, after checking that this encoder is the innermost open message.
     *
     * @return the cursor.
     */
    protected final WriteCursor writeCursor() {
        final WriteCursor c = cursor;
        c.check(id);
        return c;
    }

    /**
     * @return the protobuf full name of the message type this encoder writes, e.g. {@code market.Order}.
     */
    public abstract String messageFullName();

    /**
     * @return the buffer written to.
     */
    public final MutableDirectBuffer encodedBuffer() {
        return cursor.buffer();
    }

    /**
     * The length of the encoded root message so far.
     *
     * @return bytes written from the wrap offset.
     * @throws IllegalStateException on a nested encoder, or while a nested message or packed run is open.
     */
    public final int encodedLength() {
        if (depth != 0) {
            throw new IllegalStateException("encodedLength() of a nested encoder: ask the root");
        }
        final WriteCursor c = writeCursor();
        return c.position() - c.start();
    }
}
