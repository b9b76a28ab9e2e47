package org.flyproto.bench.jmh;

import java.util.concurrent.TimeUnit;
import org.flyproto.bench.codec.format.FlyprotoFormatCodec;
import org.flyproto.bench.codec.format.FormatCodec;
import org.flyproto.bench.codec.format.ProtobufFormatCodec;
import org.flyproto.bench.codec.format.QuickbufFormatCodec;
import org.flyproto.bench.codec.format.TextFormatCodec;
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

/**
 * JSON and text format, every library in one class so that one run alternates them: compact JSON printed from the
 * form each library holds a message in (flyproto: a wrap of the bytes; protobuf-java and QuickBuffers: a message
 * built or parsed once), the same from the fixture's bytes (the peers parse them first), the fixture's JSON (as protobuf-java prints it) parsed, text format printed (protobuf-java
 * and flyproto; QuickBuffers has none). Agrona's bounds checks are a parameter, as in {@link FlyprotoBenchmark};
 * they change nothing for the other two libraries.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
        value = 1,
        jvmArgsPrepend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "-Xms1g", "-Xmx1g"})
@State(Scope.Thread)
public class FormatBenchmark {
    /** The library: {@code flyproto}, {@code protobuf-java} or {@code quickbuf}. */
    @Param({"flyproto", "protobuf-java", "quickbuf"})
    public String library;

    /** The fixture. */
    @Param
    public Fixture fixture;

    /** Agrona's bounds checks: {@code on} or {@code off}. */
    @Param({BoundsChecks.ON})
    public String boundsChecks;

    private FormatCodec codec;
    /** The codec if its library prints text format, else null. */
    private TextFormatCodec text;

    /** Prepares the codec, and checks that it prints what protobuf-java prints, and the same from the bytes. */
    @Setup(Level.Trial)
    public void setUp() {
        BoundsChecks.apply(boundsChecks);
        codec = switch (library) {
            case "flyproto" -> new FlyprotoFormatCodec(fixture);
            case "protobuf-java" -> new ProtobufFormatCodec(fixture);
            case "quickbuf" -> new QuickbufFormatCodec(fixture);
            default -> throw new IllegalArgumentException("unknown library " + library);
        };
        text = codec instanceof TextFormatCodec textFormat ? textFormat : null;
        codec.printJson();
        final String printed = codec.lastJson();
        final String expected = ProtobufFormatCodec.json(fixture);
        if (library.equals("flyproto") && !codec.lastJson().equals(expected)) {
            throw new IllegalStateException("flyproto prints other JSON than JsonFormat for " + fixture);
        }
        codec.printJsonFromBytes();
        if (!codec.lastJson().equals(printed)) {
            throw new IllegalStateException(library + " prints other JSON from the bytes for " + fixture);
        }
        codec.parseJson();
    }

    /**
     * @return the length printed.
     */
    @Benchmark
    public int jsonPrint() {
        return codec.printJson();
    }

    /**
     * @return the length printed from the fixture's canonical bytes: for QuickBuffers and protobuf-java, parse and
     *     print; for flyproto, {@link #jsonPrint()}.
     */
    @Benchmark
    public int jsonPrintFromBytes() {
        return codec.printJsonFromBytes();
    }

    /**
     * @return the parsed message's encoded length.
     */
    @Benchmark
    public int jsonParse() {
        return codec.parseJson();
    }

    /**
     * @return the length printed; 0 for a library without text format.
     */
    @Benchmark
    public int textPrint() {
        return text != null ? text.printText() : 0;
    }
}
