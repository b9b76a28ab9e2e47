package org.flyproto.conformance;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.flyproto.buffers.Utf8View;
import org.flyproto.codec.MessageDecoder;
import org.flyproto.codec.MessageEncoder;
import org.flyproto.codec.ProtoDecodeException;
import org.flyproto.codec.schema.MessageSchema;
import org.flyproto.codec.schema.SchemaRegistry;
import org.flyproto.conformance.messages.edition2023.flyproto.TestAllTypesEdition2023Decoder;
import org.flyproto.conformance.messages.edition2023.flyproto.TestAllTypesEdition2023Encoder;
import org.flyproto.conformance.messages.editionunstable.flyproto.TestAllTypesEditionUnstableDecoder;
import org.flyproto.conformance.messages.editionunstable.flyproto.TestAllTypesEditionUnstableEncoder;
import org.flyproto.conformance.messages.proto2.flyproto.TestAllRequiredTypesProto2Decoder;
import org.flyproto.conformance.messages.proto2.flyproto.TestAllRequiredTypesProto2Encoder;
import org.flyproto.conformance.messages.proto2.flyproto.TestAllTypesProto2Decoder;
import org.flyproto.conformance.messages.proto2.flyproto.TestAllTypesProto2Encoder;
import org.flyproto.conformance.messages.proto3.flyproto.TestAllTypesProto3Decoder;
import org.flyproto.conformance.messages.proto3.flyproto.TestAllTypesProto3Encoder;

/**
 * The test messages the testee knows, by full name, each with a reused decoder and encoder of its generated
 * flyweights.
 */
final class TestMessages {
    /** Decodes a payload and re-encodes it. */
    interface Transcoder {
        /**
         * Decodes {@code [offset, offset + length)} of {@code in} (validating) and re-encodes the message at index 0 of
         * {@code out}.
         *
         * @param in the payload's buffer.
         * @param offset where the payload starts.
         * @param length its length.
         * @param out where the re-encoded message goes; it must fit in the buffer's capacity.
         * @return the length of the re-encoded message.
         * @throws ProtoDecodeException if the payload is malformed or misses a required field.
         * @throws org.flyproto.codec.ProtoEncodeException if the re-encoded message does not fit in {@code out}.
         */
        int transcode(DirectBuffer in, int offset, int length, MutableDirectBuffer out);
    }

    /** Decodes a payload for printing. */
    interface Decoding {
        /**
         * Wraps the type's reused decoder on {@code [offset, offset + length)} of {@code in} (validating).
         *
         * @param in the payload's buffer.
         * @param offset where the payload starts.
         * @param length its length.
         * @return the decoder, wrapped.
         * @throws ProtoDecodeException if the payload is malformed or misses a required field.
         */
        MessageDecoder decode(DirectBuffer in, int offset, int length);
    }

    private final String[] names;
    private final Transcoder[] transcoders;
    private final Decoding[] decodings;
    private final MessageEncoder[] encoders;

