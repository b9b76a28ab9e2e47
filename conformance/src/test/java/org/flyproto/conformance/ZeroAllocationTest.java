package org.flyproto.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.buffers.BytesView;
import org.flyproto.buffers.Utf8View;
import org.flyproto.codec.BoolCursor;
import org.flyproto.codec.BytesCursor;
import org.flyproto.codec.DoubleCursor;
import org.flyproto.codec.EnumCursor;
import org.flyproto.codec.FloatCursor;
import org.flyproto.codec.IntCursor;
import org.flyproto.codec.LongCursor;
import org.flyproto.codec.StringCursor;
import org.flyproto.conformance.proto3.AllTypes;
import org.flyproto.conformance.proto3.flyproto.AllTypesDecoder;
import org.flyproto.conformance.proto3.flyproto.AllTypesEncoder;
import org.flyproto.conformance.proto3.flyproto.AllTypesMood;
import org.flyproto.conformance.proto3.flyproto.AllTypesNestedDecoder;
import org.flyproto.conformance.proto3.flyproto.AllTypesNestedEncoder;
import org.flyproto.conformance.proto3.flyproto.Color;
import org.flyproto.conformance.proto3.flyproto.LeafDecoder;
import org.flyproto.conformance.proto3.flyproto.LeafEncoder;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The allocation gate: after warm-up, {@value #ITERATIONS} iterations each of encode, validating decode reading every
 * field (strings through their views), and trusted decode, must allocate 0 bytes on the calling thread, as measured by
 * {@link ThreadMXBean#getThreadAllocatedBytes(long)}.
 */
class ZeroAllocationTest {
    private static final int ITERATIONS = 100_000;
    private static final int WARM_UP = 30_000;
    private static final String ASCII = "AAPL.OQ";
    private static final String MIXED = "Zürich \u20AC \uD83D\uDE80 東京";
    private static final byte[] BYTES = {0, 1, 2, (byte) 0xFF, 0x7F, (byte) 0x80};
    private static final int[] INTS = {1, -1, 300, Integer.MIN_VALUE, Integer.MAX_VALUE};
    private static final long[] LONGS = {1L, -1L, 1L << 40, Long.MIN_VALUE};
    private static final float[] FLOATS = {1.5f, -0f, Float.NaN};
    private static final double[] DOUBLES = {2.5, -0d, Double.MAX_VALUE};
    private static final boolean[] BOOLS = {true, false, true};
    private static final int[] COLORS = {1, 2, 1000000, -1, 77};

    private final MutableDirectBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(4096));
    private final AllTypesEncoder encoder = new AllTypesEncoder();
    private final AllTypesDecoder decoder = new AllTypesDecoder();
    private final StringBuilder text = new StringBuilder(256);
    private long sink;
    private volatile String escape;
    private int length;

    @BeforeEach
    void encodeOnceAndCheckAgainstProtobufJava() throws Exception {
        length = encode();
        final byte[] bytes = new byte[length];
        buffer.getBytes(0, bytes);
        final AllTypes parsed = AllTypes.parseFrom(bytes);
        // The fixture really exercises what it claims to.
        assertThat(parsed.getFString()).isEqualTo(MIXED);
        assertThat(parsed.getRNestedCount()).isEqualTo(2);
        assertThat(parsed.getFNested().getChild().getFLeaf().getIdsList()).hasSize(LONGS.length);
        assertThat(parsed.getUColorValueList()).hasSize(COLORS.length);
        assertThat(parsed.getEdgeMax()).isEqualTo(9);
        assertThat(AllTypesMirror.read(decoder.wrap(buffer, 0, length))).isEqualTo(parsed);
    }

    @Test
    void shouldEncodeWithoutAllocating() {
        assertThat(allocatedBy(this::encode)).isZero();
    }

    @Test
    void shouldMeasureWhatItEncodesWithoutAllocating() {
        assertThat(size()).isEqualTo(length);
        assertThat(allocatedBy(() -> sink += size())).isZero();
    }

    @Test
    void shouldDecodeAndValidateWithoutAllocating() {
        assertThat(allocatedBy(() -> readAll(decoder.wrap(buffer, 0, length)))).isZero();
    }

    @Test
    void shouldDecodeTrustedWithoutAllocating() {
        assertThat(allocatedBy(() -> readAll(decoder.wrapTrusted(buffer, 0, length))))
                .isZero();
    }

    @Test
    void shouldCopyADecodedMessageWithoutAllocating() {
        final MutableDirectBuffer target = new UnsafeBuffer(ByteBuffer.allocateDirect(4096));
        final AllTypesEncoder copier = new AllTypesEncoder();
        assertThat(allocatedBy(() -> sink += copier.wrap(target, 0)
                        .copy(decoder.wrap(buffer, 0, length))
                        .encodedLength()))
                .isZero();
        assertThat(copier.encodedLength()).isEqualTo(length);
    }

    @Test
    void shouldPrintTextFormatWithoutAllocating() throws Exception {
        final byte[] bytes = new byte[length];
        buffer.getBytes(0, bytes);
        final StringBuilder out = new StringBuilder(1 << 16);
        assertThat(decoder.wrap(buffer, 0, length).appendTo(out).toString())
                .isEqualTo(com.google.protobuf.TextFormat.printer().printToString(AllTypes.parseFrom(bytes)));
        assertThat(allocatedBy(() -> {
                    out.setLength(0);
                    sink += decoder.wrap(buffer, 0, length).appendTo(out).length();
                }))
                .isZero();
        assertThat(allocatedBy(() -> {
                    out.setLength(0);
                    sink += decoder.wrapTrusted(buffer, 0, length).appendTo(out).length();
                }))
                .isZero();
    }

    @Test
    void shouldSeeAllocationWhereThereIsSome() {
        // The gate is only worth something if the measurement sees a real allocation: the allocating accessor does.
        assertThat(allocatedBy(() -> escape = decoder.wrap(buffer, 0, length).fStringAsString()))
                .isGreaterThanOrEqualTo((long) ITERATIONS * MIXED.length());
    }

    private long allocatedBy(final Runnable work) {
        final long allocated = AllocationMeter.allocatedBy(work, WARM_UP, ITERATIONS);
        assertThat(sink).isNotEqualTo(42); // keep the results alive
        return allocated;
    }

    private int encode() {
        return write(encoder.wrap(buffer, 0));
    }

    /** Measures what {@link #encode()} writes: the same calls over a sizing encoder. */
    private int size() {
        return write(encoder.wrapForSize());
    }

    private int write(final AllTypesEncoder e) {
        e.fInt32(-5).fInt64(1L << 50).fUint32(-1).fUint64(-1L).fSint32(-300).fSint64(Long.MIN_VALUE);
        e.fFixed32(7)
                .fFixed64(8)
                .fSfixed32(-9)
                .fSfixed64(-10)
                .fFloat(1.25f)
                .fDouble(-2.5)
                .fBool(true);
        e.fString(MIXED).fBytes(BYTES).fColor(Color.BLUE).fMood(AllTypesMood.GRUMPY);
        final AllTypesNestedEncoder nested = e.beginFNested();
        nested.a(1).b(ASCII);
        final AllTypesEncoder child = nested.beginChild();
        child.fInt32(2);
        leaf(child.beginFLeaf());
        child.endFLeaf();
        nested.endChild();
        e.endFNested();
        leaf(e.beginFLeaf());
        e.endFLeaf();
        e.oInt32(0)
                .oInt64(1)
                .oUint32(2)
                .oUint64(3)
                .oSint32(4)
                .oSint64(5)
                .oFixed32(6)
                .oFixed64(7);
        e.oSfixed32(8)
                .oSfixed64(9)
                .oFloat(0f)
                .oDouble(1d)
                .oBool(false)
                .oString("")
                .oBytes(BYTES)
                .oColor(Color.RED);
        e.pInt32(INTS).pInt64(LONGS).pUint32(INTS).pUint64(LONGS).pSint32(INTS).pSint64(LONGS);
        e.pFixed32(INTS)
                .pFixed64(LONGS)
                .pSfixed32(INTS)
                .pSfixed64(LONGS)
                .pFloat(FLOATS)
                .pDouble(DOUBLES);
        e.pBool(BOOLS).beginPColor();
        for (final int color : COLORS) {
            e.addPColorRaw(color);
        }
        e.endPColor();
        for (int i = 0; i < INTS.length; i++) {
            e.addUInt32(INTS[i]);
        }
        for (int i = 0; i < LONGS.length; i++) {
            e.addUInt64(LONGS[i]).addUUint64(LONGS[i]);
        }
        e.addUUint32(3)
                .addUSint32(-3)
                .addUSint64(-4)
                .addUFixed32(5)
                .addUFixed64(6)
                .addUSfixed32(-7);
        e.addUSfixed64(-8).addUFloat(9f).addUDouble(10d).addUBool(true);
        for (final int color : COLORS) {
            e.addUColorRaw(color);
        }
        e.addRString(ASCII).addRString(MIXED).addRBytes(BYTES);
        for (int i = 0; i < 2; i++) {
            e.addRNested().a(i).b(MIXED);
            e.endRNested();
        }
        leaf(e.addRLeaf());
        e.endRLeaf();
        e.edge2047(11)
                .edge2048(ASCII)
                .edge15000(12)
                .edgeBig(13)
                .edge228(-14)
                .edgePackedMax(INTS)
                .edgeMax(9);
        return e.encodedLength();
    }

    private static void leaf(final LeafEncoder leaf) {
        leaf.name(ASCII).ids(LONGS).color(Color.GREEN);
    }

    private void readAll(final AllTypesDecoder d) {
        long s = d.fInt32() + d.fInt64() + d.fUint32() + d.fUint64() + d.fSint32() + d.fSint64() + d.fFixed32();
        s += d.fFixed64()
                + d.fSfixed32()
                + d.fSfixed64()
                + (long) d.fFloat()
                + (long) d.fDouble()
                + (d.fBool() ? 1 : 0);
        s += text(d.fString())
                + bytes(d.fBytes())
                + d.fColor().ordinal()
                + d.fColorRaw()
                + d.fMood().ordinal();
        if (d.hasFNested()) {
            s += nested(d.fNested());
        }
        s += leaf(d.fLeaf());
        if (d.hasOInt32()) s += d.oInt32();
        if (d.hasOInt64()) s += d.oInt64();
        if (d.hasOUint32()) s += d.oUint32();
        if (d.hasOUint64()) s += d.oUint64();
        if (d.hasOSint32()) s += d.oSint32();
        if (d.hasOSint64()) s += d.oSint64();
        if (d.hasOFixed32()) s += d.oFixed32();
        if (d.hasOFixed64()) s += d.oFixed64();
        if (d.hasOSfixed32()) s += d.oSfixed32();
        if (d.hasOSfixed64()) s += d.oSfixed64();
        if (d.hasOFloat()) s += (long) d.oFloat();
        if (d.hasODouble()) s += (long) d.oDouble();
        if (d.hasOBool()) s += d.oBool() ? 1 : 0;
        if (d.hasOString()) s += text(d.oString());
        if (d.hasOBytes()) s += bytes(d.oBytes());
        if (d.hasOColor()) s += d.oColor().ordinal();
        s += ints(d.pInt32()) + longs(d.pInt64()) + ints(d.pUint32()) + longs(d.pUint64()) + ints(d.pSint32());
        s += longs(d.pSint64()) + ints(d.pFixed32()) + longs(d.pFixed64()) + ints(d.pSfixed32());
        s += longs(d.pSfixed64()) + floats(d.pFloat()) + doubles(d.pDouble()) + bools(d.pBool()) + colors(d.pColor());
        s += ints(d.uInt32()) + longs(d.uInt64()) + ints(d.uUint32()) + longs(d.uUint64()) + ints(d.uSint32());
        s += longs(d.uSint64()) + ints(d.uFixed32()) + longs(d.uFixed64()) + ints(d.uSfixed32());
        s += longs(d.uSfixed64()) + floats(d.uFloat()) + doubles(d.uDouble()) + bools(d.uBool()) + colors(d.uColor());
        for (final StringCursor c = d.rString(); c.next(); ) s += text(c.value());
        for (final BytesCursor c = d.rBytes(); c.next(); ) s += bytes(c.value());
        for (final AllTypesNestedDecoder n = d.rNested(); n.next(); ) s += nested(n);
        for (final LeafDecoder l = d.rLeaf(); l.next(); ) s += leaf(l);
        s += d.edge2047() + text(d.edge2048()) + d.edge15000() + d.edgeBig() + d.edge228() + ints(d.edgePackedMax());
        s += d.edgeMax() + d.pInt32().count();
        sink += s;
    }

    private long nested(final AllTypesNestedDecoder n) {
        long s = n.a() + text(n.b());
        if (n.hasChild()) {
            final AllTypesDecoder child = n.child();
            s += child.fInt32() + leaf(child.fLeaf());
        }
        return s;
    }

    private long leaf(final LeafDecoder leaf) {
        return text(leaf.name()) + longs(leaf.ids()) + leaf.color().ordinal();
    }

    private long text(final Utf8View view) {
        text.setLength(0);
        view.appendTo(text);
        long s = view.length() + text.length() + view.hashCode() + (view.contentEquals(ASCII) ? 1 : 0);
        for (int i = 0; i < view.length(); i++) {
            s += view.charAt(i);
        }
        return s;
    }

    private static long bytes(final BytesView view) {
        long s = view.length();
        for (int i = 0; i < view.length(); i++) {
            s += view.byteAt(i);
        }
        return s;
    }

    private static long ints(final IntCursor c) {
        long s = 0;
        while (c.next()) s += c.value();
        return s;
    }

    private static long longs(final LongCursor c) {
        long s = 0;
        while (c.next()) s += c.value();
        return s;
    }

    private static long floats(final FloatCursor c) {
        long s = 0;
        while (c.next()) s += Float.floatToRawIntBits(c.value());
        return s;
    }

    private static long doubles(final DoubleCursor c) {
        long s = 0;
        while (c.next()) s += Double.doubleToRawLongBits(c.value());
        return s;
    }

    private static long bools(final BoolCursor c) {
        long s = 0;
        while (c.next()) s += c.value() ? 1 : 0;
        return s;
    }

    private static long colors(final EnumCursor<Color> c) {
        long s = 0;
        while (c.next()) s += c.raw() + c.value().ordinal();
        return s;
    }
}
