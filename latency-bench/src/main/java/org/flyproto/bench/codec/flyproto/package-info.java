/**
 * flyproto's codecs: the generated flyweights ({@code org.flyproto.bench.proto.flyproto}) over Agrona
 * {@link org.agrona.concurrent.UnsafeBuffer}s wrapping the heap arrays the peers use too. Decode reads strings through
 * their {@link org.flyproto.buffers.Utf8View}s (no {@code String}), and reads the element count of a repeated field
 * from its {@code xCount()}, as the peers read theirs; validating ({@code wrap}) and trusted ({@code wrapTrusted})
 * decode are separate entry points. Each codec writes its fields in one {@link org.flyproto.codec.FieldWriter}, behind
 * encode, {@code size()} ({@code wrapForSize()}) and {@code encodeIntoClaim()} ({@link org.flyproto.codec.Encoding}).
 */
package org.flyproto.bench.codec.flyproto;
