package org.flyproto.conformance;

import com.google.protobuf.ByteString;
import java.util.List;
import org.flyproto.buffers.BytesView;
import org.flyproto.codec.BoolCursor;
import org.flyproto.codec.BytesCursor;
import org.flyproto.codec.DoubleCursor;
import org.flyproto.codec.EnumCursor;
import org.flyproto.codec.FloatCursor;
import org.flyproto.codec.IntCursor;
import org.flyproto.codec.LongCursor;
import org.flyproto.codec.StringCursor;
import org.flyproto.conformance.proto3.AllTypes;
import org.flyproto.conformance.proto3.Leaf;
import org.flyproto.conformance.proto3.flyproto.AllTypesDecoder;
import org.flyproto.conformance.proto3.flyproto.AllTypesEncoder;
import org.flyproto.conformance.proto3.flyproto.AllTypesNestedDecoder;
import org.flyproto.conformance.proto3.flyproto.AllTypesNestedEncoder;
import org.flyproto.conformance.proto3.flyproto.LeafDecoder;
import org.flyproto.conformance.proto3.flyproto.LeafEncoder;

/**
 * Copies a protobuf-java {@link AllTypes} into flyproto's encoder field by field (in field-number order), and reads
 * every field of flyproto's decoder back into a protobuf-java message: the two halves of the differential tests.
 */
final class AllTypesMirror {
    private AllTypesMirror() {}

    // ---------------------------------------------------------------------------------------------------------------
    // protobuf-java message -> flyproto encoder

    static void encode(final AllTypes m, final AllTypesEncoder e) {
        e.fInt32(m.getFInt32())
                .fInt64(m.getFInt64())
                .fUint32(m.getFUint32())
                .fUint64(m.getFUint64())
                .fSint32(m.getFSint32())
                .fSint64(m.getFSint64())
                .fFixed32(m.getFFixed32())
                .fFixed64(m.getFFixed64())
                .fSfixed32(m.getFSfixed32())
                .fSfixed64(m.getFSfixed64())
                .fFloat(m.getFFloat())
                .fDouble(m.getFDouble())
                .fBool(m.getFBool())
                .fString(m.getFString())
                .fBytes(m.getFBytes().toByteArray())
                .fColorRaw(m.getFColorValue())
                .fMoodRaw(m.getFMoodValue());
        if (m.hasFNested()) {
            encodeNested(m.getFNested(), e.beginFNested());
            e.endFNested();
        }
        if (m.hasFLeaf()) {
            encodeLeaf(m.getFLeaf(), e.beginFLeaf());
            e.endFLeaf();
        }
        if (m.hasOInt32()) e.oInt32(m.getOInt32());
        if (m.hasOInt64()) e.oInt64(m.getOInt64());
        if (m.hasOUint32()) e.oUint32(m.getOUint32());
        if (m.hasOUint64()) e.oUint64(m.getOUint64());
        if (m.hasOSint32()) e.oSint32(m.getOSint32());
        if (m.hasOSint64()) e.oSint64(m.getOSint64());
        if (m.hasOFixed32()) e.oFixed32(m.getOFixed32());
        if (m.hasOFixed64()) e.oFixed64(m.getOFixed64());
        if (m.hasOSfixed32()) e.oSfixed32(m.getOSfixed32());
        if (m.hasOSfixed64()) e.oSfixed64(m.getOSfixed64());
        if (m.hasOFloat()) e.oFloat(m.getOFloat());
        if (m.hasODouble()) e.oDouble(m.getODouble());
        if (m.hasOBool()) e.oBool(m.getOBool());
        if (m.hasOString()) e.oString(m.getOString());
        if (m.hasOBytes()) e.oBytes(m.getOBytes().toByteArray());
        if (m.hasOColor()) e.oColorRaw(m.getOColorValue());

        e.pInt32(ints(m.getPInt32List()))
                .pInt64(longs(m.getPInt64List()))
                .pUint32(ints(m.getPUint32List()))
                .pUint64(longs(m.getPUint64List()))
                .pSint32(ints(m.getPSint32List()))
                .pSint64(longs(m.getPSint64List()))
                .pFixed32(ints(m.getPFixed32List()))
                .pFixed64(longs(m.getPFixed64List()))
                .pSfixed32(ints(m.getPSfixed32List()))
                .pSfixed64(longs(m.getPSfixed64List()))
                .pFloat(floats(m.getPFloatList()))
                .pDouble(doubles(m.getPDoubleList()))
                .pBool(bools(m.getPBoolList()))
                .pColorRaw(ints(m.getPColorValueList()));

        m.getUInt32List().forEach(e::addUInt32);
        m.getUInt64List().forEach(e::addUInt64);
        m.getUUint32List().forEach(e::addUUint32);
        m.getUUint64List().forEach(e::addUUint64);
        m.getUSint32List().forEach(e::addUSint32);
        m.getUSint64List().forEach(e::addUSint64);
        m.getUFixed32List().forEach(e::addUFixed32);
        m.getUFixed64List().forEach(e::addUFixed64);
        m.getUSfixed32List().forEach(e::addUSfixed32);
        m.getUSfixed64List().forEach(e::addUSfixed64);
        m.getUFloatList().forEach(e::addUFloat);
        m.getUDoubleList().forEach(e::addUDouble);
        m.getUBoolList().forEach(e::addUBool);
        m.getUColorValueList().forEach(e::addUColorRaw);

        m.getRStringList().forEach(e::addRString);
        m.getRBytesList().forEach(b -> e.addRBytes(b.toByteArray()));
        for (final AllTypes.Nested nested : m.getRNestedList()) {
            encodeNested(nested, e.addRNested());
            e.endRNested();
        }
        for (final Leaf leaf : m.getRLeafList()) {
            encodeLeaf(leaf, e.addRLeaf());
            e.endRLeaf();
        }

        e.edge2047(m.getEdge2047())
                .edge2048(m.getEdge2048())
                .edge15000(m.getEdge15000())
                .edgeBig(m.getEdgeBig())
                .edge228(m.getEdge228())
                .edgePackedMax(ints(m.getEdgePackedMaxList()))
                .edgeMax(m.getEdgeMax());
    }

