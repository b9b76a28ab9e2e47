/**
 * What every library does to a fixture, behind one interface: {@link org.flyproto.bench.codec.MessageCodec} encodes
 * the fixture's content and decodes bytes reading every field into a {@link org.flyproto.bench.codec.Sink};
 * {@link org.flyproto.bench.codec.ExpectedReads} says what a decode must read. One sub-package per library
 * implements it.
 */
package org.flyproto.bench.codec;
