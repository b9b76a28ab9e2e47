package org.flyproto.codec;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.agrona.DirectBuffer;
import org.flyproto.buffers.BytesView;
import org.flyproto.buffers.Utf8;
import org.flyproto.buffers.Utf8View;

/**
 * What generated decoders print their JSON through (from their {@code appendJsonTo}); users print with
 * {@link JsonPrinter}. The JSON is written as UTF-8 into an array of this writer's own (reused, grown when a message
 * needs more than any before), from which the printer copies it to its target in one piece: no per-byte call through
 * an interface, and nothing written to the target when printing fails.
 *
 * <p>The layout is that of protobuf-java's {@code JsonFormat.printer()}: an object's members one per line, indented
 * by two spaces per level, {@code "name": value}; arrays on one line, elements separated by {@code ", "}; an empty
 * object as <code>{</code>, a line break and <code>}</code>; or, with
 * {@link JsonPrinter#omittingInsignificantWhitespace()}, no whitespace at all.
 *
 * <p>Members are printed in the order the generated code calls them (field-number order). A repeated field or a map
 * is opened with its name pending: the name is written with the first element, so a field whose elements are all
 * dropped (undeclared closed-enum numbers are unknown fields) prints nothing, or, with
 * {@link JsonPrinter#alwaysPrintFieldsWithNoPresence()}, an empty array or object.
 *
 * <p>Not thread-safe; one per {@link JsonPrinter}.
 */
public final class JsonWriter {
    private static final byte[] BASE64 =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NULL = {'n', 'u', 'l', 'l'};
    private static final byte[] TRUE = {'t', 'r', 'u', 'e'};
    private static final byte[] FALSE = {'f', 'a', 'l', 's', 'e'};
    private static final byte[] QUOTED_NAN = {'"', 'N', 'a', 'N', '"'};
    private static final byte[] QUOTED_INFINITY = {'"', 'I', 'n', 'f', 'i', 'n', 'i', 't', 'y', '"'};
    private static final byte[] QUOTED_MINUS_INFINITY = {'"', '-', 'I', 'n', 'f', 'i', 'n', 'i', 't', 'y', '"'};
    private static final byte[] LONG_MIN = "-9223372036854775808".getBytes(StandardCharsets.US_ASCII);

    /**
     * How Gson (which {@code JsonFormat} prints strings with, HTML-safe) escapes each ASCII character: 0 for none,
     * else the character after the backslash ({@code 'u'} for a {@code \\u00xx} escape).
     */
    private static final byte[] ESCAPES = new byte[128];

    static {
        for (int c = 0; c < 0x20; c++) {
            ESCAPES[c] = 'u';
        }
        ESCAPES['\t'] = 't';
        ESCAPES['\b'] = 'b';
        ESCAPES['\n'] = 'n';
        ESCAPES['\r'] = 'r';
        ESCAPES['\f'] = 'f';
        ESCAPES['"'] = '"';
        ESCAPES['\\'] = '\\';
        for (final char c : new char[] {'<', '>', '&', '=', '\''}) {
            ESCAPES[c] = 'u';
        }
    }

    /** JsonFormat refuses nothing here, but each level of an Any inside an Any is a level of recursion. */
    static final int MAX_ANY_DEPTH = 100;

    private final boolean pretty;
    private final boolean protoNames;
    private final boolean enumsAsInts;
    private final boolean fieldsWithNoPresence;
    private final JsonTypeRegistry registry;

    private byte[] out = new byte[1024];
    private int pos;
    /** Bytes being escaped or encoded, copied out of the message's buffer in one call. */
    private byte[] raw = new byte[256];
    /** A field mask path converted to lowerCamel. */
    private byte[] camel = new byte[256];

    /** Per open object or array: the members or elements printed so far. */
    private int[] counts = new int[32];

    private int open;
    /** Objects open: the indentation of their members. */
    private int indent;
    /** The names of a repeated field or map whose opening waits for its first element, or null. */
    private String pendingJsonName;

    private String pendingProtoName;
    private byte pendingBracket;
    private boolean pendingPrintsEmpty;

    private final JsonMapOrder maps = new JsonMapOrder();
    private final StringBuilder decimal = new StringBuilder(32);
    private DecimalCache decimals;

