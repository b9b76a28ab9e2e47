package org.flyproto.gen.model;

/**
 * The entry of a map field: on the wire a map is a repeated message with the key as field 1 and the value as field 2.
 *
 * @param key   the key field (an integral type, bool or string).
 * @param value the value field (any type but a map).
 */
public record MapModel(FieldModel key, FieldModel value) {}
