package org.flyproto.codec;

import java.util.Arrays;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.flyproto.buffers.Utf8;
import org.flyproto.codec.schema.EnumSchema;
import org.flyproto.codec.schema.FieldSchema;
import org.flyproto.codec.schema.FieldType;
import org.flyproto.codec.schema.MessageSchema;
import org.flyproto.codec.schema.SchemaRegistry;
import org.flyproto.codec.schema.WellKnownType;

/**
 * Parses protobuf's JSON mapping (ProtoJSON) into an encoder: the JSON text is read once, in place, and each field is
 * written as protobuf wire format through the encoder's cursor as soon as its value is read, by the encoder's
 * {@linkplain MessageEncoder#schema() schema}.
 *
 * <p><b>Strict and lenient.</b> By default the parser is strict, as protobuf's conformance suite requires: RFC 8259
 * JSON only (double-quoted names and strings, lowercase keywords, JSON's number grammar, no comments, paired surrogate
 * escapes, one value in the document), each scalar only in its ProtoJSON form (a string field takes a string, a bool
 * {@code true} or {@code false}, numbers and enums a number or a string), FieldMask paths of {@code [A-Za-z0-9.]},
 * and extensions by their {@code [full.name]}. {@link #lenient()} accepts what protobuf-java's
 * {@code JsonFormat.parser()} accepts and rejects what it rejects (one exception, below): field names in their JSON or .proto form; numbers as JSON numbers
 * or strings, in exponent form if integral, range-checked per type; {@code "NaN"}, {@code "Infinity"},
 * {@code "-Infinity"}; enums by name or number; bytes in standard or URL-safe base64; {@code null} as "not set"
 * ({@code google.protobuf.Value}'s and {@code NullValue}'s null excepted); the well-known types in their special forms
 * (Any with {@code @type} anywhere in its object, Timestamp, Duration, FieldMask, Struct, Value, ListValue, the
 * wrappers); and, lenient only, the JSON syntax JsonFormat's gson reader allows (comments, single quotes, unquoted names and
 * strings, {@code ;} separators, an omitted array element read as null, content after the top-level value ignored).
 *
 * <p><b>Output.</b> Fields are written in the order of the JSON text, so the bytes equal protobuf-java's
 * {@code toByteArray()} when the JSON lists fields in field-number order; in every case protobuf-java parses them to
 * the message {@code JsonFormat} builds. Implicit-presence (proto3) fields at their default value are not written, as
 * protobuf-java does not serialize them; presence fields are; repeated fields are written packed where the schema
 * says so; map entries carry key and value even at defaults, as protobuf-java writes them.
 *
 * <p><b>Errors.</b> Bad input raises {@link ProtoDecodeException} whose {@link ProtoDecodeException#offset() offset}
 * is the byte index in the JSON text (from its start) where the problem was found — the char index for
 * {@link #parse(CharSequence, MessageEncoder)} — and whose reason names the field. So does a missing proto2 required
 * field (of the message or of any message inside it: building the message with protobuf-java would fail). A fixed
 * region too small for the message raises the encoder's {@link ProtoEncodeException}. Either way the encoder is
 * rewound to where it was before the parse began: nothing parsed is kept, nothing was written outside its region.
 *
 * <p><b>Difference from JsonFormat.</b> A name given twice in one object (the same spelling twice) is an error here;
 * JsonFormat's gson tree keeps the last value silently. A field given under both of its names is an error in both.
 *
 * <p><b>Allocation.</b> None in steady state: names are looked up in the schema from the bytes, numbers are read from
 * the bytes, strings are copied from the input (or from a scratch buffer when they have escapes). The exceptions are
 * documented where they are: floating-point numbers with more than 18 significant digits, or beyond 2^53 × 10^22 in
 * magnitude, go through the JDK ({@link JsonNumbers}); and the first parse of a message type builds its small lookup
 * plan once.
 *
 * <p>Build one parser with its options and reuse it; not thread-safe.
 */
public final class JsonParser {
    /** The default limit of nested messages, as protobuf-java's. */
    public static final int DEFAULT_RECURSION_LIMIT = 100;

    private static final int TAG_1_VARINT = 1 << 3;
    private static final String NULL_VALUE = "google.protobuf.NullValue";

    private final boolean strict;
    private final boolean ignoringUnknownFields;
    final SchemaRegistry registry;
    private final int recursionLimit;

