/**
 * Benchmarks of flyproto against protobuf-java, QuickBuffers and SBE: JMH throughput and allocation, HdrHistogram
 * latency percentiles. The method is described in {@code docs/performance.md} and every result lands in
 * {@code PERF_LOG.md}.
 */
package org.flyproto.bench;
