/**
 * Turns results into tables. {@link org.flyproto.bench.report.CompareReport} reads the rounds of {@code bin/compare}
 * (JMH's JSON, one file per library per round) into {@code summary.md}: per fixture and benchmark kind, the ratios
 * flyproto ÷ peer as median over rounds with min–max, each against its target. {@link org.flyproto.bench.report.Report}
 * reads one {@code bin/quick-compare} directory (JMH's JSON, the latency harness's {@code latency.csv} and {@code .hdr}
 * logs) into {@code results.csv}, a markdown summary and SVG plots: throughput ratios per fixture, latency percentile
 * curves per library. The SVG is written by hand ({@link
 * org.flyproto.bench.report.Svg}); nothing here is needed to run the benchmarks themselves.
 */
package org.flyproto.bench.report;
