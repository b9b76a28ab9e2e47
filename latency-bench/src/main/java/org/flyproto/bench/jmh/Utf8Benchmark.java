package org.flyproto.bench.jmh;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.util.concurrent.TimeUnit;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.buffers.Utf8;
import org.flyproto.buffers.Utf8View;
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
 * UTF-8 strings: what a reader of a {@code string} field does with a {@link Utf8View} (hash, {@code charAt} loop,
 * length, compare with a {@code String}, append to a {@code StringBuilder}), validation and encoding, each against
 * the JDK doing the same from the same bytes ({@code new String(bytes, UTF_8)} then the operation;
 * {@code String.getBytes(UTF_8)} then a copy). The view is wrapped again in every operation, as a decoder hands it
 * out, so nothing it caches survives from one operation to the next.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
        value = 1,
        jvmArgsPrepend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "-Xms1g", "-Xmx1g"})
@State(Scope.Thread)
public class Utf8Benchmark {
    /** Where the text starts in its buffer: not at 0, as a field in a message is not. */
    private static final int OFFSET = 3;

    private static final String MIXED_200 = "Caf\u00E9 na\u00EFve \u00FCber Stra\u00DFe: "
            + "\u65E5\u672C\u8A9E\u306E\u30C6\u30AD\u30B9\u30C8 \u4E2D\u6587 "
            + "\uD83D\uDE00\uD83D\uDE80 \u0421\u043B\u0430\u0432\u0430 order #12345 "
            + "\u00C5ngstr\u00F6m \u20AC42,50 \uD83C\uDF89 fin.";

    /** The text read and written. */
    public enum Sample {
        /** 40 bytes of ASCII. */
        ASCII_40("The quick brown fox jumps over a dog 42."),
        /** About 200 bytes: Latin with accents, CJK, Cyrillic, emoji, and ASCII between them. */
        MIXED_200(Utf8Benchmark.MIXED_200 + " " + Utf8Benchmark.MIXED_200.substring(0, 40)),
        /** About 4 KB of the same mixture. */
        MIXED_4K(Utf8Benchmark.MIXED_200.repeat(24));

        final String value;

        Sample(final String value) {
            this.value = value;
        }
    }

    /** The text. */
    @Param
    public Sample sample;

    /** Agrona's bounds checks: {@code on} or {@code off}. */
    @Param({BoundsChecks.ON, BoundsChecks.OFF})
    public String boundsChecks;

    private byte[] array;
    private int byteLength;
    private UnsafeBuffer buffer;
    private UnsafeBuffer destination;
    private final Utf8View view = new Utf8View();
    private String string;
    private String equalString;
    private final StringBuilder builder = new StringBuilder();
    private CharsetDecoder strictDecoder;
    private ByteBuffer strictIn;
    private CharBuffer strictOut;

    /** Puts the text's bytes into a buffer at {@link #OFFSET}. */
    @Setup(Level.Trial)
    public void setUp() {
        BoundsChecks.apply(boundsChecks);
        string = sample.value;
        equalString = new String(string.toCharArray());
        final byte[] bytes = string.getBytes(UTF_8);
        byteLength = bytes.length;
        array = new byte[OFFSET + byteLength + 5];
        System.arraycopy(bytes, 0, array, OFFSET, byteLength);
        buffer = new UnsafeBuffer(array);
        destination = new UnsafeBuffer(new byte[4 * string.length() + 8]);
        builder.ensureCapacity(2 * string.length());
        strictDecoder = UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        strictIn = ByteBuffer.wrap(array);
        strictOut = CharBuffer.allocate(string.length() + 1);
        if (!view.wrap(buffer, OFFSET, byteLength).contentEquals(string) || view.hashCode() != string.hashCode()) {
            throw new IllegalStateException("view does not read " + sample);
        }
    }

    private Utf8View view() {
        return view.wrap(buffer, OFFSET, byteLength);
    }

    private String jdkString() {
        return new String(array, OFFSET, byteLength, UTF_8);
    }

    /** @return the view's hash code. */
    @Benchmark
    public int hashCodeView() {
        return view().hashCode();
    }

    /** @return the hash code of a decoded {@code String}. */
    @Benchmark
    public int hashCodeJdk() {
        return jdkString().hashCode();
    }

    /** @return the sum of every {@code charAt}, ascending. */
    @Benchmark
    public int charAtView() {
        final Utf8View v = view();
        int sum = 0;
        for (int i = 0, n = v.length(); i < n; i++) {
            sum += v.charAt(i);
        }
        return sum;
    }

    /** @return the same over a decoded {@code String}. */
    @Benchmark
    public int charAtJdk() {
        final String s = jdkString();
        int sum = 0;
        for (int i = 0, n = s.length(); i < n; i++) {
            sum += s.charAt(i);
        }
        return sum;
    }

    /** @return the view's length in UTF-16 units. */
    @Benchmark
    public int lengthView() {
        return view().length();
    }

    /** @return the length of a decoded {@code String}. */
    @Benchmark
    public int lengthJdk() {
        return jdkString().length();
    }

    /** @return whether the view reads an equal {@code String} (true). */
    @Benchmark
    public boolean contentEqualsView() {
        return view().contentEquals(equalString);
    }

    /** @return whether a decoded {@code String} equals it. */
    @Benchmark
    public boolean contentEqualsJdk() {
        return jdkString().equals(equalString);
    }

    /** @return the builder's length after appending the view. */
    @Benchmark
    public int appendToView() {
        builder.setLength(0);
        return view().appendTo(builder).length();
    }

    /** @return the same after appending a decoded {@code String}. */
    @Benchmark
    public int appendToJdk() {
        builder.setLength(0);
        return builder.append(jdkString()).length();
    }

    /** @return the index of the first invalid byte (-1). */
    @Benchmark
    public int invalidIndex() {
        return Utf8.invalidIndex(buffer, OFFSET, byteLength);
    }

    /** @return the JDK's strict decoder's verdict, decoding into a reused {@code CharBuffer}. */
    @Benchmark
    public boolean invalidIndexJdk() {
        strictDecoder.reset();
        strictIn.limit(OFFSET + byteLength).position(OFFSET);
        strictOut.clear();
        return strictDecoder.decode(strictIn, strictOut, true).isError();
    }

    /** @return bytes written encoding the {@code String}. */
    @Benchmark
    public int encode() {
        return Utf8.encode(string, destination, 0);
    }

    /** @return bytes written by {@code String.getBytes(UTF_8)} then a copy into the buffer. */
    @Benchmark
    public int encodeJdk() {
        final byte[] bytes = string.getBytes(UTF_8);
        destination.putBytes(0, bytes);
        return bytes.length;
    }

    /** @return the UTF-8 length of the {@code String}. */
    @Benchmark
    public int encodedLength() {
        return Utf8.encodedLength(string);
    }
}
