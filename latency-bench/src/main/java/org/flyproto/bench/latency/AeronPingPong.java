package org.flyproto.bench.latency;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.agrona.DirectBuffer;
import org.flyproto.bench.Apart;
import org.flyproto.bench.codec.ChecksumSink;
import org.flyproto.bench.fixture.Fixture;

/**
 * Entry point of the Aeron ping-pong: the round-trip latency of a whole path (encode, publish over Aeron IPC, poll,
 * decode reading every field, encode the reply, publish, poll, decode reading every field) at a fixed rate, measured
 * from each request's intended send time ({@link PingPong}), flyproto against protobuf-java on the {@code order}
 * fixture. Each round runs every library once, in turn (A, B, A, B, ...), each run with a fresh embedded media driver
 * of the same configuration ({@link AeronIpcRig}) and, by default, in a JVM of its own with this JVM's options.
 *
 * <p>Per run: {@code pingpong_<library>_round<n>.hdr} (interval log, one histogram per second, nanoseconds) and
 * {@code .hgrm} (percentile distribution, microseconds), and a line of {@code pingpong.csv}; at the end
 * {@code pingpong-summary.md} ({@link PingPongSummary}), also printed. A session replaces the {@code pingpong.csv}
 * of the previous one in the same directory. Configured by system properties ({@link PingPongConfig}):
 *
 * <pre>{@code
 * java --add-exports java.base/jdk.internal.misc=ALL-UNNAMED -Xms1g -Xmx1g \
 *      -Dflyproto.bench.rate=20000 -Dflyproto.bench.warmup.seconds=10 -Dflyproto.bench.seconds=20 \
 *      -Dflyproto.bench.runs=3 -cp latency-bench/target/benchmarks.jar org.flyproto.bench.latency.AeronPingPong
 * }</pre>
 *
 * <p>With {@code -Dflyproto.bench.pingpong.transport=cluster} the round trip goes through an Aeron Cluster of
 * {@code flyproto.bench.cluster.members} members in the same JVM instead ({@link ClusterPingPong}: client, leader,
 * replication and commit, clustered service, egress), and the files are named {@code cluster-pingpong*} rather than
 * {@code pingpong*}.
 */
public final class AeronPingPong {

    private AeronPingPong() {}

    /**
     * Runs the configured rounds and writes the results.
     *
     * @param args ignored: configuration is by {@code flyproto.bench.*} system properties.
     * @throws IOException if a result file cannot be written.
     * @throws InterruptedException if interrupted while waiting for a forked run.
     */
    public static void main(final String[] args) throws IOException, InterruptedException {
        final PingPongConfig config = PingPongConfig.fromSystemProperties();
        Apart.crossCheck(Fixture.ORDER);
        if (config.round() > 0) {
            for (final PingPongLibrary library : config.libraries()) {
                runHere(config, library, config.round());
            }
            return;
        }
        Files.createDirectories(config.outputDir());
        Files.deleteIfExists(config.outputDir().resolve(csvName(config)));
        for (int round = 1; round <= config.runs(); round++) {
            for (final PingPongLibrary library : config.libraries()) {
                if (config.fork()) {
                    runForked(config, library, round);
                } else {
                    runHere(config, library, round);
                }
            }
        }
        final List<PingPongRow> rows = new ArrayList<>();
        final List<String> lines =
                Files.readAllLines(config.outputDir().resolve(csvName(config)), StandardCharsets.UTF_8);
        for (final String line : lines.subList(1, lines.size())) {
            rows.add(PingPongRow.parse(line));
        }
        final String summary = PingPongSummary.markdown(rows, path(config));
        Files.writeString(
                config.outputDir().resolve(config.transport().fileStem() + "-summary.md"),
                summary,
                StandardCharsets.UTF_8);
        System.out.println();
        System.out.print(summary);
    }

