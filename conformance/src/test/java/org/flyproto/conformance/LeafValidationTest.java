package org.flyproto.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.codec.ProtoDecodeException;
import org.flyproto.conformance.proto3.Color;
import org.flyproto.conformance.proto3.Leaf;
import org.flyproto.conformance.proto3.flyproto.AllTypesDecoder;
import org.flyproto.conformance.proto3.flyproto.LeafDecoder;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A validating wrap checks an occurrence of a message field whose type has no message fields by walking its bytes
 * ({@code WireReader.validateLeaf}: a singular field, or an element beyond the first 256 of a repeated one), or by a
 * scan the field keeps for its iteration ({@code validateKept}), not by scanning it as a root wrap of that type does.
 * The verdicts must be the same: for damaged {@code Leaf} messages (a validated string, a packed varint run, an enum), wrapped as a root
 * {@code Leaf} and nested in {@code AllTypes} as {@code f_leaf} and as an element of {@code r_leaf}, the same reason
 * at the same offset relative to the leaf's first byte, or no error in all three.
 */
@Tag("hostile")
class LeafValidationTest {
    private static final int F_LEAF = 19;
    private static final int R_LEAF = 84;
    private static final int MUTANTS = 4000;

    private final LeafDecoder leaf = new LeafDecoder();
    private final AllTypesDecoder allTypes = new AllTypesDecoder();

    @Test
    void shouldGiveDamagedLeavesTheVerdictOfTheirOwnScanWhenNested() {
        final Leaf message = Leaf.newBuilder()
                .setName("héllo wörld, 日本")
                .addAllIds(Arrays.asList(1L, 300L, 1L << 40, -1L, 0L))
                .setColor(Color.BLUE)
                .build();
        final byte[] once = message.toByteArray();
        // name given twice, the first occurrence UTF-8 or not: mutants where the replaced and the replacing occurrence
        // are damaged in turn.
        final byte[][] bases = {
            once,
            concat(new byte[] {0x0A, 0x03, 0x41, (byte) 0xC3, (byte) 0xA9}, once),
            concat(new byte[] {0x0A, 0x03, 0x41, (byte) 0xC3, 0x28}, once)
        };
        final SplittableRandom random = new SplittableRandom(0x1EAFL);
        int rejected = 0;
        for (int i = 0; i < MUTANTS; i++) {
            final byte[] mutant = mutate(bases[i % bases.length], random);
            final String root = verdict(mutant, 0, () -> leaf.wrap(new UnsafeBuffer(mutant), 0, mutant.length));
            for (final int field : new int[] {F_LEAF, R_LEAF}) {
                final byte[] nested = nest(field, mutant);
                final int prefix = nested.length - mutant.length;
                final String inAllTypes =
                        verdict(nested, prefix, () -> allTypes.wrap(new UnsafeBuffer(nested), 0, nested.length));
                assertThat(inAllTypes)
                        .as("field %d, leaf %s", field, HostileBytes.hex(mutant))
                        .isEqualTo(root);
            }
            rejected += root.equals("valid") ? 0 : 1;
        }
        // The mutants exercise both outcomes.
        assertThat(rejected).as("rejected").isBetween(MUTANTS / 10, MUTANTS - MUTANTS / 10);
    }

    @Test
    void shouldWalkVarintAndFixedFieldsOfEveryLengthUpToTheEndOfTheLeafAsItsScanReadsThem() {
        // A varint field (declared or not) of every length from 1 to 11 bytes, a fixed64 and a fixed32, at every
        // distance from the leaf's end, whole and cut at every byte: neither the walk (f_leaf) nor the kept scan
        // (r_leaf) may use a byte past the leaf's end (here AllTypes goes on after it with bytes that would end a cut
        // varint) or judge otherwise than the leaf's own scan.
        final byte[] pad = {0x18, 0x01};
        // f_int32 = 1, five times: more bytes after the leaf than a varint can take.
        final byte[] trailer = repeat(new byte[] {0x08, 0x01}, 5);
        int cases = 0;
        int rejected = 0;
        for (final byte[] field : varintAndFixedFields()) {
            for (int before = 0; before <= 5; before++) {
                for (int after = 0; after <= 5; after++) {
                    final byte[] whole = concat(concat(repeat(pad, before), field), repeat(pad, after));
                    for (int cut = 0; cut <= whole.length; cut++) {
                        final byte[] leafBytes = Arrays.copyOf(whole, cut);
                        final String root = verdict(
                                leafBytes, 0, () -> leaf.wrap(new UnsafeBuffer(leafBytes), 0, leafBytes.length));
                        for (final int number : new int[] {F_LEAF, R_LEAF}) {
                            final byte[] nested = concat(nest(number, leafBytes), trailer);
                            final int prefix = nested.length - trailer.length - leafBytes.length;
                            assertThat(verdict(
                                            nested,
                                            prefix,
                                            () -> allTypes.wrap(new UnsafeBuffer(nested), 0, nested.length)))
                                    .as("field %d, leaf %s", number, HostileBytes.hex(leafBytes))
                                    .isEqualTo(root);
                        }
                        cases++;
                        rejected += root.equals("valid") ? 0 : 1;
                    }
                }
            }
        }
        assertThat(cases).isGreaterThan(5000);
        assertThat(rejected).as("rejected").isBetween(cases / 10, cases - cases / 10);
    }

