package org.flyproto.codec;

import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Map;
import org.flyproto.buffers.BytesView;
import org.flyproto.buffers.Utf8View;
import org.flyproto.codec.schema.FieldSchema;
import org.flyproto.codec.schema.FieldType;
import org.flyproto.codec.schema.MessageSchema;
import org.flyproto.codec.schema.SchemaRegistry;
import org.flyproto.codec.schema.WellKnownType;

/**
 * Prints a {@link DynamicDecoder}'s message as JSON through a {@link JsonWriter}, making the calls a generated
 * decoder's {@code appendJsonTo} makes for the same type: the same document for the same bytes. A {@code Any}'s
 * packed type is resolved through the printer's {@link SchemaRegistry}.
 *
 * <p>The entries of a map are collected (their regions, in a stack of primitive arrays grown to the largest map seen)
 * to be printed in {@code JsonFormat}'s order; the packed messages of Any are read by decoders kept per nesting level.
 * No allocation once those have grown, except the lowerCamel name of an extension field, made once per field.
 */
final class DynamicJson {
    private static final String NULL_VALUE = "google.protobuf.NullValue";

    private final JsonWriter w;
    private final SchemaRegistry schemas;

    /** The map entries being printed. */
    private final DynamicMapEntries entries = new DynamicMapEntries();

    /** Decoders of the messages packed in Any, per nesting level of Any. */
    private DynamicDecoder[] anyDecoders = new DynamicDecoder[2];

    private int anyDepth;

    /** The lowerCamel names of extension fields, which {@code JsonFormat} prints by default; made on first use. */
    private Map<FieldSchema, String> extensionNames;

    DynamicJson(final JsonWriter writer, final SchemaRegistry schemas) {
        this.w = writer;
        this.schemas = schemas;
    }

    /** Starts a new document. */
    void reset() {
        entries.reset();
        anyDepth = 0;
    }

    /** A message: an object of its fields, or the special form of a well-known type. */
    void message(final DynamicDecoder d) {
        final WellKnownType type = d.schema().wellKnownType();
        if (type == WellKnownType.NONE || type == WellKnownType.EMPTY) {
            w.beginObject();
            fields(d);
            w.endObject();
        } else {
            special(d, type);
        }
    }

    private void fields(final DynamicDecoder d) {
        final MessageSchema schema = d.schema();
        for (int i = 0; i < schema.fieldCount(); i++) {
            field(d, schema.field(i));
        }
    }

    private void field(final DynamicDecoder d, final FieldSchema f) {
        if (f.isMap()) {
            if (d.count(f) != 0 || w.printsFieldsWithNoPresence()) {
                map(d, f, true);
            }
            return;
        }
        if (f.isRepeated()) {
            if (f.isExtension()) {
                // JsonFormat adds the defaults of the message's own fields only, not of its extensions.
                if (d.count(f) == 0) {
                    return;
                }
                w.beginExtensionArray(extensionName(f), f.name(), f.jsonName());
            } else if (d.count(f) != 0 || w.printsFieldsWithNoPresence()) {
                w.beginArray(f.jsonName(), f.name());
            } else {
                return;
            }
            elements(d.elements(f));
            w.endArray();
            return;
        }
        if (f.hasPresence() || f.type() == FieldType.MESSAGE
                ? !d.has(f)
                : !w.printsFieldsWithNoPresence() && DynamicValues.isDefault(d, f)) {
            return;
        }
        if (f.isExtension()) {
            w.extensionField(extensionName(f), f.name(), f.jsonName());
        } else {
            w.field(f.jsonName(), f.name());
        }
        singular(d, f);
    }

    /** The value of a singular field, the member's name printed. */
    private void singular(final DynamicDecoder d, final FieldSchema f) {
        if (f.type() == FieldType.MESSAGE) {
            message(d.message(f));
        } else if (isNullValue(f)) {
            w.nullValue();
        } else {
            DynamicValues.singular(w, d, f);
        }
    }

    /** The elements of a repeated field, in an array opened. */
    private void elements(final DynamicCursor c) {
        final FieldSchema f = c.field();
        if (f.type() == FieldType.MESSAGE) {
            while (c.next()) {
                w.element();
                message(c.message());
            }
        } else if (isNullValue(f)) {
            while (c.next()) {
                w.element().nullValue();
            }
        } else {
            while (c.next()) {
                w.element();
                DynamicValues.element(w, c);
            }
        }
    }

    /**
     * A map's entries as an object in {@code JsonFormat}'s order (see {@link JsonWriter#beginMapOrder}); an entry
     * whose closed-enum value is undeclared is an unknown field, left out.
     */
    private void map(final DynamicDecoder d, final FieldSchema f, final boolean named) {
        final FieldSchema key = f.messageType().fieldByNumber(1);
        final FieldSchema value = f.messageType().fieldByNumber(2);
        final int mark = w.beginMapOrder(key.type() == FieldType.STRING);
        final int base = entries.collect(d, f, w.maps());
        try {
            final int end = w.orderMap(mark);
            if (named) {
                w.beginObject(f.jsonName(), f.name());
            } else {
                w.beginObject();
            }
            for (int k = mark; k < end; k++) {
                final DynamicDecoder entry = entries.entry(d, f, base, w.mapElement(k));
                key(entry, key);
                singular(entry, value);
            }
            w.endObject();
            w.endMapOrder(mark);
        } finally {
            entries.release(base);
        }
    }

