package org.flyproto.codec;

import org.agrona.MutableDirectBuffer;
import org.flyproto.buffers.Tag;
import org.flyproto.buffers.WireType;

/**
 * A hand-written encoder shaped as generated ones are: field 1 int32, field 2 a nested message of the same type, field
 * 3 a packed int32 run, field 4 a group of the same type. Optionally names its fields through {@link #fieldName(int)}.
 */
final class TestEncoder extends MessageEncoder {
    static final int TAG_A = Tag.make(1, WireType.VARINT);
    static final int TAG_CHILD = Tag.make(2, WireType.LEN);
    static final int TAG_RUN = Tag.make(3, WireType.LEN);
    static final int TAG_GROUP = Tag.make(4, WireType.START_GROUP);

    private final String fullName;
    private final boolean named;
    private TestEncoder child;
    private TestEncoder group;
    /** How often {@link #endNested} was called, and with which child and tag last. */
    int endNestedCalls;

    MessageEncoder endNestedChild;
    int endNestedTag;

    TestEncoder(final String fullName, final boolean named) {
        this.fullName = fullName;
        this.named = named;
    }

    TestEncoder wrap(final MutableDirectBuffer buffer, final int offset) {
        wrapRoot(buffer, offset);
        return this;
    }

    @Override
    public TestEncoder wrap(final MutableDirectBuffer buffer, final int offset, final int length) {
        wrapRoot(buffer, offset, length);
        return this;
    }

    @Override
    public TestEncoder wrapForSize() {
        super.wrapForSize();
        return this;
    }

    TestEncoder wrapDelimited(final MutableDirectBuffer buffer, final int offset) {
        wrapDelimitedRoot(buffer, offset);
        return this;
    }

    /** A setter as generated today: the check does not know the field. */
    TestEncoder a(final int value) {
        writeCursor().writeInt32(TAG_A, value);
        return this;
    }

    /** A setter that tells the check its field. */
    TestEncoder aTagged(final int value) {
        writeCursor(TAG_A).writeInt32(TAG_A, value);
        return this;
    }

    TestEncoder beginChild() {
        if (child == null) {
            child = new TestEncoder(fullName + ".Child", named);
        }
        return beginChild(child, TAG_CHILD);
    }

    TestEncoder endChild() {
        endChild(child, TAG_CHILD);
        return this;
    }

    TestEncoder beginGroup() {
        if (group == null) {
            group = new TestEncoder(fullName + ".Group", named);
        }
        return beginChild(group, TAG_GROUP);
    }

    TestEncoder endGroup() {
        endChild(group, TAG_GROUP);
        return this;
    }

    TestEncoder beginRun() {
        beginPackedRun(TAG_RUN);
        return this;
    }

    TestEncoder addRun(final int value) {
        RunElements.int32(packedRun(TAG_RUN), value);
        return this;
    }

    TestEncoder endRun() {
        endPackedRun(TAG_RUN);
        return this;
    }

    @Override
    protected void endNested(final MessageEncoder nested, final int tag) {
        endNestedCalls++;
        endNestedChild = nested;
        endNestedTag = tag;
        super.endNested(nested, tag);
    }

    @Override
    protected String fieldName(final int number) {
        if (!named) {
            return null;
        }
        return switch (number) {
            case 1 -> "a";
            case 2 -> "child";
            case 3 -> "run";
            case 4 -> "group";
            default -> null;
        };
    }

    @Override
    public String messageFullName() {
        return fullName;
    }

    @Override
    public org.flyproto.codec.schema.MessageSchema schema() {
        return org.flyproto.codec.schema.MessageSchema.of(fullName, 0, new String[0]);
    }
}
