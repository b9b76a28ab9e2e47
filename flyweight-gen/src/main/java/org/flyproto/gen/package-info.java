/**
 * The flyproto code generator's entry points: {@link org.flyproto.gen.FlyweightGenerator} turns descriptors into
 * flyweight sources, and {@link org.flyproto.gen.Main} runs it as a command line tool (driving an embedded
 * {@code protoc}) or as a {@code protoc} plugin.
 *
 * <p>The descriptor model and the Java emitters live in sub-packages; the classes here only get descriptors in and
 * sources out.
 */
package org.flyproto.gen;
