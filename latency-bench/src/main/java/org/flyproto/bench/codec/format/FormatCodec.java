package org.flyproto.bench.codec.format;

/**
 * One library's JSON paths for one fixture, as a user takes them: print the message (from the form the library holds
 * it in) as compact JSON into a reused output, and parse the fixture's compact JSON (as protobuf-java's
 * {@code JsonFormat} prints it, the same bytes for every library) into the library's message or encoder. Libraries
 * that also print protobuf's text format implement {@link TextFormatCodec}.
 */
public interface FormatCodec {
    /**
     * Prints the fixture's message as compact JSON.
     *
     * @return the length printed (bytes or chars, as the library's output counts).
     */
    int printJson();

    /**
     * Prints the fixture's message as compact JSON, as {@link #printJson()} does, starting from its canonical bytes as
     * a user who received them does: a library that prints from a message parses them first (into the message it
     * reuses, or a new one).
     *
     * @return the length printed.
     */
    int printJsonFromBytes();

    /**
     * Parses the fixture's compact JSON.
     *
     * @return a value that depends on everything parsed (an encoded length, a field count).
     */
    int parseJson();

    /**
     * @return what {@link #printJson()} printed last, as a String (for the cross-check, not measured).
     */
    String lastJson();
}
