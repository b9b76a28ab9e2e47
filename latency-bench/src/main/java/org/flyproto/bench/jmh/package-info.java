/**
 * JMH benchmarks, one class per library, each over every fixture it has a codec for: throughput of encode and of
 * decode-and-read-every-field, with {@code -prof gc} for the bytes allocated per operation. The classes that use Agrona
 * run with its bounds checks on and off ({@code boundsChecks} parameter, one forked JVM each). Every benchmark runs
 * {@link org.flyproto.bench.CrossCheck} before it times anything, in classes of its own ({@link org.flyproto.bench.Apart}) so
 * that the check's calls are not in the profiles of the code it then times.
 */
package org.flyproto.bench.jmh;
