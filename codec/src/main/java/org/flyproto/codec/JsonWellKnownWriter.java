package org.flyproto.codec;

import java.util.Arrays;
import org.agrona.DirectBuffer;
import org.flyproto.buffers.BytesView;
import org.flyproto.buffers.Utf8View;

/**
 * The special JSON forms of the well-known types that are messages on their own, as the generated decoders of
 * Timestamp, Duration, FieldMask and Any print them into a {@link JsonWriter}'s document
 * ({@link JsonWriter#wellKnown()}): Timestamp and Duration as strings, FieldMask as a string of its paths, Any as an
 * object whose {@code @type} names the type of its other members, read through the decoders of the printer's
 * {@link JsonTypeRegistry}. (Struct, Value, ListValue and the wrappers print through the writer itself.)
 *
 * <p>Not thread-safe; one per {@link JsonWriter}.
 */
public final class JsonWellKnownWriter {
    private final JsonWriter writer;
    private final JsonText text;
    private final boolean anyFieldMask;
    private final JsonTypeRegistry registry;

    /** Decoders of the registry's types for Any, per type and nesting level; created on first use. */
    private final MessageDecoder[][] anyDecoders;

    private final int[] anyInUse;

    JsonWellKnownWriter(final JsonWriter writer, final JsonText text, final JsonPrinter.Options options) {
        this.writer = writer;
        this.text = text;
        this.anyFieldMask = options.anyFieldMask();
        this.registry = options.registry();
        anyDecoders = new MessageDecoder[registry.size()][];
        anyInUse = new int[registry.size()];
    }

    /**
     * Prints a {@code google.protobuf.Timestamp} as {@code JsonFormat} does: RFC 3339 in UTC, quoted, e.g.
     * {@code "1972-01-01T10:00:20.021Z"}, with 0, 3, 6 or 9 digits of fraction (the fewest that hold the nanos).
     *
     * @param seconds seconds since 1970-01-01T00:00:00Z.
     * @param nanos   the fraction of the second, in nanoseconds.
     * @throws JsonPrintException if {@code seconds} is outside {@code [0001-01-01T00:00:00Z,
     *     9999-12-31T23:59:59Z]} or {@code nanos} outside {@code [0, 999999999]}.
     */
    public void timestamp(final long seconds, final int nanos) {
        if (seconds < JsonTime.TIMESTAMP_MIN_SECONDS
                || seconds > JsonTime.TIMESTAMP_MAX_SECONDS
                || nanos < 0
                || nanos > JsonTime.MAX_NANOS) {
            throw new JsonPrintException("Timestamp is not valid: seconds " + seconds + " must be in ["
                    + JsonTime.TIMESTAMP_MIN_SECONDS + ", " + JsonTime.TIMESTAMP_MAX_SECONDS + "] and nanos " + nanos
                    + " in [0, 999999999]");
        }
        text.timestamp(seconds, nanos);
    }

    /**
     * Prints a {@code google.protobuf.Duration} as {@code JsonFormat} does: seconds with 0, 3, 6 or 9 digits of
     * fraction and the suffix {@code s}, quoted, e.g. {@code "-1.000340012s"}.
     *
     * @param seconds the whole seconds.
     * @param nanos   the fraction, in nanoseconds, of the same sign as {@code seconds}.
     * @throws JsonPrintException if {@code seconds} is outside {@code [-315576000000, 315576000000]}, {@code nanos}
     *     outside {@code [-999999999, 999999999]}, or their signs differ.
     */
    public void duration(final long seconds, final int nanos) {
        if (seconds < -JsonTime.DURATION_MAX_SECONDS
                || seconds > JsonTime.DURATION_MAX_SECONDS
                || nanos < -JsonTime.MAX_NANOS
                || nanos > JsonTime.MAX_NANOS
                || seconds < 0 && nanos > 0
                || seconds > 0 && nanos < 0) {
            throw new JsonPrintException("Duration is not valid: seconds " + seconds + " must be in [-"
                    + JsonTime.DURATION_MAX_SECONDS + ", " + JsonTime.DURATION_MAX_SECONDS + "], nanos " + nanos
                    + " in [-999999999, 999999999], of the same sign");
        }
        text.duration(seconds, nanos);
    }

    /** Opens a {@code google.protobuf.FieldMask}: a quoted string of its paths joined by commas. */
    public void beginFieldMask() {
        writer.beginJoinedString();
    }

