package org.flyproto.bench.latency;

import java.io.IOException;
import java.util.Locale;
import org.agrona.DirectBuffer;
import org.flyproto.bench.Apart;
import org.flyproto.bench.codec.ChecksumSink;
import org.flyproto.bench.fixture.Fixture;

/**
 * Entry point of the latency harness: for each configured fixture and contender, checks the libraries
 * ({@link org.flyproto.bench.CrossCheck}, apart), runs encode + decode at the configured rate, prints p50 … max and the GC count, and writes the
 * {@code .hdr}/{@code .hgrm} files and a {@code latency.csv} line. Run one contender per JVM for clean JIT profiles
 * and heaps ({@code bin/quick-compare} does); several in one JVM run one after the other.
 *
 * <pre>{@code
 * java --add-exports java.base/jdk.internal.misc=ALL-UNNAMED -Dflyproto.bench.fixture=order \
 *      -Dflyproto.bench.library=flyproto -Dflyproto.bench.rate=50000 \
 *      -cp latency-bench/target/benchmarks.jar org.flyproto.bench.latency.LatencyHarness
 * }</pre>
 */
public final class LatencyHarness {
    private LatencyHarness() {}

    /**
     * Runs the configured runs.
     *
     * @param args ignored: configuration is by {@code flyproto.bench.*} system properties ({@link LatencyConfig}).
     * @throws IOException if a result file cannot be written.
     */
    public static void main(final String[] args) throws IOException {
        final LatencyConfig config = LatencyConfig.fromSystemProperties();
        final ResultFiles files = new ResultFiles(config.outputDir());
        final FixedRateRunner runner = new FixedRateRunner(config.rate());
        final boolean boundsChecks = DirectBuffer.SHOULD_BOUNDS_CHECK;
        for (final Fixture fixture : config.fixtures()) {
            Apart.crossCheck(fixture);
            for (final Contender contender : config.contenders()) {
                if (!contender.supports(fixture)) {
                    continue;
                }
                final ChecksumSink sink = new ChecksumSink();
                final Runnable operation = contender.operation(fixture, sink);
                final RunResult result = RunResult.of(
                        runner.run(
                                index -> operation.run(),
                                config.rate() * config.warmupSeconds(),
                                config.rate() * config.seconds()),
                        sink.checksum());
                final long count = result.total().getTotalCount();
                final ResultFiles.Row row = new ResultFiles.Row(
                        fixture.label(),
                        contender.label(),
                        boundsChecks,
                        config.rate(),
                        config.seconds(),
                        result.total(),
                        result.gcCount(),
                        result.gcMillis(),
                        count == 0 ? 0 : (double) result.allocatedBytes() / count);
                final String base =
                        "latency_" + fixture.label() + "_" + contender.label() + (boundsChecks ? "" : "_unchecked");
                files.write(base, row, result);
                System.out.println(summary(row, result));
            }
        }
    }

    private static String summary(final ResultFiles.Row row, final RunResult result) {
        final org.HdrHistogram.Histogram h = result.total();
        return String.format(
                Locale.ROOT,
                "%-12s %-17s %s %,d ops/s x %d s: p50 %.2f  p90 %.2f  p99 %.2f  p99.9 %.2f  p99.99 %.2f  max %.2f us;"
                        + " GCs %d (%d ms), %.1f B/op allocated [checksum %x]",
                row.fixture(),
                row.library(),
                row.boundsChecks() ? "checked  " : "unchecked",
                row.rate(),
                row.seconds(),
                h.getValueAtPercentile(50) / 1e3,
                h.getValueAtPercentile(90) / 1e3,
                h.getValueAtPercentile(99) / 1e3,
                h.getValueAtPercentile(99.9) / 1e3,
                h.getValueAtPercentile(99.99) / 1e3,
                h.getMaxValue() / 1e3,
                row.gcCount(),
                row.gcMillis(),
                row.allocBytesPerOp(),
                result.checksum());
    }
}
