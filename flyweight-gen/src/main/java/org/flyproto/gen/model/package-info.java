/**
 * What the generator knows about a schema, independent of how Java is emitted: files, messages, fields (their shape,
 * {@link org.flyproto.gen.model.Cardinality} × {@link org.flyproto.gen.model.ValueKind}), enums, wire types, presence
 * and packing, and every Java name ({@link org.flyproto.gen.model.FieldNames}), with clashes resolved or refused in
 * one place. Built once from protobuf-java descriptors by {@link org.flyproto.gen.model.ModelBuilder}; the emitters
 * read only this model.
 */
package org.flyproto.gen.model;
