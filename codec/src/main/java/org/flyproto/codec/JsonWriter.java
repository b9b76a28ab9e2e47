package org.flyproto.codec;

import java.util.Arrays;
import org.flyproto.buffers.BytesView;
import org.flyproto.buffers.Utf8View;
import org.flyproto.codec.schema.SchemaRegistry;

/**
 * What generated decoders print their JSON through (from their {@code appendJsonTo}); users print with
 * {@link JsonPrinter}. It lays the document out and applies the printer's options; the UTF-8 is written into an array
 * of its own (reused, grown when a message needs more than any before), from which the printer copies it to its
 * target in one piece: no per-byte call through an interface, and nothing written to the target when printing fails.
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
public final class JsonWriter implements ValueWriter {
    private final boolean pretty;
    private final boolean protoNames;
    private final boolean enumsAsInts;
    private final boolean fieldsWithNoPresence;
    private final boolean fullExtensionNames;
    private final SchemaRegistry schemas;

    private final JsonText text = new JsonText();

    /** Per open object or array: the members or elements printed so far. */
    private int[] counts = new int[32];

    private int open;
    /** Objects open: the indentation of their members. */
    private int indent;
    /**
     * The name ({@code "name":} in UTF-8) of a repeated field or map whose opening waits for its first element, or
     * null.
     */
    private byte[] pendingKey;

    private byte pendingBracket;
    private boolean pendingPrintsEmpty;

    private final MapOrder maps = new MapOrder();

    private final JsonWellKnownWriter wellKnown;
    /** Packed messages of Any being printed, one inside the other. */
    private int packedDepth;

    /** Prints dynamic messages; created on first use. */
    private DynamicJson dynamic;

    JsonWriter(final JsonPrinter.Options options) {
        this.pretty = options.pretty();
        this.protoNames = options.protoNames();
        this.enumsAsInts = options.enumsAsInts();
        this.fieldsWithNoPresence = options.fieldsWithNoPresence();
        this.fullExtensionNames = options.fullExtensionNames();
        this.schemas = options.schemas();
        this.wellKnown = new JsonWellKnownWriter(this, text, options);
    }

    /** Starts a new document. */
    void reset() {
        text.reset();
        open = 0;
        indent = 0;
        pendingKey = null;
        // packedDepth and the Any decoders in use are back at 0 after any print: the Any printing restores them in a
        // finally.
        maps.reset();
        if (dynamic != null) {
            dynamic.reset();
        }
    }

    /** @return the JSON printed since {@link #reset()}: {@code bytes()[0, length())}. */
    byte[] bytes() {
        return text.bytes();
    }

    int length() {
        return text.length();
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
        return key(text.encodedName(protoNames ? protoName : jsonName));
    }

    /**
     * Starts a member of the open object, as {@link #field(String, String)}, its names encoded once.
     *
     * @param name the field's names.
     * @return this writer, to print the value.
     */
    public JsonWriter field(final JsonName name) {
        return key(protoNames ? name.proto : name.json);
    }

    private JsonWriter key(final byte[] key) {
        member();
        text.key(key);
        space();
        return this;
    }

    /**
     * Starts a member for an extension: as {@link #field(String, String)}, or under {@code fullName} with
     * {@link JsonPrinter#printingFullyQualifiedExtensionNames()}.
     *
     * @param jsonName  the extension's lowerCamel name.
     * @param protoName the extension's name in the .proto file.
     * @param fullName  the extension's ProtoJSON name, {@code [full.name]}.
     * @return this writer, to print the value.
     */
    public JsonWriter extensionField(final String jsonName, final String protoName, final String fullName) {
        return fullExtensionNames ? field(fullName, fullName) : field(jsonName, protoName);
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
     * Opens a repeated field, as {@link #beginArray(String, String)}, its names encoded once.
     *
     * @param name the field's names.
     */
    public void beginArray(final JsonName name) {
        pend(name, (byte) '[');
    }

    /**
     * Opens a repeated extension: like {@link #beginArray(String, String)}, but printed only with an element, also
     * with {@link JsonPrinter#alwaysPrintFieldsWithNoPresence()} ({@code JsonFormat} adds the defaults of a message's
     * own fields only).
     *
     * @param jsonName  the extension's lowerCamel name.
     * @param protoName the extension's name in the .proto file.
     * @param fullName  the extension's ProtoJSON name, {@code [full.name]}, printed with
     *                  {@link JsonPrinter#printingFullyQualifiedExtensionNames()}.
     */
    public void beginExtensionArray(final String jsonName, final String protoName, final String fullName) {
        if (fullExtensionNames) {
            pend(fullName, fullName, (byte) '[');
        } else {
            pend(jsonName, protoName, (byte) '[');
        }
        pendingPrintsEmpty = false;
    }

    /**
     * Starts an element of the open array (or opens a pending repeated field).
     *
     * @return this writer, to print the value.
     */
    public JsonWriter element() {
        if (pendingKey != null) {
            openPending();
        } else if (counts[open - 1]++ != 0) {
            text.put(',');
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

    /**
     * Opens a map field, as {@link #beginObject(String, String)}, its names encoded once.
     *
     * @param name the field's names.
     */
    public void beginObject(final JsonName name) {
        pend(name, (byte) '{');
    }

    /** Closes the object {@link #beginObject} opened. */
    public void endObject() {
        if (pendingKey == null) {
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

    /**
     * Prints a dynamic message, as {@link #message(MessageDecoder)} prints a generated one of its type.
     *
     * @param message the message, wrapped.
     */
    void message(final DynamicDecoder message) {
        DynamicJson printer = dynamic;
        if (printer == null) {
            printer = new DynamicJson(this, schemas);
            dynamic = printer;
        }
        printer.message(message);
    }

    private void member() {
        if (counts[open - 1]++ != 0) {
            text.put(',');
        }
        if (pretty) {
            text.newLine(indent);
        }
    }

    private void space() {
        if (pretty) {
            text.put(' ');
        }
    }

    private void push(final char bracket) {
        text.put(bracket);
        if (open == counts.length) {
            counts = Arrays.copyOf(counts, 2 * open);
        }
        counts[open++] = 0;
    }

    private void pend(final String jsonName, final String protoName, final byte bracket) {
        pend(text.encodedName(protoNames ? protoName : jsonName), bracket);
    }

    private void pend(final JsonName name, final byte bracket) {
        pend(protoNames ? name.proto : name.json, bracket);
    }

    private void pend(final byte[] key, final byte bracket) {
        pendingKey = key;
        pendingBracket = bracket;
        pendingPrintsEmpty = fieldsWithNoPresence;
    }

    private void openPending() {
        final byte[] key = pendingKey;
        pendingKey = null;
        key(key);
        if (pendingBracket == '{') {
            beginObject();
        } else {
            beginArray();
        }
        counts[open - 1] = 1;
    }

    private void close(final char bracket) {
        if (pendingKey != null) {
            if (!pendingPrintsEmpty) {
                pendingKey = null;
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
            text.newLine(indent);
        }
        text.put(bracket);
    }

    // ------------------------------------------------------------------------------------------------ map keys

    /** @return the order of the map entries being printed, for {@link DynamicMapEntries}. */
    MapOrder maps() {
        return maps;
    }

    /**
     * Starts ordering the entries of a map field as {@code JsonFormat} prints them: each key once, at its first
     * occurrence, with its last value; inside an Any (which {@code JsonFormat} reads as a {@code DynamicMessage}),
     * every entry in wire order, a repeated key repeated. Add every entry's key with {@link #mapKey}, then
     * {@link #orderMap}.
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
        return packedDepth == 0 ? maps.resolve(mark) : maps.wireOrder(mark);
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
        text.string(key);
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
        text.put('"');
        text.decimal(key);
        text.put('"');
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
        text.put('"');
        text.bool(key);
        text.put('"');
        return keyEnd();
    }

    private void keyStart() {
        if (pendingKey != null) {
            openPending();
            counts[open - 1] = 0;
        }
        member();
    }

    private JsonWriter keyEnd() {
        text.put(':');
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
        text.decimal(value);
    }

    /**
     * Prints a signed 64-bit value (int64, sint64, sfixed64) as a quoted decimal string.
     *
     * @param value the value.
     */
    public void int64(final long value) {
        text.quotedDecimal(value);
    }

    /**
     * Prints an unsigned 32-bit value (uint32, fixed32) as a number.
     *
     * @param value the value's bits.
     */
    public void uint32(final int value) {
        text.decimal(value & 0xFFFF_FFFFL);
    }

    /**
     * Prints an unsigned 64-bit value (uint64, fixed64) as a quoted decimal string.
     *
     * @param value the value's bits.
     */
    public void uint64(final long value) {
        text.quotedUnsignedDecimal(value);
    }

    /**
     * Prints a float as {@code Float.toString} writes it; NaN and the infinities as the quoted strings
     * {@code "NaN"}, {@code "Infinity"}, {@code "-Infinity"}.
     *
     * @param value the value.
     */
    public void float32(final float value) {
        text.float32(value);
    }

    /**
     * Prints a double as {@code Double.toString} writes it; NaN and the infinities as the quoted strings
     * {@code "NaN"}, {@code "Infinity"}, {@code "-Infinity"}.
     *
     * @param value the value.
     */
    public void float64(final double value) {
        text.float64(value);
    }

    /**
     * Prints a bool.
     *
     * @param value the value.
     */
    public void bool(final boolean value) {
        text.bool(value);
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
            text.decimal(number);
        } else {
            text.quotedName(name);
        }
    }

    /** Prints {@code null}: a {@code google.protobuf.NullValue}, whatever its number, or an empty Value. */
    public void nullValue() {
        text.nullValue();
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
        text.float64(value);
    }

    /**
     * Prints a string, quoted and escaped as {@code JsonFormat} escapes it: {@code \"}, {@code \\},
     * {@code \t \b \n \r \f}, other control characters and {@code < > & = '} as {@code \\u00xx}, U+2028 and
     * U+2029 as {@code \\u2028} and {@code \\u2029}; everything else as it is. Bytes that are not valid UTF-8
     * (possible only where the string is not validated) print as protobuf-java's String of them does, with
     * replacement characters (through a temporary String: the one allocating path).
     *
     * @param value the string.
     */
    public void string(final Utf8View value) {
        text.string(value);
    }

    /**
     * Prints bytes as a quoted string of their standard base64 encoding, with padding.
     *
     * @param value the bytes.
     */
    public void bytes(final BytesView value) {
        text.base64(value);
    }

    // ------------------------------------------------- fields without presence: a member unless at the default

    /**
     * Prints a signed 32-bit field without presence as a member, unless it is 0 (always, with
     * {@link JsonPrinter#alwaysPrintFieldsWithNoPresence()}): {@code field(name).int32(value)}.
     *
     * @param name  the field's names.
     * @param value the value.
     */
    public void int32(final JsonName name, final int value) {
        if (value != 0 || fieldsWithNoPresence) {
            field(name);
            text.decimal(value);
        }
    }

    /**
     * Prints a signed 64-bit field without presence as a member, as {@link #int32(JsonName, int)}.
     *
     * @param name  the field's names.
     * @param value the value.
     */
    public void int64(final JsonName name, final long value) {
        if (value != 0 || fieldsWithNoPresence) {
            field(name);
            text.quotedDecimal(value);
        }
    }

    /**
     * Prints an unsigned 32-bit field without presence as a member, as {@link #int32(JsonName, int)}.
     *
     * @param name  the field's names.
     * @param value the value's bits.
     */
    public void uint32(final JsonName name, final int value) {
        if (value != 0 || fieldsWithNoPresence) {
            field(name);
            text.decimal(value & 0xFFFF_FFFFL);
        }
    }

    /**
     * Prints an unsigned 64-bit field without presence as a member, as {@link #int32(JsonName, int)}.
     *
     * @param name  the field's names.
     * @param value the value's bits.
     */
    public void uint64(final JsonName name, final long value) {
        if (value != 0 || fieldsWithNoPresence) {
            field(name);
            text.quotedUnsignedDecimal(value);
        }
    }

    /**
     * Prints a float field without presence as a member, unless its bits are 0 ({@code -0.0} is printed).
     *
     * @param name  the field's names.
     * @param value the value.
     */
    public void float32(final JsonName name, final float value) {
        if (Float.floatToRawIntBits(value) != 0 || fieldsWithNoPresence) {
            field(name);
            text.float32(value);
        }
    }

    /**
     * Prints a double field without presence as a member, unless its bits are 0 ({@code -0.0} is printed).
     *
     * @param name  the field's names.
     * @param value the value.
     */
    public void float64(final JsonName name, final double value) {
        if (Double.doubleToRawLongBits(value) != 0L || fieldsWithNoPresence) {
            field(name);
            text.float64(value);
        }
    }

    /**
     * Prints a bool field without presence as a member, unless it is false.
     *
     * @param name  the field's names.
     * @param value the value.
     */
    public void bool(final JsonName name, final boolean value) {
        if (value || fieldsWithNoPresence) {
            field(name);
            text.bool(value);
        }
    }

    /**
     * Prints an enum field without presence as a member, unless its number is 0: as {@link #enumValue(String, int)}.
     *
     * @param name      the field's names.
     * @param number    the number.
     * @param valueName the value's name, or null for an undeclared number.
     */
    public void enumValue(final JsonName name, final int number, final String valueName) {
        if (number != 0 || fieldsWithNoPresence) {
            field(name);
            enumValue(valueName, number);
        }
    }

    /**
     * Prints a string field without presence as a member, unless it is empty.
     *
     * @param name  the field's names.
     * @param value the string.
     */
    public void string(final JsonName name, final Utf8View value) {
        if (value.byteLength() != 0 || fieldsWithNoPresence) {
            field(name);
            text.string(value);
        }
    }

    /**
     * Prints a bytes field without presence as a member, unless it is empty.
     *
     * @param name  the field's names.
     * @param value the bytes.
     */
    public void bytes(final JsonName name, final BytesView value) {
        if (value.length() != 0 || fieldsWithNoPresence) {
            field(name);
            text.base64(value);
        }
    }

    // ------------------------------------------------------------------------------------------------ WKT

    /**
     * @return the writer of the well-known types' special forms (Timestamp, Duration, FieldMask, Any), into this
     *     writer's document.
     */
    public JsonWellKnownWriter wellKnown() {
        return wellKnown;
    }

    /** Opens a JSON string holding elements separated by commas (a FieldMask's paths). */
    void beginJoinedString() {
        push('"');
    }

    /** Starts the next element of the string {@link #beginJoinedString} opened: a comma unless it is the first. */
    void joinedElement() {
        if (counts[open - 1]++ != 0) {
            text.put(',');
        }
    }

    /** Closes the string {@link #beginJoinedString} opened. */
    void endJoinedString() {
        open--;
        text.put('"');
    }

    /** Enters a message packed in an Any (whose maps print in wire order, see {@link #beginMapOrder}). */
    void enterPacked() {
        packedDepth++;
    }

    /** Leaves the message {@link #enterPacked()} entered. */
    void exitPacked() {
        packedDepth--;
    }
}
