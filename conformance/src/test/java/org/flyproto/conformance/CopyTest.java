package org.flyproto.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.UnknownFieldSet;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.flyproto.conformance.proto3.AllTypes;
import org.flyproto.conformance.proto3.AllTypesFlipped;
import org.flyproto.conformance.proto3.flyproto.AllTypesDecoder;
import org.flyproto.conformance.proto3.flyproto.AllTypesEncoder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Copying a decoded message into an encoder: canonical re-encoding (the bytes protobuf-java writes after parsing the
 * same input), unknown fields carried through, and forwarding with one field changed.
 */
class CopyTest {
    private static final long BASE_SEED = 0xC0B1L;
    private static final int MESSAGES = 40;
    private static final int OFFSET = 5;

    private final AllTypesDecoder decoder = new AllTypesDecoder();
    private final AllTypesEncoder encoder = new AllTypesEncoder();

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void shouldReEncodeNonCanonicalInputAsProtobufJavaDoes(final BufferKind kind)
            throws InvalidProtocolBufferException {
        for (long seed = BASE_SEED; seed < BASE_SEED + MESSAGES; seed++) {
            final RandomMessages random = new RandomMessages(seed);
            final AllTypes first = random.allTypes(2);
            // Packing flipped, then more scalars and repeated elements appended: last wins, repeated concatenate.
            final byte[] input = AllTypesFlipped.parseFrom(first.toByteArray())
                    .toByteString()
                    .concat(random.allTypes(0).toBuilder().clearFLeaf().build().toByteString())
                    .toByteArray();
            final AllTypes expected = AllTypes.parseFrom(input);
            assertThat(copy(kind, input)).as("seed %d", seed).isEqualTo(expected.toByteArray());
        }
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void shouldCarryUnknownFieldsThrough(final BufferKind kind) throws InvalidProtocolBufferException {
        for (long seed = BASE_SEED; seed < BASE_SEED + MESSAGES; seed++) {
            final AllTypes message = new RandomMessages(seed).allTypes(2);
            final UnknownFieldSet unknown = UnknownFieldSet.newBuilder()
                    .addField(
                            95,
                            UnknownFieldSet.Field.newBuilder().addVarint(seed).build())
                    .addField(
                            96,
                            UnknownFieldSet.Field.newBuilder()
                                    .addLengthDelimited(ByteString.copyFromUtf8("carried"))
                                    .addFixed64(seed)
                                    .build())
                    .addField(
                            97,
                            UnknownFieldSet.Field.newBuilder()
                                    .addGroup(UnknownFieldSet.newBuilder()
                                            .addField(
                                                    1,
                                                    UnknownFieldSet.Field.newBuilder()
                                                            .addFixed32(1)
                                                            .build())
                                            .build())
                                    .build())
                    .build();
            final byte[] input =
                    message.toByteString().concat(unknown.toByteString()).toByteArray();
            final byte[] copied = copy(kind, input);
            // protobuf-java writes the known fields, then the unknown ones: the same bytes here.
            assertThat(copied)
                    .as("seed %d", seed)
                    .isEqualTo(AllTypes.parseFrom(input).toByteArray());
            assertThat(AllTypes.parseFrom(copied).getUnknownFields()).isEqualTo(unknown);
        }
    }

    @ParameterizedTest
    @EnumSource(BufferKind.class)
    void shouldForwardWithOneFieldChanged(final BufferKind kind) throws InvalidProtocolBufferException {
        for (long seed = BASE_SEED; seed < BASE_SEED + MESSAGES; seed++) {
            final AllTypes message = new RandomMessages(seed).allTypes(2);
            final byte[] input = message.toByteArray();
            final DirectBuffer in = kind.holding(input, OFFSET);
            decoder.wrap(in, OFFSET, input.length);
            final MutableDirectBuffer out = kind.allocate(input.length + 64);
            encoder.wrap(out, 0)
                    .copyFields(decoder, 1, AllTypesEncoder.F_STRING_FIELD_NUMBER - 1)
                    .fString("changed")
                    .copyFields(decoder, AllTypesEncoder.F_STRING_FIELD_NUMBER + 1, Integer.MAX_VALUE)
                    .copyUnknownFields(decoder);
            final byte[] forwarded = new byte[encoder.encodedLength()];
            out.getBytes(0, forwarded);
            assertThat(forwarded)
                    .as("seed %d", seed)
                    .isEqualTo(message.toBuilder().setFString("changed").build().toByteArray());
        }
    }

    private byte[] copy(final BufferKind kind, final byte[] input) {
        final DirectBuffer in = kind.holding(input, OFFSET);
        decoder.wrap(in, OFFSET, input.length);
        // Canonical output can be larger than the input: expanded repeated fields that arrived packed.
        final MutableDirectBuffer out = kind.allocate(2 * input.length + 64);
        encoder.wrap(out, 0).copy(decoder);
        final byte[] copied = new byte[encoder.encodedLength()];
        out.getBytes(0, copied);
        return copied;
    }
}
