package org.flyproto.bench;

import org.flyproto.bench.codec.MessageCodec;
import org.flyproto.bench.codec.dynamic.DynamicFlyprotoCodec;
import org.flyproto.bench.codec.dynamic.DynamicProtobufCodec;
import org.flyproto.bench.fixture.Fixture;

/**
 * The codecs of the dynamic (schema-driven) comparison, {@code DynamicBenchmark}'s {@code library} parameter: flyproto's
 * {@code DynamicDecoder}/{@code DynamicEncoder}, protobuf-java's {@code DynamicMessage}, and flyproto's generated
 * flyweights as the bound the dynamic codec is held against.
 */
public enum DynamicLibrary {
    /** flyproto's {@code DynamicDecoder} and {@code DynamicEncoder} over the generated encoder's {@code SCHEMA}. */
    FLYPROTO_DYNAMIC("flyproto-dynamic"),
    /** protobuf-java's {@code DynamicMessage} over the generated class's descriptor. */
    PROTOBUF_DYNAMIC("protobuf-dynamic"),
    /** flyproto's generated flyweights: the codec of {@code FlyprotoBenchmark}. */
    FLYPROTO("flyproto");

    private final String label;

    DynamicLibrary(final String label) {
        this.label = label;
    }

    /**
     * @return the name of the benchmark parameter and of the results.
     */
    public String label() {
        return label;
    }

    /**
     * @param label as returned by {@link #label()}.
     * @return the library.
     * @throws IllegalArgumentException if there is none.
     */
    public static DynamicLibrary of(final String label) {
        for (final DynamicLibrary library : values()) {
            if (library.label.equals(label)) {
                return library;
            }
        }
        throw new IllegalArgumentException("no dynamic-benchmark library " + label);
    }

    /**
     * Creates this library's codec of a fixture, its input the canonical encoding.
     *
     * @param fixture the fixture.
     * @return the codec.
     */
    public MessageCodec codec(final Fixture fixture) {
        final MessageCodec codec = switch (this) {
            case FLYPROTO_DYNAMIC -> new DynamicFlyprotoCodec(fixture);
            case PROTOBUF_DYNAMIC -> new DynamicProtobufCodec(fixture);
            case FLYPROTO -> Library.FLYPROTO.codec(fixture);
        };
        final byte[] canonical = Library.canonicalBytes(fixture);
        codec.input(canonical, canonical.length);
        return codec;
    }
}