    /** Decoders of the registry's types for Any, per type and nesting level; created on first use. */
    private final MessageDecoder[][] anyDecoders;

    private final int[] anyInUse;
    private int anyDepth;

    JsonWriter(
            final boolean pretty,
            final boolean protoNames,
            final boolean enumsAsInts,
            final boolean fieldsWithNoPresence,
            final JsonTypeRegistry registry) {
        this.pretty = pretty;
        this.protoNames = protoNames;
        this.enumsAsInts = enumsAsInts;
        this.fieldsWithNoPresence = fieldsWithNoPresence;
        this.registry = registry;
        anyDecoders = new MessageDecoder[registry.size()][];
        anyInUse = new int[registry.size()];
    }

    /** Starts a new document. */
    void reset() {
        pos = 0;
        open = 0;
        indent = 0;
        pendingJsonName = null;
        anyDepth = 0;
        Arrays.fill(anyInUse, 0);
        maps.reset();
    }

    /** @return the JSON printed since {@link #reset()}: {@code bytes()[0, length())}. */
    byte[] bytes() {
        return out;
    }

    int length() {
        return pos;
    }

    // ------------------------------------------------------------------------------------------------ structure

    /**
     * @return true if fields without presence (implicit-presence scalars, repeated fields, maps) are printed at their
     *     defaults too ({@link JsonPrinter#alwaysPrintFieldsWithNoPresence()}).
     */
    public boolean printsFieldsWithNoPresence() {
        return fieldsWithNoPresence;
    }

    /**
     * Starts a member of the open object: the separator, the line break and indentation, the name and the colon.
     *
     * @param jsonName  the field's JSON name (lowerCamel, or its {@code json_name}).
     * @param protoName the field's name in the .proto file, printed with
     *                  {@link JsonPrinter#preservingProtoFieldNames()}.
     * @return this writer, to print the value.
     */
    public JsonWriter field(final String jsonName, final String protoName) {
        member();
        ensure(2);
        out[pos++] = '"';
        ascii(protoNames ? protoName : jsonName);
        ensure(3);
        out[pos++] = '"';
        out[pos++] = ':';
        space();
        return this;
    }

    /**
     * Opens an array, the value of a member or element just started.
     */
    public void beginArray() {
        push('[');
    }

    /**
     * Opens a repeated field: its name and {@code [} are printed with its first {@link #element()}.
     *
     * @param jsonName  the field's JSON name.
     * @param protoName the field's name in the .proto file.
     */
    public void beginArray(final String jsonName, final String protoName) {
        pend(jsonName, protoName, (byte) '[');
    }

    /**
     * Opens a repeated extension: like {@link #beginArray(String, String)}, but printed only with an element, also
     * with {@link JsonPrinter#alwaysPrintFieldsWithNoPresence()} ({@code JsonFormat} adds the defaults of a message's
     * own fields only).
     *
     * @param jsonName  the extension's JSON name.
     * @param protoName the extension's name in the .proto file.
     */
    public void beginExtensionArray(final String jsonName, final String protoName) {
        pend(jsonName, protoName, (byte) '[');
        pendingPrintsEmpty = false;
    }

    /**
     * Starts an element of the open array (or opens a pending repeated field).
     *
     * @return this writer, to print the value.
     */
    public JsonWriter element() {
        if (pendingJsonName != null) {
            openPending();
        } else if (counts[open - 1]++ != 0) {
            ensure(2);
            out[pos++] = ',';
            space();
        }
        return this;
    }

    /** Closes the array {@link #beginArray} opened. */
    public void endArray() {
        close(']');
    }

    /** Opens an object, the value of a member or element just started. */
    public void beginObject() {
        push('{');
        indent++;
    }

    /**
     * Opens a map field: its name and <code>{</code> are printed with its first key.
     *
     * @param jsonName  the field's JSON name.
     * @param protoName the field's name in the .proto file.
     */
    public void beginObject(final String jsonName, final String protoName) {
        pend(jsonName, protoName, (byte) '{');
    }

    /** Closes the object {@link #beginObject} opened. */
    public void endObject() {
        if (pendingJsonName == null) {
            indent--;
        }
        close('}');
    }

    /**
     * Prints a message: an object of its fields, or the special form of a well-known type.
     *
     * @param message the message, wrapped.
     */
    public void message(final MessageDecoder message) {
        if (message.jsonValueForm()) {
            message.appendJsonTo(this);
        } else {
            beginObject();
            message.appendJsonTo(this);
            endObject();
        }
    }

