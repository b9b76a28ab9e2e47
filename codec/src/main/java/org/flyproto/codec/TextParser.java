package org.flyproto.codec;

import java.util.Arrays;
import org.agrona.BufferUtil;
import org.agrona.DirectBuffer;
import org.flyproto.buffers.Memory;
import org.flyproto.buffers.Utf8;
import org.flyproto.codec.schema.EnumSchema;
import org.flyproto.codec.schema.FieldSchema;
import org.flyproto.codec.schema.FieldType;
import org.flyproto.codec.schema.MessageSchema;
import org.flyproto.codec.schema.SchemaRegistry;
import org.flyproto.codec.schema.WellKnownType;

/**
 * Parses protobuf's text format into a generated encoder: the message's protobuf bytes are written through the
 * encoder's cursor, field by field as the text names them, using the encoder's {@link MessageEncoder#schema()}.
 *
 * <p><b>What it accepts</b> is what protobuf-java's {@code TextFormat.Parser} accepts, and it rejects what that
 * rejects, reporting the same line and column: the same tokens (identifiers, decimal, hex and octal integers with
 * protobuf-java's range rules per type, floats as {@code Float.parseFloat} / {@code Double.parseDouble} read them plus
 * {@code inf}, {@code infinity} and {@code nan} in any case, strings in either quote with C escapes, adjacent strings
 * concatenated, {@code #} comments); {@code name: value}, {@code name { ... }} and {@code name < ... >} with the colon
 * optional before a message; {@code name: [a, b]} for repeated fields; {@code ;} or {@code ,} after a field; enums by
 * name or number (an undeclared number only for an open enum); groups by their type's name; extensions as
 * {@code [pkg.ext]} (every extension the schema knows: protobuf-java given an {@code ExtensionRegistry} holding them);
 * {@code [type.googleapis.com/pkg.Msg] { ... }} in a {@code google.protobuf.Any}, through the
 * {@linkplain Builder#typeRegistry registry}; map entries as messages with {@code key} and {@code value}; nesting up
 * to the {@linkplain Builder#recursionLimit recursion limit} (100).
 *
 * <p><b>What it writes</b> is the message protobuf-java would build, as bytes: repeated values appended, consecutive
 * values of a packed field in one packed run, a proto3 field without presence not written at its default (unless it
 * had another value before), a map entry with its key and value always (as protobuf-java serializes entries), a
 * singular field given twice written twice (the last value wins when the bytes are read, a message is merged), as
 * protobuf-java's {@code merge} overwrites and merges. Text that prints a message in field-number order (as every
 * printer does) gives the very bytes {@code toByteArray()} gives. Strings: escapes give arbitrary bytes; where the
 * bytes of a string field are not valid UTF-8, protobuf-java decodes them to a {@code String} with U+FFFD replacement
 * characters, and so does this parser (allocating, for that value) — unless {@link Builder#rejectInvalidUtf8} asks for
 * an error where the schema validates UTF-8, as the conformance suite and protobuf's C++ parser do.
 *
 * <p><b>Errors</b> are {@link TextParseException}s with protobuf-java's line and column (a few are reported at the
 * place protobuf-java reports them even though it goes on parsing first: unknown fields are reported at the end, at
 * the first one); on any exception the encoder is rewound to where it was when the parse began. A fixed region too
 * small for the message fails with the encoder's {@link ProtoEncodeException}, nothing written outside it.
 * {@link #parse parse} also fails when a proto2 {@code required} field is missing, as protobuf-java's
 * {@code TextFormat.parse} does when it builds the message ({@code merge} does not check).
 *
 * <p><b>Cost</b>: no allocation in steady state — names are looked up in the schema from the input bytes, integers
 * and floats parsed from them (decimal literals of up to 19 significant digits correctly rounded here, by Clinger's
 * fast path or the Eisel-Lemire algorithm), strings unescaped into a reused buffer — except for floating-point
 * literals with more digits, subnormal or out-of-range values and hex floats, which go to the JDK's parser through a
 * {@code String}, for invalid UTF-8 in a string field, and for errors.
 *
 * <p>Built once with its options, reused; not thread-safe.
 */
public final class TextParser {
    /** What to do when a singular field, or a second member of a oneof, is given again: protobuf-java's policy. */
    public enum SingularOverwritePolicy {
        /** The last value wins, messages merge: protobuf-java's default. */
        ALLOW_SINGULAR_OVERWRITES,
        /** An error. */
        FORBID_SINGULAR_OVERWRITES
    }

    /** The default recursion limit, protobuf-java's. */
    public static final int DEFAULT_RECURSION_LIMIT = 100;

    private static final int NO_OFFSET = -1;