    static void encodeNested(final AllTypes.Nested m, final AllTypesNestedEncoder e) {
        e.a(m.getA()).b(m.getB());
        if (m.hasChild()) {
            encode(m.getChild(), e.beginChild());
            e.endChild();
        }
    }

    static void encodeLeaf(final Leaf m, final LeafEncoder e) {
        e.name(m.getName()).ids(longs(m.getIdsList())).colorRaw(m.getColorValue());
    }

    // ---------------------------------------------------------------------------------------------------------------
    // flyproto decoder -> protobuf-java message

    static AllTypes read(final AllTypesDecoder d) {
        final AllTypes.Builder b = AllTypes.newBuilder()
                .setFInt32(d.fInt32())
                .setFInt64(d.fInt64())
                .setFUint32(d.fUint32())
                .setFUint64(d.fUint64())
                .setFSint32(d.fSint32())
                .setFSint64(d.fSint64())
                .setFFixed32(d.fFixed32())
                .setFFixed64(d.fFixed64())
                .setFSfixed32(d.fSfixed32())
                .setFSfixed64(d.fSfixed64())
                .setFFloat(d.fFloat())
                .setFDouble(d.fDouble())
                .setFBool(d.fBool())
                .setFString(d.fString().toString())
                .setFBytes(bytes(d.fBytes()))
                .setFColorValue(d.fColorRaw())
                .setFMoodValue(d.fMoodRaw());
        if (d.hasFNested()) b.setFNested(readNested(d.fNested()));
        if (d.hasFLeaf()) b.setFLeaf(readLeaf(d.fLeaf()));
        if (d.hasOInt32()) b.setOInt32(d.oInt32());
        if (d.hasOInt64()) b.setOInt64(d.oInt64());
        if (d.hasOUint32()) b.setOUint32(d.oUint32());
        if (d.hasOUint64()) b.setOUint64(d.oUint64());
        if (d.hasOSint32()) b.setOSint32(d.oSint32());
        if (d.hasOSint64()) b.setOSint64(d.oSint64());
        if (d.hasOFixed32()) b.setOFixed32(d.oFixed32());
        if (d.hasOFixed64()) b.setOFixed64(d.oFixed64());
        if (d.hasOSfixed32()) b.setOSfixed32(d.oSfixed32());
        if (d.hasOSfixed64()) b.setOSfixed64(d.oSfixed64());
        if (d.hasOFloat()) b.setOFloat(d.oFloat());
        if (d.hasODouble()) b.setODouble(d.oDouble());
        if (d.hasOBool()) b.setOBool(d.oBool());
        if (d.hasOString()) b.setOString(d.oString().toString());
        if (d.hasOBytes()) b.setOBytes(bytes(d.oBytes()));
        if (d.hasOColor()) b.setOColorValue(d.oColorRaw());

        for (final IntCursor c = d.pInt32(); c.next(); ) b.addPInt32(c.value());
        for (final LongCursor c = d.pInt64(); c.next(); ) b.addPInt64(c.value());
        for (final IntCursor c = d.pUint32(); c.next(); ) b.addPUint32(c.value());
        for (final LongCursor c = d.pUint64(); c.next(); ) b.addPUint64(c.value());
        for (final IntCursor c = d.pSint32(); c.next(); ) b.addPSint32(c.value());
        for (final LongCursor c = d.pSint64(); c.next(); ) b.addPSint64(c.value());
        for (final IntCursor c = d.pFixed32(); c.next(); ) b.addPFixed32(c.value());
        for (final LongCursor c = d.pFixed64(); c.next(); ) b.addPFixed64(c.value());
        for (final IntCursor c = d.pSfixed32(); c.next(); ) b.addPSfixed32(c.value());
        for (final LongCursor c = d.pSfixed64(); c.next(); ) b.addPSfixed64(c.value());
        for (final FloatCursor c = d.pFloat(); c.next(); ) b.addPFloat(c.value());
        for (final DoubleCursor c = d.pDouble(); c.next(); ) b.addPDouble(c.value());
        for (final BoolCursor c = d.pBool(); c.next(); ) b.addPBool(c.value());
        for (final EnumCursor<?> c = d.pColor(); c.next(); ) b.addPColorValue(c.raw());

        for (final IntCursor c = d.uInt32(); c.next(); ) b.addUInt32(c.value());
        for (final LongCursor c = d.uInt64(); c.next(); ) b.addUInt64(c.value());
        for (final IntCursor c = d.uUint32(); c.next(); ) b.addUUint32(c.value());
        for (final LongCursor c = d.uUint64(); c.next(); ) b.addUUint64(c.value());
        for (final IntCursor c = d.uSint32(); c.next(); ) b.addUSint32(c.value());
        for (final LongCursor c = d.uSint64(); c.next(); ) b.addUSint64(c.value());
        for (final IntCursor c = d.uFixed32(); c.next(); ) b.addUFixed32(c.value());
        for (final LongCursor c = d.uFixed64(); c.next(); ) b.addUFixed64(c.value());
        for (final IntCursor c = d.uSfixed32(); c.next(); ) b.addUSfixed32(c.value());
        for (final LongCursor c = d.uSfixed64(); c.next(); ) b.addUSfixed64(c.value());
        for (final FloatCursor c = d.uFloat(); c.next(); ) b.addUFloat(c.value());
        for (final DoubleCursor c = d.uDouble(); c.next(); ) b.addUDouble(c.value());
        for (final BoolCursor c = d.uBool(); c.next(); ) b.addUBool(c.value());
        for (final EnumCursor<?> c = d.uColor(); c.next(); ) b.addUColorValue(c.raw());

        for (final StringCursor c = d.rString(); c.next(); )
            b.addRString(c.value().toString());
        for (final BytesCursor c = d.rBytes(); c.next(); ) b.addRBytes(bytes(c.value()));
        // Nested decoders are reused flyweights: read each element completely before moving on.
        for (final AllTypesNestedDecoder n = d.rNested(); n.next(); ) b.addRNested(readNested(n));
        for (final LeafDecoder l = d.rLeaf(); l.next(); ) b.addRLeaf(readLeaf(l));

        b.setEdge2047(d.edge2047())
                .setEdge2048(d.edge2048().toString())
                .setEdge15000(d.edge15000())
                .setEdgeBig(d.edgeBig())
                .setEdge228(d.edge228());
        for (final IntCursor c = d.edgePackedMax(); c.next(); ) b.addEdgePackedMax(c.value());
        b.setEdgeMax(d.edgeMax());
        return b.build();
    }

