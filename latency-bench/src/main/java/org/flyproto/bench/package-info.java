/**
 * Benchmarks of flyproto against protobuf-java, QuickBuffers and SBE: JMH throughput and allocation
 * ({@code org.flyproto.bench.jmh}), HdrHistogram latency percentiles ({@code org.flyproto.bench.latency}) and the report
 * that turns their results into tables and plots ({@code org.flyproto.bench.report}). {@link
 * org.flyproto.bench.Library} creates each library's codec of a fixture, and {@link org.flyproto.bench.CrossCheck}
 * checks all of them against protobuf-java before anything is timed. The method is described in
 * {@code docs/performance.md}; results land in {@code PERF_LOG.md}.
 */
package org.flyproto.bench;