    /** The bit, in a map entry's level (key, value, no oneof), of a default key written before the value. */
    private static final int DEFAULT_KEY_WRITTEN = 2;

    private final boolean allowUnknownFields;
    private final boolean allowUnknownExtensions;
    private final boolean forbidOverwrites;
    private final boolean rejectInvalidUtf8;
    private final SchemaRegistry registry;
    private final int recursionLimit;

    private final TextTokenizer tok = new TextTokenizer();
    private final TextTokenizer.Bytes chars = new TextTokenizer.Bytes();
    private final TextTokenizer.Bytes value = new TextTokenizer.Bytes();
    private final TextTokenizer.Bytes name = new TextTokenizer.Bytes();

    private WriteCursor c;
    private boolean requireInitialized;
    /** The packed field whose run is open as the innermost level, or null. */
    private FieldSchema openRun;

    /** Per open message: which fields are set and which oneofs have a member, one bit each, from {@link #base}. */
    private long[] bits = new long[64];

    private int[] bases = new int[16];
    private int level;
    private int top;

    private int unknownField;
    private MessageSchema unknownFieldType;
    private int unknownExtension;
    private int unknownExtensionFrom;
    private MessageSchema unknownExtensionType;

    private TextParser(final Builder builder) {
        allowUnknownFields = builder.allowUnknownFields;
        allowUnknownExtensions = builder.allowUnknownExtensions;
        forbidOverwrites = builder.policy == SingularOverwritePolicy.FORBID_SINGULAR_OVERWRITES;
        rejectInvalidUtf8 = builder.rejectInvalidUtf8;
        registry = builder.registry;
        recursionLimit = builder.recursionLimit;
    }

    /**
     * @return a builder with protobuf-java's defaults: unknown fields and extensions are errors, singular overwrites
     *     allowed, no type registry, recursion limit 100.
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Parses {@code text} into {@code into}, as protobuf-java's {@code TextFormat.parse}: {@link #merge}, then a
     * missing proto2 {@code required} field (of any message in it) is an error.
     *
     * @param text the text-format message.
     * @param into a root encoder, wrapped (and possibly holding fields already), the innermost open message.
     * @throws TextParseException if the text is not accepted; {@code into} is then as it was.
     * @throws ProtoEncodeException if the message does not fit the encoder's fixed region; {@code into} is then as it
     *     was.
     */
    public void parse(final CharSequence text, final MessageEncoder into) {
        run(text, into.writeCursor(), into.schema(), true);
    }

    /**
     * Parses the UTF-8 text {@code [offset, offset + length)} of {@code buffer} into {@code into}, as
     * {@link #parse(CharSequence, MessageEncoder)}. Errors report the buffer index of the problem as their
     * {@link TextParseException#offset() offset}; invalid UTF-8 inside a string literal is an error.
     *
     * @param buffer the buffer holding the text.
     * @param offset index of its first byte.
     * @param length its length in bytes.
     * @param into a root encoder, wrapped, the innermost open message.
     * @throws TextParseException if the text is not accepted; {@code into} is then as it was.
     * @throws ProtoEncodeException if the message does not fit the encoder's fixed region.
     */
    public void parse(final DirectBuffer buffer, final int offset, final int length, final MessageEncoder into) {
        run(buffer, offset, length, into.writeCursor(), into.schema(), true);
    }

    /**
     * Parses {@code text} into {@code into}, as protobuf-java's {@code TextFormat.merge}: required fields are not
     * checked. Written after what {@code into} holds already, the fields merge with it when the bytes are read.
     *
     * @param text the text-format message.
     * @param into a root encoder, wrapped, the innermost open message.
     * @throws TextParseException if the text is not accepted; {@code into} is then as it was.
     * @throws ProtoEncodeException if the message does not fit the encoder's fixed region.
     */
    public void merge(final CharSequence text, final MessageEncoder into) {
        run(text, into.writeCursor(), into.schema(), false);
    }

    /**
     * {@link #merge(CharSequence, MessageEncoder)} of UTF-8 text in a buffer.
     *
     * @param buffer the buffer holding the text.
     * @param offset index of its first byte.
     * @param length its length in bytes.
     * @param into a root encoder, wrapped, the innermost open message.
     * @throws TextParseException if the text is not accepted; {@code into} is then as it was.
     * @throws ProtoEncodeException if the message does not fit the encoder's fixed region.
     */
    public void merge(final DirectBuffer buffer, final int offset, final int length, final MessageEncoder into) {
        run(buffer, offset, length, into.writeCursor(), into.schema(), false);
    }

