package org.flyproto.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.flyproto.conformance.HostileBytes.hex;

import com.google.protobuf.InvalidProtocolBufferException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.codec.ProtoDecodeException;
import org.flyproto.conformance.proto3.AllTypes;
import org.flyproto.conformance.proto3.flyproto.AllTypesDecoder;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Seeded property test over damaged messages: every prefix (a sample for long messages) and random byte flips,
 * insertions, deletions and splices of {@code RandomMessages(seed).allTypes(2)}, each decoded by protobuf-java and by
 * flyproto (validating and trusted, reading every field through {@link AllTypesMirror}). Properties:
 *
 * <ul>
 *   <li>flyproto throws nothing but {@link ProtoDecodeException}, with an offset inside the region;
 *   <li>no read outside the region: the input embedded in a buffer of any kind and followed by a plausible
 *       continuation (the rest of the original message, or all of it) decodes exactly as the input alone at the very
 *       end of a buffer of exactly its size: same values, or the same reason at the same relative offset;
 *   <li>what protobuf-java accepts, flyproto accepts and reads equal, validating and trusted (merged occurrences of
 *       a singular message field included), except for the documented divergences {@link HostileWireWalker} finds,
 *       each checked for what flyproto does instead;
 *   <li>what protobuf-java rejects, validating flyproto rejects (wrap, or reading a field).
 * </ul>
 */
@Tag("hostile")
class MutationTest {
    private static final long BASE_SEED = 0x4D07_A7E0L;
    private static final int MESSAGES = 8;
    private static final int MIN_LENGTH = 300;
    private static final int MAX_LENGTH = 6000;
    /** Messages up to this long get every prefix. */
    private static final int EVERY_PREFIX_UP_TO = 1500;
    /** How many prefixes of a longer message are tried: the shortest, the longest, and a random sample. */
    private static final int PREFIXES = 300;

    private static final int MUTANTS = 500;
    private static final byte[] INTERESTING = {
        0x00, 0x01, 0x02, 0x7F, (byte) 0x80, (byte) 0xFF, 0x0B, 0x0C, 0x0F, 0x12, 0x1A, (byte) 0x92, (byte) 0x9A, 0x72
    };

    private final AllTypesDecoder decoder = new AllTypesDecoder();
    private final Tally tally = new Tally();

    @Test
    void shouldDecodeEveryPrefixAsProtobufJavaDoesWithoutReadingPastIt() {
        for (final long seed : messageSeeds()) {
            final byte[] message = new RandomMessages(seed).allTypes(2).toByteArray();
            final SplittableRandom random = new SplittableRandom(seed);
            final TreeSet<Integer> lengths = new TreeSet<>();
            if (message.length <= EVERY_PREFIX_UP_TO) {
                for (int n = 0; n <= message.length; n++) {
                    lengths.add(n);
                }
            } else {
                for (int n = 0; n < 64; n++) {
                    lengths.add(n);
                    lengths.add(message.length - n);
                }
                while (lengths.size() < PREFIXES) {
                    lengths.add(random.nextInt(message.length));
                }
            }
            int i = 0;
            for (final int n : lengths) {
                final byte[] prefix = Arrays.copyOf(message, n);
                final byte[] rest = Arrays.copyOfRange(message, n, message.length);
                check(seed, "prefix of " + n + " of " + message.length + " bytes", prefix, rest, i++);
            }
        }
        tally.assertProtobufJavaRejectionsAreRejected("prefixes");
    }

    @Test
    void shouldDecodeRandomMutationsAsProtobufJavaDoesWithoutReadingPastThem() {
        for (final long seed : messageSeeds()) {
            final byte[] message = new RandomMessages(seed).allTypes(2).toByteArray();
            final HostileWireWalker.Findings fields = HostileWireWalker.walk(message);
            final byte[] donor = donor(~seed);
            final List<int[]> donorFields = HostileWireWalker.walk(donor).rootFields;
            final SplittableRandom random = new SplittableRandom(~seed);
            for (int i = 0; i < MUTANTS; i++) {
                final StringBuilder ops = new StringBuilder();
                final byte[] mutant = mutate(message, fields, donor, donorFields, random, ops);
                check(seed, "mutant " + i + ": " + ops, mutant, message, i);
            }
        }
        tally.assertProtobufJavaRejectionsAreRejected("mutants");
    }

    // ---------------------------------------------------------------------------------------------------------------

