/**
 * LightProto's codecs, over its generated messages ({@code org.flyproto.bench.proto.LpOrder}, {@code LpBook}, ...),
 * used the way its README recommends for steady state: one message reused for every encode and one for every decode
 * ({@code clear()}, {@code parseFrom(ByteBuf, int)}), each over one reused Netty heap {@code ByteBuf} wrapping the
 * arrays the other libraries use. Strings come out as {@link java.lang.String}s, decoded on first access; bytes
 * through {@code getXxxSliceAt(i)}, a slice of the parsed buffer.
 */
package org.flyproto.bench.codec.lightproto;
