/**
 * protobuf-java's codecs, over its generated classes ({@code org.flyproto.bench.proto}). Encode is builder, build and
 * serialize into a reused array through {@code CodedOutputStream}; {@link
 * org.flyproto.bench.codec.protobuf.ProtobufJavaCodec#encodePrebuilt()} serializes a message built once. Decode parses
 * and then reads every field through the getters.
 */
package org.flyproto.bench.codec.protobuf;
