package org.flyproto.codec;

/**
 * The exceptions of encoders used out of order, built only when a check has failed: they name the field being written
 * or ended, its message type, and every field still open (number, name when the generated code knows it, message
 * type), innermost last.
 */
final class Misuse {
    private static final String NOT_WRAPPED = "the encoder is not wrapped: call wrap(buffer, offset), wrap(buffer,"
            + " offset, length) or wrapDelimited(buffer, offset) first (a nested message's encoder comes from its"
            + " parent's begin or add method)";

    private Misuse() {}

    /**
     * The exception for a call of {@code encoder} that needed {@code expected} to be the innermost open level.
     *
     * @param encoder    the encoder called.
     * @param c          its cursor.
     * @param expected   the identity that is not the innermost: the encoder's own, or a child's when ending it.
     * @param verb       what the call was doing: "write", "begin", "end", ...
     * @param fieldOwner the encoder whose field {@code tag} is, or null if the call concerns no field.
     * @param tag        the field's tag, when {@code fieldOwner} is not null.
     * @return the exception to throw.
     */
    static IllegalStateException of(
            final MessageEncoder encoder,
            final WriteCursor c,
            final long expected,
            final String verb,
            final MessageEncoder fieldOwner,
            final int tag) {
        final String call = "cannot " + verb + " "
                + (fieldOwner == null ? encoder.messageFullName() : field(fieldOwner, tag)) + ": ";
        if (c == WriteCursor.NOT_WRAPPED) {
            return new IllegalStateException(call + NOT_WRAPPED);
        }
        final int level = levelOf(c, expected);
        if (level == NOT_OPEN) {
            // Ending a message: the field is the message that is not open. Otherwise the encoder's own message.
            final String subject = verb.equals("end") ? "it" : "this encoder's message" + position(encoder);
            return new IllegalStateException(call
                    + subject
                    + (expected < c.wrapId
                            ? " was begun before its root encoder was wrapped again"
                            : " was already ended"));
        }
        return new IllegalStateException(call + stillOpen(c, level + 1));
    }

    /**
     * The exception for an element or the end of the packed run {@code tag} of {@code encoder} that fails.
     *
     * @param encoder the encoder called.
     * @param c       its cursor.
     * @param verb    "add an element to", "end the packed run of".
     * @param tag     the run's packed tag.
     * @param sameTag whether the encoder's last run was of this field.
     * @return the exception to throw.
     */
    static IllegalStateException ofRun(
            final MessageEncoder encoder,
            final WriteCursor c,
            final String verb,
            final int tag,
            final boolean sameTag) {
        final String call = "cannot " + verb + " " + field(encoder, tag) + ": ";
        if (c == WriteCursor.NOT_WRAPPED) {
            return new IllegalStateException(call + NOT_WRAPPED);
        }
        final int level = sameTag ? levelOf(c, encoder.runId) : NOT_OPEN;
        if (level == NOT_OPEN) {
            return new IllegalStateException(call + "no packed run of it is open (call its begin method first)");
        }
        return new IllegalStateException(call + stillOpen(c, level + 1));
    }

    /**
     * The exception for a call only a root encoder answers, made on a nested one.
     *
     * @param call e.g. {@code "encodedLength()"}.
     * @return the exception to throw.
     */
    static IllegalStateException askTheRoot(final String call) {
        return new IllegalStateException(call + " of a nested encoder: ask the root");
    }

    /**
     * The exception for {@code end()} of an encoder that is not nested.
     *
     * @param encoder a root, or an encoder never begun by a parent.
     * @return the exception to throw.
     */
    static IllegalStateException notNested(final MessageEncoder encoder) {
        return new IllegalStateException("end() of " + encoder.messageFullName() + ", which is not a nested message"
                + (encoder.cursor == WriteCursor.NOT_WRAPPED
                        ? ": it was never begun by a parent"
                        : ": it was wrapped as a root, whose message ends where its last field does"
                                + " (encodedLength(), or endDelimited() after wrapDelimited)"));
    }

