package org.flyproto.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.flyproto.bench.latency.Contender;

/** The latency harness's results: the lines of {@code latency.csv} and the histograms of the {@code .hdr} logs. */
final class LatencyResults {
    private LatencyResults() {}

    /**
     * One run's histogram.
     *
     * @param fixture fixture label.
     * @param library contender label, with {@code (unchecked)} when Agrona's bounds checks were off.
     * @param histogram all its intervals added up, nanoseconds.
     */
    record Run(String fixture, String library, Histogram histogram) {}

    /**
     * @param directory results directory.
     * @return the rows of its {@code latency.csv}, none if absent.
     * @throws IOException if it cannot be read.
     */
    static List<Map<String, String>> rows(final Path directory) throws IOException {
        final Path csv = directory.resolve("latency.csv");
        return Files.exists(csv) ? Csv.read(csv) : List.of();
    }

    /**
     * @param directory results directory.
     * @return every {@code latency_<fixture>_<library>[_unchecked].hdr} run in it, in the order of {@link Contender}
     *     (a stable sort: fixtures keep their file-name order).
     * @throws IOException if one cannot be read.
     */
    static List<Run> runs(final Path directory) throws IOException {
        final List<Path> files;
        try (Stream<Path> list = Files.list(directory)) {
            files = list.filter(p -> {
                        final String name = p.getFileName().toString();
                        return name.startsWith("latency_") && name.endsWith(".hdr");
                    })
                    .sorted()
                    .toList();
        }
        final List<Run> runs = new ArrayList<>();
        for (final Path file : files) {
            final String name = file.getFileName().toString();
            final String[] parts = name.substring("latency_".length(), name.length() - ".hdr".length())
                    .split("_");
            if (parts.length < 2) {
                continue;
            }
            final String library = parts[1] + (parts.length > 2 && parts[2].equals("unchecked") ? " (unchecked)" : "");
            runs.add(new Run(parts[0], library, read(file)));
        }
        runs.sort(Comparator.comparingInt(LatencyResults::contenderOrder));
        return runs;
    }

    private static int contenderOrder(final Run run) {
        final String label = run.library().replace(" (unchecked)", "");
        for (final Contender contender : Contender.values()) {
            if (contender.label().equals(label)) {
                return 2 * contender.ordinal() + (run.library().equals(label) ? 0 : 1);
            }
        }
        return Integer.MAX_VALUE;
    }

    private static Histogram read(final Path file) throws IOException {
        final Histogram total = new Histogram(3);
        final HistogramLogReader reader = new HistogramLogReader(file.toFile());
        try {
            EncodableHistogram interval;
            while ((interval = reader.nextIntervalHistogram()) != null) {
                total.add((Histogram) interval);
            }
        } finally {
            reader.close();
        }
        return total;
    }
}
