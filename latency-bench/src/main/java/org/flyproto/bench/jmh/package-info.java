/**
 * JMH benchmarks, one class per library, each over every fixture it has a codec for: throughput of encode and of
 * decode-and-read-every-field, with {@code -prof gc} for the bytes allocated per operation. The classes that use Agrona
 * run with its bounds checks on and off ({@code boundsChecks} parameter, one forked JVM each). Every benchmark runs
 * {@link org.flyproto.bench.CrossCheck} before it times anything.
 */
package org.flyproto.bench.jmh;
