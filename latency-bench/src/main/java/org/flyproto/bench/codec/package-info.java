/**
 * What every library does to a fixture, behind one interface: {@link org.flyproto.bench.codec.MessageCodec} encodes
 * the fixture's content and decodes bytes reading every field into a {@link org.flyproto.bench.codec.Sink};
 * {@link org.flyproto.bench.codec.ExpectedReads} says what a decode must read. One sub-package per library
 * implements it. The protobuf libraries' codecs are also {@link org.flyproto.bench.codec.ClaimCodec}s: measure, then
 * write into a claim of exactly that length in a {@link org.flyproto.bench.codec.ClaimBuffer}.
 */
package org.flyproto.bench.codec;
