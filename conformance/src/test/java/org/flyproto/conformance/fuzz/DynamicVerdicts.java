package org.flyproto.conformance.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import java.util.function.Supplier;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.codec.DynamicDecoder;
import org.flyproto.codec.JsonPrintException;
import org.flyproto.codec.JsonPrinter;
import org.flyproto.codec.MessageDecoder;
import org.flyproto.codec.ProtoDecodeException;
import org.flyproto.codec.schema.MessageSchema;
import org.flyproto.conformance.DynamicMessages;

/**
 * What the descriptor-driven {@link DynamicDecoder} makes of any input, held against what the generated decoder of
 * the same type makes of it ({@link Verdict}) and against protobuf-java's {@code DynamicMessage}:
 *
 * <ol>
 *   <li>Nothing but a {@code ProtoDecodeException} escapes the wrap and the read of every field, at every level; its
 *       offset lies in the region and it gives a reason; embedded between guard bytes, the verdict is the same and
 *       the guard bytes are untouched.
 *   <li>It accepts what the generated decoder accepts, validating and trusted; a validating wrap rejects for the same
 *       reason, at the same offset (invalid UTF-8 aside: the generated decoder checks a string when it is read, the
 *       dynamic one in the wrap's scan, so the first invalid string each finds may differ).
 *   <li>What it accepts reads as protobuf-java's {@code DynamicMessage} parse of the input, unknown fields aside; and
 *       where protobuf-java rejects, as the generated decoder reads it.
 *   <li>What it accepts prints in text format and JSON exactly as the generated decoder prints it; where one printer
 *       fails (a trusted wrap's malformed nested message, a JSON form refused), the other fails too, and nothing
 *       but a {@code ProtoDecodeException} or {@code JsonPrintException} escapes.
 * </ol>
 */
public final class DynamicVerdicts {
    private static final String INVALID_UTF8 = "invalid UTF-8";

    private DynamicVerdicts() {}

    /**
     * @param data an input of the fuzz target.
     * @return the schema its first byte picks, as {@link DecoderFuzzTest} picks it.
     */
    public static Schema fuzzedSchema(final byte[] data) {
        return Schema.FUZZED[data.length == 0 ? 0 : (data[0] & 0xFF) % Schema.FUZZED.length];
    }

    /**
     * Wraps a dynamic decoder of {@code schema} on the region and reads every field, at every level, by field.
     *
     * @return the verdict, its value a {@code DynamicMessage}.
     * @throws AssertionError if anything but a well-formed {@link ProtoDecodeException} escapes.
     */
    public static Verdict decode(
            final Schema schema,
            final MessageSchema dynamic,
            final DirectBuffer buffer,
            final int offset,
            final int length,
            final boolean trusted,
            final Supplier<String> context) {
        final DynamicDecoder decoder = new DynamicDecoder();
        try {
            if (trusted) {
                decoder.wrapTrusted(dynamic, buffer, offset, length);
            } else {
                decoder.wrap(dynamic, buffer, offset, length);
            }
            return new Verdict(DynamicMessages.read(decoder, DynamicMessage.newBuilder(schema.descriptor())), null, 0);
        } catch (final ProtoDecodeException e) {
            if (e.offset() < offset || e.offset() > offset + length) {
                throw new AssertionError(String.format(
                        "dynamic %s (trusted=%s): offset of \"%s\" outside the region [%d, %d]: %s",
                        schema, trusted, e.getMessage(), offset, offset + length, context.get()));
            }
            if (e.reason() == null || e.reason().isBlank()) {
                throw new AssertionError(String.format(
                        "dynamic %s (trusted=%s): no reason in %s: %s", schema, trusted, e, context.get()));
            }
            return new Verdict(null, e.reason(), e.offset() - offset);
        } catch (final RuntimeException | Error e) {
            throw new AssertionError(
                    String.format(
                            "dynamic %s (trusted=%s): not a ProtoDecodeException: %s: %s",
                            schema, trusted, e, context.get()),
                    e);
        }
    }

