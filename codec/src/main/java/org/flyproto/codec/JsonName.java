package org.flyproto.codec;

import java.nio.charset.StandardCharsets;

/**
 * A field's two JSON member names, each encoded once as the UTF-8 of {@code "name":} (quotes and colon included): the
 * JSON name (lowerCamel, or the field's {@code json_name}) and the name in the .proto file, which
 * {@link JsonPrinter#preservingProtoFieldNames()} prints. Generated decoders hold one per field as a constant and
 * print their members through it: no look-up of the name per print.
 *
 * <p>Immutable; shared by every printer.
 */
public final class JsonName {
    /** {@code "jsonName":} in UTF-8. */
    final byte[] json;

    /** {@code "proto_name":} in UTF-8. */
    final byte[] proto;

    private JsonName(final String jsonName, final String protoName) {
        this.json = key(jsonName);
        this.proto = protoName.equals(jsonName) ? json : key(protoName);
    }

    /**
     * @param jsonName  the field's JSON name.
     * @param protoName the field's name in the .proto file.
     * @return the pair, encoded.
     */
    public static JsonName of(final String jsonName, final String protoName) {
        return new JsonName(jsonName, protoName);
    }

    /** @return {@code "name":} in UTF-8: the name unescaped, as {@code JsonFormat} prints names. */
    static byte[] key(final String name) {
        final byte[] utf8 = name.getBytes(StandardCharsets.UTF_8);
        final byte[] key = new byte[utf8.length + 3];
        key[0] = '"';
        System.arraycopy(utf8, 0, key, 1, utf8.length);
        key[utf8.length + 1] = '"';
        key[utf8.length + 2] = ':';
        return key;
    }
}
