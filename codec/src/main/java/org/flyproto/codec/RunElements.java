package org.flyproto.codec;

import org.flyproto.buffers.Fixed;
import org.flyproto.buffers.Memory;
import org.flyproto.buffers.Varint;

/**
 * Elements of a packed run written element by element, between its {@code beginX()} and {@code endX()}: no tag, at a
 * {@link WriteCursor}'s position, which the run's backpatched length follows. The fast path and the checked one of the
 * cursor's field writes; generated encoders' {@code addX(v)} call these.
 */
public final class RunElements {
    private RunElements() {}

    /**
     * Writes a 64-bit varint element.
     *
     * @param c     the cursor, its innermost level the run.
     * @param value the value.
     */
    public static void varint64(final WriteCursor c, final long value) {
        final int p = c.position;
        if (c.fits(p, Varint.MAX_SIZE)) {
            c.position = p + Varint.put64(c.raw.byteArray(), c.raw.addressOffset(), p, value);
        } else if (!c.counted(Varint.sizeOf64(value))) {
            c.position = p + Varint.put64(c.buffer, p, value);
        }
    }

    /**
     * Writes an int32 element (sign-extended).
     *
     * @param c     the cursor, its innermost level the run.
     * @param value the value.
     */
    public static void int32(final WriteCursor c, final int value) {
        varint64(c, value);
    }

    /**
     * Writes a uint32 element.
     *
     * @param c     the cursor, its innermost level the run.
     * @param value the value.
     */
    public static void unsigned32(final WriteCursor c, final int value) {
        final int p = c.position;
        if (c.fits(p, Varint.MAX_SIZE_32)) {
            c.position = p + Varint.putUnsigned32(c.raw.byteArray(), c.raw.addressOffset(), p, value);
        } else if (!c.counted(Varint.sizeOfUnsigned32(value))) {
            c.position = p + Varint.putUnsigned32(c.buffer, p, value);
        }
    }

    /**
     * Writes a fixed32 element.
     *
     * @param c     the cursor, its innermost level the run.
     * @param value the value.
     */
    public static void fixed32(final WriteCursor c, final int value) {
        final int p = c.position;
        if (c.fits(p, 4)) {
            Memory.putIntLittleEndian(c.raw.byteArray(), c.raw.addressOffset(), p, value);
            c.position = p + 4;
        } else if (!c.counted(4)) {
            Fixed.putFixed32(c.buffer, p, value);
            c.position = p + 4;
        }
    }

    /**
     * Writes a fixed64 element.
     *
     * @param c     the cursor, its innermost level the run.
     * @param value the value.
     */
    public static void fixed64(final WriteCursor c, final long value) {
        final int p = c.position;
        if (c.fits(p, 8)) {
            Memory.putLongLittleEndian(c.raw.byteArray(), c.raw.addressOffset(), p, value);
            c.position = p + 8;
        } else if (!c.counted(8)) {
            Fixed.putFixed64(c.buffer, p, value);
            c.position = p + 8;
        }
    }
}
