package org.flyproto.codec;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.agrona.MutableDirectBuffer;
import org.flyproto.codec.schema.SchemaRegistry;

/**
 * Prints messages in protobuf's JSON mapping (ProtoJSON) exactly as protobuf-java's {@code JsonFormat.printer()}
 * prints them (save FieldMask paths that would not read back, an error unless {@link #lenientFieldMasks()}), with the same options: fields in field-number order under their lowerCamel JSON names, only fields
 * that are present (unless {@link #alwaysPrintFieldsWithNoPresence()}), 64-bit integers as quoted decimal strings,
 * floats and doubles as {@code Float.toString} / {@code Double.toString} write them (NaN and the infinities as
 * quoted strings), bytes in base64, enums by name (an undeclared number of an open enum as the number), maps as
 * objects in the order {@code JsonFormat} prints them (each key once, where it first occurs, with its last value),
 * extensions under their JSON names like fields, and the well-known types in their special forms (Timestamp,
 * Duration, the wrappers, Struct, Value, ListValue, NullValue, FieldMask, Any). Unknown fields are not printed.
 *
 * <pre>{@code
 * JsonPrinter printer = JsonPrinter.printer().omittingInsignificantWhitespace();  // once, reused
 * int length = printer.printTo(order, buffer, offset);                            // UTF-8, zero allocation
 * printer.appendTo(order, builder);                                               // or into a StringBuilder
 * }</pre>
 *
 * <p>A {@link DynamicDecoder}'s message (a type known at run time) prints through the same methods, as the generated
 * decoder of its type prints the same bytes; its Any resolves through {@link #usingSchemaRegistry}. A dynamic decoder
 * that was never wrapped is an {@link IllegalStateException}.
 *
 * <p>A printer is configured once (each option returns a new printer) and reused; it is not thread-safe. Printing
 * never disturbs the decoder printed: it reads through a second decoder of the same type, wrapped on the same bytes
 * (as {@link MessageDecoder#appendTo(StringBuilder)} does), so iterations, views and nested decoders handed out before
 * stay as they were. A decoder that was never wrapped prints as the empty message.
 *
 * <p><b>Allocation:</b> none in steady state. The JSON is written into an array the printer owns (grown when a
 * message needs more than any before) and copied to the target in one piece; the first print of a type creates its
 * second decoder, the first Any of a type its registry decoder. Strings whose bytes are not valid UTF-8 (possible
 * only where the schema does not validate, or with a trusted wrap) are printed as protobuf-java prints the String it
 * would make of them, with replacement characters, through a temporary String.
 *
 * <p><b>Errors</b>, after which nothing has been written to the target: {@link JsonPrintException} for a message that
 * has no JSON form (a Timestamp or Duration out of range, a FieldMask path that does not survive the round trip
 * through lowerCamel unless {@link #lenientFieldMasks()}, an Any with a malformed type URL or one naming a type the
 * registry does not hold, a Value holding NaN or an infinity) and for a fixed region too small for the JSON;
 * {@link ProtoDecodeException} for a validated string that is not valid UTF-8 (with a validating wrap, as reading it
 * throws) and for the bytes of an Any that are not a valid message of its type; in checked mode,
 * {@link IllegalStateException} for a decoder whose parent has moved on, as its accessors throw.
 */
public final class JsonPrinter {
    /** The options of a printer: each option method returns a printer with a copy that differs in one. */
    record Options(
            boolean pretty,
            boolean protoNames,
            boolean enumsAsInts,
            boolean fieldsWithNoPresence,
            boolean anyFieldMask,
            boolean fullExtensionNames,
            JsonTypeRegistry registry,
            SchemaRegistry schemas) {}

    private final Options options;
    private final JsonWriter writer;
    /** For an {@code Appendable} that is not a StringBuilder: created on first use, reused. */
    private StringBuilder scratch;

    private JsonPrinter(final Options options) {
        this.options = options;
        writer = new JsonWriter(options);
    }

    /**
     * @return a printer with {@code JsonFormat.printer()}'s defaults: pretty (two-space indentation), lowerCamel
     *     names, enums by name, present fields only, no types for Any.
     */
    public static JsonPrinter printer() {
        return new JsonPrinter(
                new Options(true, false, false, false, false, false, JsonTypeRegistry.empty(), SchemaRegistry.EMPTY));
    }

