package org.flyproto.conformance;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.EOFException;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteOrder;
import java.util.List;
import java.util.function.Supplier;
import org.agrona.BitUtil;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.buffers.BytesView;
import org.flyproto.buffers.Utf8View;
import org.flyproto.codec.JsonParser;
import org.flyproto.codec.JsonPrintException;
import org.flyproto.codec.JsonPrinter;
import org.flyproto.codec.JsonTypeRegistry;
import org.flyproto.codec.MessageDecoder;
import org.flyproto.codec.MessageEncoder;
import org.flyproto.codec.ProtoDecodeException;
import org.flyproto.codec.ProtoEncodeException;
import org.flyproto.conformance.protocol.flyproto.ConformanceRequestDecoder;
import org.flyproto.conformance.protocol.flyproto.ConformanceRequestPayloadCase;
import org.flyproto.conformance.protocol.flyproto.ConformanceResponseEncoder;
import org.flyproto.conformance.protocol.flyproto.FailureSetEncoder;
import org.flyproto.conformance.protocol.flyproto.TestCategory;
import org.flyproto.conformance.protocol.flyproto.WireFormat;
import org.flyproto.wkt.AnyDecoder;
import org.flyproto.wkt.BoolValueDecoder;
import org.flyproto.wkt.BytesValueDecoder;
import org.flyproto.wkt.DoubleValueDecoder;
import org.flyproto.wkt.DurationDecoder;
import org.flyproto.wkt.EmptyDecoder;
import org.flyproto.wkt.FieldMaskDecoder;
import org.flyproto.wkt.FloatValueDecoder;
import org.flyproto.wkt.Int32ValueDecoder;
import org.flyproto.wkt.Int64ValueDecoder;
import org.flyproto.wkt.ListValueDecoder;
import org.flyproto.wkt.StringValueDecoder;
import org.flyproto.wkt.StructDecoder;
import org.flyproto.wkt.TimestampDecoder;
import org.flyproto.wkt.UInt32ValueDecoder;
import org.flyproto.wkt.UInt64ValueDecoder;
import org.flyproto.wkt.ValueDecoder;

/**
 * A testee for protobuf's conformance runner ({@code conformance_test_runner}): reads {@code ConformanceRequest}s from
 * stdin, each preceded by its length as 4 bytes little-endian, and answers each with a length-prefixed
 * {@code ConformanceResponse} on stdout, until stdin ends.
 *
 * <p>Everything is done by flyproto's generated flyweights: the request is decoded by {@code ConformanceRequestDecoder},
 * the payload by the decoder of the requested message type (validating: malformed input, invalid UTF-8 where the
 * schema asks for validation, missing required fields are parse errors), the message re-encoded by the matching encoder
 * ({@code copy}: known fields canonical, unknown fields byte for byte) and the response written by
 * {@code ConformanceResponseEncoder}. A JSON payload is parsed by {@link JsonParser} into the message type's encoder
 * (ignoring unknown fields for {@code JSON_IGNORE_UNKNOWN_PARSING_TEST}): a parse error is answered as such, a parsed
 * message as protobuf or, asked for as JSON, decoded again and printed. A binary payload asked for as JSON is printed by
 * {@link JsonPrinter} (as {@code JsonFormat.printer()} prints it, Any resolved among the test messages and the
 * well-known types). Text-format input and output go through {@link TextFormatRequests} (flyproto's
 * text parser and printer). Requests with a JSPB payload, or for JSPB output, are answered {@code skipped}.
 */
public final class ConformanceTestee {
    private static final int LENGTH_PREFIX = 4;
    private static final int INITIAL_CAPACITY = 64 * 1024;

