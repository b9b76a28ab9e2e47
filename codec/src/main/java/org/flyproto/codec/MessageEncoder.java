package org.flyproto.codec;

import org.agrona.MutableDirectBuffer;

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
    }

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
     * @param tag   the field's tag.
     * @param <E>   the child's type.
     * @return the child.
     */
    protected final <E extends MessageEncoder> E beginChild(final E child, final int tag) {
        final WriteCursor c = cursor;
        c.checkDepth(depth);
        c.begin(tag);
        child.cursor = c;
        child.depth = depth + 1;
        return child;
    }

    /**
     * Closes the nested field opened with {@code tag}, which must be the innermost open one, and backpatches its
     * length.
     *
     * @param tag the field's tag.
     */
    protected final void endChild(final int tag) {
        final WriteCursor c = cursor;
        c.checkDepth(depth + 1);
        c.end(tag);
    }

    /**
     * Opens a packed run of this encoder's field {@code tag}; elements follow until {@link #endPackedRun(int)}.
     *
     * @param tag the field's packed tag (wire type LEN).
     */
    protected final void beginPackedRun(final int tag) {
        final WriteCursor c = cursor;
        c.checkDepth(depth);
        c.begin(tag);
    }

    /**
     * The cursor, after checking that the innermost open field is this encoder's packed run {@code tag}.
     *
     * @param tag the field's packed tag.
     * @return the cursor.
     */
    protected final WriteCursor packedRun(final int tag) {
        final WriteCursor c = cursor;
        c.checkOpen(depth + 1, tag);
        return c;
    }

    /**
     * Closes this encoder's packed run {@code tag} and backpatches its length; an empty run leaves no bytes at all.
     *
     * @param tag the field's packed tag.
     */
    protected final void endPackedRun(final int tag) {
        final WriteCursor c = cursor;
        c.checkOpen(depth + 1, tag);
        c.endPacked(tag);
    }

    /**
     * The cursor, after checking that this encoder is the innermost open one.
     *
     * @return the cursor.
     */
    protected final WriteCursor cursor() {
        final WriteCursor c = cursor;
        c.checkDepth(depth);
        return c;
    }

    /**
     * @return the buffer written to.
     */
    public final MutableDirectBuffer buffer() {
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
        cursor().checkDepth(0);
        return cursor.position() - cursor.start();
    }
}
