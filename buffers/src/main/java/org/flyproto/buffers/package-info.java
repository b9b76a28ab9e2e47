/**
 * Protobuf wire-format primitives that read and write directly in Agrona {@link org.agrona.DirectBuffer} and
 * {@link org.agrona.MutableDirectBuffer} memory without allocating.
 *
 * <p>This package is the bottom layer of flyproto: tags and wire types ({@link org.flyproto.buffers.Tag},
 * {@link org.flyproto.buffers.WireType}), base-128 varints ({@link org.flyproto.buffers.Varint}), zigzag
 * ({@link org.flyproto.buffers.ZigZag}), little-endian fixed-width values ({@link org.flyproto.buffers.Fixed}), UTF-8
 * encoding and validation ({@link org.flyproto.buffers.Utf8}), and reusable flyweight views over string and bytes
 * fields ({@link org.flyproto.buffers.Utf8View}, {@link org.flyproto.buffers.BytesView}).
 *
 * <p>Conventions shared by every class here:
 *
 * <ul>
 *   <li>An index is an absolute index into the buffer; a limit is an absolute index, exclusive.
 *   <li>Write methods do not check capacity beyond what the buffer itself does: the caller sizes the write first with
 *       the matching {@code sizeOf...}/{@code encodedLength} method. Reads and writes are bounds-checked by Agrona
 *       unless {@code agrona.disable.bounds.checks=true}.
 *   <li>Only methods whose name or javadoc says so allocate ({@code toString}, {@code subSequence},
 *       {@code toByteArray}, {@code ...AsString}).
 *   <li>Views are mutable, reusable and not thread-safe.
 * </ul>
 */
package org.flyproto.buffers;
