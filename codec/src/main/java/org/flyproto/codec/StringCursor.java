package org.flyproto.codec;

import org.flyproto.buffers.Checked;
import org.flyproto.buffers.Utf8View;
import org.flyproto.buffers.WireType;

/**
 * Cursor over a repeated string field. {@link #value()} is a reusable {@link Utf8View}; in a validating decode each
 * element's UTF-8 is checked when the cursor reaches it.
 */
public final class StringCursor extends RepeatedCursor<StringCursor> {
    private final Utf8View view = new Utf8View();
    private final boolean validateUtf8;

    /**
     * @param fieldNumber  the field number.
     * @param validateUtf8 false for fields whose UTF-8 protobuf does not validate (proto2 strings, editions
     *     {@code utf8_validation = NONE}).
     */
    public StringCursor(final int fieldNumber, final boolean validateUtf8) {
        super(fieldNumber, WireType.LEN, false);
        this.validateUtf8 = validateUtf8;
    }

    /**
     * Moves to the next element.
     *
     * @return false when there are no more elements.
     * @throws ProtoDecodeException on invalid UTF-8 in a validating decode.
     */
    public boolean next() {
        if (!advance()) {
            return false;
        }
        final int length = readLength();
        final int start = pos;
        pos += length;
        wrapUtf8(view, start, length, validateUtf8 && !trusted);
        if (Checked.ENABLED) {
            generation.advance();
            view.own(generation);
        }
        return true;
    }

    /**
     * @return the current element, a view valid until the next call to {@link #next()}.
     */
    public Utf8View value() {
        return view;
    }
}
