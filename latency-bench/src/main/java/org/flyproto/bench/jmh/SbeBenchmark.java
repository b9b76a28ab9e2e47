package org.flyproto.bench.jmh;

import java.util.concurrent.TimeUnit;
import org.flyproto.bench.Apart;
import org.flyproto.bench.Library;
import org.flyproto.bench.codec.MessageCodec;
import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.fixture.Fixture;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * SBE on the order fixture, the fixed-layout lower bound: encode every field, decode reading every field; with
 * Agrona's bounds checks on and off.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
        value = 2,
        jvmArgsPrepend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "-Xms1g", "-Xmx1g"})
@State(Scope.Thread)
public class SbeBenchmark {
    /** Agrona's bounds checks: {@code on} or {@code off}. */
    @Param({BoundsChecks.ON, BoundsChecks.OFF})
    public String boundsChecks;

    private MessageCodec codec;
    private Sink sink;

    /**
     * Checks every library on the order fixture, then prepares the codec.
     *
     * @param blackhole JMH's sink.
     */
    @Setup(Level.Trial)
    public void setUp(final Blackhole blackhole) {
        BoundsChecks.apply(boundsChecks);
        Apart.crossCheck(Fixture.ORDER);
        codec = Library.SBE.codec(Fixture.ORDER);
        sink = new BlackholeSink(blackhole);
    }

    /**
     * @return the encoded length, header included.
     */
    @Benchmark
    public int encode() {
        return codec.encode();
    }

    /** Decode, every field read. */
    @Benchmark
    public void decode() {
        codec.decode(sink);
    }
}