    final JsonInput in;
    final JsonNumbers numbers = new JsonNumbers();
    private final JsonScalars scalars = new JsonScalars();
    private final JsonWellKnown wellKnown;
    private final ExpandableArrayBuffer chars = new ExpandableArrayBuffer(256);

    /** Per open message: a slot per field and per oneof, holding the message's stamp once the field is set. */
    private long[] stamps = new long[256];
    /** For a oneof's slot: the index of the field that set it. */
    private int[] setters = new int[256];

    private int top;
    private long stamp;
    /** The cursor of the encoder being parsed into, during a parse. */
    WriteCursor c;
    /** The value of the last enum or integer read. */
    private long integer;

    private JsonParser(
            final boolean strict,
            final boolean ignoringUnknownFields,
            final SchemaRegistry registry,
            final int recursionLimit) {
        this.strict = strict;
        this.in = new JsonInput(strict);
        this.wellKnown = new JsonWellKnown(this, scalars);
        this.ignoringUnknownFields = ignoringUnknownFields;
        this.registry = registry;
        this.recursionLimit = recursionLimit;
    }

    /**
     * A strict parser with JsonFormat's other defaults: unknown fields are errors, no type is known for {@code Any},
     * at most {@value #DEFAULT_RECURSION_LIMIT} nested messages.
     *
     * @return the parser.
     */
    public static JsonParser create() {
        return new JsonParser(true, false, SchemaRegistry.EMPTY, DEFAULT_RECURSION_LIMIT);
    }

    /**
     * A parser like this one that accepts exactly what {@code JsonFormat.parser()} accepts: gson's lenient syntax
     * (comments, single quotes, unquoted names and values, {@code NaN} and {@code Infinity} unquoted, keywords in any
     * case, {@code ;} and {@code =} separators, omitted array elements, content after the top-level value), a
     * scalar's value in any JSON scalar form (a bool or number for a string field, {@code "true"} for a bool, an
     * array of one element), unpaired surrogate escapes read as {@code '?'}, FieldMask paths of any characters, and
     * no extension names.
     *
     * @return a new parser; this one is unchanged.
     */
    public JsonParser lenient() {
        return new JsonParser(false, ignoringUnknownFields, registry, recursionLimit);
    }

    /**
     * A parser like this one that skips fields it does not know (any JSON value), and reads an enum name it does not
     * know as "not set" (omitted from a repeated field or a map) — as JsonFormat's {@code ignoringUnknownFields()}.
     *
     * @return a new parser; this one is unchanged.
     */
    public JsonParser ignoringUnknownFields() {
        return new JsonParser(strict, true, registry, recursionLimit);
    }

    /**
     * A parser like this one that resolves the {@code @type} of {@code google.protobuf.Any} values through
     * {@code registry} (by the part of the type URL after its last {@code '/'}; a URL without {@code '/'} is an
     * error, as in JsonFormat). An {@code Any} whose type the registry does not know is an error.
     *
     * @param registry the message types, e.g. {@code SchemaRegistry.of(OrderEncoder.SCHEMA)}.
     * @return a new parser; this one is unchanged.
     */
    public JsonParser usingRegistry(final SchemaRegistry registry) {
        return new JsonParser(strict, ignoringUnknownFields, registry, recursionLimit);
    }

