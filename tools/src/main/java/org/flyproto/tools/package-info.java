/**
 * The {@code flyproto} command-line tool ({@link org.flyproto.tools.Main}): like {@code protoc --decode}, for single
 * messages, length-delimited streams and Chronicle Queues, driven by a {@code FileDescriptorSet} loaded at run time
 * with {@code org.flyproto.wkt.DescriptorSetLoader} and read with codec's dynamic decoder and encoder.
 */
package org.flyproto.tools;
