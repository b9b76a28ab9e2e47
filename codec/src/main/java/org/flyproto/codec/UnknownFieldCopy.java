package org.flyproto.codec;

import org.flyproto.buffers.WireType;

/**
 * {@link MessageDecoder#copyUnknownFieldsTo}: the fields of a message that protobuf keeps as unknown fields, copied in
 * wire order through a walk of the decoder's content.
 */
final class UnknownFieldCopy {
    private UnknownFieldCopy() {}

    static void copy(final MessageDecoder d, final WriteCursor cursor) {
        final int end = d.limit;
        d.walkContent(d, d.offset);
        try {
            while (d.walkOn()) {
                final int tagStart = d.pos;
                final int tag = d.nextTag();
                switch (d.tagKind(tag)) {
                    case MessageDecoder.KNOWN_TAG -> d.skipField(tag);
                    case MessageDecoder.CLOSED_ENUM_TAG -> {
                        final int number = d.readVarint32();
                        if (!d.declaresNumber(tag, number)) {
                            cursor.writeRaw(d.buffer, tagStart, d.pos - tagStart);
                        }
                    }
                    case MessageDecoder.CLOSED_ENUM_PACKED_TAG -> copyUndeclaredElements(d, tag, cursor);
                    case MessageDecoder.CLOSED_ENUM_MAP_TAG -> {
                        final int length = d.readLength();
                        final int start = d.pos;
                        d.pos += length;
                        if (!d.declaresEntry(tag, start, length)) {
                            cursor.writeRaw(d.buffer, tagStart, d.pos - tagStart);
                        }
                    }
                    default -> {
                        d.skipField(tag);
                        cursor.writeRaw(d.buffer, tagStart, d.pos - tagStart);
                    }
                }
            }
        } finally {
            d.walk = null;
            d.pos = end;
            d.limit = end;
        }
    }

    private static void copyUndeclaredElements(final MessageDecoder d, final int packedTag, final WriteCursor cursor) {
        final int length = d.readLength();
        final int runEnd = d.pos + length;
        final int savedLimit = d.limit;
        d.limit = runEnd;
        try {
            final int elementTag = (packedTag & ~7) | WireType.VARINT;
            while (d.pos < runEnd) {
                final int start = d.pos;
                final int number = d.readVarint32();
                if (!d.declaresNumber(packedTag, number)) {
                    RunElements.unsigned32(cursor, elementTag);
                    cursor.writeRaw(d.buffer, start, d.pos - start);
                }
            }
        } finally {
            d.limit = savedLimit;
        }
    }
}
