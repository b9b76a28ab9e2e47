package org.flyproto.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.TextFormat;
import com.google.protobuf.util.JsonFormat;
import java.io.ByteArrayOutputStream;
import java.util.SplittableRandom;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.codec.JsonPrinter;
import org.flyproto.codec.ProtoDecodeException;
import org.flyproto.conformance.proto3.AllTypes;
import org.flyproto.conformance.proto3.Color;
import org.flyproto.conformance.proto3.Leaf;
import org.flyproto.conformance.proto3.flyproto.AllTypesDecoder;
import org.flyproto.conformance.proto3.flyproto.LeafDecoder;
import org.junit.jupiter.api.Test;

/**
 * A validating wrap scans each element of a repeated field of a leaf type ({@code r_leaf}) into a decoder the field
 * keeps, and the iteration takes those scans over instead of scanning again, for the first 256 elements; the rest are
 * walked and scanned when iterated. Whatever the path, what is read must be what protobuf-java parses, also after the
 * decoder is wrapped again on other bytes, validating or trusted, and the verdict on a damaged element must be that of
 * the element's own scan.
 */
class KeptScanTest {
    /** More elements than a field keeps the scans of. */
    private static final int ELEMENTS = 300;

    private static final int R_LEAF = 84;

    private final AllTypesDecoder decoder = new AllTypesDecoder();

    @Test
    void shouldReadEveryElementAsProtobufJavaParsesItBeforeAndAfterTheScansKept() {
        final SplittableRandom random = new SplittableRandom(0x5CA9L);
        final AllTypes many = withLeaves(random, ELEMENTS);
        final AllTypes few = withLeaves(random, 7);
        final AllTypes other = withLeaves(random, ELEMENTS - 1);
        final UnsafeBuffer manyBytes = new UnsafeBuffer(many.toByteArray());
        final UnsafeBuffer fewBytes = new UnsafeBuffer(few.toByteArray());
        final UnsafeBuffer otherBytes = new UnsafeBuffer(other.toByteArray());

        assertThat(read(decoder.wrap(manyBytes, 0, manyBytes.capacity()))).isEqualTo(many);
        // Iterated again: the kept scans serve again.
        assertThat(read(decoder)).isEqualTo(many);
        // Wrapped again on other bytes: nothing of the earlier scans may be read.
        assertThat(read(decoder.wrap(fewBytes, 0, fewBytes.capacity()))).isEqualTo(few);
        assertThat(read(decoder.wrapTrusted(otherBytes, 0, otherBytes.capacity())))
                .isEqualTo(other);
        assertThat(read(decoder.wrap(otherBytes, 0, otherBytes.capacity()))).isEqualTo(other);
        assertThat(read(decoder.wrapTrusted(manyBytes, 0, manyBytes.capacity())))
                .isEqualTo(many);
    }

    @Test
    void shouldPrintWhatProtobufJavaPrintsThroughTheScansKept() throws Exception {
        // Printing reads through a second decoder, which copies the elements' record and reads the scans kept: text
        // format and JSON as protobuf-java prints them, also after the decoder is wrapped again on other bytes.
        final SplittableRandom random = new SplittableRandom(0x9417L);
        final JsonPrinter json = JsonPrinter.printer();
        for (final AllTypes message :
                new AllTypes[] {withLeaves(random, ELEMENTS), withLeaves(random, 3), withLeaves(random, ELEMENTS - 50)
                }) {
            final UnsafeBuffer bytes = new UnsafeBuffer(message.toByteArray());
            decoder.wrap(bytes, 0, bytes.capacity());
            assertThat(decoder.toString()).isEqualTo(TextFormat.printer().printToString(message));
            assertThat(json.printToString(decoder))
                    .isEqualTo(JsonFormat.printer().print(message));
            // The iteration after the prints still reads the kept scans.
            assertThat(read(decoder)).isEqualTo(message);
        }
    }

    @Test
    void shouldPrintTheLastWrapWhereItsElementsLieWhereTheWrapBeforesDid() throws Exception {
        // Messages of one layout (every element of the same length at the same place), other values: a print reads
        // the scans kept by the last validating wrap, none after a trusted one, never a scan of the wrap before.
        final SplittableRandom random = new SplittableRandom(0x1A70L);
        final AllTypes[] messages = {sameLayout(random), sameLayout(random), sameLayout(random)};
        final UnsafeBuffer[] buffers = new UnsafeBuffer[messages.length];
        for (int m = 0; m < messages.length; m++) {
            buffers[m] = new UnsafeBuffer(messages[m].toByteArray());
            assertThat(buffers[m].capacity()).isEqualTo(buffers[0].capacity());
        }
        final JsonPrinter json = JsonPrinter.printer();
        final int[][] wraps = {{0, 0}, {1, 0}, {2, 1}, {1, 0}, {0, 1}, {0, 0}, {2, 0}};
        for (final int[] wrap : wraps) {
            final UnsafeBuffer bytes = buffers[wrap[0]];
            final AllTypes message = messages[wrap[0]];
            if (wrap[1] == 0) {
                decoder.wrap(bytes, 0, bytes.capacity());
            } else {
                decoder.wrapTrusted(bytes, 0, bytes.capacity());
            }
            assertThat(json.printToString(decoder))
                    .isEqualTo(JsonFormat.printer().print(message));
            assertThat(decoder.toString()).isEqualTo(TextFormat.printer().printToString(message));
            assertThat(read(decoder)).isEqualTo(message);
        }
    }

