package org.flyproto.buffers;

import org.agrona.UnsafeApi;

/**
 * The bytes of a {@link String} as the JVM holds them, read in place: with compact strings (the JDK's default) a string
 * whose chars are all Latin-1 keeps one byte a char, which ASCII text can be measured and encoded from eight chars at a
 * time instead of one {@code charAt} at a time. Through Agrona's {@link UnsafeApi}, whose JVM flag every user of
 * Agrona's buffers already sets.
 *
 * <p>The layout ({@code byte[] value}, {@code byte coder}, 0 for Latin-1) is the JDK's since 9; it is probed once at
 * class load with known strings, and if anything differs (another JVM, compact strings off) {@link #latin1} always
 * returns null and callers take their {@code charAt} paths.
 */
final class StringMemory {
    /** Offset of the first element of a {@code byte[]}. */
    static final long BYTE_ARRAY_BASE = UnsafeApi.arrayBaseOffset(byte[].class);

    private static final byte LATIN1 = 0;
    private static final long VALUE_OFFSET;
    private static final long CODER_OFFSET;
    private static final boolean AVAILABLE;

    static {
        long value = -1;
        long coder = -1;
        boolean available;
        try {
            value = UnsafeApi.objectFieldOffset(String.class, "value");
            coder = UnsafeApi.objectFieldOffset(String.class, "coder");
            available = probe(value, coder);
        } catch (final RuntimeException | Error e) {
            available = false;
        }
        VALUE_OFFSET = value;
        CODER_OFFSET = coder;
        AVAILABLE = available;
    }

    private StringMemory() {}

    /** Whether the offsets read what they should: a Latin-1 string's bytes, and a wider string marked as not Latin-1. */
    private static boolean probe(final long value, final long coder) {
        final String latin = new String(new char[] {'a', '\u00E9', 'z'});
        final String wide = new String(new char[] {'a', '\u0100'});
        if (UnsafeApi.getByte(wide, coder) == LATIN1
                || !(UnsafeApi.getReference(latin, value) instanceof byte[] bytes)) {
            return false;
        }
        if (UnsafeApi.getByte(latin, coder) != LATIN1) {
            return false; // compact strings off: no string is held as Latin-1
        }
        return bytes.length == 3 && bytes[0] == 'a' && bytes[1] == (byte) 0xE9 && bytes[2] == 'z';
    }

    /**
     * @param value a string.
     * @return its chars as Latin-1 bytes, one a char, if the JVM holds it so; null otherwise. Read only: never write.
     */
    static byte[] latin1(final String value) {
        if (AVAILABLE && UnsafeApi.getByte(value, CODER_OFFSET) == LATIN1) {
            return (byte[]) UnsafeApi.getReference(value, VALUE_OFFSET);
        }
        return null;
    }

    /** @return whether {@link #latin1} can return bytes on this JVM. */
    static boolean available() {
        return AVAILABLE;
    }
}
