package org.flyproto.tools;

import com.google.protobuf.ByteString;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.flyproto.conformance.proto3.AllTypes;
import org.flyproto.conformance.proto3.Color;
import org.flyproto.conformance.proto3.Leaf;

/** Seeded protobuf-java messages of the test schema, the oracle's side of every test. */
final class Samples {
    private Samples() {}

    /**
     * @param seed the generator's seed (tests name it in their failure messages through the message itself).
     * @return a message with a seed-chosen mix of scalar, optional, repeated, nested and edge-numbered fields.
     */
    static AllTypes allTypes(final long seed) {
        final SplittableRandom random = new SplittableRandom(seed);
        final AllTypes.Builder b = AllTypes.newBuilder()
                .setFInt32(random.nextInt())
                .setFInt64(random.nextLong())
                .setFUint64(random.nextLong())
                .setFSint32(-random.nextInt(1000))
                .setFFixed64(random.nextLong())
                .setFDouble(random.nextInt(1_000_000) / 8.0)
                .setFFloat(random.nextInt(1000) / 4.0f)
                .setFBool(random.nextBoolean())
                .setFString("héllo \"wörld\" \n" + seed)
                .setFBytes(ByteString.copyFrom(new byte[] {0, 1, (byte) 0xFF, (byte) random.nextInt(256)}))
                .setFColor(Color.BLUE)
                .setFMood(AllTypes.Mood.GRUMPY)
                .setFNested(AllTypes.Nested.newBuilder()
                        .setA(7)
                        .setB("nested")
                        .setChild(AllTypes.newBuilder().setFInt32(1).setOString("deep")))
                .setOInt32(0)
                .setOString("")
                .setOColor(Color.INFRARED)
                .setEdgeMax(random.nextInt())
                .setEdge2048("edge");
        for (int i = 0; i < 1 + random.nextInt(4); i++) {
            b.addPInt32(random.nextInt()).addUSint64(random.nextLong()).addRString("r" + i);
            b.addRLeaf(Leaf.newBuilder().setName("leaf" + i).addIds(i).setColor(Color.RED));
            b.addPColor(Color.GREEN).addPDouble(i + 0.5);
        }
        return b.build();
    }

    static List<AllTypes> allTypes(final int count, final long seed) {
        final List<AllTypes> messages = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            messages.add(allTypes(seed + i));
        }
        return messages;
    }

    /** @return the messages as writeDelimitedTo writes them, one after the other. */
    static byte[] delimited(final List<? extends com.google.protobuf.MessageLite> messages) {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            for (final com.google.protobuf.MessageLite message : messages) {
                message.writeDelimitedTo(out);
            }
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
