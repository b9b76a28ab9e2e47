package org.flyproto.conformance;

import org.flyproto.conformance.proto3.AllTypes;
import org.flyproto.conformance.proto3.Leaf;

/**
 * Seeded random {@link AllTypes} messages: each field present or not, values drawn half from the edges of their
 * range (0, ±1, varint size boundaries, MIN/MAX, -0.0, NaN, infinities) and half uniformly; strings mixing every UTF-8
 * length class, occasionally long enough for multi-byte length prefixes; nesting and recursion up to a depth.
 */
public final class RandomMessages extends RandomValues {
    private static final int[] COLORS = {0, 1, 2, 1000000, -1, 7, 12345, Integer.MIN_VALUE};

    public RandomMessages(final long seed) {
        super(seed);
    }

    public AllTypes allTypes(final int depth) {
        final AllTypes.Builder b = AllTypes.newBuilder();
        if (maybe()) b.setFInt32(anInt());
        if (maybe()) b.setFInt64(aLong());
        if (maybe()) b.setFUint32(anInt());
        if (maybe()) b.setFUint64(aLong());
        if (maybe()) b.setFSint32(anInt());
        if (maybe()) b.setFSint64(aLong());
        if (maybe()) b.setFFixed32(anInt());
        if (maybe()) b.setFFixed64(aLong());
        if (maybe()) b.setFSfixed32(anInt());
        if (maybe()) b.setFSfixed64(aLong());
        if (maybe()) b.setFFloat(aFloat());
        if (maybe()) b.setFDouble(aDouble());
        if (maybe()) b.setFBool(random.nextBoolean());
        if (maybe()) b.setFString(aString());
        if (maybe()) b.setFBytes(someBytes());
        if (maybe()) b.setFColorValue(aColor());
        if (maybe()) b.setFMoodValue(random.nextInt(4));
        if (depth > 0 && maybe()) b.setFNested(nested(depth - 1));
        if (maybe()) b.setFLeaf(leaf());

        if (maybe()) b.setOInt32(anInt());
        if (maybe()) b.setOInt64(aLong());
        if (maybe()) b.setOUint32(anInt());
        if (maybe()) b.setOUint64(aLong());
        if (maybe()) b.setOSint32(anInt());
        if (maybe()) b.setOSint64(aLong());
        if (maybe()) b.setOFixed32(anInt());
        if (maybe()) b.setOFixed64(aLong());
        if (maybe()) b.setOSfixed32(anInt());
        if (maybe()) b.setOSfixed64(aLong());
        if (maybe()) b.setOFloat(aFloat());
        if (maybe()) b.setODouble(aDouble());
        if (maybe()) b.setOBool(random.nextBoolean());
        if (maybe()) b.setOString(aString());
        if (maybe()) b.setOBytes(someBytes());
        if (maybe()) b.setOColorValue(aColor());

        for (int i = count(); i > 0; i--) b.addPInt32(anInt());
        for (int i = count(); i > 0; i--) b.addPInt64(aLong());
        for (int i = count(); i > 0; i--) b.addPUint32(anInt());
        for (int i = count(); i > 0; i--) b.addPUint64(aLong());
        for (int i = count(); i > 0; i--) b.addPSint32(anInt());
        for (int i = count(); i > 0; i--) b.addPSint64(aLong());
        for (int i = count(); i > 0; i--) b.addPFixed32(anInt());
        for (int i = count(); i > 0; i--) b.addPFixed64(aLong());
        for (int i = count(); i > 0; i--) b.addPSfixed32(anInt());
        for (int i = count(); i > 0; i--) b.addPSfixed64(aLong());
        for (int i = count(); i > 0; i--) b.addPFloat(aFloat());
        for (int i = count(); i > 0; i--) b.addPDouble(aDouble());
        for (int i = count(); i > 0; i--) b.addPBool(random.nextBoolean());
        for (int i = count(); i > 0; i--) b.addPColorValue(aColor());

        for (int i = count(); i > 0; i--) b.addUInt32(anInt());
        for (int i = count(); i > 0; i--) b.addUInt64(aLong());
        for (int i = count(); i > 0; i--) b.addUUint32(anInt());
        for (int i = count(); i > 0; i--) b.addUUint64(aLong());
        for (int i = count(); i > 0; i--) b.addUSint32(anInt());
        for (int i = count(); i > 0; i--) b.addUSint64(aLong());
        for (int i = count(); i > 0; i--) b.addUFixed32(anInt());
        for (int i = count(); i > 0; i--) b.addUFixed64(aLong());
        for (int i = count(); i > 0; i--) b.addUSfixed32(anInt());
        for (int i = count(); i > 0; i--) b.addUSfixed64(aLong());
        for (int i = count(); i > 0; i--) b.addUFloat(aFloat());
        for (int i = count(); i > 0; i--) b.addUDouble(aDouble());
        for (int i = count(); i > 0; i--) b.addUBool(random.nextBoolean());
        for (int i = count(); i > 0; i--) b.addUColorValue(aColor());

        for (int i = count(); i > 0; i--) b.addRString(aString());
        for (int i = count(); i > 0; i--) b.addRBytes(someBytes());
        if (depth > 0) {
            for (int i = count(); i > 0; i--) b.addRNested(nested(depth - 1));
        }
        for (int i = count(); i > 0; i--) b.addRLeaf(leaf());

        if (maybe()) b.setEdge2047(aLong());
        if (maybe()) b.setEdge2048(aString());
        if (maybe()) b.setEdge15000(anInt());
        if (maybe()) b.setEdgeBig(anInt());
        if (maybe()) b.setEdge228(aLong());
        for (int i = count(); i > 0; i--) b.addEdgePackedMax(anInt());
        if (maybe()) b.setEdgeMax(anInt());
        return b.build();
    }

    AllTypes.Nested nested(final int depth) {
        final AllTypes.Nested.Builder b = AllTypes.Nested.newBuilder();
        if (maybe()) b.setA(anInt());
        if (maybe()) b.setB(aString());
        if (depth > 0 && random.nextInt(3) == 0) b.setChild(allTypes(depth - 1));
        return b.build();
    }

    Leaf leaf() {
        final Leaf.Builder b = Leaf.newBuilder();
        if (maybe()) b.setName(aString());
        for (int i = count(); i > 0; i--) b.addIds(aLong());
        if (maybe()) b.setColorValue(aColor());
        return b.build();
    }

    private int aColor() {
        return COLORS[random.nextInt(COLORS.length)];
    }
}
