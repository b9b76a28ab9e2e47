/**
 * The latency harness: sends at a fixed rate and records, per operation, the time from the operation's
 * <em>intended</em> start to its end, so that a stall delays the operations queued behind it and shows in their
 * latency (no coordinated omission); one operation is the encode and the decode, reading every field, of one message.
 * Percentiles come from HdrHistogram; {@code .hdr} interval logs and {@code .hgrm} percentile distributions are
 * written per run, with the garbage collections counted during the run. Configured by {@code flyproto.bench.*} system
 * properties ({@link org.flyproto.bench.latency.LatencyConfig}).
 *
 * <p>{@link org.flyproto.bench.latency.AeronPingPong} measures a whole path the same way: a request encoded, published
 * over Aeron IPC, decoded and answered by a second thread, the reply decoded, at a fixed rate, from each request's
 * intended send time to the decoded reply; flyproto and protobuf-java in alternating runs.
 */
package org.flyproto.bench.latency;