    private void member() {
        if (counts[open - 1]++ != 0) {
            ensure(1);
            out[pos++] = ',';
        }
        if (pretty) {
            newLine();
        }
    }

    private void newLine() {
        ensure(1 + 2 * indent);
        out[pos++] = '\n';
        for (int i = 0; i < indent; i++) {
            out[pos++] = ' ';
            out[pos++] = ' ';
        }
    }

    private void space() {
        if (pretty) {
            out[pos++] = ' ';
        }
    }

    private void push(final char bracket) {
        ensure(1);
        out[pos++] = (byte) bracket;
        if (open == counts.length) {
            counts = Arrays.copyOf(counts, 2 * open);
        }
        counts[open++] = 0;
    }

    private void pend(final String jsonName, final String protoName, final byte bracket) {
        pendingJsonName = jsonName;
        pendingProtoName = protoName;
        pendingBracket = bracket;
        pendingPrintsEmpty = fieldsWithNoPresence;
    }

    private void openPending() {
        final String jsonName = pendingJsonName;
        pendingJsonName = null;
        field(jsonName, pendingProtoName);
        if (pendingBracket == '{') {
            beginObject();
        } else {
            beginArray();
        }
        counts[open - 1] = 1;
    }

    private void close(final char bracket) {
        if (pendingJsonName != null) {
            if (!pendingPrintsEmpty) {
                pendingJsonName = null;
                return;
            }
            openPending();
            counts[open - 1] = 0;
            if (bracket == '}') {
                indent--;
            }
        }
        open--;
        if (bracket == '}' && pretty) {
            newLine();
        }
        ensure(1);
        out[pos++] = (byte) bracket;
    }

    // ------------------------------------------------------------------------------------------------ map keys

    /**
     * Starts ordering the entries of a map field as {@code JsonFormat} prints them: each key once, at its first
     * occurrence, with its last value. Add every entry's key with {@link #mapKey}, then {@link #orderMap}.
     *
     * @param stringKeys true if the keys are strings; else numbers or bools.
     * @return the mark to pass to {@link #orderMap} and {@link #endMapOrder}.
     */
    public int beginMapOrder(final boolean stringKeys) {
        return maps.begin(stringKeys);
    }

    /**
     * Adds the entry at {@code element} (0, 1, ... in wire order) with a numeric key (a bool as 0 or 1).
     *
     * @param key     the key, widened to long.
     * @param element the entry's index in the field.
     */
    public void mapKey(final long key, final int element) {
        maps.add(key, element);
    }

    /**
     * Adds the entry at {@code element} (0, 1, ... in wire order) with a string key; its bytes are recorded, not
     * copied.
     *
     * @param key     the key.
     * @param element the entry's index in the field.
     */
    public void mapKey(final Utf8View key, final int element) {
        maps.add(key, element);
    }

    /**
     * @param mark the value {@link #beginMapOrder} returned.
     * @return the end of the order: print the entry {@link #mapElement(int)} for each index in {@code [mark, end)}.
     */
    public int orderMap(final int mark) {
        return maps.resolve(mark);
    }

    /**
     * @param index an index in {@code [mark, end)} of {@link #orderMap}.
     * @return the index in the field of the entry to print there.
     */
    public int mapElement(final int index) {
        return maps.element(index);
    }

    /**
     * Forgets the entries ordered since {@code mark}.
     *
     * @param mark the value {@link #beginMapOrder} returned.
     */
    public void endMapOrder(final int mark) {
        maps.end(mark);
    }

    /**
     * Starts a map entry with a string key: the key as the member's name.
     *
     * @param key the key.
     * @return this writer, to print the value.
     */
    public JsonWriter key(final Utf8View key) {
        keyStart();
        string(key);
        return keyEnd();
    }

    /**
     * Starts a map entry with a signed 32-bit key (int32, sint32, sfixed32), quoted.
     *
     * @param key the key.
     * @return this writer, to print the value.
     */
    public JsonWriter key(final int key) {
        keyStart();
        ensure(1);
        out[pos++] = '"';
        decimal(key);
        ensure(1);
        out[pos++] = '"';
        return keyEnd();
    }

