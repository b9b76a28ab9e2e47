package org.flyproto.bench.latency;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The settings of {@link AeronPingPong}, from system properties (the defaults of the shared ones are
 * {@link BenchProperties#PING_PONG}):
 *
 * <table>
 *   <caption>properties</caption>
 *   <tr><th>property</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>{@code flyproto.bench.library}</td><td>{@code flyproto,protobuf-java}</td><td>libraries, in the order
 *       each round runs them</td></tr>
 *   <tr><td>{@code flyproto.bench.rate}</td><td>20000</td><td>round trips per second</td></tr>
 *   <tr><td>{@code flyproto.bench.warmup.seconds}</td><td>10</td><td>at the rate, unrecorded, at the start of each
 *       run</td></tr>
 *   <tr><td>{@code flyproto.bench.seconds}</td><td>20</td><td>recorded per run</td></tr>
 *   <tr><td>{@code flyproto.bench.runs}</td><td>3</td><td>rounds; each runs every library once</td></tr>
 *   <tr><td>{@code flyproto.bench.fork}</td><td>{@code true}</td><td>each run in a JVM of its own (same JVM options
 *       as this one); {@code false}: all runs in this JVM</td></tr>
 *   <tr><td>{@code flyproto.bench.pingpong.transport}</td><td>{@code ipc}</td><td>the round trip's path:
 *       {@code ipc} or {@code cluster} ({@link PingPongTransport})</td></tr>
 *   <tr><td>{@code flyproto.bench.cluster.members}</td><td>3</td><td>members of the cluster, for
 *       {@code cluster}</td></tr>
 *   <tr><td>{@code flyproto.bench.pingpong.idle}</td><td>{@code spin} ({@code backoff} for {@code cluster})</td>
 *       <td>the ponger's idle strategy (for {@code cluster}: every service container's): {@code spin},
 *       {@code yield}, {@code backoff} ({@link PongerIdle})</td></tr>
 *   <tr><td>{@code flyproto.bench.output.dir}</td><td>{@code target/pingpong}</td><td>where the {@code .hdr},
 *       {@code .hgrm}, {@code pingpong.csv} and {@code pingpong-summary.md} files go</td></tr>
 * </table>
 *
 * @param libraries libraries, in the order each round runs them.
 * @param rate round trips per second.
 * @param warmupSeconds unrecorded seconds at the start of each run.
 * @param seconds recorded seconds per run.
 * @param runs rounds.
 * @param fork whether each run gets a JVM of its own.
 * @param pongerIdle the ponger's idle strategy.
 * @param transport the round trip's path.
 * @param members members of the cluster (for {@link PingPongTransport#CLUSTER}).
 * @param outputDir where results go.
 * @param round the one round this JVM runs, when it was forked for it; 0 otherwise.
 */
public record PingPongConfig(
        List<PingPongLibrary> libraries,
        long rate,
        int warmupSeconds,
        int seconds,
        int runs,
        boolean fork,
        PongerIdle pongerIdle,
        PingPongTransport transport,
        int members,
        Path outputDir,
        int round) {
    /** Prefix of every property. */
    public static final String PREFIX = BenchProperties.PREFIX;

    /** Set by the parent in a forked JVM: the round it runs. */
    static final String ROUND_PROPERTY = PREFIX + "pingpong.round";

    /**
     * Reads the settings from the system properties.
     *
     * @return the settings.
     * @throws IllegalArgumentException on a value that does not parse or is out of range.
     */
    public static PingPongConfig fromSystemProperties() {
        final List<PingPongLibrary> libraries = new ArrayList<>();
        for (final String label : BenchProperties.libraries(BenchProperties.PING_PONG)) {
            libraries.add(PingPongLibrary.of(label));
        }
        final BenchProperties.Timing timing = BenchProperties.timing(BenchProperties.PING_PONG);
        final int runs = Integer.parseInt(BenchProperties.get("runs", "3"));
        final boolean fork = Boolean.parseBoolean(BenchProperties.get("fork", "true"));
        final PingPongTransport transport = PingPongTransport.of(BenchProperties.get("pingpong.transport", "ipc"));
        final int members =
                Integer.parseInt(BenchProperties.get("cluster.members", "3").trim());
        final PongerIdle idle = PongerIdle.of(
                BenchProperties.get("pingpong.idle", transport.defaultIdle().label()));
        final int round =
                Integer.parseInt(System.getProperty(ROUND_PROPERTY, "0").trim());
        if (libraries.isEmpty() || runs <= 0 || round < 0 || members <= 0) {
            throw new IllegalArgumentException("need a library; runs and members positive");
        }
        return new PingPongConfig(
                libraries,
                timing.rate(),
                timing.warmupSeconds(),
                timing.seconds(),
                runs,
                fork,
                idle,
                transport,
                members,
                timing.outputDir(),
                round);
    }

    /**
     * The properties that give a forked JVM these settings, for one library and one round.
     *
     * @param library the library it runs.
     * @param forRound the round it runs.
     * @return {@code -Dname=value} arguments.
     */
    List<String> childProperties(final PingPongLibrary library, final int forRound) {
        return List.of(
                "-D" + PREFIX + "library=" + library.label(),
                "-D" + PREFIX + "rate=" + rate,
                "-D" + PREFIX + "warmup.seconds=" + warmupSeconds,
                "-D" + PREFIX + "seconds=" + seconds,
                "-D" + PREFIX + "runs=1",
                "-D" + PREFIX + "fork=false",
                "-D" + PREFIX + "pingpong.idle=" + pongerIdle.label(),
                "-D" + PREFIX + "pingpong.transport=" + transport.label(),
                "-D" + PREFIX + "cluster.members=" + members,
                "-D" + PREFIX + "output.dir=" + outputDir.toAbsolutePath(),
                "-D" + ROUND_PROPERTY + "=" + forRound);
    }

    /**
     * @return what one run does.
     */
    PingPong.Plan plan() {
        return new PingPong.Plan(rate, rate * warmupSeconds, rate * seconds, pongerIdle);
    }
}
