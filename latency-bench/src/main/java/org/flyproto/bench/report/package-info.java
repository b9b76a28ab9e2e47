/**
 * Turns a results directory (JMH's CSV, the latency harness's {@code latency.csv} and {@code .hdr} logs) into
 * {@code results.csv}, a markdown summary with the ratios flyproto ÷ peer per cell, and SVG plots: throughput ratios
 * per fixture, latency percentile curves per library. The SVG is written by hand ({@link
 * org.flyproto.bench.report.Svg}); nothing here is needed to run the benchmarks themselves.
 */
package org.flyproto.bench.report;
