package org.flyproto.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.flyproto.bench.Library;
import org.flyproto.bench.fixture.Fixture;

/**
 * Entry point of {@code bin/compare}'s report: reads the rounds of a results directory and writes {@code summary.md}
 * into it ({@link CompareTable}).
 *
 * <p>Input: subdirectories {@code round-1}, {@code round-2}, … each holding JMH's JSON results ({@code *.json}, one
 * file per library in that round), and an optional {@code run-info.txt} quoted at the top. The fixtures' encoded
 * sizes are computed afresh from the fixtures, so the JVM needs Agrona's
 * {@code --add-exports java.base/jdk.internal.misc=ALL-UNNAMED}.
 */
public final class CompareReport {
    private static final Pattern ROUND = Pattern.compile("round-(\\d+)");

    private CompareReport() {}

    /**
     * Writes the report.
     *
     * @param args the results directory.
     * @throws IOException if a file cannot be read or written.
     */
    public static void main(final String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: CompareReport <results directory>");
            System.exit(2);
        }
        final Path directory = Path.of(args[0]);
        final List<Results> rounds = readRounds(directory);
        if (rounds.isEmpty()) {
            throw new IOException("no round-N directory with JMH JSON results in " + directory);
        }
        final Path runInfo = directory.resolve("run-info.txt");
        final String info = Files.exists(runInfo) ? Files.readString(runInfo, StandardCharsets.UTF_8) : "";
        Files.writeString(directory.resolve("summary.md"), summary(rounds, info), StandardCharsets.UTF_8);
        System.out.println("report written to " + directory.toAbsolutePath().normalize() + "/summary.md");
    }

    /**
     * Reads every round of a results directory.
     *
     * @param directory the results directory.
     * @return one {@link Results} per {@code round-N} subdirectory, in the order of N.
     * @throws IOException if a file cannot be read or is not JMH JSON.
     */
    static List<Results> readRounds(final Path directory) throws IOException {
        final Map<Integer, Path> byNumber = new java.util.TreeMap<>();
        try (Stream<Path> entries = Files.list(directory)) {
            for (final Path entry : entries.toList()) {
                final Matcher matcher = ROUND.matcher(entry.getFileName().toString());
                if (Files.isDirectory(entry) && matcher.matches()) {
                    byNumber.put(Integer.parseInt(matcher.group(1)), entry);
                }
            }
        }
        final List<Results> rounds = new ArrayList<>();
        for (final Path round : byNumber.values()) {
            final List<Measurement> measurements = new ArrayList<>();
            try (Stream<Path> files = Files.list(round)) {
                for (final Path file : files.filter(
                                p -> p.getFileName().toString().endsWith(".json"))
                        .sorted()
                        .toList()) {
                    measurements.addAll(JmhJson.read(file));
                }
            }
            rounds.add(new Results(measurements));
        }
        return rounds;
    }

    /**
     * @param rounds every round's results.
     * @param runInfo the run's description, quoted at the top; may be empty.
     * @return the markdown of {@code summary.md}.
     */
    static String summary(final List<Results> rounds, final String runInfo) {
        final List<String> order = new ArrayList<>();
        final Map<String, Integer> sizes = new LinkedHashMap<>();
        for (final Fixture fixture : Fixture.values()) {
            order.add(fixture.label());
        }
        // DynamicBenchmark's and FormatBenchmark's results get sections of their own; the peer tables take the other
        // classes' results.
        final List<Results> peers = new ArrayList<>();
        final List<Results> dynamic = new ArrayList<>();
        final List<Results> formats = new ArrayList<>();
        for (final Results round : rounds) {
            peers.add(new Results(round.all().stream()
                    .filter(m -> !DynamicTable.isDynamic(m) && !FormatTable.isFormat(m))
                    .toList()));
            dynamic.add(new Results(
                    round.all().stream().filter(DynamicTable::isDynamic).toList()));
            formats.add(new Results(
                    round.all().stream().filter(FormatTable::isFormat).toList()));
        }
        final List<String> fixtures = measured(peers, order);
        for (final String label : fixtures) {
            sizes.put(label, Library.canonicalBytes(Fixture.of(label)).length);
        }
        final List<String> dynamicFixtures = measured(dynamic, order);
        final List<String> formatFixtures = measured(formats, order);
        final StringBuilder out = new StringBuilder("# flyproto against its peers, ")
                .append(rounds.size())
                .append(rounds.size() == 1 ? " round" : " rounds")
                .append("\n\n");
        if (!runInfo.isBlank()) {
            out.append("```\n").append(runInfo.strip()).append("\n```\n\n");
        }
        if (fixtures.isEmpty()) {
            // Only the sections of their own.
            if (!dynamicFixtures.isEmpty()) {
                out.append(new DynamicTable(dynamic).render(dynamicFixtures));
            }
            if (!formatFixtures.isEmpty()) {
                out.append(dynamicFixtures.isEmpty() ? "" : "\n")
                        .append(new FormatTable(formats).render(formatFixtures));
            }
            return out.toString();
        }
        out.append("""
                Each cell is flyproto's throughput ÷ the peer's, computed per round, as **median over the rounds \
                (min–max)**: above 1 flyproto is faster. "÷ best zero-alloc peer" divides by the faster of \
                QuickBuffers and LightProto in each round. protobuf-java, QuickBuffers and LightProto do not use \
                Agrona: their one result serves both bounds-check modes of flyproto; SBE is compared mode for mode. \
                Decode reads every field: scalars, element counts, each string's length and middle char, each bytes \
                field's length and middle byte.

                Targets; a **bold** cell misses its target (its median is below it), and is listed at the end:

                | benchmark | ÷ protobuf-java | ÷ protobuf-java prebuilt | ÷ best zero-alloc peer (and each) | \
                ÷ SBE (order) | flyproto B/op |
                |---|---:|---:|---:|---:|---:|
                | validating decode + read all | ≥ 2 | | ≥ 1.25 | ≥ 0.5 | 0 |
                | trusted decode + read all | | | ≥ 1.5 | ≥ 0.5 | 0 |
                | encode | ≥ 2 | ≥ 1 | ≥ 1.25 | ≥ 0.5 | 0 |
                | size + encode into a claim | (none yet) | | (none yet) | | 0 |

                ns/op is the median over the rounds (min–max); B/op is JMH's `gc.alloc.rate.norm`, the largest of \
                the rounds (below 0.5 it is JMH's own bookkeeping and reads 0). Few rounds of short iterations give \
                wide ranges: read a ratio only where its range is narrow compared with its distance from the target. \
                flyproto's `size` (sizing alone) and `encode-and-copy` (encode, then copy into the claim: `offer`) \
                have no peer counterpart: read them against its `encode` and `claim`.

                """);
        out.append(new CompareTable(peers).render(fixtures, sizes));
        if (!dynamicFixtures.isEmpty()) {
            out.append('\n').append(new DynamicTable(dynamic).render(dynamicFixtures));
        }
        if (!formatFixtures.isEmpty()) {
            out.append('\n').append(new FormatTable(formats).render(formatFixtures));
        }
        return out.toString();
    }

    /** The fixtures, of those in {@code order}, that some round measured. */
    private static List<String> measured(final List<Results> rounds, final List<String> order) {
        final List<String> fixtures = new ArrayList<>();
        for (final String label : order) {
            if (rounds.stream().anyMatch(r -> !r.fixtures(List.of(label)).isEmpty())) {
                fixtures.add(label);
            }
        }
        return fixtures;
    }
}
