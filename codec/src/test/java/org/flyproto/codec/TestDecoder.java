package org.flyproto.codec;

import org.agrona.DirectBuffer;
import org.flyproto.buffers.BytesView;
import org.flyproto.buffers.Tag;
import org.flyproto.buffers.Utf8View;
import org.flyproto.buffers.WireType;

/**
 * A hand-written decoder shaped as generated ones are: field 1 int32, field 2 a string, field 3 bytes, field 4 a
 * nested message of the same type.
 */
final class TestDecoder extends MessageDecoder {
    static final int TAG_A = Tag.make(1, WireType.VARINT);
    static final int TAG_TEXT = Tag.make(2, WireType.LEN);
    static final int TAG_DATA = Tag.make(3, WireType.LEN);
    static final int TAG_CHILD = Tag.make(4, WireType.LEN);

    private int a;
    private int textOffset;
    private int textLength;
    private int dataOffset;
    private int dataLength;
    private int childOffset;
    private int childLength;
    private final Utf8View textView = new Utf8View();
    private final BytesView dataView = new BytesView();
    private TestDecoder child;

    @Override
    public TestDecoder wrap(final DirectBuffer buffer, final int offset, final int length) {
        wrapRoot(buffer, offset, length, false);
        return this;
    }

    TestDecoder wrapTrusted(final DirectBuffer buffer, final int offset, final int length) {
        wrapRoot(buffer, offset, length, true);
        return this;
    }

    TestDecoder wrapDelimited(final DirectBuffer buffer, final int offset, final int length) {
        wrapDelimitedRoot(buffer, offset, length, false);
        return this;
    }

    int a() {
        return a;
    }

    Utf8View text() {
        return utf8(textView, textOffset, textLength);
    }

    String textAsString() {
        return utf8AsString(textOffset, textLength);
    }

    BytesView data() {
        return dataView.wrap(buffer, dataOffset, dataLength);
    }

    TestDecoder child() {
        if (child == null) {
            child = new TestDecoder();
        }
        return openChild(child, this, childOffset, childLength);
    }

    @Override
    protected void appendFieldsTo(final TextPrinter printer) {
        if (a != 0) {
            printer.field("a").int32(a);
        }
        if (textLength != 0) {
            printer.field("text").string(text());
        }
        if (dataLength != 0) {
            printer.field("data").bytes(data());
        }
        if (childLength != 0) {
            printer.message("child", child());
        }
    }

    @Override
    protected void appendJsonTo(final JsonWriter writer) {
        if (a != 0) {
            writer.field("a", "a").int32(a);
        }
        if (textLength != 0) {
            writer.field("text", "text").string(text());
        }
        if (dataLength != 0) {
            writer.field("data", "data").bytes(data());
        }
        if (childLength != 0) {
            writer.field("child", "child").message(child());
        }
    }

    @Override
    protected TestDecoder newPrintingDecoder() {
        return new TestDecoder();
    }

    @Override
    protected void resetFields() {
        a = 0;
        textOffset = limit;
        textLength = 0;
        dataOffset = limit;
        dataLength = 0;
        childOffset = limit;
        childLength = 0;
    }

    @Override
    protected void scanFields() {
        while (pos < limit) {
            final int tag = readTag();
            if (tag == TAG_A) {
                a = readVarint32();
            } else if (tag == TAG_TEXT) {
                textLength = readLength();
                textOffset = pos;
                pos += textLength;
            } else if (tag == TAG_DATA) {
                dataLength = readLength();
                dataOffset = pos;
                pos += dataLength;
            } else if (tag == TAG_CHILD) {
                childLength = readLength();
                childOffset = pos;
                pos += childLength;
                if (deep) {
                    if (child == null) {
                        child = new TestDecoder();
                    }
                    validateChild(child, this, childOffset, childLength);
                }
            } else {
                skipField(tag);
            }
        }
    }

    @Override
    protected int tagKind(final int tag) {
        return tag == TAG_A || tag == TAG_TEXT || tag == TAG_DATA || tag == TAG_CHILD ? KNOWN_TAG : UNKNOWN_TAG;
    }

    @Override
    public String messageFullName() {
        return "test.Message";
    }
}
