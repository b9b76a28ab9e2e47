package org.flyproto.tools;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.flyproto.codec.DynamicDecoder;
import org.flyproto.codec.DynamicEncoder;
import org.flyproto.wkt.LoadedSchemas;

/**
 * The tool's only calls into codec's JSON and text-format printers and parsers of dynamic messages, configured once
 * from the options and reused for every message.
 */
final class Formats {
    private static final String MISSING = "printing and parsing of dynamic messages is not in this build of codec";

    /**
     * @param schemas the loaded descriptor set: its registry resolves the type URLs of Any.
     * @param options the JSON printing options.
     */
    Formats(final LoadedSchemas schemas, final Options options) {}

    /**
     * Prints {@code message}'s JSON as UTF-8 into {@code buffer} (expandable) from {@code offset}.
     *
     * @return the number of bytes written.
     */
    int printJson(final DynamicDecoder message, final MutableDirectBuffer buffer, final int offset) {
        throw new UnsupportedOperationException(MISSING);
    }

    /** Appends {@code message}'s text format (protobuf-java's {@code TextFormat} output) to {@code out}. */
    void appendText(final DynamicDecoder message, final StringBuilder out) {
        throw new UnsupportedOperationException(MISSING);
    }

    /** Parses the JSON in {@code [offset, offset + length)} of {@code json} into {@code encoder}. */
    void parseJson(final DirectBuffer json, final int offset, final int length, final DynamicEncoder encoder) {
        throw new UnsupportedOperationException(MISSING);
    }

    /** Parses the text format in {@code [offset, offset + length)} of {@code text} into {@code encoder}. */
    void parseText(final DirectBuffer text, final int offset, final int length, final DynamicEncoder encoder) {
        throw new UnsupportedOperationException(MISSING);
    }
}
