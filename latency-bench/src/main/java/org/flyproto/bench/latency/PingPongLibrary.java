package org.flyproto.bench.latency;

import java.util.Locale;
import org.flyproto.bench.codec.OrderPingPong;
import org.flyproto.bench.codec.flyproto.FlyprotoOrderPingPong;
import org.flyproto.bench.codec.protobuf.ProtobufOrderPingPong;
import org.flyproto.bench.fixture.Fixture;

/** The libraries the Aeron ping-pong compares, each on the {@code order} fixture. */
public enum PingPongLibrary {
    /** flyproto: encode into a scratch buffer, validating {@code wrap} on the received fragment. */
    FLYPROTO("flyproto"),
    /** protobuf-java: builder, build, serialize; copy out of the fragment, parse, getters. */
    PROTOBUF_JAVA("protobuf-java");

    private final String label;

    PingPongLibrary(final String label) {
        this.label = label;
    }

    /**
     * @return the name used in properties, file names and results.
     */
    public String label() {
        return label;
    }

    /**
     * Creates the state one side of the ping-pong uses; each thread gets its own.
     *
     * @return a new codec over the {@code order} fixture.
     */
    public OrderPingPong newCodec() {
        final Fixture fixture = Fixture.ORDER;
        return switch (this) {
            case FLYPROTO -> new FlyprotoOrderPingPong(fixture.order(), fixture.bufferCapacity());
            case PROTOBUF_JAVA -> new ProtobufOrderPingPong(fixture.order(), fixture.bufferCapacity());
        };
    }

    /**
     * @param label a library's label, or its constant's name in any case.
     * @return the library.
     * @throws IllegalArgumentException if there is none.
     */
    public static PingPongLibrary of(final String label) {
        for (final PingPongLibrary library : values()) {
            if (library.label.equals(label) || library.name().equals(label.toUpperCase(Locale.ROOT))) {
                return library;
            }
        }
        throw new IllegalArgumentException("no ping-pong library " + label + "; one of flyproto, protobuf-java");
    }
}
