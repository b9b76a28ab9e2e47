package org.flyproto.codec;

/**
 * The decimal text of floats and doubles whose conversion by the JDK allocates (very large and very small
 * magnitudes, which {@code Double.toString} works out with big integers): made once by {@code Float.toString} /
 * {@code Double.toString}, so the text is the JDK's exactly, then kept in a direct-mapped table of char arrays and
 * appended from there. A value seen before costs a lookup; a new one allocates once (its String), as does one that
 * evicted another of the same slot.
 */
final class DecimalCache {
    private static final int SLOTS = 128;
    /** The longest text of either: {@code -2.2250738585072014E-308}, 24 chars. */
    private static final int WIDTH = 26;

    private final long[] doubleKeys = new long[SLOTS];
    private final int[] floatKeys = new int[SLOTS];
    private final byte[] doubleLengths = new byte[SLOTS];
    private final byte[] floatLengths = new byte[SLOTS];
    private final char[] doubleChars = new char[SLOTS * WIDTH];
    private final char[] floatChars = new char[SLOTS * WIDTH];

    void appendDouble(final double value, final StringBuilder out) {
        final long bits = Double.doubleToRawLongBits(value);
        final int slot = (int) ((bits * 0x9E37_79B9_7F4A_7C15L) >>> 57);
        if (doubleLengths[slot] == 0 || doubleKeys[slot] != bits) {
            final String text = Double.toString(value);
            text.getChars(0, text.length(), doubleChars, slot * WIDTH);
            doubleKeys[slot] = bits;
            doubleLengths[slot] = (byte) text.length();
        }
        out.append(doubleChars, slot * WIDTH, doubleLengths[slot]);
    }

    void appendFloat(final float value, final StringBuilder out) {
        final int bits = Float.floatToRawIntBits(value);
        final int slot = (bits * 0x9E37_79B9) >>> 25;
        if (floatLengths[slot] == 0 || floatKeys[slot] != bits) {
            final String text = Float.toString(value);
            text.getChars(0, text.length(), floatChars, slot * WIDTH);
            floatKeys[slot] = bits;
            floatLengths[slot] = (byte) text.length();
        }
        out.append(floatChars, slot * WIDTH, floatLengths[slot]);
    }
}