    /**
     * @return a printer like this one that prints fields by their names in the .proto file, not their JSON names
     *     ({@code JsonFormat.printer().preservingProtoFieldNames()}).
     */
    public JsonPrinter preservingProtoFieldNames() {
        final Options o = options;
        return new JsonPrinter(new Options(
                o.pretty(),
                true,
                o.enumsAsInts(),
                o.fieldsWithNoPresence(),
                o.anyFieldMask(),
                o.fullExtensionNames(),
                o.registry(),
                o.schemas()));
    }

    /**
     * @return a printer like this one that prints fields without presence at their defaults too: implicit-presence
     *     scalars (proto3 and editions {@code IMPLICIT}), repeated fields as {@code []}, maps as <code>{}</code>
     *     ({@code JsonFormat.printer().alwaysPrintFieldsWithNoPresence()}). Fields with presence (messages, oneof
     *     members, proto2 and proto3 {@code optional}) still print only when present.
     */
    public JsonPrinter alwaysPrintFieldsWithNoPresence() {
        final Options o = options;
        return new JsonPrinter(new Options(
                o.pretty(),
                o.protoNames(),
                o.enumsAsInts(),
                true,
                o.anyFieldMask(),
                o.fullExtensionNames(),
                o.registry(),
                o.schemas()));
    }

    /**
     * @return a printer like this one that prints enum values as their numbers
     *     ({@code JsonFormat.printer().printingEnumsAsInts()}); {@code google.protobuf.NullValue} still prints as
     *     {@code null}.
     */
    public JsonPrinter printingEnumsAsInts() {
        final Options o = options;
        return new JsonPrinter(new Options(
                o.pretty(),
                o.protoNames(),
                true,
                o.fieldsWithNoPresence(),
                o.anyFieldMask(),
                o.fullExtensionNames(),
                o.registry(),
                o.schemas()));
    }

    /**
     * @return a printer like this one that prints no whitespace at all
     *     ({@code JsonFormat.printer().omittingInsignificantWhitespace()}).
     */
    public JsonPrinter omittingInsignificantWhitespace() {
        final Options o = options;
        return new JsonPrinter(new Options(
                false,
                o.protoNames(),
                o.enumsAsInts(),
                o.fieldsWithNoPresence(),
                o.anyFieldMask(),
                o.fullExtensionNames(),
                o.registry(),
                o.schemas()));
    }

    /**
     * @return a printer like this one that prints every FieldMask path as {@code JsonFormat.printer()} does (it checks
     *     nothing): also paths that do not survive the round trip through lowerCamel ({@code fooBar},
     *     {@code foo_3_bar}, {@code foo__bar}), which by default are a {@link JsonPrintException}; an empty path is
     *     left out.
     */
    public JsonPrinter lenientFieldMasks() {
        final Options o = options;
        return new JsonPrinter(new Options(
                o.pretty(),
                o.protoNames(),
                o.enumsAsInts(),
                o.fieldsWithNoPresence(),
                true,
                o.fullExtensionNames(),
                o.registry(),
                o.schemas()));
    }

    /**
     * @return a printer like this one that prints extensions under their ProtoJSON names, {@code [full.name]}, as the
     *     JSON parser reads them ({@code JsonFormat.printer().printingFullyQualifiedExtensionNames()}); by default
     *     they print under the lowerCamel form of their names, as {@code JsonFormat} prints them.
     */
    public JsonPrinter printingFullyQualifiedExtensionNames() {
        final Options o = options;
        return new JsonPrinter(new Options(
                o.pretty(),
                o.protoNames(),
                o.enumsAsInts(),
                o.fieldsWithNoPresence(),
                o.anyFieldMask(),
                true,
                o.registry(),
                o.schemas()));
    }

    /**
     * @param types the message types an Any may hold ({@code JsonFormat.printer().usingTypeRegistry(...)}).
     * @return a printer like this one that resolves the type URLs of Any through {@code types}.
     */
    public JsonPrinter usingTypeRegistry(final JsonTypeRegistry types) {
        final Options o = options;
        return new JsonPrinter(new Options(
                o.pretty(),
                o.protoNames(),
                o.enumsAsInts(),
                o.fieldsWithNoPresence(),
                o.anyFieldMask(),
                o.fullExtensionNames(),
                types,
                o.schemas()));
    }