    static AllTypes.Nested readNested(final AllTypesNestedDecoder d) {
        final AllTypes.Nested.Builder b =
                AllTypes.Nested.newBuilder().setA(d.a()).setB(d.b().toString());
        if (d.hasChild()) {
            b.setChild(read(d.child()));
        }
        return b.build();
    }

    static Leaf readLeaf(final LeafDecoder d) {
        final Leaf.Builder b = Leaf.newBuilder().setName(d.name().toString()).setColorValue(d.colorRaw());
        for (final LongCursor c = d.ids(); c.next(); ) b.addIds(c.value());
        return b.build();
    }

    // ---------------------------------------------------------------------------------------------------------------

    private static ByteString bytes(final BytesView view) {
        return ByteString.copyFrom(view.toByteArray());
    }

    static int[] ints(final List<Integer> values) {
        return values.stream().mapToInt(Integer::intValue).toArray();
    }

    static long[] longs(final List<Long> values) {
        return values.stream().mapToLong(Long::longValue).toArray();
    }

    static float[] floats(final List<Float> values) {
        final float[] out = new float[values.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = values.get(i);
        }
        return out;
    }

    static double[] doubles(final List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    static boolean[] bools(final List<Boolean> values) {
        final boolean[] out = new boolean[values.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = values.get(i);
        }
        return out;
    }
}