    private void check(
            final long seed, final String what, final byte[] input, final byte[] continuation, final int index) {
        final String context = "seed " + seed + ", " + what + ", input " + hex(input);
        final BufferKind kind = BufferKind.values()[index % BufferKind.values().length];

        final Outcome alone = decode(new UnsafeBuffer(input.clone()), 0, input.length, false, context);
        final Outcome aloneTrusted = decode(new UnsafeBuffer(input.clone()), 0, input.length, true, context);
        final DirectBuffer embedded = HostileBytes.embed(kind, input, continuation);
        final int offset = HostileBytes.PREFIX.length;
        assertThat(decode(embedded, offset, input.length, false, context))
                .as("validating, %s after a prefix and before a continuation vs alone: %s", kind, context)
                .isEqualTo(alone);
        assertThat(decode(embedded, offset, input.length, true, context))
                .as("trusted, %s after a prefix and before a continuation vs alone: %s", kind, context)
                .isEqualTo(aloneTrusted);

        final AllTypes parsed = parse(input);
        if (parsed == null) {
            tally.rejectedByProtobufJava++;
            if (alone.accepted()) {
                tally.acceptedByFlyprotoOnly.add(context);
            }
            return;
        }
        final HostileWireWalker.Findings findings = HostileWireWalker.walk(input);
        if (findings.longTag || findings.tenthByteContinues) {
            // Divergences (i) and (iii): flyproto is stricter than protobuf-java, and says why.
            tally.stricter++;
            assertThat(alone.reason())
                    .as("validating verdict on %s (%s)", context, findings)
                    .isIn("tag longer than 5 bytes", "field number above 536870911", "varint longer than 10 bytes");
            assertThat(aloneTrusted.accepted() ? null : aloneTrusted.reason())
                    .as("trusted verdict on %s (%s)", context, findings)
                    .isIn(
                            null,
                            "tag longer than 5 bytes",
                            "field number above 536870911",
                            "varint longer than 10 bytes");
        } else {
            if (findings.repeatedSingularMessage) {
                tally.merged++;
            }
            tally.acceptedByBoth++;
            final AllTypes expected = HostileMessages.withoutUnknownFields(parsed);
            assertThat(alone.value())
                    .as("validating read of %s (%s)", context, alone)
                    .isEqualTo(expected);
            assertThat(aloneTrusted.value())
                    .as("trusted read of %s (%s)", context, aloneTrusted)
                    .isEqualTo(expected);
        }
    }

    /** What flyproto made of a region: the values read, or the reason and relative offset of its rejection. */
    record Outcome(AllTypes value, String reason, int offset) {
        boolean accepted() {
            return value != null;
        }
    }

    private Outcome decode(
            final DirectBuffer buffer,
            final int offset,
            final int length,
            final boolean trusted,
            final String context) {
        try {
            final AllTypesDecoder d =
                    trusted ? decoder.wrapTrusted(buffer, offset, length) : decoder.wrap(buffer, offset, length);
            return new Outcome(AllTypesMirror.read(d), null, 0);
        } catch (final ProtoDecodeException e) {
            assertThat(e.offset())
                    .as(
                            "offset of \"%s\" (trusted=%s) in [%d, %d): %s",
                            e.getMessage(), trusted, offset, offset + length, context)
                    .isBetween(offset, offset + length);
            return new Outcome(null, e.reason(), e.offset() - offset);
        } catch (final RuntimeException | Error e) {
            throw new AssertionError("not a ProtoDecodeException (trusted=" + trusted + "): " + e + ", " + context, e);
        }
    }

    private static AllTypes parse(final byte[] input) {
        try {
            return AllTypes.parseFrom(input);
        } catch (final InvalidProtocolBufferException e) {
            return null;
        }
    }

    /** The singular message fields of another message, to be merged into the original by a mutation. */
    private static byte[] donor(final long seed) {
        final RandomMessages random = new RandomMessages(seed);
        return AllTypes.newBuilder()
                .setFNested(random.nested(1))
                .setFLeaf(random.leaf())
                .build()
                .toByteArray();
    }

