package org.flyproto.bench.latency;

import java.util.Locale;
import org.flyproto.bench.Library;
import org.flyproto.bench.codec.MessageCodec;
import org.flyproto.bench.codec.Sink;
import org.flyproto.bench.codec.flyproto.FlyprotoCodec;
import org.flyproto.bench.fixture.Fixture;

/** What the harness can time: a library, and for flyproto the kind of decode. */
public enum Contender {
    /** flyproto, validating decode ({@code wrap}). */
    FLYPROTO("flyproto", Library.FLYPROTO),
    /** flyproto, trusted decode ({@code wrapTrusted}). */
    FLYPROTO_TRUSTED("flyproto-trusted", Library.FLYPROTO),
    /** protobuf-java: builder, build, serialize; parse. */
    PROTOBUF_JAVA("protobuf-java", Library.PROTOBUF_JAVA),
    /** QuickBuffers with reused messages. */
    QUICKBUF("quickbuf", Library.QUICKBUF),
    /** LightProto with reused messages and buffers. */
    LIGHTPROTO("lightproto", Library.LIGHTPROTO),
    /** SBE, order fixture only. */
    SBE("sbe", Library.SBE);

    private final String label;
    private final Library library;

    Contender(final String label, final Library library) {
        this.label = label;
        this.library = library;
    }

    /**
     * @return the name used in properties, file names and results.
     */
    public String label() {
        return label;
    }

    /**
     * @param fixture a fixture.
     * @return whether this contender has a codec for it.
     */
    public boolean supports(final Fixture fixture) {
        return library.supports(fixture);
    }

    /**
     * The operation timed: encode the fixture, then decode those bytes reading every field.
     *
     * @param fixture the fixture.
     * @param sink receives what the decode reads.
     * @return the operation.
     */
    public Runnable operation(final Fixture fixture, final Sink sink) {
        final MessageCodec codec = library.codec(fixture);
        codec.input(codec.output(), codec.encode());
        if (this == FLYPROTO_TRUSTED) {
            final FlyprotoCodec<?, ?> flyproto = (FlyprotoCodec<?, ?>) codec;
            return () -> {
                flyproto.encode();
                flyproto.decodeTrusted(sink);
            };
        }
        return () -> {
            codec.encode();
            codec.decode(sink);
        };
    }

    /**
     * @param label a contender's label, or its constant's name in any case.
     * @return the contender.
     * @throws IllegalArgumentException if there is none.
     */
    public static Contender of(final String label) {
        for (final Contender contender : values()) {
            if (contender.label.equals(label) || contender.name().equals(label.toUpperCase(Locale.ROOT))) {
                return contender;
            }
        }
        throw new IllegalArgumentException("no contender " + label
                + "; one of flyproto, flyproto-trusted, protobuf-java, quickbuf, lightproto, sbe");
    }
}
