package org.flyproto.bench.codec.format;

/** A {@link FormatCodec} of a library that also prints protobuf's text format. */
public interface TextFormatCodec extends FormatCodec {
    /**
     * Prints the fixture's message in protobuf's text format.
     *
     * @return the length printed.
     */
    int printText();
}
