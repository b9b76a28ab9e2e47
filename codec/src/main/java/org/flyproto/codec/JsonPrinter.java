package org.flyproto.codec;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.agrona.MutableDirectBuffer;

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
    private final boolean pretty;
    private final boolean protoNames;
    private final boolean enumsAsInts;
    private final boolean fieldsWithNoPresence;
    private final boolean anyFieldMask;
    private final boolean fullExtensionNames;
    private final JsonTypeRegistry registry;
    private final JsonWriter writer;
    /** For an {@code Appendable} that is not a StringBuilder: created on first use, reused. */
    private StringBuilder scratch;

    private JsonPrinter(
            final boolean pretty,
            final boolean protoNames,
            final boolean enumsAsInts,
            final boolean fieldsWithNoPresence,
            final boolean anyFieldMask,
            final boolean fullExtensionNames,
            final JsonTypeRegistry registry) {
        this.pretty = pretty;
        this.protoNames = protoNames;
        this.enumsAsInts = enumsAsInts;
        this.fieldsWithNoPresence = fieldsWithNoPresence;
        this.anyFieldMask = anyFieldMask;
        this.fullExtensionNames = fullExtensionNames;
        this.registry = registry;
        writer = new JsonWriter(
                pretty, protoNames, enumsAsInts, fieldsWithNoPresence, anyFieldMask, fullExtensionNames, registry);
    }

    /**
     * @return a printer with {@code JsonFormat.printer()}'s defaults: pretty (two-space indentation), lowerCamel
     *     names, enums by name, present fields only, no types for Any.
     */
    public static JsonPrinter printer() {
        return new JsonPrinter(true, false, false, false, false, false, JsonTypeRegistry.empty());
    }

    /**
     * @return a printer like this one that prints fields by their names in the .proto file, not their JSON names
     *     ({@code JsonFormat.printer().preservingProtoFieldNames()}).
     */
    public JsonPrinter preservingProtoFieldNames() {
        return new JsonPrinter(
                pretty, true, enumsAsInts, fieldsWithNoPresence, anyFieldMask, fullExtensionNames, registry);
    }

    /**
     * @return a printer like this one that prints fields without presence at their defaults too: implicit-presence
     *     scalars (proto3 and editions {@code IMPLICIT}), repeated fields as {@code []}, maps as <code>{}</code>
     *     ({@code JsonFormat.printer().alwaysPrintFieldsWithNoPresence()}). Fields with presence (messages, oneof
     *     members, proto2 and proto3 {@code optional}) still print only when present.
     */
    public JsonPrinter alwaysPrintFieldsWithNoPresence() {
        return new JsonPrinter(pretty, protoNames, enumsAsInts, true, anyFieldMask, fullExtensionNames, registry);
    }

    /**
     * @return a printer like this one that prints enum values as their numbers
     *     ({@code JsonFormat.printer().printingEnumsAsInts()}); {@code google.protobuf.NullValue} still prints as
     *     {@code null}.
     */
    public JsonPrinter printingEnumsAsInts() {
        return new JsonPrinter(
                pretty, protoNames, true, fieldsWithNoPresence, anyFieldMask, fullExtensionNames, registry);
    }

    /**
     * @return a printer like this one that prints no whitespace at all
     *     ({@code JsonFormat.printer().omittingInsignificantWhitespace()}).
     */
    public JsonPrinter omittingInsignificantWhitespace() {
        return new JsonPrinter(
                false, protoNames, enumsAsInts, fieldsWithNoPresence, anyFieldMask, fullExtensionNames, registry);
    }

    /**
     * @return a printer like this one that prints every FieldMask path as {@code JsonFormat.printer()} does (it checks
     *     nothing): also paths that do not survive the round trip through lowerCamel ({@code fooBar},
     *     {@code foo_3_bar}, {@code foo__bar}), which by default are a {@link JsonPrintException}; an empty path is
     *     left out.
     */
    public JsonPrinter lenientFieldMasks() {
        return new JsonPrinter(
                pretty, protoNames, enumsAsInts, fieldsWithNoPresence, true, fullExtensionNames, registry);
    }

    /**
     * @return a printer like this one that prints extensions under their ProtoJSON names, {@code [full.name]}, as the
     *     JSON parser reads them ({@code JsonFormat.printer().printingFullyQualifiedExtensionNames()}); by default
     *     they print under the lowerCamel form of their names, as {@code JsonFormat} prints them.
     */
    public JsonPrinter printingFullyQualifiedExtensionNames() {
        return new JsonPrinter(pretty, protoNames, enumsAsInts, fieldsWithNoPresence, anyFieldMask, true, registry);
    }

    /**
     * @param types the message types an Any may hold ({@code JsonFormat.printer().usingTypeRegistry(...)}).
     * @return a printer like this one that resolves the type URLs of Any through {@code types}.
     */
    public JsonPrinter usingTypeRegistry(final JsonTypeRegistry types) {
        return new JsonPrinter(
                pretty, protoNames, enumsAsInts, fieldsWithNoPresence, anyFieldMask, fullExtensionNames, types);
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
        final int room = buffer.isExpandable() ? Integer.MAX_VALUE - offset : buffer.capacity() - offset;
        return printTo(message, buffer, offset, room);
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
        if (offset < 0 || maxLength < 0) {
            throw new IllegalArgumentException("offset " + offset + " and maxLength " + maxLength + " must be >= 0");
        }
        print(message);
        final int length = writer.length();
        final long room = buffer.isExpandable() ? maxLength : Math.min(maxLength, (long) buffer.capacity() - offset);
        if (length > room) {
            throw new JsonPrintException("the JSON of " + message.messageFullName() + " is " + length
                    + " bytes: it does not fit the " + Math.max(0, room) + " bytes at offset " + offset);
        }
        buffer.putBytes(offset, writer.bytes(), 0, length);
        return length;
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
        final StringBuilder text = appendTo(message, scratch());
        try {
            out.append(text);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /**
     * @param message the message, wrapped.
     * @return {@code message}'s JSON (allocates the String).
     * @throws JsonPrintException if the message has no JSON form (see the class comment).
     */
    public String printToString(final MessageDecoder message) {
        return appendTo(message, new StringBuilder()).toString();
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