    /**
     * {@link #parse(CharSequence, MessageEncoder)} into a {@link DynamicEncoder}: the message of the schema of its
     * innermost open message.
     *
     * @param text the text-format message.
     * @param into a wrapped dynamic encoder.
     * @throws TextParseException if the text is not accepted; {@code into} is then as it was.
     * @throws ProtoEncodeException if the message does not fit the encoder's fixed region.
     */
    public void parse(final CharSequence text, final DynamicEncoder into) {
        run(text, into.parseCursor(), into.schema(), true);
    }

    /**
     * {@link #parse(DirectBuffer, int, int, MessageEncoder)} into a {@link DynamicEncoder}.
     *
     * @param buffer the buffer holding the text.
     * @param offset index of its first byte.
     * @param length its length in bytes.
     * @param into a wrapped dynamic encoder.
     * @throws TextParseException if the text is not accepted; {@code into} is then as it was.
     * @throws ProtoEncodeException if the message does not fit the encoder's fixed region.
     */
    public void parse(final DirectBuffer buffer, final int offset, final int length, final DynamicEncoder into) {
        run(buffer, offset, length, into.parseCursor(), into.schema(), true);
    }

    /**
     * {@link #merge(CharSequence, MessageEncoder)} into a {@link DynamicEncoder}.
     *
     * @param text the text-format message.
     * @param into a wrapped dynamic encoder.
     * @throws TextParseException if the text is not accepted; {@code into} is then as it was.
     * @throws ProtoEncodeException if the message does not fit the encoder's fixed region.
     */
    public void merge(final CharSequence text, final DynamicEncoder into) {
        run(text, into.parseCursor(), into.schema(), false);
    }

    /**
     * {@link #merge(DirectBuffer, int, int, MessageEncoder)} into a {@link DynamicEncoder}.
     *
     * @param buffer the buffer holding the text.
     * @param offset index of its first byte.
     * @param length its length in bytes.
     * @param into a wrapped dynamic encoder.
     * @throws TextParseException if the text is not accepted; {@code into} is then as it was.
     * @throws ProtoEncodeException if the message does not fit the encoder's fixed region.
     */
    public void merge(final DirectBuffer buffer, final int offset, final int length, final DynamicEncoder into) {
        run(buffer, offset, length, into.parseCursor(), into.schema(), false);
    }

    private void run(
            final CharSequence text, final WriteCursor cursor, final MessageSchema schema, final boolean required) {
        final int length = Utf8.encodedLength(text);
        chars.clear();
        chars.ensure(length);
        Utf8.encode(text, chars.view, 0);
        tok.charBase = 0;
        parseRoot(chars.array, 0, length, 0, cursor, schema, required);
    }

    private void run(
            final DirectBuffer buffer,
            final int offset,
            final int length,
            final WriteCursor cursor,
            final MessageSchema schema,
            final boolean required) {
        RegionArgument.check(offset, length, buffer.capacity());
        tok.charBase = -1;
        final byte[] array = buffer.byteArray();
        if (array != null && Memory.isRaw(buffer)) {
            // One of Agrona's buffers over an array: scan the array itself.
            final int base = (int) (buffer.addressOffset() - BufferUtil.ARRAY_BASE_OFFSET);
            parseRoot(array, base + offset, length, offset, cursor, schema, required);
        } else {
            // Off-heap or another implementation: one bulk copy, then plain array reads.
            chars.clear();
            chars.ensure(length);
            buffer.getBytes(offset, chars.array, 0, length);
            parseRoot(chars.array, 0, length, offset, cursor, schema, required);
        }
    }