    TestMessages() {
        final TestAllTypesProto3Decoder proto3 = new TestAllTypesProto3Decoder();
        final TestAllTypesProto3Encoder proto3Out = new TestAllTypesProto3Encoder();
        final TestAllTypesProto2Decoder proto2 = new TestAllTypesProto2Decoder();
        final TestAllTypesProto2Encoder proto2Out = new TestAllTypesProto2Encoder();
        final TestAllRequiredTypesProto2Decoder required = new TestAllRequiredTypesProto2Decoder();
        final TestAllRequiredTypesProto2Encoder requiredOut = new TestAllRequiredTypesProto2Encoder();
        final org.flyproto.conformance.messages.editions.proto3.flyproto.TestAllTypesProto3Decoder editions3 =
                new org.flyproto.conformance.messages.editions.proto3.flyproto.TestAllTypesProto3Decoder();
        final org.flyproto.conformance.messages.editions.proto3.flyproto.TestAllTypesProto3Encoder editions3Out =
                new org.flyproto.conformance.messages.editions.proto3.flyproto.TestAllTypesProto3Encoder();
        final org.flyproto.conformance.messages.editions.proto2.flyproto.TestAllTypesProto2Decoder editions2 =
                new org.flyproto.conformance.messages.editions.proto2.flyproto.TestAllTypesProto2Decoder();
        final org.flyproto.conformance.messages.editions.proto2.flyproto.TestAllTypesProto2Encoder editions2Out =
                new org.flyproto.conformance.messages.editions.proto2.flyproto.TestAllTypesProto2Encoder();
        final org.flyproto.conformance.messages.editions.proto2.flyproto.TestAllRequiredTypesProto2Decoder
                editionsRequired =
                        new org.flyproto.conformance.messages.editions.proto2.flyproto
                                .TestAllRequiredTypesProto2Decoder();
        final org.flyproto.conformance.messages.editions.proto2.flyproto.TestAllRequiredTypesProto2Encoder
                editionsRequiredOut =
                        new org.flyproto.conformance.messages.editions.proto2.flyproto
                                .TestAllRequiredTypesProto2Encoder();
        final TestAllTypesEdition2023Decoder edition2023 = new TestAllTypesEdition2023Decoder();
        final TestAllTypesEdition2023Encoder edition2023Out = new TestAllTypesEdition2023Encoder();
        final TestAllTypesEditionUnstableDecoder editionUnstable = new TestAllTypesEditionUnstableDecoder();
        final TestAllTypesEditionUnstableEncoder editionUnstableOut = new TestAllTypesEditionUnstableEncoder();

        names = new String[] {
            proto3.messageFullName(),
            proto2.messageFullName(),
            required.messageFullName(),
            editions3.messageFullName(),
            editions2.messageFullName(),
            editionsRequired.messageFullName(),
            edition2023.messageFullName(),
            editionUnstable.messageFullName()
        };
        encoders = new MessageEncoder[] {
            proto3Out,
            proto2Out,
            requiredOut,
            editions3Out,
            editions2Out,
            editionsRequiredOut,
            edition2023Out,
            editionUnstableOut
        };
        transcoders = new Transcoder[] {
            (in, offset, length, out) -> {
                proto3Out.wrap(out, 0, out.capacity()).copy(proto3.wrap(in, offset, length));
                return proto3Out.encodedLength();
            },
            (in, offset, length, out) -> {
                proto2Out.wrap(out, 0, out.capacity()).copy(proto2.wrap(in, offset, length));
                return proto2Out.encodedLength();
            },
            (in, offset, length, out) -> {
                requireInitialized(required.wrap(in, offset, length), required.isInitialized(), length);
                requiredOut.wrap(out, 0, out.capacity()).copy(required);
                return requiredOut.encodedLength();
            },
            (in, offset, length, out) -> {
                editions3Out.wrap(out, 0, out.capacity()).copy(editions3.wrap(in, offset, length));
                return editions3Out.encodedLength();
            },
            (in, offset, length, out) -> {
                editions2Out.wrap(out, 0, out.capacity()).copy(editions2.wrap(in, offset, length));
                return editions2Out.encodedLength();
            },
            (in, offset, length, out) -> {
                requireInitialized(editionsRequired.wrap(in, offset, length), editionsRequired.isInitialized(), length);
                editionsRequiredOut.wrap(out, 0, out.capacity()).copy(editionsRequired);
                return editionsRequiredOut.encodedLength();
            },
            (in, offset, length, out) -> {
                edition2023Out.wrap(out, 0, out.capacity()).copy(edition2023.wrap(in, offset, length));
                return edition2023Out.encodedLength();
            },
            (in, offset, length, out) -> {
                editionUnstableOut.wrap(out, 0, out.capacity()).copy(editionUnstable.wrap(in, offset, length));
                return editionUnstableOut.encodedLength();
            }
        };
        decodings = new Decoding[] {
            proto3::wrap,
            proto2::wrap,
            (in, offset, length) -> {
                requireInitialized(required.wrap(in, offset, length), required.isInitialized(), length);
                return required;
            },
            editions3::wrap,
            editions2::wrap,
            (in, offset, length) -> {
                requireInitialized(editionsRequired.wrap(in, offset, length), editionsRequired.isInitialized(), length);
                return editionsRequired;
            },
            edition2023::wrap,
            editionUnstable::wrap
        };
    }

    /**
     * @return factories of decoders of the test message types, for the JSON printer's Any registry.
     */
    static java.util.List<java.util.function.Supplier<MessageDecoder>> decoderFactories() {
        return java.util.List.of(
                TestAllTypesProto3Decoder::new,
                TestAllTypesProto2Decoder::new,
                TestAllRequiredTypesProto2Decoder::new,
                org.flyproto.conformance.messages.editions.proto3.flyproto.TestAllTypesProto3Decoder::new,
                org.flyproto.conformance.messages.editions.proto2.flyproto.TestAllTypesProto2Decoder::new,
                org.flyproto.conformance.messages.editions.proto2.flyproto.TestAllRequiredTypesProto2Decoder::new,
                TestAllTypesEdition2023Decoder::new,
                TestAllTypesEditionUnstableDecoder::new);
    }

    /**
     * The decoding of a message type, for JSON output.
     *
     * @param fullName the message's full name.
     * @return its decoding, or {@code null} if the testee does not know the type.
     */
    Decoding decodingFor(final Utf8View fullName) {
        for (int i = 0; i < names.length; i++) {
            if (fullName.contentEquals(names[i])) {
                return decodings[i];
            }
        }
        return null;
    }

    /**
     * The transcoder of a message type.
     *
     * @param fullName the message's full name, e.g. {@code protobuf_test_messages.proto3.TestAllTypesProto3}.
     * @return its transcoder, or {@code null} if the testee does not know the type.
     */
    Transcoder forName(final Utf8View fullName) {
        for (int i = 0; i < names.length; i++) {
            if (fullName.contentEquals(names[i])) {
                return transcoders[i];
            }
        }
        return null;
    }

    /**
     * The encoder of a message type, for input in another format (JSON).
     *
     * @param fullName the message's full name.
     * @return its reused encoder, or {@code null} if the testee does not know the type.
     */
    MessageEncoder encoderForName(final Utf8View fullName) {
        for (int i = 0; i < names.length; i++) {
            if (fullName.contentEquals(names[i])) {
                return encoders[i];
            }
        }
        return null;
    }

    /** @return the schemas of the message types, for resolving the types of {@code Any} values. */
    SchemaRegistry registry() {
        final MessageSchema[] schemas = new MessageSchema[encoders.length];
        for (int i = 0; i < encoders.length; i++) {
            schemas[i] = encoders[i].schema();
        }
        return SchemaRegistry.of(schemas);
    }

    private static void requireInitialized(final MessageDecoder decoder, final boolean initialized, final int length) {
        if (!initialized) {
            throw new ProtoDecodeException(
                    "a required field of " + decoder.messageFullName() + " (or of a message in it) is missing", length);
        }
    }
}
