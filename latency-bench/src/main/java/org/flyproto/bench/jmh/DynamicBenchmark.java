package org.flyproto.bench.jmh;

import java.util.concurrent.TimeUnit;
import org.flyproto.bench.Apart;
import org.flyproto.bench.DynamicLibrary;
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
 * The schema-driven codecs against each other and against the generated flyweights, every library in one class so
 * that one run alternates them ({@link DynamicLibrary}): flyproto's {@code DynamicDecoder} / {@code DynamicEncoder}
 * over the generated encoder's {@code SCHEMA}, protobuf-java's {@code DynamicMessage} over its generated class's
 * descriptor, and flyproto's generated codec of {@link FlyprotoBenchmark}. Decode wraps (or parses) the canonical
 * bytes and reads every field as the other benchmarks do; encode writes the fixture's data. Agrona's bounds checks are
 * a parameter, as in {@link FlyprotoBenchmark}; they change nothing for {@code DynamicMessage}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
        value = 1,
        jvmArgsPrepend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "-Xms1g", "-Xmx1g"})
@State(Scope.Thread)
public class DynamicBenchmark {
    /** The library: {@code flyproto-dynamic}, {@code protobuf-dynamic} or {@code flyproto} (generated). */
    @Param({"flyproto-dynamic", "protobuf-dynamic", "flyproto"})
    public String library;

    /** The fixture. */
    @Param
    public Fixture fixture;

    /** Agrona's bounds checks: {@code on} or {@code off}. */
    @Param({BoundsChecks.ON})
    public String boundsChecks;

    private MessageCodec codec;
    private Sink sink;

    /**
     * Checks every library on the fixture (the generated ones as the other benchmarks do, the dynamic ones against
     * the generated), then prepares the codec.
     *
     * @param blackhole JMH's sink.
     */
    @Setup(Level.Trial)
    public void setUp(final Blackhole blackhole) {
        BoundsChecks.apply(boundsChecks);
        Apart.crossCheck(fixture);
        Apart.dynamicCheck(fixture);
        codec = DynamicLibrary.of(library).codec(fixture);
        sink = new BlackholeSink(blackhole);
    }

    /**
     * @return the encoded length.
     */
    @Benchmark
    public int encode() {
        return codec.encode();
    }

    /** Validating decode (protobuf-java: parse), every field read. */
    @Benchmark
    public void decode() {
        codec.decode(sink);
    }
}