    private static void runHere(final PingPongConfig config, final PingPongLibrary library, final int round)
            throws IOException {
        final ChecksumSink pingerSink = new ChecksumSink();
        final ChecksumSink pongerSink = new ChecksumSink();
        final PingPongResult result;
        final String path = path(config);
        if (config.transport() == PingPongTransport.CLUSTER) {
            // Every member decodes every request: member 0's sink is checked against the others' and printed.
            final ChecksumSink[] memberSinks = new ChecksumSink[config.members()];
            memberSinks[0] = pongerSink;
            for (int i = 1; i < memberSinks.length; i++) {
                memberSinks[i] = new ChecksumSink();
            }
            result = ClusterPingPong.run(library, config.plan(), config.members(), pingerSink, memberSinks);
            for (final ChecksumSink member : memberSinks) {
                if (member.checksum() != pongerSink.checksum()) {
                    throw new IllegalStateException("the members decoded different requests");
                }
            }
        } else {
            result = PingPong.run(library, config.plan(), pingerSink, pongerSink);
        }
        final boolean boundsChecks = DirectBuffer.SHOULD_BOUNDS_CHECK;
        final PingPongRow row = PingPongRow.of(
                round, library, boundsChecks, config.pongerIdle(), config.rate(), config.seconds(), result);
        final String base = config.transport().fileStem() + "_" + library.label() + "_round" + round
                + (boundsChecks ? "" : "_unchecked");
        new ResultFiles(config.outputDir())
                .writeHistograms(
                        base,
                        "flyproto " + path + " ping-pong: order, " + library.label() + ", round " + round + ", "
                                + config.rate() + " round trips/s, nanoseconds from intended send time to decoded"
                                + " reply",
                        result.startMillis(),
                        result.intervals(),
                        result.total());
        final Path csv = config.outputDir().resolve(csvName(config));
        if (!Files.exists(csv)) {
            Files.writeString(csv, PingPongRow.CSV_HEADER + "\n", StandardCharsets.UTF_8);
        }
        Files.writeString(csv, row.csv() + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        System.out.println(String.format(
                Locale.ROOT,
                "%s round %d %-13s %,d/s x %d s: p50 %s  p90 %s  p99 %s  p99.9 %s  p99.99 %s  max %s  mean %s us;"
                        + " GCs %d (%d ms); B/round trip pinger %.2f + ponger %.2f [checksums %x %x]",
                path,
                round,
                library.label(),
                config.rate(),
                config.seconds(),
                PingPongSummary.micros(row.p50()),
                PingPongSummary.micros(row.p90()),
                PingPongSummary.micros(row.p99()),
                PingPongSummary.micros(row.p999()),
                PingPongSummary.micros(row.p9999()),
                PingPongSummary.micros(row.max()),
                PingPongSummary.micros(row.mean()),
                row.gcCount(),
                row.gcMillis(),
                row.pingerAllocPerRoundTrip(),
                row.pongerAllocPerRoundTrip(),
                pingerSink.checksum(),
                pongerSink.checksum()));
    }

    private static String path(final PingPongConfig config) {
        return config.transport() == PingPongTransport.CLUSTER
                ? "Aeron Cluster (" + config.members() + " members in one JVM; ponger = the leader's service)"
                : config.transport().description();
    }

    private static String csvName(final PingPongConfig config) {
        return config.transport().fileStem() + ".csv";
    }

    /** Runs one library's round in a new JVM with this JVM's options, and waits for it. */
    private static void runForked(final PingPongConfig config, final PingPongLibrary library, final int round)
            throws IOException, InterruptedException {
        final List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (final String argument : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (!argument.startsWith("-D" + PingPongConfig.PREFIX)) {
                command.add(argument);
            }
        }
        command.addAll(config.childProperties(library, round));
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(AeronPingPong.class.getName());
        final int exit = new ProcessBuilder(command).inheritIO().start().waitFor();
        if (exit != 0) {
            throw new IllegalStateException(
                    "run of " + library.label() + " in round " + round + " failed with exit code " + exit);
        }
    }
}
