/**
 * The small runtime that generated flyweights call: the bounded wire reader every decoder and repeated-field cursor is
 * built on ({@link org.flyproto.codec.WireReader}), field skipping with group matching and a depth limit, the decoder
 * and encoder base classes, the backpatching {@link org.flyproto.codec.WriteCursor}, and the exceptions for bad input
 * ({@link org.flyproto.codec.ProtoDecodeException}) and encodes that do not fit
 * ({@link org.flyproto.codec.ProtoEncodeException}); protobuf's text format, printed by the decoders
 * ({@link org.flyproto.codec.TextPrinter}) and parsed into any encoder by {@link org.flyproto.codec.TextParser}; its JSON
 * mapping, printed by {@link org.flyproto.codec.JsonPrinter} and parsed into an encoder by its run-time schema by
 * {@link org.flyproto.codec.JsonParser}.
 *
 * <p>Nothing here depends on protobuf-java.
 */
package org.flyproto.codec;
