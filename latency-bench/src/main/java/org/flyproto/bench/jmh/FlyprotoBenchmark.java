package org.flyproto.bench.jmh;

import java.util.concurrent.TimeUnit;
import org.flyproto.bench.Apart;
import org.flyproto.bench.Library;
import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.codec.flyproto.FlyprotoCodec;
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
 * flyproto: encode (wrap, every setter, nested messages backpatched), validating decode ({@code wrap}) and trusted
 * decode ({@code wrapTrusted}), each reading every field; the claim path ({@code tryClaim}): size alone, size then
 * encode into a claim of exactly that length, and against it encode then copy into the claim buffer ({@code offer});
 * with Agrona's bounds checks on and off.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
        value = 2,
        jvmArgsPrepend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "-Xms1g", "-Xmx1g"})
@State(Scope.Thread)
public class FlyprotoBenchmark {
    /** The fixture. */
    @Param
    public Fixture fixture;

    /** Agrona's bounds checks: {@code on} or {@code off}. */
    @Param({BoundsChecks.ON, BoundsChecks.OFF})
    public String boundsChecks;

    private FlyprotoCodec<?, ?> codec;
    private Sink sink;

    /**
     * Checks every library on the fixture, then prepares the codec.
     *
     * @param blackhole JMH's sink.
     */
    @Setup(Level.Trial)
    public void setUp(final Blackhole blackhole) {
        BoundsChecks.apply(boundsChecks);
        Apart.crossCheck(fixture);
        codec = (FlyprotoCodec<?, ?>) Library.FLYPROTO.codec(fixture);
        sink = new BlackholeSink(blackhole);
        MixedProfile.warm(Library.FLYPROTO, sink);
    }

    /**
     * @return the encoded length.
     */
    @Benchmark
    public int encode() {
        return codec.encode();
    }

    /**
     * The same setters over a sizing encoder ({@code wrapForSize()}): the length to claim.
     *
     * @return the encoded length.
     */
    @Benchmark
    public int size() {
        return codec.size();
    }

    /**
     * Size, then encode into a claim of exactly that length in a direct buffer.
     *
     * @return the encoded length.
     */
    @Benchmark
    public int claim() {
        return codec.encodeIntoClaim();
    }

    /**
     * Encode into the scratch buffer, then copy into the claim buffer: what {@code offer} does.
     *
     * @return the encoded length.
     */
    @Benchmark
    public int encodeAndCopy() {
        return codec.encodeAndCopy();
    }

    /** Validating decode, every field read. */
    @Benchmark
    public void decode() {
        codec.decode(sink);
    }

    /** Trusted decode, every field read. */
    @Benchmark
    public void decodeTrusted() {
        codec.decodeTrusted(sink);
    }
}
