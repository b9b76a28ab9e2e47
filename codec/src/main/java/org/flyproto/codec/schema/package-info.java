/**
 * Message schemas at run time: each message type's fields (numbers, names, types, cardinality), its oneofs and the
 * values of its enums, compact and immutable, for code that works from names rather than generated accessors — the
 * JSON and text-format parsers, tools. Generated encoders expose theirs as {@code SCHEMA}; generated enums through
 * {@code schema()}.
 */
package org.flyproto.codec.schema;
