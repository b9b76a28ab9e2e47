package org.flyproto.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.flyproto.codec.ProtoDecodeException;
import org.flyproto.conformance.proto3.AllTypes;
import org.flyproto.conformance.proto3.flyproto.AllTypesDecoder;
import org.flyproto.conformance.proto3.flyproto.AllTypesEncoder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Length-delimited streams, interoperable with protobuf-java's writeDelimitedTo / parseDelimitedFrom. */
class DelimitedStreamTest {
    private static final long SEED = 0xDE11L;
    private static final int MESSAGES = 40;
    private static final int OFFSET = 3;

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void shouldReadAStreamProtobufJavaWrites(final BufferKind kind) throws IOException {
        final List<AllTypes> messages = messages();
        final ByteArrayOutputStream stream = new ByteArrayOutputStream();
        for (final AllTypes message : messages) {
            message.writeDelimitedTo(stream);
        }
        final byte[] bytes = stream.toByteArray();
        final DirectBuffer buffer = kind.holding(bytes, OFFSET);
        final AllTypesDecoder decoder = new AllTypesDecoder();
        final List<AllTypes> read = new ArrayList<>();
        for (int offset = OFFSET; offset < OFFSET + bytes.length; ) {
            decoder.wrapDelimited(buffer, offset, OFFSET + bytes.length - offset);
            read.add(AllTypesMirror.read(decoder));
            offset = decoder.encodedOffset() + decoder.encodedLength();
        }
        assertThat(read).isEqualTo(messages);
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void shouldWriteTheStreamProtobufJavaWrites(final BufferKind kind) throws IOException {
        final List<AllTypes> messages = messages();
        final ByteArrayOutputStream expected = new ByteArrayOutputStream();
        for (final AllTypes message : messages) {
            message.writeDelimitedTo(expected);
        }
        final MutableDirectBuffer buffer = kind.allocate(OFFSET + expected.size());
        final AllTypesEncoder encoder = new AllTypesEncoder();
        int offset = OFFSET;
        for (final AllTypes message : messages) {
            AllTypesMirror.encode(message, encoder.wrapDelimited(buffer, offset));
            offset += encoder.endDelimited();
        }
        final byte[] actual = new byte[offset - OFFSET];
        buffer.getBytes(OFFSET, actual);
        assertThat(actual).isEqualTo(expected.toByteArray());

        final ByteArrayInputStream in = new ByteArrayInputStream(actual);
        for (final AllTypes message : messages) {
            assertThat(AllTypes.parseDelimitedFrom(in)).isEqualTo(message);
        }
        assertThat(in.available()).isZero();
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void shouldRejectAStreamCutInsideAMessageOrItsPrefix(final BufferKind kind) throws IOException {
        final AllTypes message = new RandomMessages(SEED)
                .allTypes(1).toBuilder().setFString("x".repeat(300)).build();
        final ByteArrayOutputStream stream = new ByteArrayOutputStream();
        message.writeDelimitedTo(stream);
        final byte[] bytes = stream.toByteArray();
        final DirectBuffer buffer = kind.holding(bytes, OFFSET);
        final AllTypesDecoder decoder = new AllTypesDecoder();
        for (final int available : new int[] {0, 1, 2, bytes.length - 1}) {
            assertThatThrownBy(() -> decoder.wrapDelimited(buffer, OFFSET, available))
                    .as("%d of %d bytes", available, bytes.length)
                    .isInstanceOf(ProtoDecodeException.class);
        }
    }

    private static List<AllTypes> messages() {
        final RandomMessages random = new RandomMessages(SEED);
        final List<AllTypes> messages = new ArrayList<>();
        for (int i = 0; i < MESSAGES; i++) {
            messages.add(i % 7 == 0 ? AllTypes.getDefaultInstance() : random.allTypes(2));
        }
        return messages;
    }
}