    private final ConformanceRequestDecoder request = new ConformanceRequestDecoder();
    private final ConformanceResponseEncoder response = new ConformanceResponseEncoder();
    private final FailureSetEncoder failureSet = new FailureSetEncoder();
    private final TestMessages messages = new TestMessages();
    private final JsonParser jsonParser = JsonParser.create().usingRegistry(messages.registry());
    private final JsonParser jsonIgnoringUnknown = jsonParser.ignoringUnknownFields();
    private final TextFormatRequests textFormat = new TextFormatRequests();
    private final ExpandableArrayBuffer requestBuffer = new ExpandableArrayBuffer(INITIAL_CAPACITY);
    private final ExpandableArrayBuffer responseBuffer = new ExpandableArrayBuffer(INITIAL_CAPACITY);
    private MutableDirectBuffer payloadBuffer = new UnsafeBuffer(new byte[INITIAL_CAPACITY]);
    private long count;
    /** As the Java testee prints: {@code JsonFormat.printer()} with the test messages and the well-known types. */
    // The suite reads extensions back by their ProtoJSON names, [full.name].
    private final JsonPrinter json =
            JsonPrinter.printer().printingFullyQualifiedExtensionNames().usingTypeRegistry(typeRegistry());

    private final ExpandableArrayBuffer jsonBuffer = new ExpandableArrayBuffer(INITIAL_CAPACITY);