    /**
     * Checks every property above on {@code input}.
     *
     * @param schema    the message type.
     * @param dynamic   its run-time schema (generated or loaded).
     * @param input     the bytes.
     * @param generated the generated decoder's verdict on the input alone, validating.
     * @param trustedGenerated the same, trusted.
     * @param context   describes the input.
     */
    public static void check(
            final Schema schema,
            final MessageSchema dynamic,
            final byte[] input,
            final Verdict generated,
            final Verdict trustedGenerated,
            final Supplier<String> context) {
        Message parsed;
        try {
            parsed = DynamicMessages.parse(schema.descriptor(), input);
        } catch (final InvalidProtocolBufferException e) {
            parsed = null;
        }
        for (final boolean trusted : new boolean[] {false, true}) {
            final Verdict expected = trusted ? trustedGenerated : generated;
            final Verdict alone =
                    decode(schema, dynamic, new UnsafeBuffer(input.clone()), 0, input.length, trusted, context);
            final Supplier<String> what = () ->
                    "dynamic " + alone + " vs generated " + expected + " (trusted=" + trusted + "): " + context.get();
            assertThat(alone.accepted()).as(what).isEqualTo(expected.accepted());
            if (alone.accepted()) {
                assertThat(alone.value())
                        .as(what)
                        .isEqualTo(parsed != null ? DecoderProperties.withoutUnknownFields(parsed) : expected.value());
            } else if (!trusted) {
                assertThat(alone.reason()).as(what).isEqualTo(expected.reason());
                if (!INVALID_UTF8.equals(alone.reason())) {
                    assertThat(alone.offset()).as(what).isEqualTo(expected.offset());
                }
            }
            if (alone.accepted()) {
                checkPrinting(schema, dynamic, input, trusted, what);
            }
            for (final DecoderProperties.Guard guard : DecoderProperties.Guard.values()) {
                final MutableDirectBuffer buffer = guard.surround(input);
                final byte[] before = new byte[buffer.capacity()];
                buffer.getBytes(0, before);
                assertThat(decode(schema, dynamic, buffer, DecoderProperties.GUARD, input.length, trusted, context))
                        .as(() -> "dynamic verdict between " + guard + " guards vs alone: " + what.get())
                        .isEqualTo(alone);
                final byte[] after = new byte[buffer.capacity()];
                buffer.getBytes(0, after);
                assertThat(after)
                        .as(() -> "buffer after decoding between " + guard + " guards")
                        .isEqualTo(before);
            }
        }
    }

    private static final JsonPrinter JSON = JsonPrinter.printer().omittingInsignificantWhitespace();

    private static void checkPrinting(
            final Schema schema,
            final MessageSchema dynamic,
            final byte[] input,
            final boolean trusted,
            final Supplier<String> what) {
        final UnsafeBuffer buffer = new UnsafeBuffer(input.clone());
        final MessageDecoder generated = schema.wrap(schema.newDecoder(), buffer, 0, input.length, trusted);
        final DynamicDecoder decoder = new DynamicDecoder();
        if (trusted) {
            decoder.wrapTrusted(dynamic, buffer, 0, input.length);
        } else {
            decoder.wrap(dynamic, buffer, 0, input.length);
        }
        assertThat(printed(decoder::toString, what))
                .as(() -> "dynamic text vs generated: " + what.get())
                .isEqualTo(printed(generated::toString, what));
        assertThat(printed(() -> JSON.printToString(decoder), what))
                .as(() -> "dynamic JSON vs generated: " + what.get())
                .isEqualTo(printed(() -> JSON.printToString(generated), what));
    }

    /** The text printed, or the kind of error: the printers may find a malformed nested message at other offsets. */
    private static String printed(final Supplier<String> print, final Supplier<String> what) {
        try {
            return print.get();
        } catch (final ProtoDecodeException e) {
            return "malformed";
        } catch (final JsonPrintException e) {
            return "no JSON: " + e.getMessage();
        } catch (final RuntimeException | Error e) {
            throw new AssertionError("printing threw " + e + ": " + what.get(), e);
        }
    }
}
