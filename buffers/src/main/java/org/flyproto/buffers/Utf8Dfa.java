package org.flyproto.buffers;

import org.agrona.DirectBuffer;

/**
 * UTF-8 validation as a finite automaton whose transitions for one byte are packed in one {@code long}, and UTF-16
 * lengths counted 8 bytes at a time ({@link #validUnits}): the fast pass of {@link Utf8View}'s measuring and of
 * {@link Utf8#invalidIndex}.
 *
 * <p>Each state is a shift, a multiple of 6; {@code TRANSITIONS[b]} holds, at bits {@code [s, s + 6)}, the state
 * that byte {@code b} leads to from state {@code s}. One step is then a load that does not depend on the state and a
 * shift that does: {@code state = TRANSITIONS[b] >>> state}. A long shift uses only the low 6 bits of its distance,
 * so the bits above them, left over from the row, are never cleared; {@link #accepts} masks them. The error state
 * is shift 0 and its field is 0 in every row: once in error, the automaton stays there, so a run of bytes is checked
 * by looking at the state once, after the run.
 *
 * <p>The states follow the rules of {@link Utf8#invalidIndex}: a lead byte says how many continuation bytes follow
 * and, for E0, ED, F0 and F4, the range of the first one (no overlong forms, no surrogates, nothing above
 * U+10FFFF). The automaton says only whether a range is valid; where it is not, the callers find the first invalid
 * sequence, and what it reads as, with their exact per-sequence loops.
 *
 * <p>Public for callers that check UTF-8 in a byte loop of their own ({@link #rows}), such as a printer escaping text.
 */
public final class Utf8Dfa {
    /** The state after a whole sequence, and at the start. */
    public static final long ACCEPT = 6;

    private static final int ERROR = 0;
    private static final int TAIL1 = 12;
    private static final int TAIL2 = 18;
    private static final int TAIL3 = 24;
    /** After E0: the next byte in A0..BF (no overlong 3-byte form). */
    private static final int AFTER_E0 = 30;
    /** After ED: the next byte in 80..9F (no surrogate). */
    private static final int AFTER_ED = 36;
    /** After F0: the next byte in 90..BF (no overlong 4-byte form). */
    private static final int AFTER_F0 = 42;
    /** After F4: the next byte in 80..8F (nothing above U+10FFFF). */
    private static final int AFTER_F4 = 48;

    private static final int[] STATES = {
        ERROR, (int) ACCEPT, TAIL1, TAIL2, TAIL3, AFTER_E0, AFTER_ED, AFTER_F0, AFTER_F4
    };

    private static final long STATE_MASK = 63;
    private static final long HIGH_BITS = 0x8080808080808080L;

    private static final long[] TRANSITIONS = transitions();

    private Utf8Dfa() {}

    /**
     * Checks a range and counts its UTF-16 units, 8 bytes at a time (a word of ASCII by one step).
     *
     * @param buffer  to read from, as {@link Utf8#getByte} reads it.
     * @param array   its {@code byteArray()} when {@code raw}.
     * @param address its {@code addressOffset()} when {@code raw}.
     * @param raw     whether {@code buffer} is one of Agrona's ({@link Memory#isRaw}).
     * @param from    index of the first byte, at a sequence boundary; the range has been checked.
     * @param end     index after the last byte.
     * @return the UTF-16 units of {@code [from, end)} if it is valid UTF-8, else -1.
     */
    static int validUnits(
            final DirectBuffer buffer,
            final byte[] array,
            final long address,
            final boolean raw,
            final int from,
            final int end) {
        long state = ACCEPT;
        int units = 0;
        int i = from;
        for (; end - i >= Long.BYTES; i += Long.BYTES) {
            final long word = Utf8.getLong(buffer, array, address, raw, i);
            if (Utf8.isAscii(word)) {
                state = step(state, 0);
                units += Long.BYTES;
            } else {
                state = word(state, word);
                units += utf16Units(word);
            }
        }
        for (; i < end; i++) {
            final byte b = Utf8.getByte(buffer, array, address, raw, i);
            state = step(state, b);
            units += utf16Units(b);
        }

        return accepts(state) ? units : -1;
    }

    /**
     * Checks a range 8 bytes at a time (a word of ASCII by one step), as {@link #validUnits} does, without counting.
     *
     * @param buffer  to read from, as {@link Utf8#getByte} reads it.
     * @param array   its {@code byteArray()} when {@code raw}.
     * @param address its {@code addressOffset()} when {@code raw}.
     * @param raw     whether {@code buffer} is one of Agrona's ({@link Memory#isRaw}).
     * @param from    index of the first byte, at a sequence boundary; the range has been checked.
     * @param end     index after the last byte.
     * @return whether {@code [from, end)} is valid UTF-8.
     */
    static boolean valid(
            final DirectBuffer buffer,
            final byte[] array,
            final long address,
            final boolean raw,
            final int from,
            final int end) {
        long state = ACCEPT;
        int i = from;
        for (; end - i >= Long.BYTES; i += Long.BYTES) {
            final long word = Utf8.getLong(buffer, array, address, raw, i);
            state = Utf8.isAscii(word) ? step(state, 0) : word(state, word);
        }
        for (; i < end; i++) {
            state = step(state, Utf8.getByte(buffer, array, address, raw, i));
        }
        return accepts(state);
    }

