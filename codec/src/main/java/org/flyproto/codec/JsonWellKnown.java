package org.flyproto.codec;

import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.flyproto.buffers.Utf8;
import org.flyproto.codec.schema.MessageSchema;
import org.flyproto.codec.schema.WellKnownType;

/**
 * The special JSON forms of the well-known types that are messages on their own (the wrappers are parsed as the
 * field values they hold, by {@link JsonParser}): Timestamp, Duration, FieldMask as strings, Struct, Value and
 * ListValue as any JSON, Any as an object whose {@code @type} names the type of the other members. Part of
 * {@link JsonParser}, whose input, cursor and options it uses.
 */
final class JsonWellKnown {
    private static final int TAG_1_VARINT = 1 << 3;
    private static final int TAG_1_LEN = 1 << 3 | 2;
    private static final int TAG_2_VARINT = 2 << 3;
    private static final int TAG_2_LEN = 2 << 3 | 2;
    private static final int VALUE_NUMBER = 2 << 3 | 1;
    private static final int VALUE_STRING = 3 << 3 | 2;
    private static final int VALUE_BOOL = 4 << 3;
    private static final int VALUE_STRUCT = 5 << 3 | 2;
    private static final int VALUE_LIST = 6 << 3 | 2;

    private final JsonParser parser;
    private final JsonInput in;
    private final JsonNumbers numbers;
    private final JsonScalars scalars;
    private final ExpandableArrayBuffer typeUrl = new ExpandableArrayBuffer(64);

    JsonWellKnown(final JsonParser parser, final JsonScalars scalars) {
        this.parser = parser;
        this.in = parser.in;
        this.numbers = parser.numbers;
        this.scalars = scalars;
    }

    private void wellKnownText(final int kind, final String type) {
        if (kind == JsonInput.OBJECT || kind == JsonInput.NULL || kind != JsonInput.STRING && in.strict()) {
            throw in.error(parser.describe(kind) + " is no value of " + type, in.tokenStart);
        }
        if (kind == JsonInput.ARRAY) {
            final int at = in.tokenStart;
            if (in.nextElement(true) != JsonInput.ELEMENT_VALUE) {
                throw in.error("an array is no value of " + type + " unless it has one element", at);
            }
            wellKnownText(in.readValue(), type);
            if (in.nextElement(false) != JsonInput.ELEMENT_END) {
                throw in.error("an array is no value of " + type + " unless it has one element", at);
            }
        }
    }

    void timestamp(final int kind) {
        wellKnownText(kind, "google.protobuf.Timestamp");
        if (!scalars.timestamp(in.text, in.textOffset, in.textLength)) {
            throw in.error("invalid google.protobuf.Timestamp " + in.textAsString(), in.tokenStart);
        }
        secondsAndNanos();
    }

    void duration(final int kind) {
        wellKnownText(kind, "google.protobuf.Duration");
        if (!scalars.duration(in.text, in.textOffset, in.textLength)) {
            throw in.error("invalid google.protobuf.Duration " + in.textAsString(), in.tokenStart);
        }
        secondsAndNanos();
    }

    private void secondsAndNanos() {
        if (scalars.seconds != 0) {
            parser.c.writeVarint64(TAG_1_VARINT, scalars.seconds);
        }
        if (scalars.nanos != 0) {
            parser.c.writeInt32(TAG_2_VARINT, scalars.nanos);
        }
    }

    /** Comma-separated lowerCamel paths, each written in snake_case: {@code fooBar.baz} is {@code foo_bar.baz}. */
    void fieldMask(final int kind) {
        wellKnownText(kind, "google.protobuf.FieldMask");
        final DirectBuffer text = in.text;
        final int end = in.textOffset + in.textLength;
        int from = in.textOffset;
        for (int i = from; i <= end; i++) {
            if (i == end || text.getByte(i) == ',') {
                if (i > from) {
                    if (in.strict()) {
                        checkPath(text, from, i);
                    }
                    snakeCasePath(text, from, i);
                }
                from = i + 1;
            }
        }
    }

    /**
     * Strict: a path is lowerCamel field names and dots, {@code [A-Za-z0-9.]}; an underscore (the suite's
     * {@code FieldMaskInvalidCharacter}) or any other character would not print back as it was read.
     */
    private void checkPath(final DirectBuffer text, final int from, final int to) {
        for (int i = from; i < to; i++) {
            final byte b = text.getByte(i);
            if (!(b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '.')) {
                throw in.error(
                        "invalid google.protobuf.FieldMask path " + Utf8.toString(text, from, to - from)
                                + ": a path is lowerCamel names and '.'",
                        in.tokenStart);
            }
        }
    }

    private void snakeCasePath(final DirectBuffer text, final int from, final int to) {
        int length = to - from;
        for (int i = from; i < to; i++) {
            final byte b = text.getByte(i);
            if (b >= 'A' && b <= 'Z') {
                length++;
            }
        }
        int p = parser.c.header(TAG_1_LEN, length);
        if (p < 0) {
            return;
        }
        for (int i = from; i < to; i++) {
            final byte b = text.getByte(i);
            if (b >= 'A' && b <= 'Z') {
                parser.c.buffer.putByte(p++, (byte) '_');
                parser.c.buffer.putByte(p++, (byte) (b + ('a' - 'A')));
            } else {
                parser.c.buffer.putByte(p++, b);
            }
        }
        parser.c.position = p;
    }

