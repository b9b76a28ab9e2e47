/**
 * The schema-driven codecs: flyproto's {@link org.flyproto.codec.DynamicDecoder} / {@link
 * org.flyproto.codec.DynamicEncoder} over the generated encoders' {@code SCHEMA}, and protobuf-java's {@link
 * com.google.protobuf.DynamicMessage} over the descriptors of its generated classes. Both read every field by walking
 * the schema (field arrays computed once per message type, no lookup by name per operation) and hand the values to a
 * {@link org.flyproto.bench.codec.Sink} in the order the generated codecs do, so that their reads are checked against
 * the same expected values; both write the fixture's data records field by field in number order, so that their bytes
 * are the canonical ones.
 */
package org.flyproto.bench.codec.dynamic;
