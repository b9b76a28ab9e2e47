package org.flyproto.bench;

import org.flyproto.bench.codec.MessageCodec;
import org.flyproto.bench.codec.flyproto.FlyprotoCodec;
import org.flyproto.bench.codec.lightproto.LightprotoCodec;
import org.flyproto.bench.codec.protobuf.ProtobufJavaCodec;
import org.flyproto.bench.codec.quickbuf.QuickbufCodec;
import org.flyproto.bench.codec.sbe.SbeOrderCodec;
import org.flyproto.bench.fixture.Fixture;
import org.flyproto.bench.fixture.MessageKind;

/** The libraries compared, and the codecs they have for each fixture. */
public enum Library {
    /** flyproto's generated flyweights. */
    FLYPROTO("flyproto"),
    /** protobuf-java's generated classes. */
    PROTOBUF_JAVA("protobuf-java"),
    /** QuickBuffers' generated messages. */
    QUICKBUF("QuickBuffers"),
    /** LightProto's generated messages, over Netty {@code ByteBuf}s. */
    LIGHTPROTO("LightProto"),
    /** SBE's generated codecs: not protobuf, the fixed-layout lower bound; order fixture only. */
    SBE("SBE");

    private final String label;

    Library(final String label) {
        this.label = label;
    }

    /**
     * @return the name used in results.
     */
    public String label() {
        return label;
    }

    /**
     * @return true for the libraries that write the protobuf wire format.
     */
    public boolean isProtobuf() {
        return this != SBE;
    }

    /**
     * @param fixture a fixture.
     * @return whether this library has a codec for it.
     */
    public boolean supports(final Fixture fixture) {
        return this != SBE || fixture.kind() == MessageKind.ORDER;
    }

    /**
     * Creates this library's codec of a fixture, ready to encode and to decode: its input is the canonical encoding
     * (protobuf-java's bytes, the same for every protobuf library) or, for SBE, its own encoding.
     *
     * @param fixture the fixture.
     * @return the codec.
     * @throws IllegalArgumentException if the library has no codec for the fixture.
     */
    public MessageCodec codec(final Fixture fixture) {
        if (!supports(fixture)) {
            throw new IllegalArgumentException(label + " has no codec for " + fixture.label());
        }
        final MessageCodec codec = switch (this) {
            case FLYPROTO -> FlyprotoCodec.of(fixture);
            case PROTOBUF_JAVA -> ProtobufJavaCodec.of(fixture);
            case QUICKBUF -> QuickbufCodec.of(fixture);
            case LIGHTPROTO -> LightprotoCodec.of(fixture);
            case SBE -> new SbeOrderCodec(fixture.order(), fixture.bufferCapacity());
        };
        if (isProtobuf()) {
            final byte[] canonical = canonicalBytes(fixture);
            codec.input(canonical, canonical.length);
        } else {
            codec.input(codec.output(), codec.encode());
        }
        return codec;
    }

    /**
     * The canonical encoding of a fixture: protobuf-java's, from its builder.
     *
     * @param fixture the fixture.
     * @return the bytes.
     */
    public static byte[] canonicalBytes(final Fixture fixture) {
        return ProtobufJavaCodec.of(fixture).build().toByteArray();
    }
}
