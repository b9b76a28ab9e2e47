package org.flyproto.bench.jmh;

import java.util.concurrent.TimeUnit;
import org.flyproto.bench.Apart;
import org.flyproto.bench.Library;
import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.codec.protobuf.ProtobufJavaCodec;
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
 * protobuf-java: encode as builder, build and serialize; serialize of a message built once; builder, build,
 * {@code getSerializedSize()} and serialize into a claim of exactly that length; decode as parse and read every
 * field. It does not use Agrona, so it runs once, not per bounds-check mode.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
        value = 2,
        jvmArgsPrepend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "-Xms1g", "-Xmx1g"})
@State(Scope.Thread)
public class ProtobufJavaBenchmark {
    /** The fixture. */
    @Param
    public Fixture fixture;

    private ProtobufJavaCodec<?> codec;
    private Sink sink;

    /**
     * Checks every library on the fixture, then prepares the codec.
     *
     * @param blackhole JMH's sink.
     */
    @Setup(Level.Trial)
    public void setUp(final Blackhole blackhole) {
        Apart.crossCheck(fixture);
        codec = (ProtobufJavaCodec<?>) Library.PROTOBUF_JAVA.codec(fixture);
        sink = new BlackholeSink(blackhole);
        MixedProfile.warm(Library.PROTOBUF_JAVA, sink);
    }

    /**
     * @return the encoded length.
     */
    @Benchmark
    public int encode() {
        return codec.encode();
    }

    /**
     * @return the encoded length.
     */
    @Benchmark
    public int encodePrebuilt() {
        return codec.encodePrebuilt();
    }

    /**
     * Size, then write into a claim of exactly that length ({@code ClaimCodec.encodeIntoClaim()}).
     *
     * @return the encoded length.
     */
    @Benchmark
    public int claim() {
        return codec.encodeIntoClaim();
    }

    /** Parse, every field read. */
    @Benchmark
    public void decode() {
        codec.decode(sink);
    }
}
