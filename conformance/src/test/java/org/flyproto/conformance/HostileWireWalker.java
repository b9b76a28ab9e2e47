package org.flyproto.conformance;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Walks {@code AllTypes} wire bytes the way protobuf-java 4.x parses them, schema and all, to find where flyproto is
 * documented to read the same bytes differently:
 *
 * <ul>
 *   <li>{@link Findings#longTag}: a tag longer than 5 bytes, or of 5 bytes whose last is above 0x0F (a field number
 *       above 2^29-1). protobuf-java keeps the low 32 bits; flyproto rejects it.
 *   <li>{@link Findings#tenthByteContinues}: a varint read on protobuf-java's 64-bit path (int64, uint64, sint64,
 *       bool, unknown varint fields, and the elements of their packed runs) whose 10th byte has its continuation bit
 *       set. protobuf-java stops after 10 bytes whatever that bit says and reads on; flyproto rejects the varint as
 *       longer than 10 bytes.
 * </ul>
 *
 * <p>It also notes {@link Findings#repeatedSingularMessage}, which is not a divergence: a singular message field
 * (AllTypes.f_nested, AllTypes.f_leaf, Nested.child) occurring more than once in one message, at any level, whose
 * occurrences both libraries merge — so that a run can say how often merging was exercised.
 *
 * <p>Meant for input protobuf-java accepted: where the bytes break a rule protobuf-java enforces, the walk throws
 * {@link IllegalStateException}, as that means this walker and protobuf-java disagree.
 */
final class HostileWireWalker {
    /** The message types of the schema, and the content of unknown groups, where every field is unknown. */
    private enum Schema {
        ALL_TYPES,
        NESTED,
        LEAF,
        GROUP
    }

    /** AllTypes fields whose varints protobuf-java reads on its strict 32-bit path. */
    private static final Set<Integer> ALL_TYPES_VARINT32 =
            Set.of(1, 3, 5, 16, 17, 21, 23, 25, 36, 41, 43, 45, 54, 61, 63, 65, 74, 15000, 268435455, 536870910);

    /** AllTypes repeated fields whose packed runs protobuf-java reads on its 64-bit varint path. */
    private static final Set<Integer> ALL_TYPES_PACKED_VARINT64 = Set.of(42, 44, 46, 53, 62, 64, 66, 73);

    private HostileWireWalker() {}

    /** What a walk found. */
    static final class Findings {
        boolean longTag;
        boolean repeatedSingularMessage;
        boolean tenthByteContinues;
        /** Index of every tag read, at every level of nesting. */
        final List<Integer> tagStarts = new ArrayList<>();
        /** Every field of the root message, from its tag to the end of its value. */
        final List<int[]> rootFields = new ArrayList<>();

        @Override
        public String toString() {
            return "longTag=" + longTag + " repeatedSingularMessage=" + repeatedSingularMessage + " tenthByteContinues="
                    + tenthByteContinues;
        }
    }

    /**
     * @param bytes an encoded {@code AllTypes} that protobuf-java accepts.
     * @return what the walk found.
     */
    static Findings walk(final byte[] bytes) {
        final Findings findings = new Findings();
        fields(bytes, 0, bytes.length, Schema.ALL_TYPES, 0, findings);
        return findings;
    }

    /**
     * Walks fields from {@code pos} to {@code end} (a message) or to the END_GROUP of {@code groupField}.
     *
     * @return the index after the last byte walked.
     */
    private static int fields(
            final byte[] b,
            final int start,
            final int end,
            final Schema schema,
            final int groupField,
            final Findings f) {
        int pos = start;
        final boolean[] seen = new boolean[4];
        while (pos < end) {
            final int tagStart = pos;
            f.tagStarts.add(pos);
            final int tagLength = varintLength(b, pos, end);
            if (tagLength > 5 || (tagLength == 5 && (b[pos + 4] & 0xFF) > 0x0F)) {
                f.longTag = true;
            }
            final int tag = (int) value(b, pos, tagLength);
            pos += tagLength;
            final int field = tag >>> 3;
            if (field == 0) {
                throw disagree("field number 0", pos);
            }
            switch (tag & 7) {
                case 0 -> pos = isVarint32(schema, field) ? pos + varintLength(b, pos, end) : varint64(b, pos, end, f);
                case 1 -> pos = skip(pos, 8, end);
                case 5 -> pos = skip(pos, 4, end);
                case 2 -> {
                    final int lengthLength = varintLength(b, pos, end);
                    final int length = (int) value(b, pos, lengthLength);
                    pos += lengthLength;
                    final int contentEnd = skip(pos, length, end);
                    final Schema message = messageField(schema, field);
                    if (message != null) {
                        final int singular = singularIndex(schema, field);
                        if (singular >= 0) {
                            f.repeatedSingularMessage |= seen[singular];
                            seen[singular] = true;
                        }
                        fields(b, pos, contentEnd, message, 0, f);
                    } else if (isPackedVarint64(schema, field)) {
                        for (int p = pos; p < contentEnd; ) {
                            p = varint64(b, p, contentEnd, f);
                        }
                    }
                    pos = contentEnd;
                }
                case 3 -> pos = fields(b, pos, end, Schema.GROUP, field, f);
                case 4 -> {
                    if (field != groupField) {
                        throw disagree("END_GROUP of field " + field, pos);
                    }
                    return pos;
                }
                default -> throw disagree("wire type " + (tag & 7), pos);
            }
            if (schema == Schema.ALL_TYPES && start == 0 && end == b.length) {
                f.rootFields.add(new int[] {tagStart, pos});
            }
        }
        if (groupField != 0) {
            throw disagree("group never closed", pos);
        }
        return pos;
    }

    private static boolean isVarint32(final Schema schema, final int field) {
        return switch (schema) {
            case ALL_TYPES -> ALL_TYPES_VARINT32.contains(field);
            case NESTED -> field == 1;
            case LEAF -> field == 3;
            case GROUP -> false;
        };
    }

    private static boolean isPackedVarint64(final Schema schema, final int field) {
        return switch (schema) {
            case ALL_TYPES -> ALL_TYPES_PACKED_VARINT64.contains(field);
            case LEAF -> field == 2;
            case NESTED, GROUP -> false;
        };
    }

    private static Schema messageField(final Schema schema, final int field) {
        return switch (schema) {
            case ALL_TYPES ->
                field == 18 || field == 83 ? Schema.NESTED : field == 19 || field == 84 ? Schema.LEAF : null;
            case NESTED -> field == 3 ? Schema.ALL_TYPES : null;
            case LEAF, GROUP -> null;
        };
    }

    /** Index in the per-message {@code seen} flags of a singular message field, or -1. */
    private static int singularIndex(final Schema schema, final int field) {
        if (schema == Schema.ALL_TYPES) {
            return field == 18 ? 0 : field == 19 ? 1 : -1;
        }
        return schema == Schema.NESTED && field == 3 ? 2 : -1;
    }

    /** A varint on protobuf-java's 64-bit path: at most 10 bytes, whatever the continuation bit of the 10th. */
    private static int varint64(final byte[] b, final int pos, final int end, final Findings f) {
        for (int i = 0; i < 10; i++) {
            if (pos + i >= end) {
                throw disagree("truncated varint", pos);
            }
            if (b[pos + i] >= 0) {
                return pos + i + 1;
            }
        }
        f.tenthByteContinues = true;
        return pos + 10;
    }

    /** The length of a varint protobuf-java reads strictly: at most 10 bytes, the last without continuation. */
    private static int varintLength(final byte[] b, final int pos, final int end) {
        for (int i = 0; i < 10 && pos + i < end; i++) {
            if (b[pos + i] >= 0) {
                return i + 1;
            }
        }
        throw disagree("malformed varint", pos);
    }

    private static long value(final byte[] b, final int pos, final int length) {
        long value = 0;
        for (int i = 0; i < length; i++) {
            value |= (long) (b[pos + i] & 0x7F) << (7 * i);
        }
        return value;
    }

    private static int skip(final int pos, final int count, final int end) {
        if (count < 0 || count > end - pos) {
            throw disagree(count + " bytes", pos);
        }
        return pos + count;
    }

    private static IllegalStateException disagree(final String what, final int pos) {
        return new IllegalStateException("protobuf-java accepted input this walk rejects: " + what + " at " + pos);
    }
}
