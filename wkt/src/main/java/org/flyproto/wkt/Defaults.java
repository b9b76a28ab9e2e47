package org.flyproto.wkt;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.flyproto.codec.schema.FieldSchema;

/**
 * The explicit default of a field as {@code FieldDescriptorProto.default_value} holds it, turned into the value
 * {@link FieldSchema#withDefault} takes: numbers in decimal ({@code inf}, {@code -inf}, {@code nan} for floats),
 * {@code true}/{@code false}, a string as it is, bytes C-escaped as protoc writes them.
 */
final class Defaults {
    private Defaults() {}

    /**
     * @param field a scalar, string or bytes field.
     * @param text  its default_value.
     * @return the field with that default.
     */
    static FieldSchema apply(final FieldSchema field, final String text) {
        try {
            return switch (field.type()) {
                case INT32, SINT32, SFIXED32, INT64, SINT64, SFIXED64 -> field.withDefault(Long.parseLong(text));
                case UINT32, FIXED32 -> field.withDefault((int) Long.parseLong(text));
                case UINT64, FIXED64 -> field.withDefault(Long.parseUnsignedLong(text));
                case BOOL -> field.withDefault(Boolean.parseBoolean(text) ? 1L : 0L);
                case FLOAT -> field.withDefault((double) (float) floating(text));
                case DOUBLE -> field.withDefault(floating(text));
                case STRING -> field.withDefault(text.getBytes(StandardCharsets.UTF_8));
                case BYTES -> field.withDefault(unescape(text));
                default -> throw new IllegalArgumentException(field + ": no default for its type");
            };
        } catch (final NumberFormatException e) {
            throw new IllegalArgumentException(field + ": malformed default " + text, e);
        }
    }

    private static double floating(final String text) {
        return switch (text) {
            case "inf" -> Double.POSITIVE_INFINITY;
            case "-inf" -> Double.NEGATIVE_INFINITY;
            case "nan" -> Double.NaN;
            default -> Double.parseDouble(text);
        };
    }

    /** protoc's CEscape undone: {@code \n \r \t \" \' \\}, octal {@code \NNN} and hex {@code \xHH}. */
    static byte[] unescape(final String text) {
        final ByteArrayOutputStream out = new ByteArrayOutputStream(text.length());
        for (int i = 0; i < text.length(); i++) {
            final char c = text.charAt(i);
            if (c != '\\' || i + 1 == text.length()) {
                final byte[] utf8 = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                out.write(utf8, 0, utf8.length);
                continue;
            }
            final char e = text.charAt(++i);
            switch (e) {
                case 'n' -> out.write('\n');
                case 'r' -> out.write('\r');
                case 't' -> out.write('\t');
                case 'x' -> {
                    int value = 0;
                    int digits = 0;
                    while (digits < 2 && i + 1 < text.length() && Character.digit(text.charAt(i + 1), 16) >= 0) {
                        value = value * 16 + Character.digit(text.charAt(++i), 16);
                        digits++;
                    }
                    out.write(value);
                }
                default -> {
                    if (e >= '0' && e <= '7') {
                        int value = e - '0';
                        for (int digits = 1; digits < 3 && i + 1 < text.length(); digits++) {
                            final char d = text.charAt(i + 1);
                            if (d < '0' || d > '7') {
                                break;
                            }
                            value = value * 8 + (d - '0');
                            i++;
                        }
                        out.write(value);
                    } else {
                        out.write(e);
                    }
                }
            }
        }
        return out.toByteArray();
    }
}