    /**
     * Adds a path to the open field mask, converted to lowerCamel as {@code JsonFormat} converts it
     * ({@code FieldMaskUtil.toJsonString}): each underscore dropped and the character after it upper-cased, every
     * other character lower-cased ({@code Character.toUpperCase/toLowerCase} of each UTF-16 char). By default a path
     * must survive the round trip through lowerCamel (as protobuf C++'s {@code FieldMaskUtil::SnakeCaseToCamelCase}
     * requires, and the strict parser reads back): {@code [a-z0-9._]}, each {@code '_'} followed by a lowercase
     * letter, not empty. With the printer's {@code lenientFieldMasks()} any path is printed, an empty one left out.
     *
     * @param path the path.
     * @throws JsonPrintException for a path that does not round-trip, unless lenient.
     * @throws ProtoDecodeException if the path {@link Utf8View#mustBeValid() must be valid} UTF-8 and is not.
     */
    public void fieldMaskPath(final Utf8View path) {
        JsonText.requireValid(path);
        if (!anyFieldMask) {
            JsonText.checkRoundTrip(path);
        }
        if (path.byteLength() == 0) {
            return;
        }
        writer.joinedElement();
        text.fieldMaskPath(path);
    }

    /** Closes the field mask {@link #beginFieldMask()} opened. */
    public void endFieldMask() {
        writer.endJoinedString();
    }

    /**
     * Prints a {@code google.protobuf.Any}: <code>{}</code> if empty; else an object of {@code "@type"} and the packed
     * message's fields, or of {@code "@type"} and {@code "value"} when the packed type is itself a well-known type with
     * a special form. The packed message is read by a decoder of the {@link JsonTypeRegistry} as a message nested in
     * the Any: one level deeper, under the same depth limit, validated unless the Any's decoder is trusted.
     *
     * @param typeUrl the type URL; its last segment, after the last {@code /}, names the type.
     * @param value   the packed message's bytes.
     * @param holder  the decoder of the Any.
     * @throws JsonPrintException  if the type URL has no {@code /} or names a type the registry does not hold.
     * @throws ProtoDecodeException if the packed bytes are not a valid message of that type, or nest past the depth
     *     limit; if the type URL {@link Utf8View#mustBeValid() must be valid} UTF-8 and is not.
     */
    public void any(final Utf8View typeUrl, final BytesView value, final MessageDecoder holder) {
        if (typeUrl.byteLength() == 0 && value.length() == 0) {
            emptyAny();
            return;
        }
        JsonText.requireValid(typeUrl);
        final int end = anyTypeNameEnd(typeUrl);
        final byte[] url = text.copyRaw(typeUrl.buffer(), typeUrl.offset(), end);
        int start = end;
        while (start > 0 && url[start - 1] != '/') {
            start--;
        }
        final int type = registry.find(url, start, end);
        if (type < 0) {
            throw new JsonPrintException("Cannot find type for url: " + typeUrl);
        }
        final MessageDecoder packed = anyDecoder(type);
        writer.enterPacked();
        try {
            packed.wrapPacked(value.buffer(), value.offset(), value.length(), holder);
            writer.beginObject();
            writer.field("@type", "@type");
            writer.string(typeUrl);
            if (packed.jsonValueForm()) {
                writer.field("value", "value");
                packed.appendJsonTo(writer);
            } else {
                packed.appendJsonTo(writer);
            }
            writer.endObject();
        } finally {
            writer.exitPacked();
            anyInUse[type]--;
        }
    }

    /** Prints the empty Any: <code>{}</code>. */
    void emptyAny() {
        text.put('{');
        text.put('}');
    }

    /**
     * @param typeUrl an Any's type URL, not empty.
     * @return its length without trailing {@code '/'}s: its last segment, after the last {@code '/'}, names the type.
     * @throws JsonPrintException if it has no {@code '/'} before that segment.
     */
    static int anyTypeNameEnd(final Utf8View typeUrl) {
        final DirectBuffer b = typeUrl.buffer();
        final int offset = typeUrl.offset();
        int end = typeUrl.byteLength();
        while (end > 0 && b.getByte(offset + end - 1) == '/') {
            end--;
        }
        int start = end;
        while (start > 0 && b.getByte(offset + start - 1) != '/') {
            start--;
        }
        if (start == 0) {
            throw new JsonPrintException("Invalid type url found: " + typeUrl);
        }
        return end;
    }

    private MessageDecoder anyDecoder(final int type) {
        MessageDecoder[] levels = anyDecoders[type];
        if (levels == null) {
            levels = new MessageDecoder[2];
            anyDecoders[type] = levels;
        }
        final int level = anyInUse[type];
        if (level == levels.length) {
            levels = Arrays.copyOf(levels, 2 * level);
            anyDecoders[type] = levels;
        }
        MessageDecoder decoder = levels[level];
        if (decoder == null) {
            decoder = registry.newDecoder(type);
            levels[level] = decoder;
        }
        // Counted once nothing can throw any more: any() gives the level back in its finally.
        anyInUse[type] = level + 1;
        return decoder;
    }
}
