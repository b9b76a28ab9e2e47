package org.flyproto.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.flyproto.conformance.proto3.AllTypes;
import org.flyproto.conformance.proto3.flyproto.AllTypesDecoder;
import org.flyproto.conformance.proto3.flyproto.AllTypesEncoder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A singular message field that occurs several times reads as the merge of its occurrences, as in protobuf: here,
 * concatenations of whole random messages, whose nested messages (and their nested messages) then occur several
 * times, read as protobuf-java reads them, and re-encode as protobuf-java re-encodes them.
 */
class MergeTest {
    private static final long BASE_SEED = 0x3E26EL;
    private static final int MESSAGES = 80;
    private static final int OFFSET = 9;

    private final AllTypesDecoder decoder = new AllTypesDecoder();
    private final AllTypesEncoder encoder = new AllTypesEncoder();

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void shouldReadConcatenatedMessagesAsTheirMerge(final BufferKind kind) throws InvalidProtocolBufferException {
        for (long seed = BASE_SEED; seed < BASE_SEED + MESSAGES; seed++) {
            final byte[] input = concatenation(seed);
            final AllTypes expected = AllTypes.parseFrom(input);
            final DirectBuffer buffer = kind.holding(input, OFFSET);
            assertThat(AllTypesMirror.read(decoder.wrap(buffer, OFFSET, input.length)))
                    .as("validating, seed %d", seed)
                    .isEqualTo(expected);
            assertThat(AllTypesMirror.read(decoder.wrapTrusted(buffer, OFFSET, input.length)))
                    .as("trusted, seed %d", seed)
                    .isEqualTo(expected);
        }
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void shouldReEncodeTheMergeAsProtobufJavaDoes(final BufferKind kind) throws InvalidProtocolBufferException {
        for (long seed = BASE_SEED; seed < BASE_SEED + MESSAGES; seed++) {
            final byte[] input = concatenation(seed);
            final DirectBuffer buffer = kind.holding(input, OFFSET);
            final MutableDirectBuffer out = kind.allocate(2 * input.length + 64);
            encoder.wrap(out, 0).copy(decoder.wrap(buffer, OFFSET, input.length));
            final byte[] copied = new byte[encoder.encodedLength()];
            out.getBytes(0, copied);
            assertThat(copied)
                    .as("seed %d", seed)
                    .isEqualTo(AllTypes.parseFrom(input).toByteArray());
        }
    }

    /** Three random messages back to back, the nested ones included: protobuf's way of merging them. */
    private static byte[] concatenation(final long seed) {
        final RandomMessages random = new RandomMessages(seed);
        ByteString bytes = ByteString.EMPTY;
        for (int i = 0; i < 3; i++) {
            AllTypes message = random.allTypes(2);
            if (i == 1 && message.hasFNested()) {
                // The nested message itself split in two occurrences, one inside the other's merge.
                message = message.toBuilder()
                        .setFNested(message.getFNested().toBuilder().setChild(random.allTypes(1)))
                        .build();
            }
            bytes = bytes.concat(message.toByteString());
        }
        return bytes.toByteArray();
    }
}