    /**
     * Serves the runner on stdin / stdout until stdin ends.
     *
     * @param args ignored.
     * @throws IOException if stdin or stdout fail.
     */
    public static void main(final String[] args) throws IOException {
        final ConformanceTestee testee = new ConformanceTestee();
        try (InputStream in = new BufferedInputStream(new FileInputStream(FileDescriptor.in), INITIAL_CAPACITY);
                OutputStream out =
                        new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), INITIAL_CAPACITY)) {
            testee.serve(in, out);
        }
        System.err.println("flyproto conformance testee: " + testee.count + " requests served");
    }

    /**
     * Answers requests from {@code in} on {@code out} until {@code in} ends cleanly (at a request boundary).
     *
     * @param in the runner's requests, each preceded by its length (4 bytes, little-endian).
     * @param out where the responses go, framed the same way; flushed after each response.
     * @throws IOException if a stream fails, or {@code in} ends inside a request.
     */
    public void serve(final InputStream in, final OutputStream out) throws IOException {
        final byte[] prefix = new byte[LENGTH_PREFIX];
        while (readFully(in, prefix, 0, LENGTH_PREFIX, true)) {
            final int length =
                    (prefix[0] & 0xFF) | (prefix[1] & 0xFF) << 8 | (prefix[2] & 0xFF) << 16 | prefix[3] << 24;
            if (length < 0) {
                throw new IOException("request length " + Integer.toUnsignedString(length) + " is too large");
            }
            requestBuffer.checkLimit(length);
            readFully(in, requestBuffer.byteArray(), 0, length, false);
            final int responseLength = answer(requestBuffer, 0, length, responseBuffer);
            out.write(responseBuffer.byteArray(), 0, responseLength);
            out.flush();
            count++;
        }
    }

    /**
     * Answers one request.
     *
     * @param buffer holds the encoded {@code ConformanceRequest}.
     * @param offset where it starts.
     * @param length its length.
     * @param out receives the response, preceded by its length (4 bytes, little-endian), at index 0.
     * @return the number of bytes written to {@code out}, length prefix included.
     */
    public int answer(final DirectBuffer buffer, final int offset, final int length, final ExpandableArrayBuffer out) {
        try {
            request.wrap(buffer, offset, length);
        } catch (final ProtoDecodeException e) {
            return respondRuntimeError(out, "the request itself does not decode: " + e.getMessage());
        }
        final ConformanceRequestPayloadCase payload = request.payloadCase();
        final int responseLength;
        if (request.messageType().contentEquals("conformance.FailureSet")) {
            // Older runners ask for the testee's failure list first: there is none.
            failureSet.wrap(payloadBuffer, 0);
            responseLength = respondPayload(out, failureSet.encodedLength());
        } else if (textFormat.handles(request)) {
            textFormat.answer(request, response.wrap(out, LENGTH_PREFIX));
            responseLength = frame(out);
        } else if (payload == ConformanceRequestPayloadCase.JSON_PAYLOAD) {
            final MessageEncoder encoder = messages.encoderForName(request.messageType());
            responseLength = encoder == null
                    ? respondSkipped(out, "message type " + request.messageTypeAsString() + " is not in this testee")
                    : parseJson(encoder, request.jsonPayload(), out);
        } else if (payload != ConformanceRequestPayloadCase.PROTOBUF_PAYLOAD) {
            responseLength = respondSkipped(out, "only the binary wire format is supported; input was " + payload);
        } else if (request.requestedOutputFormat() == WireFormat.JSON) {
            final TestMessages.Decoding decoding = messages.decodingFor(request.messageType());
            responseLength = decoding == null
                    ? respondSkipped(out, "message type " + request.messageTypeAsString() + " is not in this testee")
                    : printJson(
                            decoding,
                            request.protobufPayload().buffer(),
                            request.protobufPayload().offset(),
                            request.protobufPayload().length(),
                            out);
        } else if (request.requestedOutputFormat() != WireFormat.PROTOBUF) {
            responseLength = respondSkipped(
                    out, "only the binary wire format is supported; output asked for " + outputFormatName());
        } else {
            final TestMessages.Transcoder transcoder = messages.forName(request.messageType());
            responseLength = transcoder == null
                    ? respondSkipped(out, "message type " + request.messageTypeAsString() + " is not in this testee")
                    : transcode(transcoder, request.protobufPayload(), out);
        }
        return responseLength;
    }

    private int transcode(
            final TestMessages.Transcoder transcoder, final BytesView input, final ExpandableArrayBuffer out) {
        int capacity = Math.max(payloadBuffer.capacity(), 4 * input.length() + 64);
        while (true) {
            if (payloadBuffer.capacity() < capacity) {
                payloadBuffer = new UnsafeBuffer(new byte[BitUtil.findNextPositivePowerOfTwo(capacity)]);
            }
            try {
                final int encoded = transcoder.transcode(input.buffer(), input.offset(), input.length(), payloadBuffer);
                return respondPayload(out, encoded);
            } catch (final ProtoDecodeException e) {
                return respondParseError(out, e.getMessage());
            } catch (final ProtoEncodeException e) {
                if (payloadBuffer.capacity() >= Integer.MAX_VALUE / 4) {
                    return respondRuntimeError(out, "re-encoding does not fit: " + e.getMessage());
                }
                capacity = payloadBuffer.capacity() * 2;
            } catch (final RuntimeException e) {
                return respondRuntimeError(out, e.toString());
            }
        }
    }

    /**
     * Decodes the payload and prints it as {@code JsonFormat.printer()} would (the Java testee's printer): a message
     * that has no JSON form (a Timestamp out of range, an Any of an unknown type) is a {@code serialize_error}.
     */
    private int printJson(
            final TestMessages.Decoding decoding,
            final DirectBuffer in,
            final int offset,
            final int inLength,
            final ExpandableArrayBuffer out) {
        final int length;
        try {
            length = json.printTo(decoding.decode(in, offset, inLength), jsonBuffer, 0);
        } catch (final ProtoDecodeException e) {
            return respondParseError(out, e.getMessage());
        } catch (final JsonPrintException e) {
            response.wrap(out, LENGTH_PREFIX).serializeError(e.getMessage());
            return frame(out);
        } catch (final RuntimeException e) {
            return respondRuntimeError(out, e.toString());
        }
        out.checkLimit(LENGTH_PREFIX + length + 16);
        response.wrap(out, LENGTH_PREFIX).jsonPayload(jsonBuffer, 0, length);
        return frame(out);
    }

    private static JsonTypeRegistry typeRegistry() {
        final JsonTypeRegistry.Builder types = JsonTypeRegistry.builder();
        TestMessages.decoderFactories().forEach(types::add);
        for (final Supplier<MessageDecoder> wellKnown : List.<Supplier<MessageDecoder>>of(
                AnyDecoder::new,
                TimestampDecoder::new,
                DurationDecoder::new,
                FieldMaskDecoder::new,
                StructDecoder::new,
                ValueDecoder::new,
                ListValueDecoder::new,
                EmptyDecoder::new,
                DoubleValueDecoder::new,
                FloatValueDecoder::new,
                Int64ValueDecoder::new,
                UInt64ValueDecoder::new,
                Int32ValueDecoder::new,
                UInt32ValueDecoder::new,
                BoolValueDecoder::new,
                StringValueDecoder::new,
                BytesValueDecoder::new)) {
            types.add(wellKnown);
        }
        return types.build();
    }

    /** JSON in, protobuf or JSON out: parsed by {@link JsonParser} straight into the message type's encoder. */
    private int parseJson(final MessageEncoder encoder, final Utf8View input, final ExpandableArrayBuffer out) {
        final JsonParser parser = request.testCategory() == TestCategory.JSON_IGNORE_UNKNOWN_PARSING_TEST
                ? jsonIgnoringUnknown
                : jsonParser;
        int capacity = Math.max(payloadBuffer.capacity(), 2 * input.byteLength() + 64);
        while (true) {
            if (payloadBuffer.capacity() < capacity) {
                payloadBuffer = new UnsafeBuffer(new byte[BitUtil.findNextPositivePowerOfTwo(capacity)]);
            }
            try {
                encoder.wrap(payloadBuffer, 0, payloadBuffer.capacity());
                parser.parse(input.buffer(), input.offset(), input.byteLength(), encoder);
                if (request.requestedOutputFormat() == WireFormat.JSON) {
                    // JSON out: the parsed message decoded again and printed, as the Java testee prints the message
                    // JsonFormat parsed.
                    final TestMessages.Decoding decoding = messages.decodingFor(request.messageType());
                    return printJson(decoding, payloadBuffer, 0, encoder.encodedLength(), out);
                }
                if (request.requestedOutputFormat() != WireFormat.PROTOBUF) {
                    // Parsed, so not a parse error; the answer in another format is not ours to give.
                    return respondSkipped(out, "JSON input parsed; output asked for " + outputFormatName());
                }
                return respondPayload(out, encoder.encodedLength());
            } catch (final ProtoDecodeException e) {
                return respondParseError(out, e.getMessage());
            } catch (final ProtoEncodeException e) {
                if (payloadBuffer.capacity() >= Integer.MAX_VALUE / 4) {
                    return respondRuntimeError(out, "the message does not fit: " + e.getMessage());
                }
                capacity = payloadBuffer.capacity() * 2;
            } catch (final RuntimeException e) {
                return respondRuntimeError(out, e.toString());
            }
        }
    }

    private String outputFormatName() {
        final WireFormat format = request.requestedOutputFormat();
        return format == WireFormat.UNRECOGNIZED ? "format " + request.requestedOutputFormatRaw() : format.name();
    }

    private int respondPayload(final ExpandableArrayBuffer out, final int payloadLength) {
        out.checkLimit(LENGTH_PREFIX + payloadLength + 16);
        response.wrap(out, LENGTH_PREFIX).protobufPayload(payloadBuffer, 0, payloadLength);
        return frame(out);
    }

    private int respondParseError(final ExpandableArrayBuffer out, final String message) {
        response.wrap(out, LENGTH_PREFIX).parseError(message);
        return frame(out);
    }

    private int respondSkipped(final ExpandableArrayBuffer out, final String message) {
        response.wrap(out, LENGTH_PREFIX).skipped(message);
        return frame(out);
    }

    private int respondRuntimeError(final ExpandableArrayBuffer out, final String message) {
        response.wrap(out, LENGTH_PREFIX).runtimeError(message);
        return frame(out);
    }

    private int frame(final ExpandableArrayBuffer out) {
        final int length = response.encodedLength();
        out.putInt(0, length, ByteOrder.LITTLE_ENDIAN);
        return LENGTH_PREFIX + length;
    }

    private static boolean readFully(
            final InputStream in, final byte[] dst, final int offset, final int length, final boolean eofAllowed)
            throws IOException {
        int done = 0;
        while (done < length) {
            final int n = in.read(dst, offset + done, length - done);
            if (n < 0) {
                if (done == 0 && eofAllowed) {
                    return false;
                }
                throw new EOFException("stdin ended after " + done + " of " + length + " bytes");
            }
            done += n;
        }
        return true;
    }
}