    private void parseRoot(
            final byte[] bytes,
            final int offset,
            final int length,
            final int reported,
            final WriteCursor cursor,
            final MessageSchema schema,
            final boolean required) {
        final int depth = cursor.depth();
        final int position = cursor.position();
        final long innermost = cursor.innermost();
        c = cursor;
        requireInitialized = required;
        openRun = null;
        level = 0;
        top = 0;
        unknownField = NO_OFFSET;
        unknownExtension = NO_OFFSET;
        try {
            tok.reset(bytes, offset, length, reported);
            enter(schema);
            while (!tok.atEnd()) {
                mergeField(schema, recursionLimit);
            }
            closeRun();
            checkUnknown();
            if (required) {
                checkRequired(schema, tok.tokenStart);
            }
            exit();
        } catch (final RuntimeException e) {
            openRun = null;
            cursor.rewind(depth, position, innermost);
            throw e;
        } finally {
            c = null;
            tok.bytes = null;
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Fields, as protobuf-java's Parser.mergeField and consumeFieldValue(s)

    private void mergeField(final MessageSchema type, final int limit) {
        if (type.wellKnownType() == WellKnownType.ANY && tok.tryConsume('[')) {
            if (limit < 1) {
                throw tok.error(tok.tokenStart, "Message is nested too deep");
            }
            mergeAny(type, limit - 1);
            return;
        }
        final FieldSchema field;
        if (tok.tryConsume('[')) {
            final int from = tok.tokenStart;
            name.clear();
            name.append('[');
            appendIdentifier();
            while (tok.tryConsume('.')) {
                name.append('.');
                appendIdentifier();
            }
            name.append(']');
            final FieldSchema found = type.textField(name.view, 0, name.length);
            field = found != null && found.isExtension() ? found : null;
            if (field == null && unknownExtension == NO_OFFSET) {
                unknownExtension = tok.previousStart;
                unknownExtensionFrom = from;
                unknownExtensionType = type;
            }
            tok.consume(']');
        } else {
            tok.checkIdentifier();
            field = fieldNamed(type, tok.tokenStart, tok.tokenEnd);
            tok.next();
            if (field == null && unknownField == NO_OFFSET) {
                unknownField = tok.previousStart;
                unknownFieldType = type;
            }
        }
        if (field == null) {
            // protobuf-java skips it (and its separator is then a token of its own).
            guessFieldTypeAndSkip(limit);
            return;
        }
        if (field.type() == FieldType.MESSAGE) {
            tok.tryConsume(':');
        } else {
            tok.consume(':');
        }
        if (field.isRepeated() && tok.tryConsume('[')) {
            if (!tok.tryConsume(']')) {
                while (true) {
                    consumeFieldValue(type, field, limit);
                    if (tok.tryConsume(']')) {
                        break;
                    }
                    tok.consume(',');
                }
            }
        } else {
            consumeFieldValue(type, field, limit);
        }
        if (!tok.tryConsume(';')) {
            tok.tryConsume(',');
        }
    }

    /**
     * A field by its name as protobuf-java finds it: the .proto name, or a group's type name (the schema's text
     * name), or a group's .proto name (its type's name in lower case).
     */
    private FieldSchema fieldNamed(final MessageSchema type, final int from, final int to) {
        final DirectBuffer buffer = tok.view;
        final FieldSchema field = type.textField(buffer, from, to - from);
        if (field != null && !field.isExtension()) {
            return field;
        }
        final FieldSchema byJsonOrProtoName = type.jsonField(buffer, from, to - from);
        if (byJsonOrProtoName != null && !byJsonOrProtoName.isExtension()) {
            final String protoName = byJsonOrProtoName.name();
            if (protoName.length() == to - from) {
                for (int i = 0; i < protoName.length(); i++) {
                    if (buffer.getByte(from + i) != protoName.charAt(i)) {
                        return null;
                    }
                }
                return byJsonOrProtoName;
            }
        }
        return null;
    }

    private void appendIdentifier() {
        tok.checkIdentifier();
        name.append(tok.bytes, tok.tokenStart, tok.tokenEnd);
        tok.next();
    }

    private void consumeFieldValue(final MessageSchema type, final FieldSchema field, final int limit) {
        if (forbidOverwrites && !field.isRepeated()) {
            checkOverwrite(type, field);
        }
        if (field.type() == FieldType.MESSAGE) {
            messageValue(type, field, limit);
            return;
        }
        switch (field.type()) {
            case INT32, SINT32, SFIXED32 -> integer(type, field, (int) tok.consumeInteger(TextTokenizer.INT32));
            case INT64, SINT64, SFIXED64 -> integer(type, field, tok.consumeInteger(TextTokenizer.INT64));
            case UINT32, FIXED32 -> integer(type, field, (int) tok.consumeInteger(TextTokenizer.UINT32));
            case UINT64, FIXED64 -> integer(type, field, tok.consumeInteger(TextTokenizer.UINT64));
            case BOOL -> integer(type, field, consumeBool());
            case ENUM -> integer(type, field, consumeEnum(field.enumType()));
            case FLOAT -> {
                final float f = tok.floatValue();
                checkNumber();
                floating(type, field, f, Float.floatToRawIntBits(f) == 0);
            }
            case DOUBLE -> {
                final double d = tok.doubleValue();
                checkNumber();
                floating(type, field, d, Double.doubleToRawLongBits(d) == 0);
            }
            default -> string(type, field);
        }
    }

    private void checkNumber() {
        if (tok.numberFailed) {
            throw tok.error(tok.tokenStart, "Couldn't parse number: " + tok.text(tok.tokenStart, tok.tokenEnd));
        }
        tok.next();
    }

    private long consumeBool() {
        final boolean value;
        if (tok.equals("true") || tok.equals("True") || tok.equals("t") || tok.equals("1")) {
            value = true;
        } else if (tok.equals("false") || tok.equals("False") || tok.equals("f") || tok.equals("0")) {
            value = false;
        } else {
            throw tok.error(
                    tok.tokenStart,
                    "Expected \"true\" or \"false\". Found \"" + tok.text(tok.tokenStart, tok.tokenEnd) + "\".");
        }
        tok.next();
        return value ? 1 : 0;
    }

    private long consumeEnum(final EnumSchema type) {
        if (tok.lookingAtInteger()) {
            final int number = (int) tok.consumeInteger(TextTokenizer.INT32);
            if (type.isClosed() && !type.isKnown(number)) {
                throw tok.error(
                        tok.previousStart,
                        "Enum type \"" + type.fullName() + "\" has no value with number " + number + '.');
            }
            return number;
        }
        tok.checkIdentifier();
        final int index = type.indexOf(tok.view, tok.tokenStart, tok.length());
        tok.next();
        if (index < 0) {
            throw tok.error(
                    tok.previousStart,
                    "Enum type \"" + type.fullName() + "\" has no value named \""
                            + tok.text(tok.previousStart, tokenEndOf(tok.previousStart)) + "\".");
        }
        return type.number(index);
    }

    /** The end of the identifier starting at {@code from} (for messages). */
    private int tokenEndOf(final int from) {
        int i = from;
        while (i < tok.end) {
            final int b = tok.bytes[i];
            if (!((b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9') || b == '_' || b == '.')) {
                break;
            }
            i++;
        }
        return i;
    }

    private void messageValue(final MessageSchema type, final FieldSchema field, final int limit) {
        if (limit < 1) {
            throw tok.error(tok.tokenStart, "Message is nested too deep");
        }
        final char endToken;
        if (tok.tryConsume('<')) {
            endToken = '>';
        } else {
            tok.consume('{');
            endToken = '}';
        }
        final MessageSchema nested = field.messageType();
        closeRun();
        keyFirst(type, field);
        FieldValues.beginMessage(c, field);
        enter(nested);
        while (!tok.tryConsume(endToken)) {
            if (tok.atEnd()) {
                throw tok.error(tok.tokenStart, "Expected \"" + endToken + "\".");
            }
            mergeField(nested, limit - 1);
        }
        closeRun();
        if (nested.isMapEntry()) {
            completeEntry(nested);
        }
        if (requireInitialized) {
            checkRequired(nested, tok.previousStart);
        }
        exit();
        FieldValues.endMessage(c, field);
        set(type, field);
    }

    /**
     * Before a map entry's value: its key, at its default, if the text has not given it yet, so that an entry given
     * as {@code { value: v }} is written as protobuf-java writes it (a key given later is written again, and wins).
     */
    private void keyFirst(final MessageSchema type, final FieldSchema field) {
        if (type.isMapEntry() && field.number() == 2 && !isSet(0) && !isSet(DEFAULT_KEY_WRITTEN)) {
            writeDefault(type.field(0));
            // Not the key's own bit: the text has not given it (the overwrite policy looks at that bit).
            set(DEFAULT_KEY_WRITTEN);
        }
    }

    /** protobuf-java writes a map entry's key and value, defaults included: the ones the text left out. */
    private void completeEntry(final MessageSchema entry) {
        for (int i = 0; i < entry.fieldCount(); i++) {
            if (!isSet(i) && (i != 0 || !isSet(DEFAULT_KEY_WRITTEN))) {
                writeDefault(entry.field(i));
            }
        }
    }

    private void writeDefault(final FieldSchema field) {
        switch (field.type()) {
            case MESSAGE -> {
                FieldValues.beginMessage(c, field);
                FieldValues.endMessage(c, field);
            }
            case STRING, BYTES -> c.writeBytes(field.tag(), value.array, 0, 0);
            case FLOAT, DOUBLE -> FieldValues.floating(c, field, 0.0);
            case ENUM -> FieldValues.integer(c, field, field.enumType().number(0));
            default -> FieldValues.integer(c, field, 0);
        }
    }

    private void integer(final MessageSchema type, final FieldSchema field, final long v) {
        if (field.isPacked()) {
            run(field);
            FieldValues.integerElement(c, field, v);
            return;
        }
        closeRun();
        keyFirst(type, field);
        if (writes(type, field, v == 0)) {
            FieldValues.integer(c, field, v);
        }
    }

    private void floating(final MessageSchema type, final FieldSchema field, final double v, final boolean zero) {
        if (field.isPacked()) {
            run(field);
            FieldValues.floatingElement(c, field, v);
            return;
        }
        closeRun();
        keyFirst(type, field);
        if (writes(type, field, zero)) {
            FieldValues.floating(c, field, v);
        }
    }

    private void string(final MessageSchema type, final FieldSchema field) {
        final int first = tok.tokenStart;
        value.clear();
        do {
            final String failure = tok.unescape(value);
            if (failure != null) {
                throw tok.error(tok.tokenStart, failure);
            }
            tok.next();
        } while (tok.kind == TextTokenizer.STRING);
        closeRun();
        keyFirst(type, field);
        final TextTokenizer.Bytes v = value;
        if (field.type() == FieldType.STRING && !v.isAscii() && !Utf8.isValid(v.view, 0, v.length)) {
            if (rejectInvalidUtf8 && field.validatesUtf8()) {
                throw tok.error(first, "String field " + field.name() + " is not valid UTF-8");
            }
            // What protobuf-java's consumeString does: decode, each malformed sequence a U+FFFD.
            c.writeString(field.tag(), Utf8.toString(v.view, 0, v.length));
            set(type, field);
            return;
        }
        if (writes(type, field, v.length == 0)) {
            c.writeBytes(field.tag(), v.array, 0, v.length);
        }
    }

    /**
     * Whether to write a singular or repeated value (not packed) and records it: a field without presence skips its
     * default unless it had another value, which the default then overwrites.
     */
    private boolean writes(final MessageSchema type, final FieldSchema field, final boolean isDefault) {
        if (field.isRepeated()) {
            return true;
        }
        final int index = indexOf(type, field);
        if (field.hasPresence() || type.isMapEntry()) {
            set(index);
            if (field.oneof() >= 0) {
                set(type.fieldCount() + field.oneof());
            }
            return true;
        }
        if (!isDefault) {
            set(index);
            return true;
        }
        if (isSet(index)) {
            clear(index);
            return true;
        }
        return false;
    }

    private void set(final MessageSchema type, final FieldSchema field) {
        if (!field.isRepeated()) {
            set(indexOf(type, field));
            if (field.oneof() >= 0) {
                set(type.fieldCount() + field.oneof());
            }
        }
    }

    private void checkOverwrite(final MessageSchema type, final FieldSchema field) {
        if (isSet(indexOf(type, field))) {
            throw tok.error(
                    tok.previousStart, "Non-repeated field \"" + fullName(type, field) + "\" cannot be overwritten.");
        }
        final int oneof = field.oneof();
        if (oneof >= 0 && isSet(type.fieldCount() + oneof)) {
            FieldSchema other = null;
            for (int i = 0; i < type.fieldCount(); i++) {
                if (type.field(i).oneof() == oneof && isSet(i)) {
                    other = type.field(i);
                }
            }
            throw tok.error(
                    tok.previousStart,
                    "Field \"" + fullName(type, field) + "\" is specified along with field \""
                            + (other == null ? "?" : fullName(type, other)) + "\", another member of oneof \""
                            + type.oneofName(oneof) + "\".");
        }
    }

    private static String fullName(final MessageSchema type, final FieldSchema field) {
        return field.isExtension() ? field.textName() : type.fullName() + "." + field.name();
    }

    private void checkRequired(final MessageSchema type, final int at) {
        for (int i = 0; i < type.fieldCount(); i++) {
            if (type.field(i).isRequired() && !isSet(i)) {
                throw tok.error(at, "Message missing required fields: " + fullName(type, type.field(i)));
            }
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Any, as protobuf-java's mergeAnyFieldValue

    private void mergeAny(final MessageSchema any, final int limit) {
        name.clear();
        boolean slash = false;
        while (true) {
            appendIdentifier();
            if (tok.tryConsume(']')) {
                break;
            }
            if (tok.tryConsume('/')) {
                name.append('/');
                slash = true;
            } else if (tok.tryConsume('.')) {
                name.append('.');
            } else {
                throw tok.error(tok.previousStart, "Expected a valid type URL.");
            }
        }
        tok.tryConsume(':');
        final char endToken;
        if (tok.tryConsume('<')) {
            endToken = '>';
        } else {
            tok.consume('{');
            endToken = '}';
        }
        final MessageSchema content = slash ? registry.find(name.view, 0, name.length) : null;
        if (content == null) {
            throw tok.error(
                    tok.tokenStart,
                    "Unable to parse Any of type: " + Utf8.toString(name.view, 0, name.length)
                            + ". Please make sure that the TypeRegistry contains the descriptors for the given types.");
        }
        final FieldSchema typeUrl = any.fieldByNumber(1);
        final FieldSchema valueField = any.fieldByNumber(2);
        closeRun();
        // The URL is written now: a nested Any reuses the name buffer.
        c.writeBytes(typeUrl.tag(), name.array, 0, name.length);
        set(any, typeUrl);
        final int depth = c.depth();
        final int before = c.position();
        final long innermost = c.innermost();
        c.begin(valueField.tag());
        final int contentStart = c.position();
        enter(content);
        while (!tok.tryConsume(endToken)) {
            if (tok.atEnd()) {
                throw tok.error(tok.tokenStart, "Expected \"" + endToken + "\".");
            }
            mergeField(content, limit);
        }
        closeRun();
        // protobuf-java builds the content: a missing required field fails even a merge.
        checkRequired(content, tok.previousStart);
        exit();
        if (c.position() == contentStart) {
            // An empty value is the default: protobuf-java does not write it.
            c.rewind(depth, before, innermost);
        } else {
            c.end(valueField.tag());
            set(any, valueField);
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Skipping unknown fields, as protobuf-java's guessFieldTypeAndSkip and the methods it calls

    private void guessFieldTypeAndSkip(final int limit) {
        final boolean colon = tok.tryConsume(':');
        if (tok.is('[')) {
            skipShortRepeated(colon, limit);
        } else if (colon && !tok.is('{') && !tok.is('<')) {
            skipFieldValue();
        } else {
            if (limit < 1) {
                throw tok.error(tok.tokenStart, "Message is nested too deep");
            }
            skipFieldMessage(limit - 1);
        }
    }

    private void skipShortRepeated(final boolean scalarAllowed, final int limit) {
        if (!tok.tryConsume('[') || tok.tryConsume(']')) {
            return;
        }
        while (true) {
            if (tok.is('{') || tok.is('<')) {
                if (limit < 1) {
                    throw tok.error(tok.tokenStart, "Message is nested too deep");
                }
                skipFieldMessage(limit - 1);
            } else if (scalarAllowed) {
                skipFieldValue();
            } else {
                throw tok.error(tok.tokenStart, "Invalid repeated scalar field: missing \":\" before \"[\".");
            }
            if (tok.tryConsume(']')) {
                break;
            }
            tok.consume(',');
        }
    }

    private void skipFieldMessage(final int limit) {
        final char delimiter;
        if (tok.tryConsume('<')) {
            delimiter = '>';
        } else {
            tok.consume('{');
            delimiter = '}';
        }
        while (!tok.is('>') && !tok.is('}')) {
            skipField(limit);
        }
        tok.consume(delimiter);
    }

    private void skipField(final int limit) {
        if (!tok.tryConsume('[')) {
            skipIdentifier();
        } else {
            skipIdentifier();
            while (tok.tryConsume('.')) {
                skipIdentifier();
            }
            if (tok.tryConsume('/')) {
                skipIdentifier();
                while (tok.tryConsume('.')) {
                    skipIdentifier();
                }
            }
            tok.consume(']');
        }
        guessFieldTypeAndSkip(limit);
        if (!tok.tryConsume(';')) {
            tok.tryConsume(',');
        }
    }

    private void skipIdentifier() {
        tok.checkIdentifier();
        tok.next();
    }

    /** A string (adjacent ones), an identifier, an integer or a float: whatever protobuf-java would take. */
    private void skipFieldValue() {
        if (tok.kind == TextTokenizer.STRING) {
            do {
                value.clear();
                if (tok.unescape(value) != null) {
                    throw invalidValue();
                }
                tok.next();
            } while (tok.kind == TextTokenizer.STRING);
            return;
        }
        if (tok.isIdentifier()
                || tok.parseInteger(TextTokenizer.INT64) == null
                || tok.parseInteger(TextTokenizer.UINT64) == null) {
            tok.next();
            return;
        }
        tok.doubleValue();
        if (tok.numberFailed) {
            tok.floatValue();
            if (tok.numberFailed) {
                throw invalidValue();
            }
        }
        tok.next();
    }

    private TextParseException invalidValue() {
        return tok.error(tok.tokenStart, "Invalid field value: " + tok.text(tok.tokenStart, tok.tokenEnd));
    }

    private void checkUnknown() {
        if (allowUnknownFields) {
            return;
        }
        final int at;
        final int to;
        final MessageSchema type;
        final boolean extension;
        if (unknownField != NO_OFFSET
                && (allowUnknownExtensions || unknownExtension == NO_OFFSET || unknownField < unknownExtension)) {
            at = unknownField;
            to = tokenEndOf(unknownField);
            type = unknownFieldType;
            extension = false;
        } else if (unknownExtension != NO_OFFSET && !allowUnknownExtensions) {
            at = unknownExtension;
            to = tokenEndOf(unknownExtension);
            type = unknownExtensionType;
            extension = true;
        } else {
            return;
        }
        final String what = extension
                ? type.fullName() + ".[" + tok.text(unknownExtensionFrom, to) + "]"
                : type.fullName() + "." + tok.text(at, to);
        throw tok.error(at, "Input contains unknown fields and/or extensions: " + what);
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Packed runs and the per-message bits

    /** Opens the packed run of {@code field} unless it is the open one, closing another. */
    private void run(final FieldSchema field) {
        if (openRun != field) {
            closeRun();
            c.beginPacked(field.packedTag());
            openRun = field;
        }
    }

    private void closeRun() {
        final FieldSchema open = openRun;
        if (open != null) {
            openRun = null;
            c.endPacked(open.packedTag());
        }
    }

    private void enter(final MessageSchema type) {
        // A bit per field and per oneof, and one more (DEFAULT_KEY_WRITTEN for a map entry).
        final int words = (type.fieldCount() + type.oneofCount() + 64) >>> 6;
        if (level == bases.length) {
            bases = Arrays.copyOf(bases, level * 2);
        }
        if (top + words > bits.length) {
            bits = Arrays.copyOf(bits, Math.max(bits.length * 2, top + words));
        }
        Arrays.fill(bits, top, top + words, 0L);
        bases[level++] = top;
        top += words;
    }

    private void exit() {
        top = bases[--level];
    }

    private boolean isSet(final int index) {
        return (bits[bases[level - 1] + (index >>> 6)] & (1L << index)) != 0;
    }

    private void set(final int index) {
        bits[bases[level - 1] + (index >>> 6)] |= 1L << index;
    }

    private void clear(final int index) {
        bits[bases[level - 1] + (index >>> 6)] &= ~(1L << index);
    }

    /** The index of {@code field} in {@code type}'s fields, which are in number order. */
    private static int indexOf(final MessageSchema type, final FieldSchema field) {
        int low = 0;
        int high = type.fieldCount() - 1;
        final int number = field.number();
        while (low <= high) {
            final int mid = (low + high) >>> 1;
            final int n = type.field(mid).number();
            if (n < number) {
                low = mid + 1;
            } else if (n > number) {
                high = mid - 1;
            } else {
                return mid;
            }
        }
        throw new IllegalStateException(field + " is not a field of " + type);
    }

    /** Options of a {@link TextParser}, with protobuf-java's {@code TextFormat.Parser.Builder} defaults. */
    public static final class Builder {
        private boolean allowUnknownFields;
        private boolean allowUnknownExtensions;
        private boolean rejectInvalidUtf8;
        private SingularOverwritePolicy policy = SingularOverwritePolicy.ALLOW_SINGULAR_OVERWRITES;
        private SchemaRegistry registry = SchemaRegistry.EMPTY;
        private int recursionLimit = DEFAULT_RECURSION_LIMIT;

        private Builder() {}

        /**
         * Unknown fields (and extensions) are skipped — their values parsed and discarded — instead of being an
         * error; protobuf-java logs them, this parser does not.
         *
         * @param allow true to skip them.
         * @return this builder.
         */
        public Builder allowUnknownFields(final boolean allow) {
            allowUnknownFields = allow;
            return this;
        }

        /**
         * Unknown extensions ({@code [pkg.ext]} the schema does not have) are skipped instead of being an error;
         * unknown plain fields still are.
         *
         * @param allow true to skip them.
         * @return this builder.
         */
        public Builder allowUnknownExtensions(final boolean allow) {
            allowUnknownExtensions = allow;
            return this;
        }

        /**
         * @param singularOverwritePolicy what a singular field given twice is.
         * @return this builder.
         */
        public Builder singularOverwritePolicy(final SingularOverwritePolicy singularOverwritePolicy) {
            policy = singularOverwritePolicy;
            return this;
        }

        /**
         * @param types the message types an {@code Any}'s {@code [type.googleapis.com/pkg.Msg] { ... }} may name;
         *     by default none, and that form is an error (the {@code type_url} / {@code value} form always works).
         * @return this builder.
         */
        public Builder typeRegistry(final SchemaRegistry types) {
            registry = types;
            return this;
        }

        /**
         * @param limit how deep messages may nest; 100 by default.
         * @return this builder.
         */
        public Builder recursionLimit(final int limit) {
            recursionLimit = limit;
            return this;
        }

        /**
         * A string field whose schema validates UTF-8 (proto3, editions' {@code VERIFY}) and whose escapes give
         * invalid UTF-8 is an error instead of being decoded with replacement characters as protobuf-java decodes
         * it: what protobuf's C++ parser and the conformance suite require. Off by default.
         *
         * @param reject true to reject it.
         * @return this builder.
         */
        public Builder rejectInvalidUtf8(final boolean reject) {
            rejectInvalidUtf8 = reject;
            return this;
        }

        /**
         * @return a parser with these options.
         */
        public TextParser build() {
            return new TextParser(this);
        }
    }
}
