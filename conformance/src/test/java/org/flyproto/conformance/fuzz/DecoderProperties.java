package org.flyproto.conformance.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import com.google.protobuf.UnknownFieldSet;
import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.codec.MessageDecoder;
import org.flyproto.codec.MessageEncoder;

/**
 * What flyproto's decoders must do with any input, checked by the fuzz target on every input it is given:
 *
 * <ol>
 *   <li>Nothing but a {@code ProtoDecodeException} escapes: not from the validating {@code wrap} followed by reading
 *       every field, at every level; not from {@code wrapTrusted} followed by the same. Its offset lies in the
 *       region and it gives a reason.
 *   <li>No read outside the wrapped region: the input alone in a buffer of exactly its size, and between guard
 *       regions of three kinds (zeros, 0xFF, and bytes that would complete a truncated value), gives the same verdict:
 *       the same values, or the same reason at the same relative offset. The guard bytes are left untouched. With
 *       {@code -Dagrona.disable.bounds.checks=true} this is the only thing that catches such a read.
 *   <li>Trusted decode reads what validating decode reads, whenever validating decode accepts.
 *   <li>Whatever protobuf-java accepts, flyproto accepts and reads as protobuf-java does (unknown fields aside),
 *       except where flyproto is documented to be stricter ({@link WireDivergences#flyprotoIsStricter()}), where it
 *       must reject with the documented reason; and the generated encoder's {@code copy(decoder)} writes bytes that
 *       protobuf-java parses to its parse of the input, unknown fields included.
 *   <li>Whatever protobuf-java rejects, flyproto's validating decode rejects.
 *   <li>The descriptor-driven {@code DynamicDecoder} gives the generated decoder's verdict and reads what protobuf-java
 *       reads ({@link DynamicVerdicts}).
 * </ol>
 */
public final class DecoderProperties {
    /** Bytes of guard on each side of the region. */
    static final int GUARD = 32;

    /** Reasons for rejecting what protobuf-java accepts, as documented. */
    private static final List<String> STRICTER_REASONS =
            List.of("tag longer than 5 bytes", "field number above 536870911", "varint longer than 10 bytes");

    private static final HexFormat HEX = HexFormat.ofDelimiter(" ").withUpperCase();

    private DecoderProperties() {}

    /** What surrounds the region. */
    enum Guard {
        /** Zeros, in a heap buffer: a read past the end sees a terminated varint, an empty length. */
        ZEROS {
            @Override
            MutableDirectBuffer allocate(final int capacity) {
                return new UnsafeBuffer(new byte[capacity]);
            }

            @Override
            byte before(final int i) {
                return 0;
            }

            @Override
            byte after(final int i) {
                return 0;
            }
        },
        /** 0xFF, in a heap buffer: a read past the end sees a varint that never ends. */
        ONES {
            @Override
            MutableDirectBuffer allocate(final int capacity) {
                return new UnsafeBuffer(new byte[capacity]);
            }

            @Override
            byte before(final int i) {
                return (byte) 0xFF;
            }

            @Override
            byte after(final int i) {
                return (byte) 0xFF;
            }
        },
        /**
         * Off-heap; before the region continuation bytes, after it {@code 01 08 01 08 …}: a read past the end sees a
         * truncated varint completed, then well-formed varint fields.
         */
        CONTINUATION {
            @Override
            MutableDirectBuffer allocate(final int capacity) {
                return new UnsafeBuffer(ByteBuffer.allocateDirect(capacity));
            }

            @Override
            byte before(final int i) {
                return (byte) 0x80;
            }

            @Override
            byte after(final int i) {
                return (byte) (i % 2 == 0 ? 0x01 : 0x08);
            }
        };

        abstract MutableDirectBuffer allocate(int capacity);

        abstract byte before(int i);

        abstract byte after(int i);

        /** @return a buffer holding {@value #GUARD} guard bytes, {@code input}, then {@value #GUARD} guard bytes. */
        MutableDirectBuffer surround(final byte[] input) {
            final MutableDirectBuffer buffer = allocate(GUARD + input.length + GUARD);
            for (int i = 0; i < GUARD; i++) {
                buffer.putByte(i, before(i));
                buffer.putByte(GUARD + input.length + i, after(i));
            }
            buffer.putBytes(GUARD, input);
            return buffer;
        }
    }