    /**
     * @param state the state before the byte.
     * @param b the byte, as an unsigned value or as read (signed).
     * @return the state after it.
     */
    static long step(final long state, final int b) {
        return TRANSITIONS[b & 0xFF] >>> state;
    }

    /**
     * @param state the state before the 8 bytes.
     * @param word 8 bytes read little-endian: the first in memory is the lowest.
     * @return the state after them.
     */
    static long word(final long state, final long word) {
        final long[] t = TRANSITIONS;
        long s = t[(int) word & 0xFF] >>> state;
        s = t[(int) (word >>> 8) & 0xFF] >>> s;
        s = t[(int) (word >>> 16) & 0xFF] >>> s;
        s = t[(int) (word >>> 24) & 0xFF] >>> s;
        s = t[(int) (word >>> 32) & 0xFF] >>> s;
        s = t[(int) (word >>> 40) & 0xFF] >>> s;
        s = t[(int) (word >>> 48) & 0xFF] >>> s;
        return t[(int) (word >>> 56)] >>> s;
    }

    /**
     * The automaton's rows, for a byte loop of the caller's own: from {@link #ACCEPT}, each byte {@code b} is the step
     * {@code state = rows[b & 0xFF] >>> state}, and the bytes were valid UTF-8 if {@link #accepts} holds after the
     * last. The states are shifts of 0 to 48, of 6 bits each: a row's bits 54 to 63 never reach a state's low 6 bits
     * (the only ones a shift uses, and {@link #accepts} tests), so the caller may set them as flags of its own.
     *
     * @return a copy of the 256 rows.
     */
    public static long[] rows() {
        return TRANSITIONS.clone();
    }

    /**
     * @param state a state returned by {@link #step}, {@link #word} or a step over {@link #rows}.
     * @return whether it is the state at a sequence boundary, no error on the way.
     */
    public static boolean accepts(final long state) {
        return (state & STATE_MASK) == ACCEPT;
    }

    /**
     * The UTF-16 units that the sequences starting in 8 bytes of valid UTF-8 decode to: one for each byte that is not a
     * continuation byte, one more for each lead byte of a 4-byte sequence (a surrogate pair).
     *
     * @param word 8 bytes of valid UTF-8, in any order.
     * @return 0 to 8.
     */
    static int utf16Units(final long word) {
        // Not 10xxxxxx: bit 7 clear, or bit 6 (shifted into bit 7's place) set; at bit 7 of each byte.
        final long notContinuations = (~word | word << 1) & HIGH_BITS;
        // 11110xxx: bits 7 to 4 set; moved to bit 6 of each byte, so that one count takes both.
        final long fourByteLeads = (word & word << 1 & word << 2 & word << 3 & HIGH_BITS) >>> 1;
        return Long.bitCount(notContinuations | fourByteLeads);
    }

    /**
     * @param b a byte of valid UTF-8, as read (signed).
     * @return the UTF-16 units of the sequence it starts: 0 for a continuation byte, 2 for a 4-byte lead, else 1.
     */
    static int utf16Units(final byte b) {
        return (b > (byte) 0xBF ? 1 : 0) + (b >= (byte) 0xF0 && b < 0 ? 1 : 0);
    }

    private static long[] transitions() {
        final long[] rows = new long[256];
        for (int b = 0; b < rows.length; b++) {
            long row = 0;
            for (final int state : STATES) {
                row |= (long) next(state, b) << state;
            }
            rows[b] = row;
        }
        return rows;
    }

    private static int next(final int state, final int b) {
        final boolean continuation = b >= 0x80 && b <= 0xBF;
        return switch (state) {
            case (int) ACCEPT -> afterBoundary(b);
            case TAIL1 -> continuation ? (int) ACCEPT : ERROR;
            case TAIL2 -> continuation ? TAIL1 : ERROR;
            case TAIL3 -> continuation ? TAIL2 : ERROR;
            case AFTER_E0 -> b >= 0xA0 && b <= 0xBF ? TAIL1 : ERROR;
            case AFTER_ED -> b >= 0x80 && b <= 0x9F ? TAIL1 : ERROR;
            case AFTER_F0 -> b >= 0x90 && b <= 0xBF ? TAIL2 : ERROR;
            case AFTER_F4 -> b >= 0x80 && b <= 0x8F ? TAIL2 : ERROR;
            default -> ERROR;
        };
    }

    private static int afterBoundary(final int b) {
        if (b < 0x80) {
            return (int) ACCEPT;
        } else if (b >= 0xC2 && b <= 0xDF) {
            return TAIL1;
        } else if (b == 0xE0) {
            return AFTER_E0;
        } else if (b == 0xED) {
            return AFTER_ED;
        } else if (b >= 0xE1 && b <= 0xEF) {
            return TAIL2;
        } else if (b == 0xF0) {
            return AFTER_F0;
        } else if (b >= 0xF1 && b <= 0xF3) {
            return TAIL3;
        } else if (b == 0xF4) {
            return AFTER_F4;
        }
        return ERROR;
    }
}