    /**
     * Starts a map entry with a signed 64-bit key (int64, sint64, sfixed64), quoted.
     *
     * @param key the key.
     * @return this writer, to print the value.
     */
    public JsonWriter key(final long key) {
        keyStart();
        int64(key);
        return keyEnd();
    }

    /**
     * Starts a map entry with an unsigned 32-bit key (uint32, fixed32), quoted.
     *
     * @param key the key's bits.
     * @return this writer, to print the value.
     */
    public JsonWriter unsignedKey(final int key) {
        return key(key & 0xFFFF_FFFFL);
    }

    /**
     * Starts a map entry with an unsigned 64-bit key (uint64, fixed64), quoted.
     *
     * @param key the key's bits.
     * @return this writer, to print the value.
     */
    public JsonWriter unsignedKey(final long key) {
        keyStart();
        uint64(key);
        return keyEnd();
    }

    /**
     * Starts a map entry with a bool key, quoted.
     *
     * @param key the key.
     * @return this writer, to print the value.
     */
    public JsonWriter key(final boolean key) {
        keyStart();
        ensure(1);
        out[pos++] = '"';
        bool(key);
        ensure(1);
        out[pos++] = '"';
        return keyEnd();
    }

    private void keyStart() {
        if (pendingJsonName != null) {
            openPending();
            counts[open - 1] = 0;
        }
        member();
    }

    private JsonWriter keyEnd() {
        ensure(2);
        out[pos++] = ':';
        space();
        return this;
    }

    // ------------------------------------------------------------------------------------------------ values

    /**
     * Prints a signed 32-bit value (int32, sint32, sfixed32) as a number.
     *
     * @param value the value.
     */
    public void int32(final int value) {
        decimal(value);
    }

    /**
     * Prints a signed 64-bit value (int64, sint64, sfixed64) as a quoted decimal string.
     *
     * @param value the value.
     */
    public void int64(final long value) {
        ensure(22);
        out[pos++] = '"';
        decimal(value);
        out[pos++] = '"';
    }

    /**
     * Prints an unsigned 32-bit value (uint32, fixed32) as a number.
     *
     * @param value the value's bits.
     */
    public void uint32(final int value) {
        decimal(value & 0xFFFF_FFFFL);
    }

    /**
     * Prints an unsigned 64-bit value (uint64, fixed64) as a quoted decimal string.
     *
     * @param value the value's bits.
     */
    public void uint64(final long value) {
        ensure(22);
        out[pos++] = '"';
        if (value >= 0) {
            decimal(value);
        } else {
            final long quotient = (value >>> 1) / 5;
            decimal(quotient);
            out[pos++] = (byte) ('0' + (value - quotient * 10));
        }
        out[pos++] = '"';
    }

    /**
     * Prints a float as {@code Float.toString} writes it; NaN and the infinities as the quoted strings
     * {@code "NaN"}, {@code "Infinity"}, {@code "-Infinity"}.
     *
     * @param value the value.
     */
    public void float32(final float value) {
        if (nonFinite(value)) {
            return;
        }
        final int exponent = Math.getExponent(value);
        decimal.setLength(0);
        if (exponent >= -49 && exponent <= 85 || value == 0) {
            decimal.append(value);
        } else {
            decimals().appendFloat(value, decimal);
        }
        asciiOf(decimal);
    }

    /**
     * Prints a double as {@code Double.toString} writes it; NaN and the infinities as the quoted strings
     * {@code "NaN"}, {@code "Infinity"}, {@code "-Infinity"}.
     *
     * @param value the value.
     */
    public void float64(final double value) {
        if (nonFinite(value)) {
            return;
        }
        // The magnitudes for which the JDK's conversion allocates go through a cache, as in TextPrinter.
        final int exponent = Math.getExponent(value);
        decimal.setLength(0);
        if (exponent >= -8 && exponent <= 85 || value == 0) {
            decimal.append(value);
        } else {
            decimals().appendDouble(value, decimal);
        }
        asciiOf(decimal);
    }

    private boolean nonFinite(final double value) {
        if (Double.isNaN(value)) {
            bytes(QUOTED_NAN);
        } else if (value == Double.POSITIVE_INFINITY) {
            bytes(QUOTED_INFINITY);
        } else if (value == Double.NEGATIVE_INFINITY) {
            bytes(QUOTED_MINUS_INFINITY);
        } else {
            return false;
        }
        return true;
    }