    /**
     * One to three random flips, insertions, deletions or splices, half of them at the start of a tag; splices
     * duplicate chunks or whole fields of the original, or remove whole fields, or add a field of {@code donor}, so
     * that a fair share of the mutants are still valid, and some repeat a singular message field.
     */
    private static byte[] mutate(
            final byte[] original,
            final HostileWireWalker.Findings fields,
            final byte[] donor,
            final List<int[]> donorFields,
            final SplittableRandom random,
            final StringBuilder ops) {
        final List<Integer> tagStarts = fields.tagStarts;
        final List<int[]> rootFields = fields.rootFields;
        byte[] b = original;
        for (int op = random.nextInt(1, 4); op > 0; op--) {
            final int pos = position(b.length, tagStarts, random);
            switch (random.nextInt(8)) {
                case 0 -> {
                    if (pos < b.length) {
                        b = b.clone();
                        b[pos] = (byte) random.nextInt(256);
                        ops.append(String.format("set %d to %02X; ", pos, b[pos]));
                    }
                }
                case 1 -> {
                    if (pos < b.length) {
                        b = b.clone();
                        final int bit = random.nextInt(8);
                        b[pos] ^= (byte) (1 << bit);
                        ops.append("flip bit ")
                                .append(bit)
                                .append(" of ")
                                .append(pos)
                                .append("; ");
                    }
                }
                case 2 -> {
                    final byte[] inserted = new byte[random.nextInt(1, 4)];
                    for (int i = 0; i < inserted.length; i++) {
                        inserted[i] = random.nextBoolean()
                                ? INTERESTING[random.nextInt(INTERESTING.length)]
                                : (byte) random.nextInt(256);
                    }
                    b = insert(b, pos, inserted);
                    ops.append("insert ")
                            .append(hex(inserted))
                            .append(" at ")
                            .append(pos)
                            .append("; ");
                }
                case 3 -> {
                    final int count = Math.min(random.nextInt(1, 5), b.length - pos);
                    final byte[] shorter = new byte[b.length - count];
                    System.arraycopy(b, 0, shorter, 0, pos);
                    System.arraycopy(b, pos + count, shorter, pos, b.length - pos - count);
                    b = shorter;
                    ops.append("delete ")
                            .append(count)
                            .append(" at ")
                            .append(pos)
                            .append("; ");
                }
                case 5 ->
                    // A whole root field of the original, again, at the start of a root field.
                    b = insertField(b, original, rootFields, rootFields, random, "repeat field", ops);
                case 6 -> {
                    // Remove a whole root field, if it is still where it was.
                    final int[] field = rootFields.get(random.nextInt(rootFields.size()));
                    if (field[1] <= b.length) {
                        final byte[] shorter = new byte[b.length - (field[1] - field[0])];
                        System.arraycopy(b, 0, shorter, 0, field[0]);
                        System.arraycopy(b, field[1], shorter, field[0], b.length - field[1]);
                        b = shorter;
                        ops.append("remove [")
                                .append(field[0])
                                .append(", ")
                                .append(field[1])
                                .append("); ");
                    }
                }
                case 7 ->
                    // A singular message field of another message, at the start of a root field: merged.
                    b = insertField(b, donor, donorFields, rootFields, random, "donor field", ops);
                default -> {
                    // A chunk of the original: duplicates fields, or cuts them anywhere.
                    final int from = position(original.length, tagStarts, random);
                    final int to = Math.min(original.length, from + random.nextInt(1, 65));
                    b = insert(b, pos, Arrays.copyOfRange(original, from, to));
                    ops.append("splice [")
                            .append(from)
                            .append(", ")
                            .append(to)
                            .append(") at ")
                            .append(pos)
                            .append("; ");
                }
            }
        }
        return b;
    }

    /** Inserts one of {@code fields} of {@code source} at the start of one of {@code rootFields}. */
    private static byte[] insertField(
            final byte[] b,
            final byte[] source,
            final List<int[]> fields,
            final List<int[]> rootFields,
            final SplittableRandom random,
            final String what,
            final StringBuilder ops) {
        final int[] field = fields.get(random.nextInt(fields.size()));
        final int at = Math.min(b.length, rootFields.get(random.nextInt(rootFields.size()))[0]);
        ops.append(what)
                .append(" [")
                .append(field[0])
                .append(", ")
                .append(field[1])
                .append(") at ")
                .append(at)
                .append("; ");
        return insert(b, at, Arrays.copyOfRange(source, field[0], field[1]));
    }

    private static int position(final int length, final List<Integer> tagStarts, final SplittableRandom random) {
        if (random.nextBoolean() && !tagStarts.isEmpty()) {
            final int start = tagStarts.get(random.nextInt(tagStarts.size()));
            if (start <= length) {
                return start;
            }
        }
        return random.nextInt(length + 1);
    }

    private static byte[] insert(final byte[] b, final int pos, final byte[] inserted) {
        final byte[] longer = new byte[b.length + inserted.length];
        System.arraycopy(b, 0, longer, 0, pos);
        System.arraycopy(inserted, 0, longer, pos, inserted.length);
        System.arraycopy(b, pos, longer, pos + inserted.length, b.length - pos);
        return longer;
    }

    /** The first {@value #MESSAGES} seeds from {@value #BASE_SEED} whose message is of a length worth damaging. */
    private static long[] messageSeeds() {
        final long[] seeds = new long[MESSAGES];
        int found = 0;
        for (long seed = BASE_SEED; found < MESSAGES; seed++) {
            final int length = new RandomMessages(seed).allTypes(2).getSerializedSize();
            if (length >= MIN_LENGTH && length <= MAX_LENGTH) {
                seeds[found++] = seed;
            }
        }
        return seeds;
    }

    /** Counts, for the summary printed with each run, and the inputs only flyproto accepts. */
    private static final class Tally {
        int acceptedByBoth;
        int rejectedByProtobufJava;
        int stricter;
        /** Of those accepted by both: with a singular message field given more than once, so merged. */
        int merged;

        final List<String> acceptedByFlyprotoOnly = new ArrayList<>();

        void assertProtobufJavaRejectionsAreRejected(final String what) {
            System.out.printf(
                    "MutationTest %s: %d accepted by both and read equal (%d of them merging a singular message"
                            + " field given more than once), %d rejected by protobuf-java, %d rejected by flyproto"
                            + " only as documented (long tags, 10th varint byte), %d accepted by flyproto only%n",
                    what, acceptedByBoth, merged, rejectedByProtobufJava, stricter, acceptedByFlyprotoOnly.size());
            assertThat(acceptedByBoth + rejectedByProtobufJava)
                    .as("inputs of each kind")
                    .isPositive();
            assertThat(acceptedByFlyprotoOnly)
                    .as("%s that protobuf-java rejects but validating flyproto accepts, reading every field", what)
                    .isEmpty();
        }
    }
}
