/**
 * QuickBuffers' codecs, over its generated messages ({@code org.flyproto.bench.proto.quickbuf}), used as its README
 * recommends for steady state: one message object reused for every encode and one for every decode
 * ({@code clearQuick()}), a reused {@code ProtoSink} and {@code ProtoSource} over the arrays. Singular strings are read
 * without allocating ({@code Utf8String.getChars} into a reused {@link java.lang.StringBuilder}); repeated strings
 * have no such accessor and are read as {@link java.lang.String}s.
 */
package org.flyproto.bench.codec.quickbuf;