    /**
     * @param schemas the message types an Any of a {@link DynamicDecoder}'s message may hold, by their schemas (the
     *     dynamic counterpart of {@link #usingTypeRegistry}; generated decoders resolve Any through that registry).
     * @return a printer like this one that resolves the type URLs of a dynamic message's Any through {@code schemas}.
     */
    public JsonPrinter usingSchemaRegistry(final SchemaRegistry schemas) {
        final Options o = options;
        return new JsonPrinter(new Options(
                o.pretty(),
                o.protoNames(),
                o.enumsAsInts(),
                o.fieldsWithNoPresence(),
                o.anyFieldMask(),
                o.fullExtensionNames(),
                o.registry(),
                schemas));
    }

    /**
     * Prints {@code message} as UTF-8 into {@code buffer} from {@code offset}. An expandable buffer grows as needed;
     * a fixed one must have room up to its capacity.
     *
     * @param message the message, wrapped.
     * @param buffer  where to write.
     * @param offset  index of the first byte to write.
     * @return the number of bytes written.
     * @throws JsonPrintException if the JSON does not fit a fixed buffer (nothing is written then), or the message
     *     has no JSON form (see the class comment).
     */
    public int printTo(final MessageDecoder message, final MutableDirectBuffer buffer, final int offset) {
        return printTo(message, buffer, offset, room(buffer, offset));
    }

    /**
     * Prints {@code message} as UTF-8 into {@code [offset, offset + maxLength)} of {@code buffer}, whatever the kind
     * of buffer; an expandable buffer grows if that region passes its capacity.
     *
     * @param message   the message, wrapped.
     * @param buffer    where to write.
     * @param offset    index of the first byte to write.
     * @param maxLength the most bytes that may be written.
     * @return the number of bytes written.
     * @throws JsonPrintException if the JSON is longer than {@code maxLength}, or (expandable buffers aside) than the
     *     room from {@code offset} to the buffer's capacity: nothing is written then; or if the message has no JSON
     *     form (see the class comment).
     */
    public int printTo(
            final MessageDecoder message, final MutableDirectBuffer buffer, final int offset, final int maxLength) {
        checkRegion(offset, maxLength);
        print(message);
        return copyTo(message.messageFullName(), buffer, offset, maxLength);
    }

    /**
     * Appends {@code message}'s JSON to {@code out}: no allocation when {@code out} has the capacity.
     *
     * @param message the message, wrapped.
     * @param out     where to append.
     * @return {@code out}.
     * @throws JsonPrintException if the message has no JSON form (see the class comment): nothing is appended then.
     */
    public StringBuilder appendTo(final MessageDecoder message, final StringBuilder out) {
        print(message);
        appendUtf8(writer.bytes(), writer.length(), out);
        return out;
    }

    /**
     * Appends {@code message}'s JSON to any {@code Appendable}, through a reused StringBuilder unless it is one.
     *
     * @param message the message, wrapped.
     * @param out     where to append.
     * @return {@code out}.
     * @throws JsonPrintException   if the message has no JSON form (see the class comment).
     * @throws UncheckedIOException if {@code out} throws an IOException.
     */
    public Appendable appendTo(final MessageDecoder message, final Appendable out) {
        if (out instanceof StringBuilder builder) {
            return appendTo(message, builder);
        }
        print(message);
        return appendOut(out);
    }

    /**
     * @param message the message, wrapped.
     * @return {@code message}'s JSON (allocates the String).
     * @throws JsonPrintException if the message has no JSON form (see the class comment).
     */
    public String printToString(final MessageDecoder message) {
        return appendTo(message, new StringBuilder()).toString();
    }

    /**
     * Prints a {@link DynamicDecoder}'s message, as {@link #printTo(MessageDecoder, MutableDirectBuffer, int)} prints
     * a generated decoder's: the same JSON for the same bytes of the same type. Any resolves through the
     * {@link #usingSchemaRegistry schema registry}.
     *
     * @param message the message, wrapped.
     * @param buffer  where to write.
     * @param offset  index of the first byte to write.
     * @return the number of bytes written.
     * @throws JsonPrintException if the JSON does not fit a fixed buffer (nothing is written then), or the message
     *     has no JSON form (see the class comment).
     */
    public int printTo(final DynamicDecoder message, final MutableDirectBuffer buffer, final int offset) {
        return printTo(message, buffer, offset, room(buffer, offset));
    }

    /**
     * {@link #printTo(MessageDecoder, MutableDirectBuffer, int, int)} of a {@link DynamicDecoder}'s message.
     *
     * @param message   the message, wrapped.
     * @param buffer    where to write.
     * @param offset    index of the first byte to write.
     * @param maxLength the most bytes that may be written.
     * @return the number of bytes written.
     * @throws JsonPrintException if the JSON is longer than {@code maxLength} or the room in the buffer (nothing is
     *     written then), or the message has no JSON form.
     */
    public int printTo(
            final DynamicDecoder message, final MutableDirectBuffer buffer, final int offset, final int maxLength) {
        checkRegion(offset, maxLength);
        print(message);
        return copyTo(message.schema().fullName(), buffer, offset, maxLength);
    }

