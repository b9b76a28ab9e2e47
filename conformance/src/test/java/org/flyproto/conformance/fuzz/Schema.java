package org.flyproto.conformance.fuzz;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import java.util.function.Supplier;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.flyproto.codec.MessageDecoder;
import org.flyproto.codec.MessageEncoder;
import org.flyproto.conformance.alloc.Features;
import org.flyproto.conformance.alloc.flyproto.FeaturesDecoder;
import org.flyproto.conformance.alloc.flyproto.FeaturesEncoder;
import org.flyproto.conformance.e2023.TestAllTypesEdition2023;
import org.flyproto.conformance.e2023.flyproto.TestAllTypesEdition2023Decoder;
import org.flyproto.conformance.e2023.flyproto.TestAllTypesEdition2023Encoder;
import org.flyproto.conformance.p2.TestAllTypesProto2;
import org.flyproto.conformance.p2.flyproto.TestAllTypesProto2Decoder;
import org.flyproto.conformance.p2.flyproto.TestAllTypesProto2Encoder;
import org.flyproto.conformance.proto3.AllTypes;
import org.flyproto.conformance.proto3.flyproto.AllTypesDecoder;
import org.flyproto.conformance.proto3.flyproto.AllTypesEncoder;

/**
 * A root message type of the test schemas with both protobuf-java's class and flyproto's generated decoder and
 * encoder: the three all-types schemas that are fuzzed, and the message with maps that the hostile corpus also covers.
 * The name is the corpus directory of the type.
 */
public enum Schema {
    /** {@code flyproto.test.AllTypes}, proto3. */
    PROTO3("proto3", AllTypes.getDefaultInstance(), AllTypesDecoder::new, AllTypesEncoder::new) {
        @Override
        MessageDecoder wrap(final MessageDecoder d, final DirectBuffer b, final int o, final int l, final boolean t) {
            final AllTypesDecoder decoder = (AllTypesDecoder) d;
            return t ? decoder.wrapTrusted(b, o, l) : decoder.wrap(b, o, l);
        }

        @Override
        MessageEncoder copy(final MessageEncoder e, final MutableDirectBuffer b, final MessageDecoder d) {
            return ((AllTypesEncoder) e).wrap(b, 0).copy((AllTypesDecoder) d);
        }
    },
    /** {@code flyproto.test.TestAllTypesProto2}: groups, required fields, closed enums, a oneof. */
    PROTO2(
            "proto2",
            TestAllTypesProto2.getDefaultInstance(),
            TestAllTypesProto2Decoder::new,
            TestAllTypesProto2Encoder::new) {
        @Override
        MessageDecoder wrap(final MessageDecoder d, final DirectBuffer b, final int o, final int l, final boolean t) {
            final TestAllTypesProto2Decoder decoder = (TestAllTypesProto2Decoder) d;
            return t ? decoder.wrapTrusted(b, o, l) : decoder.wrap(b, o, l);
        }

        @Override
        MessageEncoder copy(final MessageEncoder e, final MutableDirectBuffer b, final MessageDecoder d) {
            return ((TestAllTypesProto2Encoder) e).wrap(b, 0).copy((TestAllTypesProto2Decoder) d);
        }
    },
    /** {@code flyproto.test.e2023.TestAllTypesEdition2023}: delimited messages, unchecked strings, a oneof. */
    EDITION2023(
            "edition2023",
            TestAllTypesEdition2023.getDefaultInstance(),
            TestAllTypesEdition2023Decoder::new,
            TestAllTypesEdition2023Encoder::new) {
        @Override
        MessageDecoder wrap(final MessageDecoder d, final DirectBuffer b, final int o, final int l, final boolean t) {
            final TestAllTypesEdition2023Decoder decoder = (TestAllTypesEdition2023Decoder) d;
            return t ? decoder.wrapTrusted(b, o, l) : decoder.wrap(b, o, l);
        }

        @Override
        MessageEncoder copy(final MessageEncoder e, final MutableDirectBuffer b, final MessageDecoder d) {
            return ((TestAllTypesEdition2023Encoder) e).wrap(b, 0).copy((TestAllTypesEdition2023Decoder) d);
        }
    },
    /** {@code flyproto.test.alloc.Features}: maps; in the hostile corpus only. */
    FEATURES("features", Features.getDefaultInstance(), FeaturesDecoder::new, FeaturesEncoder::new) {
        @Override
        MessageDecoder wrap(final MessageDecoder d, final DirectBuffer b, final int o, final int l, final boolean t) {
            final FeaturesDecoder decoder = (FeaturesDecoder) d;
            return t ? decoder.wrapTrusted(b, o, l) : decoder.wrap(b, o, l);
        }

        @Override
        MessageEncoder copy(final MessageEncoder e, final MutableDirectBuffer b, final MessageDecoder d) {
            return ((FeaturesEncoder) e).wrap(b, 0).copy((FeaturesDecoder) d);
        }
    };

    /** The schemas the fuzz target picks from. */
    static final Schema[] FUZZED = {PROTO3, PROTO2, EDITION2023};

    private final String directory;
    private final Message prototype;
    private final Supplier<? extends MessageDecoder> decoders;
    private final Supplier<? extends MessageEncoder> encoders;

    Schema(
            final String directory,
            final Message prototype,
            final Supplier<? extends MessageDecoder> decoders,
            final Supplier<? extends MessageEncoder> encoders) {
        this.directory = directory;
        this.prototype = prototype;
        this.decoders = decoders;
        this.encoders = encoders;
    }

    /**
     * @param directory a corpus directory name.
     * @return the schema whose corpus directory it is.
     */
    public static Schema ofDirectory(final String directory) {
        for (final Schema schema : values()) {
            if (schema.directory.equals(directory)) {
                return schema;
            }
        }
        throw new IllegalArgumentException("no schema for corpus directory " + directory);
    }

    /** @return the name of the corpus directory of this message type. */
    public String directory() {
        return directory;
    }

    /** @return protobuf-java's default instance of the message type. */
    public Message prototype() {
        return prototype;
    }

    /** @return protobuf-java's descriptor of the message type. */
    public Descriptor descriptor() {
        return prototype.getDescriptorForType();
    }

    /** @return a new flyproto decoder of the message type. */
    public MessageDecoder newDecoder() {
        return decoders.get();
    }

    /** @return a new flyproto encoder of the message type. */
    public MessageEncoder newEncoder() {
        return encoders.get();
    }

    /**
     * @param input the bytes.
     * @return protobuf-java's parse of them, required fields or not (flyproto's decode does not check them either), or
     *     null if protobuf-java rejects them.
     */
    public Message parse(final byte[] input) {
        try {
            return prototype.getParserForType().parsePartialFrom(input);
        } catch (final InvalidProtocolBufferException e) {
            return null;
        }
    }

    /**
     * @return why protobuf-java rejects {@code input}, or null if it accepts it.
     */
    public String protobufJavaRejection(final byte[] input) {
        try {
            prototype.getParserForType().parsePartialFrom(input);
            return null;
        } catch (final InvalidProtocolBufferException e) {
            return e.getMessage();
        }
    }

    /** Wraps {@code decoder} (of this type) with {@code wrap} or, when {@code trusted}, {@code wrapTrusted}. */
    abstract MessageDecoder wrap(MessageDecoder decoder, DirectBuffer buffer, int offset, int length, boolean trusted);

    /** Wraps {@code encoder} (of this type) at index 0 of {@code buffer} and copies {@code decoder} into it. */
    abstract MessageEncoder copy(MessageEncoder encoder, MutableDirectBuffer buffer, MessageDecoder decoder);
}
