package org.flyproto.bench;

import java.util.Arrays;
import java.util.List;
import org.flyproto.bench.codec.ChecksumSink;
import org.flyproto.bench.codec.ExpectedReads;
import org.flyproto.bench.codec.MessageCodec;
import org.flyproto.bench.codec.RecordingSink;
import org.flyproto.bench.fixture.Fixture;

/**
 * The check {@code DynamicBenchmark} runs before timing, and {@code DynamicCheckTest} in the normal build, in the
 * manner of {@link CrossCheck}: each dynamic codec's encoding of the fixture is byte for byte the generated flyproto
 * encoder's and protobuf-java's {@code toByteArray()}; each one's decode of the canonical bytes reads exactly the
 * fixture's values in order (strings included), and its checksum of them is the generated decoder's.
 */
public final class DynamicCheck {
    private DynamicCheck() {}

    /**
     * Runs the check on one fixture with the codecs of {@link DynamicLibrary}.
     *
     * @param fixture the fixture.
     * @throws IllegalStateException naming the library and what differs, if the check fails.
     */
    public static void verify(final Fixture fixture) {
        verify(fixture, DynamicLibrary.FLYPROTO_DYNAMIC.codec(fixture), DynamicLibrary.PROTOBUF_DYNAMIC.codec(fixture));
    }

    /**
     * Runs the check on one fixture with the given codecs.
     *
     * @param fixture the fixture.
     * @param flyprotoDynamic the codec standing for {@link DynamicLibrary#FLYPROTO_DYNAMIC}, its input the canonical
     *     bytes.
     * @param protobufDynamic the codec standing for {@link DynamicLibrary#PROTOBUF_DYNAMIC}, likewise.
     * @throws IllegalStateException naming the library and what differs, if the check fails.
     */
    public static void verify(
            final Fixture fixture, final MessageCodec flyprotoDynamic, final MessageCodec protobufDynamic) {
        final byte[] canonical = Library.canonicalBytes(fixture);
        final MessageCodec generated = DynamicLibrary.FLYPROTO.codec(fixture);
        final byte[] generatedBytes = Arrays.copyOf(generated.output(), generated.encode());
        check(Arrays.equals(generatedBytes, canonical), DynamicLibrary.FLYPROTO, fixture, "not protobuf-java's bytes");
        final RecordingSink expected = new RecordingSink();
        ExpectedReads.of(fixture, expected);
        final ChecksumSink generatedChecksum = new ChecksumSink();
        generated.decode(generatedChecksum);

        checkCodec(
                DynamicLibrary.FLYPROTO_DYNAMIC,
                flyprotoDynamic,
                fixture,
                generatedBytes,
                canonical,
                expected,
                generatedChecksum.checksum());
        checkCodec(
                DynamicLibrary.PROTOBUF_DYNAMIC,
                protobufDynamic,
                fixture,
                generatedBytes,
                canonical,
                expected,
                generatedChecksum.checksum());
    }

    private static void checkCodec(
            final DynamicLibrary library,
            final MessageCodec codec,
            final Fixture fixture,
            final byte[] generatedBytes,
            final byte[] canonical,
            final RecordingSink expected,
            final long generatedChecksum) {
        // Twice: a reused encoder or decoder must give the same result on its second use.
        for (int pass = 1; pass <= 2; pass++) {
            final byte[] bytes = Arrays.copyOf(codec.output(), codec.encode());
            check(
                    Arrays.equals(bytes, generatedBytes),
                    library,
                    fixture,
                    "encoding (" + bytes.length + " bytes) is not the generated encoder's (" + generatedBytes.length
                            + " bytes)");
            check(Arrays.equals(bytes, canonical), library, fixture, "encoding is not protobuf-java's toByteArray()");

            final RecordingSink actual = new RecordingSink();
            codec.decode(actual);
            checkReads(expected.values(), actual.values(), library, fixture);
            final ChecksumSink checksum = new ChecksumSink();
            codec.decode(checksum);
            check(
                    checksum.checksum() == generatedChecksum,
                    library,
                    fixture,
                    "decode checksum " + checksum.checksum() + " is not the generated decoder's " + generatedChecksum);
        }
    }

    private static void checkReads(
            final List<Object> expected,
            final List<Object> actual,
            final DynamicLibrary library,
            final Fixture fixture) {
        if (actual.equals(expected)) {
            return;
        }
        int index = 0;
        while (index < Math.min(expected.size(), actual.size())
                && expected.get(index).equals(actual.get(index))) {
            index++;
        }
        throw new IllegalStateException(library.label() + " decode of " + fixture.label()
                + " reads different values: first difference at read #" + index + " of " + expected.size()
                + " (expected " + (index < expected.size() ? expected.get(index) : "no more") + ", read "
                + (index < actual.size() ? actual.get(index) : "no more") + ")");
    }

    private static void check(
            final boolean condition, final DynamicLibrary library, final Fixture fixture, final String problem) {
        if (!condition) {
            throw new IllegalStateException(library.label() + " " + fixture.label() + ": " + problem);
        }
    }
}