    /**
     * The exception for ending a nested message field that was never begun.
     *
     * @param encoder the encoder whose field it is.
     * @param tag     the field's tag.
     * @return the exception to throw.
     */
    static IllegalStateException neverBegun(final MessageEncoder encoder, final int tag) {
        return new IllegalStateException("cannot end " + field(encoder, tag) + ": it was never begun");
    }

    /**
     * @param owner the encoder whose field it is.
     * @param tag   the field's tag.
     * @return e.g. {@code field 6 (fills) of market.Order}, without the name if the encoder does not know it.
     */
    static String field(final MessageEncoder owner, final int tag) {
        final int number = tag >>> 3;
        final String name = owner.fieldName(number);
        return "field " + number + (name == null ? "" : " (" + name + ")") + " of " + owner.messageFullName();
    }

    /** Where the encoder's message is: {@code " (field 6 (fills) of market.Order)"}, or nothing for a root. */
    private static String position(final MessageEncoder encoder) {
        final MessageEncoder parent = encoder.parent();
        return parent == null ? "" : " (" + field(parent, encoder.parentTag()) + ")";
    }

    /** The open levels from {@code from} to the innermost, which must be ended first. */
    private static String stillOpen(final WriteCursor c, final int from) {
        final int innermost = c.depth() - 1;
        if (from == innermost) {
            return describe(c, from) + " is still open: end it first";
        }
        final StringBuilder open = new StringBuilder("still open, innermost last: ");
        for (int level = from; level <= innermost; level++) {
            if (level > from) {
                open.append(" > ");
            }
            open.append(describe(c, level));
        }
        return open.append("; end them first, innermost first").toString();
    }

    private static String describe(final WriteCursor c, final int level) {
        final int tag = c.openTags[level];
        final MessageEncoder owner = c.openOwners[level];
        final long id = levelId(c, level);
        if (owner != null) {
            if (owner.id == id && owner.parent() != null) {
                return field(owner.parent(), tag) + " (a " + owner.messageFullName() + ")";
            }
            if (owner.runId == id) {
                return "the packed run of " + field(owner, tag);
            }
        }
        return "field " + (tag >>> 3) + " (opened on the cursor directly)";
    }

    /** The message of {@link WriteCursor#check(long)}, for callers that do not know which field they write. */
    /** {@code c}'s innermost open field is not {@code tag}, or none is open: ending the wrong field. */
    static IllegalStateException notTheInnermostField(final WriteCursor c, final int tag) {
        final int d = c.depth;
        return new IllegalStateException(
                d == 0
                        ? "no open nested field to end"
                        : "the innermost open nested field is field " + (c.openTags[d - 1] >>> 3) + " (tag "
                                + c.openTags[d - 1] + "), not field " + (tag >>> 3) + " (tag " + tag + ")");
    }

    static IllegalStateException notInnermost(final WriteCursor c) {
        if (c == WriteCursor.NOT_WRAPPED) {
            return new IllegalStateException("encoder not wrapped: call wrap(buffer, offset) first");
        }
        return new IllegalStateException("not the innermost open message: a nested message or packed run opened"
                + " from it is still open (end it first), or it was ended, or its root was re-wrapped");
    }

    /** Result of {@link #levelOf} for the root message: it is open, below every level. */
    private static final int ROOT_LEVEL = -1;
    /** Result of {@link #levelOf} for an identity that is not open. */
    private static final int NOT_OPEN = -2;

    /** Where an identity is open: its level (0 for the outermost), {@link #ROOT_LEVEL} or {@link #NOT_OPEN}. */
    private static int levelOf(final WriteCursor c, final long id) {
        if (c.depth == 0 ? id == c.innermost : id == c.enclosingIds[0]) {
            return ROOT_LEVEL;
        }
        for (int level = 0; level < c.depth; level++) {
            if (levelId(c, level) == id) {
                return level;
            }
        }
        return NOT_OPEN;
    }

    /** The identity of an open level. */
    private static long levelId(final WriteCursor c, final int level) {
        return level + 1 < c.depth ? c.enclosingIds[level + 1] : c.innermost;
    }
}