    /** google.protobuf.Value: any JSON value. */
    void value(final int kind, final int depth) {
        switch (kind) {
            case JsonInput.NULL -> parser.c.writeInt32(TAG_1_VARINT, 0);
            case JsonInput.TRUE -> parser.c.writeBool(VALUE_BOOL, true);
            case JsonInput.FALSE -> parser.c.writeBool(VALUE_BOOL, false);
            case JsonInput.NUMBER -> {
                numbers.javaDouble(in.text, in.textOffset, in.textLength);
                parser.c.writeDouble(VALUE_NUMBER, numbers.value);
            }
            case JsonInput.OBJECT -> {
                parser.c.begin(VALUE_STRUCT);
                struct(kind, depth);
                parser.c.end(VALUE_STRUCT);
            }
            case JsonInput.ARRAY -> {
                parser.c.begin(VALUE_LIST);
                listValue(kind, depth);
                parser.c.end(VALUE_LIST);
            }
            default -> parser.c.writeBytes(VALUE_STRING, in.text, in.textOffset, in.textLength);
        }
    }

    /** google.protobuf.Struct: a JSON object, each member an entry of its map {@code fields} to a Value. */
    void struct(final int kind, final int depth) {
        if (kind != JsonInput.OBJECT) {
            throw in.error(
                    parser.describe(kind) + " is no value of google.protobuf.Struct: expected an object",
                    in.tokenStart);
        }
        boolean first = true;
        while (in.nextMember(first)) {
            first = false;
            parser.c.begin(TAG_1_LEN);
            parser.c.writeBytes(TAG_1_LEN, in.text, in.textOffset, in.textLength);
            final int valueKind = in.readValue();
            nestedValue(TAG_2_LEN, valueKind, depth);
            parser.c.end(TAG_1_LEN);
        }
    }

    /** google.protobuf.ListValue: a JSON array, each element a Value of its repeated field {@code values}. */
    void listValue(final int kind, final int depth) {
        if (kind != JsonInput.ARRAY) {
            throw in.error(
                    parser.describe(kind) + " is no value of google.protobuf.ListValue: expected an array",
                    in.tokenStart);
        }
        boolean first = true;
        int element;
        while ((element = in.nextElement(first)) != JsonInput.ELEMENT_END) {
            first = false;
            nestedValue(TAG_1_LEN, element == JsonInput.ELEMENT_NULL ? JsonInput.NULL : in.readValue(), depth);
        }
    }

    private void nestedValue(final int tag, final int kind, final int depth) {
        if (kind != JsonInput.NULL) {
            parser.checkDepth(depth);
        }
        parser.c.begin(tag);
        value(kind, depth + 1);
        parser.c.end(tag);
    }

    /**
     * google.protobuf.Any: {@code @type} (anywhere in the object: found by a first pass that skips the other
     * members) names the type; the other members are that message's fields, or for a well-known type its special
     * form is the member {@code value}. Written as type_url, then value holding the message's bytes.
     */
    void any(final int kind, final int depth) {
        if (kind != JsonInput.OBJECT) {
            throw in.error(
                    parser.describe(kind) + " is no value of google.protobuf.Any: expected an object", in.tokenStart);
        }
        final int objectAt = in.tokenStart;
        final int members = in.pos;
        final int jsonDepth = in.depth;
        int typeLength = -1;
        int typeAt = -1;
        int count = 0;
        int values = 0;
        boolean first = true;
        while (in.nextMember(first)) {
            first = false;
            count++;
            final boolean isType = in.textEquals("@type");
            values += in.textEquals("value") ? 1 : 0;
            final int valueKind = in.readValue();
            if (isType) {
                wellKnownText(valueKind, "the @type of google.protobuf.Any");
                typeLength = in.textLength;
                typeAt = in.tokenStart;
                typeUrl.putBytes(0, in.text, in.textOffset, typeLength);
            } else {
                in.skip(valueKind);
            }
        }
        if (count == 0) {
            return;
        }
        if (typeLength < 0) {
            throw in.error("google.protobuf.Any without @type", objectAt);
        }
        final MessageSchema type = resolve(typeLength, typeAt);
        parser.c.writeBytes(TAG_1_LEN, typeUrl, 0, typeLength);
        in.pos = members;
        in.depth = jsonDepth;
        parser.c.beginPacked(TAG_2_LEN);
        final WellKnownType wellKnown = type.wellKnownType();
        if (wellKnown == WellKnownType.NONE || wellKnown == WellKnownType.EMPTY) {
            parser.message(type, JsonInput.OBJECT, depth, true);
        } else {
            // JsonFormat reads only "value" (its last occurrence) and ignores any other member.
            first = true;
            while (in.nextMember(first)) {
                first = false;
                if (in.textEquals("value") && --values == 0) {
                    parser.content(type, in.readValue(), depth);
                } else {
                    in.skip(in.readValue());
                }
            }
        }
        parser.c.endPacked(TAG_2_LEN);
    }

    private MessageSchema resolve(final int typeLength, final int typeAt) {
        boolean slash = false;
        for (int i = 0; i < typeLength && !slash; i++) {
            slash = typeUrl.getByte(i) == '/';
        }
        if (!slash) {
            throw in.error(
                    "invalid type URL " + typeUrl.getStringWithoutLengthUtf8(0, typeLength)
                            + " in google.protobuf.Any: no '/'",
                    typeAt);
        }
        final MessageSchema type = parser.registry.find(typeUrl, 0, typeLength);
        if (type == null) {
            throw in.error(
                    "type " + typeUrl.getStringWithoutLengthUtf8(0, typeLength)
                            + " of google.protobuf.Any is not in the registry",
                    typeAt);
        }
        return type;
    }
}
