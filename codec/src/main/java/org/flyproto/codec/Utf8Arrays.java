package org.flyproto.codec;

/** UTF-8 validation of bytes already copied into an array (the JSON writer's scratch): no call per byte. */
final class Utf8Arrays {
    private Utf8Arrays() {}

    /**
     * @return true if {@code bytes[from, to)} is well-formed UTF-8: no overlong forms, no surrogates, nothing above
     *     U+10FFFF, no truncated sequence.
     */
    static boolean isValid(final byte[] bytes, final int from, final int to) {
        int i = from;
        while (i < to) {
            if (bytes[i] >= 0) {
                i++;
                continue;
            }
            final int width = sequenceLength(bytes, i, to);
            if (width == 0) {
                return false;
            }
            i += width;
        }
        return true;
    }

    /**
     * @param bytes the bytes.
     * @param i     index of a byte that is not ASCII, below {@code to}.
     * @param to    the end of the text.
     * @return the length (2 to 4) of the well-formed UTF-8 sequence starting at {@code i}, or 0 if it is malformed,
     *     overlong, a surrogate, past U+10FFFF or cut by {@code to}.
     */
    static int sequenceLength(final byte[] bytes, final int i, final int to) {
        final int b = bytes[i];
        if ((b & 0xE0) == 0xC0) {
            if (i + 1 >= to || (b & 0x1E) == 0 || !continuation(bytes[i + 1])) {
                return 0;
            }
            return 2;
        }
        if ((b & 0xF0) == 0xE0) {
            if (i + 2 >= to || !continuation(bytes[i + 1]) || !continuation(bytes[i + 2])) {
                return 0;
            }
            final int second = bytes[i + 1] & 0xFF;
            if ((b & 0x0F) == 0 && second < 0xA0 || (b & 0x0F) == 0x0D && second >= 0xA0) {
                return 0; // overlong, or a surrogate
            }
            return 3;
        }
        if ((b & 0xF8) == 0xF0) {
            if (i + 3 >= to
                    || !continuation(bytes[i + 1])
                    || !continuation(bytes[i + 2])
                    || !continuation(bytes[i + 3])) {
                return 0;
            }
            final int codePoint = (b & 0x07) << 18 | (bytes[i + 1] & 0x3F) << 12;
            if (codePoint < 0x10000 || codePoint > 0x10FFFF) {
                return 0;
            }
            return 4;
        }
        return 0;
    }

    private static boolean continuation(final byte b) {
        return (b & 0xC0) == 0x80;
    }
}
