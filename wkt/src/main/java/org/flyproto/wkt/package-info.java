/**
 * Flyweights of protobuf's well-known types, generated at build time from the {@code google/protobuf/*.proto} files
 * protobuf-java ships: {@code TimestampDecoder}/{@code TimestampEncoder}, {@code DurationDecoder}, the wrappers
 * ({@code Int64ValueDecoder}, ...), {@code AnyDecoder} (with {@code is(fullName)} and {@code unpack(decoder)}) and
 * {@code AnyEncoder} (with {@code beginValue(encoder)}), {@code StructDecoder}/{@code ValueDecoder}/
 * {@code ListValueDecoder}, {@code FieldMaskDecoder}, {@code EmptyDecoder}, and the {@code Type}/{@code Api} family.
 *
 * <p>Code generated from a schema that imports a well-known type refers to these classes, so it compiles against the
 * runtime artifacts alone, as protobuf-java ships its own well-known-type classes.
 */
package org.flyproto.wkt;
