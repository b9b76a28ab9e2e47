package org.flyproto.codec;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/**
 * Encoders used out of order raise {@link IllegalStateException} saying what was being done (the field, by number, by
 * name when the encoder knows it, and its message type) and why not: not wrapped, already ended, begun before a
 * re-wrap, or which fields are still open.
 */
class MessageEncoderMisuseTest {
    private static final String NOT_WRAPPED = "the encoder is not wrapped: call wrap(buffer, offset)";

    private final MutableDirectBuffer buffer = new UnsafeBuffer(new byte[256]);
    private final TestEncoder root = new TestEncoder("test.Root", true);
    private final TestEncoder unnamed = new TestEncoder("test.Root", false);

    // ---------------------------------------------------------------------------------------------------------------
    // Before the first wrap

    @Test
    void shouldSayNotWrappedWhenASetterIsCalledBeforeWrap() {
        assertMisuse(() -> root.a(1), "cannot write to test.Root: " + NOT_WRAPPED);
        assertMisuse(() -> root.aTagged(1), "cannot write field 1 (a) of test.Root: " + NOT_WRAPPED);
        assertMisuse(() -> unnamed.aTagged(1), "cannot write field 1 of test.Root: " + NOT_WRAPPED);
    }

    @Test
    void shouldSayNotWrappedWhenANestedMessageOrPackedRunIsBegunBeforeWrap() {
        assertMisuse(root::beginChild, "cannot begin field 2 (child) of test.Root: " + NOT_WRAPPED);
        assertMisuse(root::beginGroup, "cannot begin field 4 (group) of test.Root: " + NOT_WRAPPED);
        assertMisuse(root::beginRun, "cannot begin the packed run of field 3 (run) of test.Root: " + NOT_WRAPPED);
        assertMisuse(() -> root.addRun(1), "cannot add an element to field 3 (run) of test.Root: " + NOT_WRAPPED);
        assertMisuse(root::endRun, "cannot end the packed run of field 3 (run) of test.Root: " + NOT_WRAPPED);
        assertMisuse(root::endChild, "cannot end field 2 (child) of test.Root: " + NOT_WRAPPED);
        assertMisuse(unnamed::endChild, "cannot end field 2 of test.Root: it was never begun");
    }

    @Test
    void shouldSayNotWrappedWhenTheEncodingIsAskedForBeforeWrap() {
        assertMisuse(root::encodedLength, "cannot take the encoded length of test.Root: " + NOT_WRAPPED);
        assertMisuse(root::encodedBuffer, "cannot read the buffer of test.Root: " + NOT_WRAPPED);
        assertMisuse(root::endDelimited, "cannot end the delimited message test.Root: " + NOT_WRAPPED);
    }

    @Test
    void shouldRejectTheSentinelCursorOfAnEncoderNeverWrapped() {
        assertThatThrownBy(() -> WriteCursor.NOT_WRAPPED.check(0))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("not wrapped");
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Something opened from the encoder is still open

    @Test
    void shouldNameTheFieldStillOpenWhenTheParentIsWrittenTo() {
        root.wrap(buffer, 0).beginChild();
        assertMisuse(
                () -> root.aTagged(1),
                "cannot write field 1 (a) of test.Root: field 2 (child) of test.Root (a test.Root.Child) is still"
                        + " open: end it first");
        assertMisuse(
                () -> root.a(1),
                "cannot write to test.Root: field 2 (child) of test.Root (a test.Root.Child) is still open");
        unnamed.wrap(buffer, 0).beginGroup();
        assertMisuse(
                () -> unnamed.aTagged(1),
                "cannot write field 1 of test.Root: field 4 of test.Root (a test.Root.Group) is still open");
    }

    @Test
    void shouldNameEveryFieldStillOpenInnermostLast() {
        root.wrap(buffer, 0).beginChild().beginChild().beginRun();
        assertMisuse(
                root::beginChild,
                "cannot begin field 2 (child) of test.Root: still open, innermost last: field 2 (child) of test.Root"
                        + " (a test.Root.Child) > field 2 (child) of test.Root.Child (a test.Root.Child.Child) > the"
                        + " packed run of field 3 (run) of test.Root.Child.Child; end them first, innermost first");
    }

    @Test
    void shouldNameTheFieldStillOpenWhenTheWrongFieldIsEnded() {
        root.wrap(buffer, 0).beginChild().beginChild();
        assertMisuse(
                root::endChild,
                "cannot end field 2 (child) of test.Root: field 2 (child) of test.Root.Child (a test.Root.Child.Child)"
                        + " is still open: end it first");
    }

    @Test
    void shouldNameThePackedRunStillOpen() {
        root.wrap(buffer, 0).beginRun();
        assertMisuse(
                root::beginChild,
                "cannot begin field 2 (child) of test.Root: the packed run of field 3 (run) of test.Root is still open:"
                        + " end it first");
        root.endRun();
        final TestEncoder child = root.beginChild();
        assertMisuse(
                () -> root.addRun(1),
                "cannot add an element to field 3 (run) of test.Root: no packed run of it is open (call its begin"
                        + " method first)");
        child.beginRun();
        assertMisuse(
                () -> child.aTagged(1),
                "cannot write field 1 (a) of test.Root.Child: the packed run of field 3 (run) of test.Root.Child is"
                        + " still open");
    }

    @Test
    void shouldNameTheFieldStillOpenInADelimitedRoot() {
        root.wrapDelimited(buffer, 0).beginChild();
        assertMisuse(
                () -> root.aTagged(1),
                "cannot write field 1 (a) of test.Root: field 2 (child) of test.Root (a test.Root.Child) is still open");
        assertMisuse(
                root::endDelimited,
                "cannot end the delimited message test.Root: field 2 (child) of test.Root (a test.Root.Child) is still"
                        + " open");
    }

    // ---------------------------------------------------------------------------------------------------------------
    // The encoder's message is no longer open

    @Test
    void shouldSayANestedEncoderWasAlreadyEnded() {
        final TestEncoder child = root.wrap(buffer, 0).beginChild();
        root.endChild();
        assertMisuse(
                () -> child.aTagged(1),
                "cannot write field 1 (a) of test.Root.Child: this encoder's message (field 2 (child) of test.Root)"
                        + " was already ended");
        assertMisuse(root::endChild, "cannot end field 2 (child) of test.Root: it was already ended");
    }

    @Test
    void shouldSayANestedEncoderWasBegunBeforeItsRootWasWrappedAgain() {
        final TestEncoder child = root.wrap(buffer, 0).beginChild();
        root.wrap(buffer, 0);
        assertMisuse(
                () -> child.aTagged(1),
                "cannot write field 1 (a) of test.Root.Child: this encoder's message (field 2 (child) of test.Root)"
                        + " was begun before its root encoder was wrapped again");
        assertMisuse(
                root::endChild,
                "cannot end field 2 (child) of test.Root: it was begun before its root encoder was wrapped again");
    }

    @Test
    void shouldNameTheFieldsOfTheTagInTheCursorsOwnCheck() {
        final WriteCursor cursor = new WriteCursor();
        cursor.wrap(buffer, 0);
        cursor.begin(TestEncoder.TAG_CHILD);
        assertThatThrownBy(() -> cursor.end(TestEncoder.TAG_RUN))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("the innermost open nested field is field 2 (tag 18), not field 3 (tag 26)");
    }

    static void assertMisuse(final ThrowingCallable call, final String message) {
        assertThatThrownBy(call).isInstanceOf(IllegalStateException.class).hasMessageStartingWith(message);
    }
}