    /**
     * A parser like this one with another limit of nested messages.
     *
     * @param limit the most messages nested in the top-level one.
     * @return a new parser; this one is unchanged.
     */
    public JsonParser recursionLimit(final int limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("negative recursion limit: " + limit);
        }
        return new JsonParser(strict, ignoringUnknownFields, registry, limit);
    }

    /**
     * Parses JSON text held as UTF-8 and writes the message's fields into {@code encoder}, after whatever it holds
     * already (on the wire, a merge). For a freshly wrapped root encoder, {@link MessageEncoder#encodedLength()} is
     * then the message's length. Allocates nothing in steady state.
     *
     * @param json    the buffer holding the JSON text.
     * @param offset  index of its first byte.
     * @param length  its length in bytes.
     * @param encoder a wrapped encoder (root, or nested and the innermost open one) of the message type to parse.
     * @throws ProtoDecodeException if the text is not JSON this parser reads into that type, or misses a
     *     required field; the encoder is rewound to where it was.
     * @throws ProtoEncodeException if the message does not fit the encoder's fixed region; the encoder is rewound.
     * @throws IllegalArgumentException if the range is not inside the buffer.
     */
    public void parse(final DirectBuffer json, final int offset, final int length, final MessageEncoder encoder) {
        parse(json, offset, length, encoder.writeCursor(), encoder.schema());
    }

    /**
     * {@link #parse(DirectBuffer, int, int, MessageEncoder)} into a {@link DynamicEncoder}: the message of the schema
     * of its innermost open message.
     *
     * @param json    the buffer holding the JSON text.
     * @param offset  index of its first byte.
     * @param length  its length in bytes.
     * @param encoder a wrapped dynamic encoder.
     * @throws ProtoDecodeException if the text is not JSON this parser reads into that type, or misses a
     *     required field; the encoder is rewound to where it was.
     * @throws ProtoEncodeException if the message does not fit the encoder's fixed region; the encoder is rewound.
     * @throws IllegalArgumentException if the range is not inside the buffer.
     */
    public void parse(final DirectBuffer json, final int offset, final int length, final DynamicEncoder encoder) {
        parse(json, offset, length, encoder.parseCursor(), encoder.schema());
    }

    private void parse(
            final DirectBuffer json,
            final int offset,
            final int length,
            final WriteCursor cursor,
            final MessageSchema schema) {
        RegionArgument.check(offset, length, json.capacity());
        final int depth = cursor.depth();
        final int position = cursor.position();
        final long innermost = cursor.innermost();
        c = cursor;
        top = 0;
        try {
            in.reset(json, offset, length);
            if (strict && in.atEnd()) {
                throw in.error("no JSON value", in.pos);
            }
            final int kind = in.atEnd() ? JsonInput.NULL : in.readValue();
            content(schema, kind, 0);
            if (strict && !in.atEnd()) {
                throw in.error("content after the JSON value", in.pos);
            }
        } catch (final RuntimeException e) {
            cursor.rewind(depth, position, innermost);
            throw e;
        } finally {
            c = null;
        }
    }

    /**
     * Parses JSON text held as chars: {@link #parse(DirectBuffer, int, int, MessageEncoder)} of its UTF-8, encoded
     * into a buffer this parser keeps (an unpaired surrogate char becomes {@code '?'}, as protobuf-java writes it). Error
     * offsets are char indexes in {@code json}.
     *
     * @param json    the JSON text.
     * @param encoder a wrapped encoder of the message type to parse.
     * @throws ProtoDecodeException if the text is not JSON this parser reads into that type.
     * @throws ProtoEncodeException if the message does not fit the encoder's fixed region.
     */
    public void parse(final CharSequence json, final MessageEncoder encoder) {
        parse(json, encoder.writeCursor(), encoder.schema());
    }

    /**
     * {@link #parse(CharSequence, MessageEncoder)} into a {@link DynamicEncoder}.
     *
     * @param json    the JSON text.
     * @param encoder a wrapped dynamic encoder.
     * @throws ProtoDecodeException if the text is not JSON this parser reads into that type.
     * @throws ProtoEncodeException if the message does not fit the encoder's fixed region.
     */
    public void parse(final CharSequence json, final DynamicEncoder encoder) {
        parse(json, encoder.parseCursor(), encoder.schema());
    }

    private void parse(final CharSequence json, final WriteCursor cursor, final MessageSchema schema) {
        final int length = Utf8.encodedLength(json);
        chars.checkLimit(length);
        Utf8.encode(json, chars, 0);
        try {
            parse(chars, 0, length, cursor, schema);
        } catch (final ProtoDecodeException e) {
            throw new ProtoDecodeException(e.reason(), Utf8.charIndex(json, e.offset()));
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Messages

    /** Writes the fields of a message of type {@code type} whose JSON value starts with a token of {@code kind}. */
    void content(final MessageSchema type, final int kind, final int depth) {
        switch (type.wellKnownType()) {
            case NONE, EMPTY -> message(type, kind, depth, false);
            case ANY -> wellKnown.any(kind, depth);
            case TIMESTAMP -> wellKnown.timestamp(kind);
            case DURATION -> wellKnown.duration(kind);
            case FIELD_MASK -> wellKnown.fieldMask(kind);
            case STRUCT -> wellKnown.struct(kind, depth);
            case LIST_VALUE -> wellKnown.listValue(kind, depth);
            case VALUE -> wellKnown.value(kind, depth);
            default -> wrapper(type, kind, depth);
        }
    }

    /** An ordinary message: a JSON object whose '{' was read. */
    void message(final MessageSchema type, final int kind, final int depth, final boolean insideAny) {
        if (kind != JsonInput.OBJECT) {
            throw in.error(
                    describe(kind) + " is no value of message " + type.fullName() + ": expected an object",
                    in.tokenStart);
        }
        final int fieldCount = type.fieldCount();
        final int base = top;
        final int need = base + fieldCount + type.oneofCount();
        if (need > stamps.length) {
            stamps = Arrays.copyOf(stamps, Math.max(need, 2 * stamps.length));
            setters = Arrays.copyOf(setters, stamps.length);
        }
        top = need;
        final long mine = ++stamp;
        boolean first = true;
        // The field expected next: JsonFormat prints fields in number order, so the one after the last found.
        int predicted = insideAny ? -1 : 0;
        while (in.nextMember(first, type, predicted < fieldCount ? predicted : -1)) {
            first = false;
            final int nameAt = in.tokenStart;
            if (insideAny && in.textEquals("@type")) {
                in.skip(in.readValue());
                continue;
            }
            final int index = in.predictedName ? predicted : type.jsonFieldIndex(in.text, in.textOffset, in.textLength);
            final FieldSchema field = index < 0 ? null : type.field(index);
            if (field == null || field.isExtension() && !strict) {
                if (!ignoringUnknownFields) {
                    throw in.error("no field " + in.textAsString() + " in message " + type.fullName(), nameAt);
                }
                in.skip(in.readValue());
                continue;
            }
            if (stamps[base + index] == mine) {
                throw in.error("field " + name(type, field) + " has already been set", nameAt);
            }
            if (field(type, field, in.readValue(), depth)) {
                if (field.oneof() >= 0) {
                    final int slot = base + fieldCount + field.oneof();
                    if (stamps[slot] == mine) {
                        throw in.error(
                                "cannot set field " + name(type, field) + ": field "
                                        + name(type, type.field(setters[slot])) + " of the same oneof "
                                        + type.oneofName(field.oneof()) + " has already been set",
                                nameAt);
                    }
                    stamps[slot] = mine;
                    setters[slot] = index;
                }
                stamps[base + index] = mine;
            }
            if (predicted >= 0) {
                predicted = index + 1;
            }
        }
        for (int r = 0; r < type.requiredCount(); r++) {
            final int required = type.requiredField(r);
            if (stamps[base + required] != mine) {
                throw in.error(
                        "message " + type.fullName() + " misses required field "
                                + type.field(required).name(),
                        in.pos - 1);
            }
        }
        top = base;
    }

    /**
     * Writes one member's value.
     *
     * @return true if the field is now set as protobuf-java's builder sees it ({@code hasField}, or a repeated field
     *     with elements): a second occurrence is then an error.
     */
    private boolean field(final MessageSchema type, final FieldSchema field, final int kind, final int depth) {
        if (!field.isRepeated()) {
            return singular(field, kind, depth);
        }
        if (kind == JsonInput.NULL) {
            return false;
        }
        return field.isMap() ? map(type, field, kind, depth) : repeated(type, field, kind, depth);
    }

    private boolean singular(final FieldSchema field, final int kind, final int depth) {
        final boolean implicit = !field.hasPresence();
        switch (field.type()) {
            case MESSAGE -> {
                final MessageSchema type = field.messageType();
                if (kind == JsonInput.NULL && type.wellKnownType() != WellKnownType.VALUE) {
                    return false;
                }
                nested(field, type, kind, depth);
                return true;
            }
            case ENUM -> {
                if (!enumValue(field, kind)) {
                    return false;
                }
                if (implicit && integer == 0) {
                    return false;
                }
                FieldValues.integer(c, field, integer);
                return true;
            }
            case STRING -> {
                if (kind == JsonInput.NULL) {
                    return false;
                }
                scalarText(kind, field);
                if (implicit && in.textLength == 0) {
                    return false;
                }
                c.writeBytes(field.tag(), in.text, in.textOffset, in.textLength);
                return true;
            }
            case BYTES -> {
                if (kind == JsonInput.NULL) {
                    return false;
                }
                scalarText(kind, field);
                final int length = base64(field);
                if (implicit && length == 0) {
                    return false;
                }
                writeBase64(field.tag(), length);
                return true;
            }
            case FLOAT, DOUBLE -> {
                if (kind == JsonInput.NULL) {
                    return false;
                }
                scalarText(kind, field);
                final double value = floating(field);
                if (implicit
                        && (field.type() == FieldType.FLOAT
                                ? Float.floatToRawIntBits((float) value) == 0
                                : Double.doubleToRawLongBits(value) == 0)) {
                    return false;
                }
                FieldValues.floating(c, field, value);
                return true;
            }
            default -> {
                if (kind == JsonInput.NULL) {
                    return false;
                }
                scalarText(kind, field);
                final long value = integral(field);
                if (implicit && value == 0) {
                    return false;
                }
                FieldValues.integer(c, field, value);
                return true;
            }
        }
    }

    /** A message field's value (an element of a repeated one, a map's value): its tag, its content, its end. */
    private void nested(final FieldSchema field, final MessageSchema type, final int kind, final int depth) {
        if (kind == JsonInput.NULL) {
            // google.protobuf.Value: null is its null_value
            FieldValues.beginMessage(c, field);
            c.writeInt32(TAG_1_VARINT, 0);
            FieldValues.endMessage(c, field);
            return;
        }
        checkDepth(depth);
        FieldValues.beginMessage(c, field);
        content(type, kind, depth + 1);
        FieldValues.endMessage(c, field);
    }

    void checkDepth(final int depth) {
        if (depth >= recursionLimit) {
            throw in.error("more than " + recursionLimit + " nested messages", in.tokenStart);
        }
    }

    private boolean repeated(final MessageSchema type, final FieldSchema field, final int kind, final int depth) {
        if (kind != JsonInput.ARRAY) {
            throw in.error(
                    describe(kind) + " is no value of repeated field " + name(type, field) + ": expected an array",
                    in.tokenStart);
        }
        final boolean packed = field.isPacked();
        if (packed) {
            c.beginPacked(field.packedTag());
        }
        int count = 0;
        boolean first = true;
        int element;
        while ((element = in.nextElement(first)) != JsonInput.ELEMENT_END) {
            first = false;
            final int elementKind = element == JsonInput.ELEMENT_NULL ? JsonInput.NULL : in.readValue();
            if (element(type, field, elementKind, depth, packed)) {
                count++;
            }
        }
        if (packed) {
            c.endPacked(field.packedTag());
        }
        return count > 0;
    }

    private boolean element(
            final MessageSchema type, final FieldSchema field, final int kind, final int depth, final boolean packed) {
        switch (field.type()) {
            case MESSAGE -> {
                final MessageSchema elementType = field.messageType();
                if (kind == JsonInput.NULL && elementType.wellKnownType() != WellKnownType.VALUE) {
                    throw nullElement(type, field);
                }
                nested(field, elementType, kind, depth);
                return true;
            }
            case ENUM -> {
                if (kind == JsonInput.NULL && !ignoringUnknownFields && !isNullValue(field.enumType())) {
                    throw nullElement(type, field);
                }
                if (!enumValue(field, kind)) {
                    return false;
                }
                integerValue(field, integer, packed);
                return true;
            }
            default -> {
                if (kind == JsonInput.NULL) {
                    throw nullElement(type, field);
                }
                scalarText(kind, field);
                scalarValue(field, packed);
                return true;
            }
        }
    }

    /** Writes the scalar (not enum) value whose text was read, tagged or as an element of a packed run. */
    private void scalarValue(final FieldSchema field, final boolean packed) {
        switch (field.type()) {
            case STRING -> c.writeBytes(field.tag(), in.text, in.textOffset, in.textLength);
            case BYTES -> writeBase64(field.tag(), base64(field));
            case FLOAT, DOUBLE -> {
                final double value = floating(field);
                if (packed) {
                    FieldValues.floatingElement(c, field, value);
                } else {
                    FieldValues.floating(c, field, value);
                }
            }
            default -> integerValue(field, integral(field), packed);
        }
    }

    private void integerValue(final FieldSchema field, final long value, final boolean packed) {
        if (packed) {
            FieldValues.integerElement(c, field, value);
        } else {
            FieldValues.integer(c, field, value);
        }
    }

    private ProtoDecodeException nullElement(final MessageSchema type, final FieldSchema field) {
        return in.error("null is no element of repeated field " + name(type, field), in.tokenStart);
    }

    private boolean map(final MessageSchema type, final FieldSchema field, final int kind, final int depth) {
        if (kind != JsonInput.OBJECT) {
            throw in.error(
                    describe(kind) + " is no value of map field " + name(type, field) + ": expected an object",
                    in.tokenStart);
        }
        final MessageSchema entry = field.messageType();
        final FieldSchema key = entry.fieldByNumber(1);
        final FieldSchema value = entry.fieldByNumber(2);
        int count = 0;
        boolean first = true;
        while (in.nextMember(first)) {
            first = false;
            final int depthBefore = c.depth();
            final int positionBefore = c.position();
            final long innermostBefore = c.innermost();
            FieldValues.beginMessage(c, field);
            if (key.type() == FieldType.STRING) {
                c.writeBytes(key.tag(), in.text, in.textOffset, in.textLength);
            } else {
                FieldValues.integer(c, key, integral(key));
            }
            if (mapValue(type, field, value, in.readValue(), depth)) {
                FieldValues.endMessage(c, field);
                count++;
            } else {
                c.rewind(depthBefore, positionBefore, innermostBefore);
            }
        }
        return count > 0;
    }

    /** @return false if the entry is to be left out (an unknown enum name, ignored). */
    private boolean mapValue(
            final MessageSchema type, final FieldSchema map, final FieldSchema value, final int kind, final int depth) {
        switch (value.type()) {
            case MESSAGE -> {
                final MessageSchema valueType = value.messageType();
                if (kind == JsonInput.NULL && valueType.wellKnownType() != WellKnownType.VALUE) {
                    throw nullMapValue(type, map);
                }
                nested(value, valueType, kind, depth);
                return true;
            }
            case ENUM -> {
                if (kind == JsonInput.NULL && !ignoringUnknownFields && !isNullValue(value.enumType())) {
                    throw nullMapValue(type, map);
                }
                if (!enumValue(value, kind)) {
                    return false;
                }
                FieldValues.integer(c, value, integer);
                return true;
            }
            default -> {
                if (kind == JsonInput.NULL) {
                    throw nullMapValue(type, map);
                }
                scalarText(kind, value);
                scalarValue(value, false);
                return true;
            }
        }
    }

    private ProtoDecodeException nullMapValue(final MessageSchema type, final FieldSchema field) {
        return in.error("null is no value in map field " + name(type, field), in.tokenStart);
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Scalars

    /**
     * Makes the text of a scalar value current, as gson's {@code getAsString()} gives it: a string's content, a
     * number or unquoted token as written, {@code true}/{@code false}; an array of exactly one element gives that
     * element's text.
     */
    private void scalarText(final int kind, final FieldSchema field) {
        if (kind == JsonInput.OBJECT || kind == JsonInput.NULL || strict && !strictKind(kind, field.type())) {
            throw in.error(
                    describe(kind) + " is no value of " + field.name() + " (" + field.type() + ")", in.tokenStart);
        }
        if (kind == JsonInput.ARRAY) {
            final int at = in.tokenStart;
            if (in.nextElement(true) != JsonInput.ELEMENT_VALUE) {
                throw in.error("an array is no value of " + field.name() + " unless it has one element", at);
            }
            scalarText(in.readValue(), field);
            if (in.nextElement(false) != JsonInput.ELEMENT_END) {
                throw in.error("an array is no value of " + field.name() + " unless it has one element", at);
            }
        }
    }

    /**
     * @return true if strict ProtoJSON takes a token of {@code kind} for a scalar of {@code type}: a string for a
     *     string or bytes, {@code true} or {@code false} for a bool, a number or a string for numbers and enums.
     */
    private static boolean strictKind(final int kind, final FieldType type) {
        return switch (type) {
            case STRING, BYTES -> kind == JsonInput.STRING;
            case BOOL -> kind == JsonInput.TRUE || kind == JsonInput.FALSE;
            default -> kind == JsonInput.STRING || kind == JsonInput.NUMBER;
        };
    }

    /** The integer or bool of the current text for {@code field}, range-checked as JsonFormat checks it. */
    private long integral(final FieldSchema field) {
        final FieldType type = field.type();
        if (type == FieldType.BOOL) {
            if (in.textEquals("true")) {
                return 1;
            }
            if (in.textEquals("false")) {
                return 0;
            }
            throw badValue(field, "not a bool");
        }
        if (!numbers.integer(in.text, in.textOffset, in.textLength)) {
            throw badValue(field, "not an integer");
        }
        final long m = numbers.magnitude;
        final boolean negative = numbers.negative;
        final boolean inRange = switch (type) {
            case INT32, SINT32, SFIXED32 -> Long.compareUnsigned(m, negative ? 0x8000_0000L : 0x7FFF_FFFFL) <= 0;
            case INT64, SINT64, SFIXED64 -> Long.compareUnsigned(m, negative ? Long.MIN_VALUE : Long.MAX_VALUE) <= 0;
            case UINT32, FIXED32 -> (!negative || m == 0) && Long.compareUnsigned(m, 0xFFFF_FFFFL) <= 0;
            default -> !negative || m == 0;
        };
        if (numbers.overflow || !inRange) {
            throw badValue(field, "out of range for " + type);
        }
        return negative ? -m : m;
    }

    private double floating(final FieldSchema field) {
        final DirectBuffer text = in.text;
        final int offset = in.textOffset;
        final int length = in.textLength;
        if (field.type() == FieldType.DOUBLE) {
            final int result = numbers.doubleField(text, offset, length);
            if (result != 0) {
                throw badValue(field, result == 1 ? "not a double" : "out of range for a double");
            }
            return numbers.value;
        }
        if (numbers.special(text, offset, length, false)) {
            return numbers.value;
        }
        if (!numbers.javaDouble(text, offset, length)) {
            throw badValue(field, "not a float");
        }
        final double value = numbers.value;
        if (value > JsonNumbers.MAX_FLOAT || value < -JsonNumbers.MAX_FLOAT) {
            throw badValue(field, "out of range for a float");
        }
        return value;
    }

    /**
     * Reads an enum value: a name of the enum, else a number (an open enum takes any int32, a closed one only its
     * own); JSON null is NullValue's NULL_VALUE. Leaves the number in {@link #integer}.
     *
     * @return false if the value is "not set": JSON null (for other enums), or an unknown value while ignoring
     *     unknown fields.
     */
    private boolean enumValue(final FieldSchema field, final int kind) {
        final EnumSchema type = field.enumType();
        if (kind == JsonInput.NULL) {
            if (isNullValue(type)) {
                integer = 0;
                return true;
            }
            return false;
        }
        scalarText(kind, field);
        final int index = type.indexOf(in.text, in.textOffset, in.textLength);
        if (index >= 0) {
            integer = type.number(index);
            return true;
        }
        if (numbers.integer(in.text, in.textOffset, in.textLength)
                && !numbers.overflow
                && Long.compareUnsigned(numbers.magnitude, numbers.negative ? 0x8000_0000L : 0x7FFF_FFFFL) <= 0) {
            final int number = (int) (numbers.negative ? -numbers.magnitude : numbers.magnitude);
            if (!type.isClosed() || type.isKnown(number)) {
                integer = number;
                return true;
            }
        }
        if (ignoringUnknownFields) {
            return false;
        }
        throw badValue(field, "not a value of enum " + type.fullName());
    }

    private static boolean isNullValue(final EnumSchema type) {
        return NULL_VALUE.equals(type.fullName());
    }

    private int base64(final FieldSchema field) {
        final int length = scalars.base64Length(in.text, in.textOffset, in.textLength);
        if (length < 0) {
            throw badValue(field, "not base64");
        }
        return length;
    }

    /** Writes the bytes of the base64 text {@link #base64} just checked. */
    private void writeBase64(final int tag, final int length) {
        final int p = c.header(tag, length);
        if (p >= 0) {
            scalars.decodeBase64(in.text, in.textOffset, c.buffer, p);
            c.position = p + length;
        }
    }

    private ProtoDecodeException badValue(final FieldSchema field, final String what) {
        return in.error(
                "value " + in.textAsString() + " of field " + field.name() + " (" + field.type() + "): " + what,
                in.tokenStart);
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Well-known types: the wrappers here, for they are a field's value; the others in JsonWellKnown

    private void wrapper(final MessageSchema type, final int kind, final int depth) {
        if (kind == JsonInput.NULL) {
            throw in.error("null is no value of " + type.fullName(), in.tokenStart);
        }
        singular(type.fieldByNumber(1), kind, depth);
    }

    // ---------------------------------------------------------------------------------------------------------------

    String describe(final int kind) {
        return switch (kind) {
            case JsonInput.OBJECT -> "an object";
            case JsonInput.ARRAY -> "an array";
            case JsonInput.NULL -> "null";
            default -> in.textAsString();
        };
    }

    private static String name(final MessageSchema type, final FieldSchema field) {
        return type.fullName() + "." + field.name();
    }
}