    /**
     * {@link #appendTo(MessageDecoder, StringBuilder)} of a {@link DynamicDecoder}'s message.
     *
     * @param message the message, wrapped.
     * @param out     where to append.
     * @return {@code out}.
     * @throws JsonPrintException if the message has no JSON form: nothing is appended then.
     */
    public StringBuilder appendTo(final DynamicDecoder message, final StringBuilder out) {
        print(message);
        appendUtf8(writer.bytes(), writer.length(), out);
        return out;
    }

    /**
     * {@link #appendTo(MessageDecoder, Appendable)} of a {@link DynamicDecoder}'s message.
     *
     * @param message the message, wrapped.
     * @param out     where to append.
     * @return {@code out}.
     * @throws JsonPrintException   if the message has no JSON form.
     * @throws UncheckedIOException if {@code out} throws an IOException.
     */
    public Appendable appendTo(final DynamicDecoder message, final Appendable out) {
        if (out instanceof StringBuilder builder) {
            return appendTo(message, builder);
        }
        print(message);
        return appendOut(out);
    }

    /**
     * @param message the message, wrapped.
     * @return {@code message}'s JSON (allocates the String).
     * @throws JsonPrintException if the message has no JSON form.
     */
    public String printToString(final DynamicDecoder message) {
        return appendTo(message, new StringBuilder()).toString();
    }

    private static int room(final MutableDirectBuffer buffer, final int offset) {
        return buffer.isExpandable() ? Integer.MAX_VALUE - offset : buffer.capacity() - offset;
    }

    private static void checkRegion(final int offset, final int maxLength) {
        if (offset < 0 || maxLength < 0) {
            throw new IllegalArgumentException("offset " + offset + " and maxLength " + maxLength + " must be >= 0");
        }
    }

    /** Copies what the writer holds into the target region. */
    private int copyTo(final String type, final MutableDirectBuffer buffer, final int offset, final int maxLength) {
        final int length = writer.length();
        final long room = buffer.isExpandable() ? maxLength : Math.min(maxLength, (long) buffer.capacity() - offset);
        if (length > room) {
            throw new JsonPrintException("the JSON of " + type + " is " + length + " bytes: it does not fit the "
                    + Math.max(0, room) + " bytes at offset " + offset);
        }
        buffer.putBytes(offset, writer.bytes(), 0, length);
        return length;
    }

    private Appendable appendOut(final Appendable out) {
        final StringBuilder text = scratch();
        appendUtf8(writer.bytes(), writer.length(), text);
        try {
            out.append(text);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    private StringBuilder scratch() {
        if (scratch == null) {
            scratch = new StringBuilder(256);
        }
        scratch.setLength(0);
        return scratch;
    }

    private void print(final MessageDecoder message) {
        writer.reset();
        final MessageDecoder twin = message.printingTwin();
        // Its strings are checked as they are escaped, not each once more before.
        twin.checksUtf8WhenPrinted();
        writer.message(twin);
    }

    private void print(final DynamicDecoder message) {
        writer.reset();
        writer.message(message.printingTwin());
    }

    /** Decodes the writer's UTF-8 (well-formed: the writer makes it so) into chars. */
    private static void appendUtf8(final byte[] bytes, final int length, final StringBuilder out) {
        int i = 0;
        while (i < length) {
            final int b = bytes[i];
            if (b >= 0) {
                out.append((char) b);
                i++;
            } else if ((b & 0xE0) == 0xC0) {
                out.append((char) ((b & 0x1F) << 6 | bytes[i + 1] & 0x3F));
                i += 2;
            } else if ((b & 0xF0) == 0xE0) {
                out.append((char) ((b & 0x0F) << 12 | (bytes[i + 1] & 0x3F) << 6 | bytes[i + 2] & 0x3F));
                i += 3;
            } else {
                final int codePoint = (b & 0x07) << 18
                        | (bytes[i + 1] & 0x3F) << 12
                        | (bytes[i + 2] & 0x3F) << 6
                        | bytes[i + 3] & 0x3F;
                out.append(Character.highSurrogate(codePoint)).append(Character.lowSurrogate(codePoint));
                i += 4;
            }
        }
    }
}