    private void key(final DynamicDecoder entry, final FieldSchema key) {
        switch (key.type()) {
            case STRING -> w.key(entry.string(key));
            case INT32, SINT32, SFIXED32 -> w.key(entry.int32Value(key));
            case UINT32, FIXED32 -> w.unsignedKey(entry.uint32Value(key));
            case INT64, SINT64, SFIXED64 -> w.key(entry.int64Value(key));
            case UINT64, FIXED64 -> w.unsignedKey(entry.uint64Value(key));
            case BOOL -> w.key(entry.boolValue(key));
            default -> throw new IllegalArgumentException(key + " is not a map key");
        }
    }

    private static boolean isNullValue(final FieldSchema f) {
        return f.type() == FieldType.ENUM && NULL_VALUE.equals(f.enumType().fullName());
    }

    private String extensionName(final FieldSchema f) {
        if (extensionNames == null) {
            extensionNames = new IdentityHashMap<>();
        }
        return extensionNames.computeIfAbsent(f, DynamicJson::lowerCamel);
    }

    /** An extension's name as protobuf-java's {@code FieldDescriptor.getJsonName()} makes it. */
    private static String lowerCamel(final FieldSchema f) {
        final String name = f.name();
        final StringBuilder camel = new StringBuilder(name.length());
        boolean upper = false;
        for (int i = 0; i < name.length(); i++) {
            final char c = name.charAt(i);
            if (c == '_') {
                upper = true;
            } else {
                camel.append(upper && c >= 'a' && c <= 'z' ? (char) (c - 'a' + 'A') : c);
                upper = false;
            }
        }
        return camel.toString();
    }

    // ---------------------------------------------------------------------------------------------- special forms

    private void special(final DynamicDecoder d, final WellKnownType type) {
        final MessageSchema schema = d.schema();
        switch (type) {
            case TIMESTAMP ->
                w.wellKnown().timestamp(d.int64Value(schema.fieldByNumber(1)), d.int32Value(schema.fieldByNumber(2)));
            case DURATION ->
                w.wellKnown().duration(d.int64Value(schema.fieldByNumber(1)), d.int32Value(schema.fieldByNumber(2)));
            case FIELD_MASK -> {
                w.wellKnown().beginFieldMask();
                for (final DynamicCursor c = d.elements(schema.fieldByNumber(1)); c.next(); ) {
                    w.wellKnown().fieldMaskPath(c.string());
                }
                w.wellKnown().endFieldMask();
            }
            case STRUCT -> map(d, schema.fieldByNumber(1), false);
            case LIST_VALUE -> {
                w.beginArray();
                elements(d.elements(schema.fieldByNumber(1)));
                w.endArray();
            }
            case VALUE -> value(d, schema);
            case ANY -> any(d, schema);
            default -> singular(d, schema.fieldByNumber(1)); // the wrappers: their bare value
        }
    }

    /** {@code google.protobuf.Value}: the member of its oneof that is set, or {@code null} when none is. */
    private void value(final DynamicDecoder d, final MessageSchema schema) {
        for (int number = 1; number <= 6; number++) {
            final FieldSchema member = schema.fieldByNumber(number);
            if (d.has(member)) {
                if (number == 2) {
                    w.numberValue(d.doubleValue(member));
                } else {
                    singular(d, member);
                }
                return;
            }
        }
        w.nullValue();
    }

    /** As {@link JsonWellKnownWriter#any}, the packed type found in the schema registry. */
    private void any(final DynamicDecoder d, final MessageSchema schema) {
        final Utf8View typeUrl = d.string(schema.fieldByNumber(1));
        final FieldSchema valueField = schema.fieldByNumber(2);
        final BytesView value = d.bytes(valueField);
        if (typeUrl.byteLength() == 0 && value.length() == 0) {
            w.wellKnown().emptyAny();
            return;
        }
        final int nameEnd = JsonWellKnownWriter.anyTypeNameEnd(typeUrl);
        final MessageSchema packedType = schemas.find(typeUrl.buffer(), typeUrl.offset(), nameEnd);
        if (packedType == null) {
            throw new JsonPrintException("Cannot find type for url: " + typeUrl);
        }
        final int start = value.length() == 0 ? d.contentEnd() : value.offset();
        final DynamicDecoder packed = anyDecoder().wrapPacked(d, packedType, start, start + value.length());
        anyDepth++;
        w.enterPacked();
        try {
            w.beginObject();
            w.field("@type", "@type");
            w.string(typeUrl);
            final WellKnownType type = packedType.wellKnownType();
            if (type == WellKnownType.NONE || type == WellKnownType.EMPTY) {
                fields(packed);
            } else {
                w.field("value", "value");
                special(packed, type);
            }
            w.endObject();
        } finally {
            w.exitPacked();
            anyDepth--;
        }
    }

    private DynamicDecoder anyDecoder() {
        if (anyDepth == anyDecoders.length) {
            anyDecoders = Arrays.copyOf(anyDecoders, 2 * anyDepth);
        }
        DynamicDecoder decoder = anyDecoders[anyDepth];
        if (decoder == null) {
            decoder = new DynamicDecoder();
            anyDecoders[anyDepth] = decoder;
        }
        return decoder;
    }
}