    /**
     * Fields of the leaf's varint fields (ids unpacked, color) and of an undeclared number, as varints of 1 to 11
     * bytes, and as a fixed64 and a fixed32.
     */
    private static List<byte[]> varintAndFixedFields() {
        final List<byte[]> fields = new ArrayList<>();
        for (final int tag : new int[] {0x10, 0x18, 0x20}) {
            for (int width = 1; width <= 11; width++) {
                final byte[] field = new byte[1 + width];
                field[0] = (byte) tag;
                for (int i = 1; i < width; i++) {
                    field[i] = (byte) (0x80 | i);
                }
                field[width] = (byte) (1 + width);
                fields.add(field);
            }
        }
        final byte[] fixed64 = new byte[9];
        Arrays.fill(fixed64, (byte) 0xA5);
        fixed64[0] = 0x21;
        fields.add(fixed64);
        final byte[] fixed32 = Arrays.copyOf(fixed64, 5);
        fixed32[0] = 0x25;
        fields.add(fixed32);
        return fields;
    }

    private static byte[] repeat(final byte[] bytes, final int times) {
        byte[] out = new byte[0];
        for (int i = 0; i < times; i++) {
            out = concat(out, bytes);
        }
        return out;
    }

    @Test
    void shouldRejectTheBadUtf8OfAReplacedStringNestedAsAtTheRoot() {
        // name twice: the first occurrence, never read, is not UTF-8 (protobuf-java rejects it).
        assertNestedAsAtTheRoot(new byte[] {0x0A, 0x02, (byte) 0xC3, 0x28, 0x0A, 0x01, 0x41}, "invalid UTF-8 @ 2");
    }

    @Test
    void shouldReportTheReplacedStringsUtf8BeforeTheLengthOfItsReplacementNestedAsAtTheRoot() {
        // name twice: the first occurrence is not UTF-8, the second's length runs past the end of the leaf.
        assertNestedAsAtTheRoot(new byte[] {0x0A, 0x02, (byte) 0xC3, 0x28, 0x0A, 0x34, 0x41}, "invalid UTF-8 @ 2");
    }

    private void assertNestedAsAtTheRoot(final byte[] bytes, final String expected) {
        assertThat(verdict(bytes, 0, () -> leaf.wrap(new UnsafeBuffer(bytes), 0, bytes.length)))
                .isEqualTo(expected);
        for (final int field : new int[] {F_LEAF, R_LEAF}) {
            final byte[] nested = nest(field, bytes);
            assertThat(verdict(
                            nested,
                            nested.length - bytes.length,
                            () -> allTypes.wrap(new UnsafeBuffer(nested), 0, nested.length)))
                    .as("field %d", field)
                    .isEqualTo(expected);
        }
    }

    private static byte[] concat(final byte[] first, final byte[] second) {
        final byte[] out = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, out, first.length, second.length);
        return out;
    }

    private static byte[] mutate(final byte[] valid, final SplittableRandom random) {
        byte[] bytes = valid.clone();
        final int edits = 1 + random.nextInt(3);
        for (int e = 0; e < edits; e++) {
            final int at = random.nextInt(bytes.length + 1);
            switch (random.nextInt(4)) {
                case 0 -> {
                    if (at < bytes.length) {
                        bytes[at] = (byte) random.nextInt(256);
                    }
                }
                case 1 -> {
                    final byte[] longer = new byte[bytes.length + 1];
                    System.arraycopy(bytes, 0, longer, 0, at);
                    longer[at] = (byte) (random.nextBoolean() ? 0x80 | random.nextInt(128) : random.nextInt(256));
                    System.arraycopy(bytes, at, longer, at + 1, bytes.length - at);
                    bytes = longer;
                }
                case 2 -> {
                    if (at < bytes.length) {
                        final byte[] shorter = new byte[bytes.length - 1];
                        System.arraycopy(bytes, 0, shorter, 0, at);
                        System.arraycopy(bytes, at + 1, shorter, at, bytes.length - at - 1);
                        bytes = shorter;
                    }
                }
                default -> bytes = Arrays.copyOf(bytes, at);
            }
        }
        return bytes;
    }

    /** {@code bytes} as the only field of an AllTypes message: tag, length, content. */
    private static byte[] nest(final int field, final byte[] bytes) {
        final byte[] tag = varint((field << 3) | 2);
        final byte[] length = varint(bytes.length);
        final byte[] out = new byte[tag.length + length.length + bytes.length];
        System.arraycopy(tag, 0, out, 0, tag.length);
        System.arraycopy(length, 0, out, tag.length, length.length);
        System.arraycopy(bytes, 0, out, tag.length + length.length, bytes.length);
        return out;
    }

    private static byte[] varint(final int value) {
        final byte[] out = new byte[5];
        int n = 0;
        int v = value;
        while ((v & ~0x7F) != 0) {
            out[n++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out[n++] = (byte) v;
        return Arrays.copyOf(out, n);
    }

    /** "valid", or the reason and the offset relative to {@code base}. */
    private static String verdict(final byte[] bytes, final int base, final Runnable wrap) {
        try {
            wrap.run();
            return "valid";
        } catch (final ProtoDecodeException e) {
            assertThat(e.offset())
                    .as("offset inside %s", HostileBytes.hex(bytes))
                    .isBetween(0, bytes.length);
            return e.reason() + " @ " + (e.offset() - base);
        }
    }
}