    private DecimalCache decimals() {
        if (decimals == null) {
            decimals = new DecimalCache();
        }
        return decimals;
    }

    /**
     * Prints a bool.
     *
     * @param value the value.
     */
    public void bool(final boolean value) {
        bytes(value ? TRUE : FALSE);
    }

    /**
     * Prints an enum value: its name, quoted; or its number when the enum does not declare it, or with
     * {@link JsonPrinter#printingEnumsAsInts()}.
     *
     * @param name   the value's name, or null for an undeclared number.
     * @param number the number.
     */
    public void enumValue(final String name, final int number) {
        if (name == null || enumsAsInts) {
            decimal(number);
        } else {
            ensure(1);
            out[pos++] = '"';
            ascii(name);
            ensure(1);
            out[pos++] = '"';
        }
    }

    /** Prints {@code null}: a {@code google.protobuf.NullValue}, whatever its number, or an empty Value. */
    public void nullValue() {
        bytes(NULL);
    }

    /**
     * Prints a {@code google.protobuf.Value}'s number.
     *
     * @param value the value.
     * @throws JsonPrintException if it is NaN or infinite, as {@code JsonFormat} refuses them.
     */
    public void numberValue(final double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            throw new JsonPrintException("google.protobuf.Value cannot encode double values for infinity or nan,"
                    + " because they would be parsed as a string");
        }
        float64(value);
    }

    /**
     * Prints a string, quoted and escaped as {@code JsonFormat} (through Gson, HTML-safe) escapes it: {@code \"},
     * {@code \\}, {@code \t \b \n \r \f}, other control characters and {@code < > & = '} as {@code \\u00xx},
     * U+2028 and U+2029 as {@code \\u2028} and {@code \\u2029}; everything else as it is. Bytes that are not valid
     * UTF-8 (possible only where the string is not validated) print as protobuf-java's String of them does, with
     * replacement characters (through a temporary String: the one allocating path).
     *
     * @param value the string.
     */
    public void string(final Utf8View value) {
        final int length = value.byteLength();
        final byte[] bytes = copyRaw(value.buffer(), value.offset(), length);
        if (Utf8Arrays.isValid(bytes, 0, length)) {
            quoted(bytes, 0, length);
        } else {
            final byte[] replaced =
                    Utf8.toString(value.buffer(), value.offset(), length).getBytes(StandardCharsets.UTF_8);
            quoted(replaced, 0, replaced.length);
        }
    }

    /**
     * Prints bytes as a quoted string of their standard base64 encoding, with padding.
     *
     * @param value the bytes.
     */
    public void bytes(final BytesView value) {
        final int length = value.length();
        final byte[] bytes = copyRaw(value.buffer(), value.offset(), length);
        ensure(2 + (length + 2) / 3 * 4);
        final byte[] o = out;
        int p = pos;
        o[p++] = '"';
        int i = 0;
        for (final int whole = length - length % 3; i < whole; i += 3) {
            final int bits = (bytes[i] & 0xFF) << 16 | (bytes[i + 1] & 0xFF) << 8 | bytes[i + 2] & 0xFF;
            o[p++] = BASE64[bits >>> 18];
            o[p++] = BASE64[(bits >>> 12) & 0x3F];
            o[p++] = BASE64[(bits >>> 6) & 0x3F];
            o[p++] = BASE64[bits & 0x3F];
        }
        if (length - i == 1) {
            final int bits = (bytes[i] & 0xFF) << 16;
            o[p++] = BASE64[bits >>> 18];
            o[p++] = BASE64[(bits >>> 12) & 0x3F];
            o[p++] = '=';
            o[p++] = '=';
        } else if (length - i == 2) {
            final int bits = (bytes[i] & 0xFF) << 16 | (bytes[i + 1] & 0xFF) << 8;
            o[p++] = BASE64[bits >>> 18];
            o[p++] = BASE64[(bits >>> 12) & 0x3F];
            o[p++] = BASE64[(bits >>> 6) & 0x3F];
            o[p++] = '=';
        }
        o[p++] = '"';
        pos = p;
    }

    // ------------------------------------------------------------------------------------------------ WKT

    /**
     * Prints a {@code google.protobuf.Timestamp} as {@code JsonFormat} does: RFC 3339 in UTC, quoted, e.g.
     * {@code "1972-01-01T10:00:20.021Z"}, with 0, 3, 6 or 9 digits of fraction (the fewest that hold the nanos).
     *
     * @param seconds seconds since 1970-01-01T00:00:00Z.
     * @param nanos   the fraction of the second, in nanoseconds.
     * @throws JsonPrintException if {@code seconds} is outside {@code [0001-01-01T00:00:00Z,
     *     9999-12-31T23:59:59Z]} or {@code nanos} outside {@code [0, 999999999]}.
     */
    public void timestamp(final long seconds, final int nanos) {
        if (seconds < JsonTime.TIMESTAMP_MIN_SECONDS
                || seconds > JsonTime.TIMESTAMP_MAX_SECONDS
                || nanos < 0
                || nanos > JsonTime.MAX_NANOS) {
            throw new JsonPrintException("Timestamp is not valid: seconds " + seconds + " must be in ["
                    + JsonTime.TIMESTAMP_MIN_SECONDS + ", " + JsonTime.TIMESTAMP_MAX_SECONDS + "] and nanos " + nanos
                    + " in [0, 999999999]");
        }
        ensure(32);
        pos = JsonTime.timestamp(out, pos, seconds, nanos);
    }

    /**
     * Prints a {@code google.protobuf.Duration} as {@code JsonFormat} does: seconds with 0, 3, 6 or 9 digits of
     * fraction and the suffix {@code s}, quoted, e.g. {@code "-1.000340012s"}.
     *
     * @param seconds the whole seconds.
     * @param nanos   the fraction, in nanoseconds, of the same sign as {@code seconds}.
     * @throws JsonPrintException if {@code seconds} is outside {@code [-315576000000, 315576000000]}, {@code nanos}
     *     outside {@code [-999999999, 999999999]}, or their signs differ.
     */
    public void duration(final long seconds, final int nanos) {
        if (seconds < -JsonTime.DURATION_MAX_SECONDS
                || seconds > JsonTime.DURATION_MAX_SECONDS
                || nanos < -JsonTime.MAX_NANOS
                || nanos > JsonTime.MAX_NANOS
                || seconds < 0 && nanos > 0
                || seconds > 0 && nanos < 0) {
            throw new JsonPrintException("Duration is not valid: seconds " + seconds + " must be in [-"
                    + JsonTime.DURATION_MAX_SECONDS + ", " + JsonTime.DURATION_MAX_SECONDS + "], nanos " + nanos
                    + " in [-999999999, 999999999], of the same sign");
        }
        ensure(32);
        pos = JsonTime.duration(out, pos, seconds, nanos);
    }

    /** Opens a {@code google.protobuf.FieldMask}: a quoted string of its paths joined by commas. */
    public void beginFieldMask() {
        push('"');
    }

    /**
     * Adds a path to the open field mask, converted to lowerCamel as {@code JsonFormat} converts it
     * ({@code FieldMaskUtil.toJsonString}): each underscore dropped and the character after it upper-cased, every
     * other character lower-cased ({@code Character.toUpperCase/toLowerCase} of each UTF-16 char); an empty path is
     * left out.
     *
     * @param path the path.
     */
    public void fieldMaskPath(final Utf8View path) {
        final int length = path.byteLength();
        if (length == 0) {
            return;
        }
        byte[] bytes = copyRaw(path.buffer(), path.offset(), length);
        int end = length;
        if (!Utf8Arrays.isValid(bytes, 0, length)) {
            bytes = Utf8.toString(path.buffer(), path.offset(), length).getBytes(StandardCharsets.UTF_8);
            end = bytes.length;
        }
        if (counts[open - 1]++ != 0) {
            ensure(1);
            out[pos++] = ',';
        }
        // A char's case mapping may take one more byte (U+023A to U+2C65): at most 3 bytes per 2.
        if (camel.length < 2 * end) {
            camel = new byte[2 * end];
        }
        final byte[] c = camel;
        int kept = 0;
        boolean upper = false;
        for (int i = 0; i < end; ) {
            final int b = bytes[i];
            if (b == '_') {
                upper = true;
                i++;
                continue;
            }
            if (b >= 0) {
                c[kept++] = upper ? upper((byte) b) : lower((byte) b);
                i++;
            } else if ((b & 0xF8) == 0xF0) {
                // A supplementary character: two surrogates, which have no case.
                System.arraycopy(bytes, i, c, kept, 4);
                kept += 4;
                i += 4;
            } else {
                final int width = (b & 0xE0) == 0xC0 ? 2 : 3;
                final char decoded = width == 2
                        ? (char) ((b & 0x1F) << 6 | bytes[i + 1] & 0x3F)
                        : (char) ((b & 0x0F) << 12 | (bytes[i + 1] & 0x3F) << 6 | bytes[i + 2] & 0x3F);
                kept = utf8(upper ? Character.toUpperCase(decoded) : Character.toLowerCase(decoded), c, kept);
                i += width;
            }
            upper = false;
        }
        escaped(c, 0, kept);
    }

    /** Writes {@code ch} (not a surrogate) as UTF-8 at {@code index}. */
    private static int utf8(final char ch, final byte[] bytes, final int index) {
        if (ch < 0x80) {
            bytes[index] = (byte) ch;
            return index + 1;
        }
        if (ch < 0x800) {
            bytes[index] = (byte) (0xC0 | ch >>> 6);
            bytes[index + 1] = (byte) (0x80 | ch & 0x3F);
            return index + 2;
        }
        bytes[index] = (byte) (0xE0 | ch >>> 12);
        bytes[index + 1] = (byte) (0x80 | (ch >>> 6) & 0x3F);
        bytes[index + 2] = (byte) (0x80 | ch & 0x3F);
        return index + 3;
    }

    /** Closes the field mask {@link #beginFieldMask()} opened. */
    public void endFieldMask() {
        open--;
        ensure(1);
        out[pos++] = '"';
    }

    private static byte upper(final byte b) {
        return b >= 'a' && b <= 'z' ? (byte) (b - ('a' - 'A')) : b;
    }

    private static byte lower(final byte b) {
        return b >= 'A' && b <= 'Z' ? (byte) (b + ('a' - 'A')) : b;
    }

    /**
     * Prints a {@code google.protobuf.Any}: <code>{}</code> if empty; else an object of {@code "@type"} and the packed
     * message's fields, or of {@code "@type"} and {@code "value"} when the packed type is itself a well-known type with
     * a special form. The packed message is read by a decoder of the {@link JsonTypeRegistry} (validating unless the
     * Any's decoder is trusted).
     *
     * @param typeUrl the type URL; its last segment, after the last {@code /}, names the type.
     * @param value   the packed message's bytes.
     * @param trusted true if the Any was wrapped trusted.
     * @throws JsonPrintException  if the type URL has no {@code /} or names a type the registry does not hold.
     * @throws ProtoDecodeException if the packed bytes are not a valid message of that type.
     */
    public void any(final Utf8View typeUrl, final BytesView value, final boolean trusted) {
        final int urlLength = typeUrl.byteLength();
        if (urlLength == 0 && value.length() == 0) {
            ensure(2);
            out[pos++] = '{';
            out[pos++] = '}';
            return;
        }
        final byte[] url = copyRaw(typeUrl.buffer(), typeUrl.offset(), urlLength);
        int end = urlLength;
        while (end > 0 && url[end - 1] == '/') {
            end--;
        }
        int start = end;
        while (start > 0 && url[start - 1] != '/') {
            start--;
        }
        if (start == 0) {
            throw new JsonPrintException("Invalid type url found: " + typeUrl);
        }
        final int type = registry.find(url, start, end);
        if (type < 0) {
            throw new JsonPrintException("Cannot find type for url: " + typeUrl);
        }
        if (anyDepth == MAX_ANY_DEPTH) {
            throw new JsonPrintException("Any nested deeper than " + MAX_ANY_DEPTH);
        }
        final MessageDecoder packed = anyDecoder(type);
        anyDepth++;
        try {
            packed.wrapRoot(value.buffer(), value.offset(), value.length(), trusted);
            beginObject();
            field("@type", "@type");
            string(typeUrl);
            if (packed.jsonValueForm()) {
                field("value", "value");
                packed.appendJsonTo(this);
            } else {
                packed.appendJsonTo(this);
            }
            endObject();
        } finally {
            anyDepth--;
            anyInUse[type]--;
        }
    }

    private MessageDecoder anyDecoder(final int type) {
        MessageDecoder[] levels = anyDecoders[type];
        if (levels == null) {
            levels = new MessageDecoder[2];
            anyDecoders[type] = levels;
        }
        final int level = anyInUse[type]++;
        if (level == levels.length) {
            levels = Arrays.copyOf(levels, 2 * level);
            anyDecoders[type] = levels;
        }
        MessageDecoder decoder = levels[level];
        if (decoder == null) {
            decoder = registry.newDecoder(type);
            levels[level] = decoder;
        }
        return decoder;
    }

    // ------------------------------------------------------------------------------------------------ text

    private void ensure(final int more) {
        if (pos + more > out.length) {
            out = Arrays.copyOf(out, Math.max(pos + more, 2 * out.length));
        }
    }

    private byte[] copyRaw(final DirectBuffer buffer, final int offset, final int length) {
        if (raw.length < length) {
            raw = new byte[Math.max(length, 2 * raw.length)];
        }
        buffer.getBytes(offset, raw, 0, length);
        return raw;
    }

    private void bytes(final byte[] text) {
        ensure(text.length);
        System.arraycopy(text, 0, out, pos, text.length);
        pos += text.length;
    }

    /** A name or enum value name: ASCII in practice; anything else is encoded as UTF-8, unescaped as JsonFormat does. */
    private void ascii(final String text) {
        final int length = text.length();
        ensure(3 * length);
        final byte[] o = out;
        int p = pos;
        for (int i = 0; i < length; i++) {
            final char c = text.charAt(i);
            if (c < 0x80) {
                o[p++] = (byte) c;
            } else {
                pos = p;
                final byte[] utf8 = text.substring(i).getBytes(StandardCharsets.UTF_8);
                ensure(utf8.length);
                System.arraycopy(utf8, 0, out, pos, utf8.length);
                pos += utf8.length;
                return;
            }
        }
        pos = p;
    }

    private void asciiOf(final StringBuilder text) {
        final int length = text.length();
        ensure(length);
        for (int i = 0; i < length; i++) {
            out[pos++] = (byte) text.charAt(i);
        }
    }

    private void decimal(final long value) {
        ensure(20);
        if (value == Long.MIN_VALUE) {
            bytes(LONG_MIN);
            return;
        }
        long v = value;
        if (v < 0) {
            out[pos++] = '-';
            v = -v;
        }
        int digits = 1;
        for (long t = v; t >= 10; t /= 10) {
            digits++;
        }
        int p = pos + digits;
        pos = p;
        do {
            out[--p] = (byte) ('0' + v % 10);
            v /= 10;
        } while (v != 0);
    }

    private void quoted(final byte[] text, final int from, final int to) {
        ensure(1);
        out[pos++] = '"';
        escaped(text, from, to);
        ensure(1);
        out[pos++] = '"';
    }

    /** {@code text[from, to)}, valid UTF-8, escaped as Gson escapes it: runs that need none are copied whole. */
    private void escaped(final byte[] text, final int from, final int to) {
        ensure(6 * (to - from));
        final byte[] o = out;
        int p = pos;
        int run = from;
        for (int i = from; i < to; i++) {
            final byte b = text[i];
            final int escape;
            if (b >= 0) {
                escape = ESCAPES[b];
                if (escape == 0) {
                    continue;
                }
            } else if (b == (byte) 0xE2 && i + 2 < to && text[i + 1] == (byte) 0x80 && (text[i + 2] & 0xFE) == 0xA8) {
                escape = -1;
            } else {
                continue;
            }
            System.arraycopy(text, run, o, p, i - run);
            p += i - run;
            o[p++] = '\\';
            if (escape == -1) {
                o[p++] = 'u';
                o[p++] = '2';
                o[p++] = '0';
                o[p++] = '2';
                o[p++] = text[i + 2] == (byte) 0xA8 ? (byte) '8' : (byte) '9';
                i += 2;
            } else if (escape == 'u') {
                o[p++] = 'u';
                o[p++] = '0';
                o[p++] = '0';
                o[p++] = HEX[b >>> 4];
                o[p++] = HEX[b & 0xF];
            } else {
                o[p++] = (byte) escape;
            }
            run = i + 1;
        }
        System.arraycopy(text, run, o, p, to - run);
        pos = p + to - run;
    }
}
