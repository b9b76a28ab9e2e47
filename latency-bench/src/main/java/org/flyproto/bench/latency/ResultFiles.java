package org.flyproto.bench.latency;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Writes one run's files: {@code <base>.hdr} (HdrHistogram interval log, one histogram per second, nanoseconds),
 * {@code <base>.hgrm} (percentile distribution of the whole run, in microseconds), and a line of
 * {@code latency.csv}.
 */
final class ResultFiles {
    /** Columns of {@code latency.csv}; latencies in nanoseconds. */
    static final String CSV_HEADER = "fixture,library,bounds_checks,rate,seconds,count,p50_ns,p90_ns,p99_ns,p999_ns,"
            + "p9999_ns,max_ns,mean_ns,gc_count,gc_ms,alloc_bytes_per_op";

    private final Path directory;

    ResultFiles(final Path directory) {
        this.directory = directory;
    }

    /**
     * Writes the files of a run.
     *
     * @param base file name without extension.
     * @param row the run's summary, as the {@code latency.csv} line.
     * @param result the run.
     * @throws IOException if a file cannot be written.
     */
    void write(final String base, final Row row, final RunResult result) throws IOException {
        writeHistograms(
                base,
                "flyproto latency: " + row.fixture() + " " + row.library() + ", " + row.rate()
                        + " ops/s, nanoseconds from intended start to end of encode + decode",
                result.startMillis(),
                result.intervals(),
                result.total());
        final Path csv = directory.resolve("latency.csv");
        if (!Files.exists(csv)) {
            Files.writeString(csv, CSV_HEADER + "\n", StandardCharsets.UTF_8);
        }
        Files.writeString(csv, row.csv() + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    }

    /**
     * Writes {@code <base>.hdr} (HdrHistogram interval log, nanoseconds) and {@code <base>.hgrm} (percentile
     * distribution of the whole run, microseconds).
     *
     * @param base file name without extension.
     * @param comment the interval log's comment line.
     * @param startMillis wall-clock start of the run.
     * @param intervals one histogram per interval of the run.
     * @param total the whole run.
     * @throws IOException if a file cannot be written.
     */
    void writeHistograms(
            final String base,
            final String comment,
            final long startMillis,
            final Histogram[] intervals,
            final Histogram total)
            throws IOException {
        Files.createDirectories(directory);
        try (PrintStream log = new PrintStream(
                Files.newOutputStream(directory.resolve(base + ".hdr")), false, StandardCharsets.UTF_8)) {
            final HistogramLogWriter writer = new HistogramLogWriter(log);
            writer.outputComment(comment);
            writer.outputLogFormatVersion();
            writer.outputStartTime(startMillis);
            writer.setBaseTime(startMillis);
            writer.outputLegend();
            for (final Histogram interval : intervals) {
                writer.outputIntervalHistogram(interval);
            }
        }
        try (PrintStream percentiles = new PrintStream(
                Files.newOutputStream(directory.resolve(base + ".hgrm")), false, StandardCharsets.UTF_8)) {
            total.outputPercentileDistribution(percentiles, 1000.0);
        }
    }

    /**
     * One line of {@code latency.csv}.
     *
     * @param fixture fixture label.
     * @param library contender label.
     * @param boundsChecks whether Agrona's bounds checks were on.
     * @param rate operations per second.
     * @param seconds recorded seconds.
     * @param histogram the run's latencies.
     * @param gcCount collections during the run.
     * @param gcMillis their time.
     * @param allocBytesPerOp bytes allocated per operation by the sending thread.
     */
    record Row(
            String fixture,
            String library,
            boolean boundsChecks,
            long rate,
            int seconds,
            Histogram histogram,
            long gcCount,
            long gcMillis,
            double allocBytesPerOp) {
        String csv() {
            final Histogram h = histogram;
            return String.join(
                    ",",
                    fixture,
                    library,
                    boundsChecks ? "on" : "off",
                    Long.toString(rate),
                    Integer.toString(seconds),
                    Long.toString(h.getTotalCount()),
                    Long.toString(h.getValueAtPercentile(50)),
                    Long.toString(h.getValueAtPercentile(90)),
                    Long.toString(h.getValueAtPercentile(99)),
                    Long.toString(h.getValueAtPercentile(99.9)),
                    Long.toString(h.getValueAtPercentile(99.99)),
                    Long.toString(h.getMaxValue()),
                    String.format(Locale.ROOT, "%.1f", h.getMean()),
                    Long.toString(gcCount),
                    Long.toString(gcMillis),
                    String.format(Locale.ROOT, "%.1f", allocBytesPerOp));
        }
    }
}
