package org.flyproto.conformance;

import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.flyproto.buffers.Tag;
import org.flyproto.buffers.Utf8View;
import org.flyproto.codec.MessageEncoder;
import org.flyproto.codec.ProtoDecodeException;
import org.flyproto.codec.ProtoEncodeException;
import org.flyproto.codec.TextParseException;
import org.flyproto.codec.TextParser;
import org.flyproto.codec.schema.SchemaRegistry;
import org.flyproto.conformance.messages.edition2023.flyproto.TestAllTypesEdition2023Decoder;
import org.flyproto.conformance.messages.edition2023.flyproto.TestAllTypesEdition2023Encoder;
import org.flyproto.conformance.messages.proto2.flyproto.TestAllTypesProto2Decoder;
import org.flyproto.conformance.messages.proto2.flyproto.TestAllTypesProto2Encoder;
import org.flyproto.conformance.messages.proto3.flyproto.TestAllTypesProto3Decoder;
import org.flyproto.conformance.messages.proto3.flyproto.TestAllTypesProto3Encoder;
import org.flyproto.conformance.protocol.flyproto.ConformanceRequestDecoder;
import org.flyproto.conformance.protocol.flyproto.ConformanceRequestPayloadCase;
import org.flyproto.conformance.protocol.flyproto.ConformanceResponseEncoder;
import org.flyproto.conformance.protocol.flyproto.WireFormat;

/**
 * The testee's text-format requests: a {@code text_payload} is parsed by {@link TextParser} (as protobuf-java's
 * testee merges it, required fields unchecked, {@code Any} resolved against the test messages, invalid UTF-8 in a
 * validated string field rejected as the suite requires), and {@code TEXT_FORMAT} output is printed by the decoder's
 * {@code appendTo} — its unknown fields only when {@code print_unknown_fields} asks for them (they are dropped by
 * re-encoding the known fields first). For the suite's text-format messages, proto3, proto2 and edition 2023.
 */
final class TextFormatRequests {
    private final TextParser parser;
    private final String[] names;
    private final MessageEncoder[] encoders;
    private final Printer[] printers;
    private final ExpandableArrayBuffer parsed = new ExpandableArrayBuffer(4096);
    private final ExpandableArrayBuffer known = new ExpandableArrayBuffer(4096);
    private final StringBuilder text = new StringBuilder(4096);

    /** Decodes a message (validating) and prints it, with or without its unknown fields. */
    private interface Printer {
        StringBuilder print(DirectBuffer buffer, int offset, int length, boolean unknownFields, StringBuilder out);
    }

    TextFormatRequests() {
        final TestAllTypesProto3Encoder proto3 = new TestAllTypesProto3Encoder();
        final TestAllTypesProto3Decoder proto3In = new TestAllTypesProto3Decoder();
        final TestAllTypesProto2Encoder proto2 = new TestAllTypesProto2Encoder();
        final TestAllTypesProto2Decoder proto2In = new TestAllTypesProto2Decoder();
        final TestAllTypesEdition2023Encoder edition2023 = new TestAllTypesEdition2023Encoder();
        final TestAllTypesEdition2023Decoder edition2023In = new TestAllTypesEdition2023Decoder();
        names = new String[] {proto3.messageFullName(), proto2.messageFullName(), edition2023.messageFullName()};
        encoders = new MessageEncoder[] {proto3, proto2, edition2023};
        // Without its unknown fields: the known ones re-encoded, then decoded again.
        printers = new Printer[] {
            (buffer, offset, length, unknownFields, out) -> {
                proto3In.wrap(buffer, offset, length);
                if (!unknownFields) {
                    proto3In.wrap(
                            known,
                            0,
                            proto3.wrap(known, 0)
                                    .copyFields(proto3In, 1, Tag.MAX_FIELD_NUMBER)
                                    .encodedLength());
                }
                return proto3In.appendTo(out);
            },
            (buffer, offset, length, unknownFields, out) -> {
                proto2In.wrap(buffer, offset, length);
                if (!unknownFields) {
                    proto2In.wrap(
                            known,
                            0,
                            proto2.wrap(known, 0)
                                    .copyFields(proto2In, 1, Tag.MAX_FIELD_NUMBER)
                                    .encodedLength());
                }
                return proto2In.appendTo(out);
            },
            (buffer, offset, length, unknownFields, out) -> {
                edition2023In.wrap(buffer, offset, length);
                if (!unknownFields) {
                    edition2023In.wrap(
                            known,
                            0,
                            edition2023
                                    .wrap(known, 0)
                                    .copyFields(edition2023In, 1, Tag.MAX_FIELD_NUMBER)
                                    .encodedLength());
                }
                return edition2023In.appendTo(out);
            }
        };
        parser = TextParser.builder()
                .typeRegistry(SchemaRegistry.of(
                        TestAllTypesProto3Encoder.SCHEMA,
                        TestAllTypesProto2Encoder.SCHEMA,
                        TestAllTypesEdition2023Encoder.SCHEMA))
                .rejectInvalidUtf8(true)
                .build();
    }

    /**
     * @param request a decoded request.
     * @return true if it is one for text format: text input, or text output asked for.
     */
    boolean handles(final ConformanceRequestDecoder request) {
        return request.payloadCase() == ConformanceRequestPayloadCase.TEXT_PAYLOAD
                || (request.payloadCase() == ConformanceRequestPayloadCase.PROTOBUF_PAYLOAD
                        && request.requestedOutputFormat() == WireFormat.TEXT_FORMAT);
    }

    /**
     * Answers a request {@link #handles} accepts.
     *
     * @param request the request.
     * @param response the response, wrapped; receives the result.
     */
    void answer(final ConformanceRequestDecoder request, final ConformanceResponseEncoder response) {
        final int type = indexOf(request.messageType());
        final WireFormat output = request.requestedOutputFormat();
        if (type < 0) {
            response.skipped("message type " + request.messageTypeAsString() + " has no text-format support here");
            return;
        }
        if (output != WireFormat.PROTOBUF && output != WireFormat.TEXT_FORMAT) {
            response.skipped("text format converts to protobuf or text only; output asked for " + output);
            return;
        }
        final DirectBuffer bytes;
        final int offset;
        final int length;
        if (request.payloadCase() == ConformanceRequestPayloadCase.TEXT_PAYLOAD) {
            final Utf8View input = request.textPayload();
            final MessageEncoder encoder = encoders[type];
            while (true) {
                try {
                    encoder.wrap(parsed, 0, parsed.capacity());
                    parser.merge(input.buffer(), input.offset(), input.byteLength(), encoder);
                    break;
                } catch (final TextParseException e) {
                    response.parseError(e.getMessage());
                    return;
                } catch (final ProtoEncodeException e) {
                    parsed.checkLimit(2 * parsed.capacity());
                }
            }
            bytes = parsed;
            offset = 0;
            length = encoder.encodedLength();
        } else {
            bytes = request.protobufPayload().buffer();
            offset = request.protobufPayload().offset();
            length = request.protobufPayload().length();
        }
        if (output == WireFormat.PROTOBUF) {
            response.protobufPayload(bytes, offset, length);
            return;
        }
        text.setLength(0);
        try {
            printers[type].print(bytes, offset, length, request.printUnknownFields(), text);
        } catch (final ProtoDecodeException e) {
            response.parseError(e.getMessage());
            return;
        }
        response.textPayload(text);
    }

    private int indexOf(final Utf8View name) {
        for (int i = 0; i < names.length; i++) {
            if (name.contentEquals(names[i])) {
                return i;
            }
        }
        return -1;
    }
}