    @Test
    void shouldReadTheElementsOfAnEnclosingElementAsProtobufJavaParsesThem() {
        // r_child elements each holding r_leaf elements: each child decoder keeps its own elements' scans.
        final SplittableRandom random = new SplittableRandom(0xC41DL);
        final AllTypes.Builder root = AllTypes.newBuilder();
        for (int i = 0; i < 4; i++) {
            root.addRNested(AllTypes.Nested.newBuilder()
                    .setA(i)
                    .setChild(withLeaves(random, 40 * i))
                    .build());
        }
        final AllTypes message = root.build();
        final UnsafeBuffer bytes = new UnsafeBuffer(message.toByteArray());
        assertThat(read(decoder.wrap(bytes, 0, bytes.capacity()))).isEqualTo(message);
    }

    @Test
    void shouldGiveADamagedElementTheVerdictOfItsOwnScanWhereverItIs() {
        final SplittableRandom random = new SplittableRandom(0xBADL);
        // name twice, the first not UTF-8 (rejected at the wrap, as protobuf-java rejects it); a varint cut by the
        // element's end.
        final byte[][] damages = {{0x0A, 0x02, (byte) 0xC3, 0x28, 0x0A, 0x01, 0x41}, {0x18, (byte) 0x81}};
        final String[] verdicts = {"invalid UTF-8 @ 2", "truncated varint @ 1"};
        for (int d = 0; d < damages.length; d++) {
            for (final int at : new int[] {0, 1, 255, 256, 257, ELEMENTS - 1}) {
                final byte[] bytes = withDamagedLeaf(random, at, damages[d]);
                final int damagedAt = startOfElement(bytes, at);
                final String verdict = verdicts[d];
                assertThatThrownBy(() -> decoder.wrap(new UnsafeBuffer(bytes), 0, bytes.length))
                        .as("element %d", at)
                        .isInstanceOfSatisfying(
                                ProtoDecodeException.class,
                                e -> assertThat(e.reason() + " @ " + (e.offset() - damagedAt))
                                        .isEqualTo(verdict));
            }
        }
    }

    @Test
    void shouldRejectAStringThatIsNotUtf8WhenItIsReadWhereverItIs() {
        final SplittableRandom random = new SplittableRandom(0x57F8L);
        for (final int at : new int[] {0, 255, 256, ELEMENTS - 1}) {
            final byte[] bytes = withDamagedLeaf(random, at, new byte[] {0x0A, 0x02, (byte) 0xC3, 0x28});
            int read = 0;
            for (final LeafDecoder l = decoder.wrap(new UnsafeBuffer(bytes), 0, bytes.length)
                            .rLeaf();
                    l.next(); ) {
                if (read++ == at) {
                    assertThatThrownBy(l::name)
                            .isInstanceOfSatisfying(
                                    ProtoDecodeException.class,
                                    e -> assertThat(e.offset()).isEqualTo(startOfElement(bytes, at) + 2));
                } else {
                    assertThat(l.name().toString()).matches("(leaf .*)?");
                }
            }
            assertThat(read).isEqualTo(ELEMENTS);
        }
    }

    private static AllTypes read(final AllTypesDecoder d) {
        return AllTypesMirror.read(d);
    }

    private static AllTypes withLeaves(final SplittableRandom random, final int count) {
        final AllTypes.Builder message = AllTypes.newBuilder().setFInt32(random.nextInt());
        for (int i = 0; i < count; i++) {
            message.addRLeaf(leaf(random));
        }
        return message.setFString("after the leaves").build();
    }

    /** {@link #ELEMENTS} leaves, each a name of 11 bytes and one of the two colours: one layout, random values. */
    private static AllTypes sameLayout(final SplittableRandom random) {
        final AllTypes.Builder message = AllTypes.newBuilder().setFInt32(1 + random.nextInt(100));
        for (int i = 0; i < ELEMENTS; i++) {
            message.addRLeaf(Leaf.newBuilder()
                    .setName(String.format("leaf %06d", random.nextInt(1_000_000)))
                    .setColor(Color.forNumber(1 + random.nextInt(2))));
        }
        return message.build();
    }

    private static Leaf leaf(final SplittableRandom random) {
        final Leaf.Builder leaf = Leaf.newBuilder();
        if (random.nextBoolean()) {
            leaf.setName("leaf " + random.nextInt(1_000_000) + (random.nextBoolean() ? " é日" : ""));
        }
        for (int i = random.nextInt(4); i > 0; i--) {
            leaf.addIds(random.nextLong() >>> random.nextInt(64));
        }
        if (random.nextBoolean()) {
            leaf.setColor(Color.forNumber(1 + random.nextInt(2)));
        }
        return leaf.build();
    }

    /**
     * An AllTypes of {@link #ELEMENTS} leaves, the one at {@code at} being {@code damage}: each element as its tag (two
     * bytes), a one-byte length and its content.
     */
    private static byte[] withDamagedLeaf(final SplittableRandom random, final int at, final byte[] damage) {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final int tag = (R_LEAF << 3) | 2;
        for (int i = 0; i < ELEMENTS; i++) {
            final byte[] content = i == at ? damage : leaf(random).toByteArray();
            assertThat(content.length).isLessThan(128);
            out.write(0x80 | (tag & 0x7F));
            out.write(tag >>> 7);
            out.write(content.length);
            out.write(content, 0, content.length);
        }
        return out.toByteArray();
    }

    /** The index of the first content byte of element {@code index} in bytes of {@link #withDamagedLeaf}. */
    private static int startOfElement(final byte[] bytes, final int index) {
        int p = 0;
        for (int i = 0; i < index; i++) {
            p += 3 + bytes[p + 2];
        }
        return p + 3;
    }
}
