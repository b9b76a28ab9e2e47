package org.flyproto.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.flyproto.codec.MessageEncoderMisuseTest.assertMisuse;

import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/**
 * {@link MessageEncoder#end()}: a nested encoder ends itself in its parent, through the parent's
 * {@link MessageEncoder#endNested}, as the parent's own end method would, and returns the parent.
 */
class MessageEncoderEndTest {
    private final MutableDirectBuffer expected = new UnsafeBuffer(new byte[256]);
    private final MutableDirectBuffer actual = new UnsafeBuffer(new byte[256]);
    private final TestEncoder reference = new TestEncoder("test.Root", true);
    private final TestEncoder root = new TestEncoder("test.Root", true);

    @Test
    void shouldEndANestedMessageAsItsParentWouldAndReturnTheParent() {
        reference.wrap(expected, 0).a(1);
        reference.beginChild().a(2);
        reference.endChild().beginGroup().a(3);
        reference.endGroup().a(4);

        root.wrap(actual, 0).a(1);
        final TestEncoder afterChild = root.beginChild().a(2).end();
        final TestEncoder afterGroup = afterChild.beginGroup().a(3).end();
        afterGroup.a(4);

        assertThat(afterChild).isSameAs(root);
        assertThat(afterGroup).isSameAs(root);
        assertSameBytes(reference.encodedLength(), root.encodedLength());
    }

    @Test
    void shouldEndThroughTheParentsEndNested() {
        final TestEncoder child = root.wrap(actual, 0).beginChild();
        child.end();
        assertThat(root.endNestedCalls).isEqualTo(1);
        assertThat(root.endNestedChild).isSameAs(child);
        assertThat(root.endNestedTag).isEqualTo(TestEncoder.TAG_CHILD);
    }

    @Test
    void shouldEndEveryLevelInnermostFirst() {
        final TestEncoder referenceChild = reference.wrap(expected, 0).beginChild();
        referenceChild.beginChild().a(7);
        referenceChild.endChild();
        reference.endChild();

        root.wrap(actual, 0);
        final TestEncoder back = root.beginChild().beginChild().a(7).end().end();

        assertThat(back).isSameAs(root);
        assertSameBytes(reference.encodedLength(), root.encodedLength());
    }

    @Test
    void shouldEndALargeNestedMessageWithAMultiByteLength() {
        final TestEncoder referenceChild = reference.wrap(expected, 0).beginChild();
        final TestEncoder child = root.wrap(actual, 0).beginChild();
        for (int i = 0; i < 60; i++) {
            referenceChild.a(i + 1000);
            child.a(i + 1000);
        }
        reference.endChild();
        child.end();
        assertSameBytes(reference.encodedLength(), root.encodedLength());
    }

    @Test
    void shouldRefuseToEndARoot() {
        root.wrap(actual, 0);
        assertMisuse(root::end, "end() of test.Root, which is not a nested message: it was wrapped as a root");
        assertMisuse(
                new TestEncoder("test.Other", false)::end,
                "end() of test.Other, which is not a nested message: it was never begun by a parent");
    }

    @Test
    void shouldRefuseToEndAMessageTwice() {
        final TestEncoder child = root.wrap(actual, 0).beginChild();
        child.end();
        assertMisuse(child::end, "cannot end field 2 (child) of test.Root: it was already ended");
    }

    @Test
    void shouldRefuseToEndAMessageEndedByItsParent() {
        final TestEncoder child = root.wrap(actual, 0).beginChild();
        root.endChild();
        assertMisuse(child::end, "cannot end field 2 (child) of test.Root: it was already ended");
    }

    @Test
    void shouldRefuseToEndAMessageThatIsNotTheInnermostOpen() {
        final TestEncoder child = root.wrap(actual, 0).beginChild();
        child.beginChild();
        assertMisuse(
                child::end,
                "cannot end field 2 (child) of test.Root: field 2 (child) of test.Root.Child (a test.Root.Child.Child)"
                        + " is still open: end it first");
        child.endChild().beginRun();
        assertMisuse(
                child::end,
                "cannot end field 2 (child) of test.Root: the packed run of field 3 (run) of test.Root.Child is still"
                        + " open");
        assertThat(root.endNestedCalls).isZero();
    }

    @Test
    void shouldRefuseToEndAMessageBegunBeforeItsRootWasWrappedAgain() {
        final TestEncoder child = root.wrap(actual, 0).beginChild();
        root.wrap(actual, 0);
        assertMisuse(
                child::end,
                "cannot end field 2 (child) of test.Root: it was begun before its root encoder was wrapped again");
    }

    @Test
    void shouldForgetTheParentWhenWrappedAsARoot() {
        final TestEncoder child = root.wrap(actual, 0).beginChild();
        root.endChild();
        child.wrap(expected, 0);
        assertMisuse(child::end, "end() of test.Root.Child, which is not a nested message: it was wrapped as a root");
    }

    private void assertSameBytes(final int expectedLength, final int actualLength) {
        assertThat(actualLength).isEqualTo(expectedLength);
        final byte[] want = new byte[expectedLength];
        final byte[] got = new byte[actualLength];
        expected.getBytes(0, want);
        actual.getBytes(0, got);
        assertThat(got).isEqualTo(want);
    }
}