    /**
     * Checks every property on {@code input}.
     *
     * @param schema the message type to decode it as.
     * @param input  the bytes.
     * @throws AssertionError naming the property broken and the input.
     */
    public static void check(final Schema schema, final byte[] input) {
        final Supplier<String> context = () -> schema + " input [" + HEX.formatHex(input) + "]";

        final Verdict alone = Verdict.decode(schema, new UnsafeBuffer(input.clone()), 0, input.length, false, context);
        final Verdict aloneTrusted =
                Verdict.decode(schema, new UnsafeBuffer(input.clone()), 0, input.length, true, context);
        for (final Guard guard : Guard.values()) {
            final MutableDirectBuffer buffer = guard.surround(input);
            final byte[] before = bytes(buffer);
            assertThat(Verdict.decode(schema, buffer, GUARD, input.length, false, context))
                    .as(() -> "validating verdict between " + guard + " guards vs alone: " + context.get())
                    .isEqualTo(alone);
            assertThat(Verdict.decode(schema, buffer, GUARD, input.length, true, context))
                    .as(() -> "trusted verdict between " + guard + " guards vs alone: " + context.get())
                    .isEqualTo(aloneTrusted);
            assertThat(bytes(buffer))
                    .as(() -> "buffer after decoding between " + guard + " guards: " + context.get())
                    .isEqualTo(before);
        }
        if (alone.accepted()) {
            assertThat(aloneTrusted.value())
                    .as(() -> "trusted read vs validating read: " + context.get())
                    .isEqualTo(alone.value());
        }

        DynamicVerdicts.check(schema, schema.newEncoder().schema(), input, alone, aloneTrusted, context);

        final Message expected = schema.parse(input);
        if (expected != null) {
            final WireDivergences divergences = WireDivergences.find(schema.descriptor(), input);
            if (divergences.flyprotoIsStricter()) {
                assertThat(alone.reason())
                        .as(() -> "validating verdict where protobuf-java accepts and flyproto is documented to be"
                                + " stricter (" + divergences + "): " + context.get())
                        .isIn(STRICTER_REASONS);
            } else {
                assertThat(alone.value())
                        .as(() -> "validating read of what protobuf-java accepts (" + alone + "): " + context.get())
                        .isEqualTo(withoutUnknownFields(expected));
                assertThat(schema.parse(copy(schema, input)))
                        .as(() -> "protobuf-java's parse of copy(decoder) vs of the input: " + context.get())
                        .isEqualTo(expected);
            }
        } else {
            assertThat(alone.accepted())
                    .as(() -> "validating decode accepts what protobuf-java rejects (\""
                            + schema.protobufJavaRejection(input) + "\"): " + context.get())
                    .isFalse();
        }
    }

    /**
     * @return the bytes {@code copy(decoder)} writes from a validating decoder wrapped on {@code input}.
     */
    static byte[] copy(final Schema schema, final byte[] input) {
        final MessageDecoder decoder =
                schema.wrap(schema.newDecoder(), new UnsafeBuffer(input), 0, input.length, false);
        // Canonical output can be longer than the input (a packed run written expanded): let it grow.
        final MessageEncoder encoder = schema.copy(schema.newEncoder(), new ExpandableArrayBuffer(64), decoder);
        final byte[] copied = new byte[encoder.encodedLength()];
        encoder.encodedBuffer().getBytes(0, copied);
        return copied;
    }

    /**
     * @return {@code message} without unknown fields at any level: what flyproto's decoder can read back of it.
     */
    public static Message withoutUnknownFields(final Message message) {
        final Message.Builder builder = message.toBuilder().setUnknownFields(UnknownFieldSet.getDefaultInstance());
        for (final Map.Entry<FieldDescriptor, Object> entry :
                message.getAllFields().entrySet()) {
            final FieldDescriptor field = entry.getKey();
            if (field.getJavaType() != FieldDescriptor.JavaType.MESSAGE) {
                continue;
            }
            if (field.isRepeated()) {
                builder.clearField(field);
                for (final Object element : (List<?>) entry.getValue()) {
                    builder.addRepeatedField(field, withoutUnknownFields((Message) element));
                }
            } else {
                builder.setField(field, withoutUnknownFields((Message) entry.getValue()));
            }
        }
        return builder.buildPartial();
    }

    private static byte[] bytes(final DirectBuffer buffer) {
        final byte[] bytes = new byte[buffer.capacity()];
        buffer.getBytes(0, bytes);
        return bytes;
    }
}
