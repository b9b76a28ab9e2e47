/**
 * What the generator knows about a schema, independent of how Java is emitted: files, messages, fields, enums, their
 * Java names, wire types, presence and packing. Built once from protobuf-java descriptors by
 * {@link org.flyproto.gen.model.ModelBuilder}, which is also where unsupported features are refused; the emitters
 * read only this model.
 */
package org.flyproto.gen.model;
