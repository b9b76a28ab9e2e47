package org.flyproto.tools;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.flyproto.codec.DynamicDecoder;
import org.flyproto.codec.DynamicEncoder;
import org.flyproto.codec.JsonParser;
import org.flyproto.codec.JsonPrinter;
import org.flyproto.codec.TextParser;
import org.flyproto.wkt.LoadedSchemas;

/**
 * The tool's only calls into codec's JSON and text-format printers and parsers of dynamic messages, configured once
 * from the options and reused for every message. Any resolves its type URLs through the descriptor set's types.
 */
final class Formats {
    private final JsonPrinter jsonPrinter;
    private final JsonParser jsonParser;
    private final TextParser textParser;

    /**
     * @param schemas the loaded descriptor set: its registry resolves the type URLs of Any.
     * @param options the JSON printing options.
     */
    Formats(final LoadedSchemas schemas, final Options options) {
        JsonPrinter printer = JsonPrinter.printer();
        if (!options.pretty) {
            printer = printer.omittingInsignificantWhitespace();
        }
        if (options.protoNames) {
            printer = printer.preservingProtoFieldNames();
        }
        if (options.defaults) {
            printer = printer.alwaysPrintFieldsWithNoPresence();
        }
        if (options.enumsAsInts) {
            printer = printer.printingEnumsAsInts();
        }
        jsonPrinter = printer.usingSchemaRegistry(schemas.registry());
        jsonParser = JsonParser.create().usingRegistry(schemas.registry());
        textParser = TextParser.builder().typeRegistry(schemas.registry()).build();
    }

    /**
     * Prints {@code message}'s JSON as UTF-8 into {@code buffer} (expandable) from {@code offset}.
     *
     * @return the number of bytes written.
     */
    int printJson(final DynamicDecoder message, final MutableDirectBuffer buffer, final int offset) {
        return jsonPrinter.printTo(message, buffer, offset);
    }

    /** Appends {@code message}'s text format (protobuf-java's {@code TextFormat} output) to {@code out}. */
    void appendText(final DynamicDecoder message, final StringBuilder out) {
        message.appendTo(out);
    }

    /** Parses the JSON in {@code [offset, offset + length)} of {@code json} into {@code encoder}. */
    void parseJson(final DirectBuffer json, final int offset, final int length, final DynamicEncoder encoder) {
        jsonParser.parse(json, offset, length, encoder);
    }

    /** Parses the text format in {@code [offset, offset + length)} of {@code text} into {@code encoder}. */
    void parseText(final DirectBuffer text, final int offset, final int length, final DynamicEncoder encoder) {
        textParser.parse(text, offset, length, encoder);
    }
}
