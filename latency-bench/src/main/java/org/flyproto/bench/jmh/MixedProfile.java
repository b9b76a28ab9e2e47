package org.flyproto.bench.jmh;

import java.util.Arrays;
import org.flyproto.bench.Library;
import org.flyproto.bench.codec.MessageCodec;
import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.codec.flyproto.FlyprotoCodec;
import org.flyproto.bench.fixture.Fixture;

/**
 * The application shape of a benchmark run with {@code -Dflyproto.bench.mixed=true} (a JMH option:
 * {@code -jvmArgsAppend -Dflyproto.bench.mixed=true}): before the trial, the library encodes and decodes every fixture
 * in turn, so that its runtime code shared by all message types (a base class's scan loop, a generic
 * {@code readMessage}) is profiled and compiled for several types, as in an application that handles several messages,
 * rather than for the one type the fork times. Off by default: a fork then times one message type alone.
 */
final class MixedProfile {
    /** Whether the trial is preceded by the mixed warm-up. */
    static final boolean ENABLED = Boolean.getBoolean("flyproto.bench.mixed");

    /** Rounds over all fixtures: enough for the interpreter's and C1's profiles and a first C2 compile to see all. */
    private static final int ROUNDS = 3_000;

    private MixedProfile() {}

    /**
     * {@link #run} over {@link #ROUNDS} rounds when {@link #ENABLED}; nothing otherwise.
     *
     * @param library the library being timed.
     * @param sink    where the decodes read into.
     */
    static void warm(final Library library, final Sink sink) {
        if (ENABLED) {
            run(library, sink, ROUNDS);
        }
    }

    /**
     * Encodes and decodes (for flyproto also trusted) every fixture of up to 64 KB that the library supports,
     * round-robin.
     *
     * @param library the library.
     * @param sink    where the decodes read into.
     * @param rounds  how many times each fixture is handled.
     */
    static void run(final Library library, final Sink sink, final int rounds) {
        final MessageCodec[] codecs = Arrays.stream(Fixture.values())
                .filter(fixture -> library.supports(fixture) && fixture.bufferCapacity() <= 64 * 1024)
                .map(library::codec)
                .toArray(MessageCodec[]::new);
        for (int round = 0; round < rounds; round++) {
            for (final MessageCodec codec : codecs) {
                codec.encode();
                codec.decode(sink);
                if (codec instanceof FlyprotoCodec<?, ?> flyproto) {
                    flyproto.decodeTrusted(sink);
                }
            }
        }
    }
}
