package org.flyproto.conformance;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.EnumDescriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.OneofDescriptor;
import com.google.protobuf.Message;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded random messages of any type, built through protobuf-java's reflection ({@link Message.Builder#setField},
 * {@link Message.Builder#addRepeatedField}), in the manner of {@link RandomMessages}: each field present or not,
 * values drawn half from the edges of their range (0, ±1, varint size boundaries, MIN/MAX, -0.0, NaN, infinities) and
 * half uniformly; strings mixing every UTF-8 length class, occasionally long enough for multi-byte length prefixes.
 *
 * <p>What a valid message needs is respected: at most one member per oneof, every required field set (also below the
 * depth limit), closed enums given declared numbers only; open enums also get numbers they do not declare. Nesting
 * stops at the depth given, and a budget of nested messages keeps repeated message fields from multiplying.
 */
final class RandomMessageGenerator {
    private static final int[] INT_EDGES = {
        0,
        1,
        -1,
        127,
        128,
        16383,
        16384,
        (1 << 21) - 1,
        1 << 21,
        (1 << 28) - 1,
        1 << 28,
        Integer.MAX_VALUE,
        Integer.MIN_VALUE,
        -128,
        -129,
        -64,
        -65,
        63,
        64
    };
    private static final long[] LONG_EDGES = {
        0,
        1,
        -1,
        127,
        128,
        16383,
        16384,
        (1L << 21) - 1,
        1L << 21,
        1L << 28,
        (1L << 35) - 1,
        1L << 35,
        1L << 42,
        1L << 49,
        1L << 56,
        (1L << 63) - 1,
        Long.MIN_VALUE,
        Integer.MAX_VALUE,
        Integer.MIN_VALUE,
        0xFFFFFFFFL,
        1L << 32,
        -64,
        -65
    };
    private static final float[] FLOAT_EDGES = {
        0f,
        -0f,
        1f,
        -1f,
        Float.NaN,
        Float.intBitsToFloat(0x7FC00123),
        Float.POSITIVE_INFINITY,
        Float.NEGATIVE_INFINITY,
        Float.MIN_VALUE,
        Float.MAX_VALUE,
        Float.MIN_NORMAL,
        -Float.MAX_VALUE
    };
    private static final double[] DOUBLE_EDGES = {
        0d,
        -0d,
        1d,
        -1d,
        Double.NaN,
        Double.longBitsToDouble(0x7FF8000000000123L),
        Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY,
        Double.MIN_VALUE,
        Double.MAX_VALUE,
        Double.MIN_NORMAL,
        -Double.MAX_VALUE
    };
    /** Enum numbers tried on open enums; those an enum declares are used as declared values. */
    private static final int[] ENUM_NUMBERS = {0, 1, 2, 3, 7, 127, 128, 12345, 1000000, -1, -2, Integer.MIN_VALUE};
    /** Nested messages per generated message, at most: keeps repeated message fields from multiplying. */
    private static final int MESSAGE_BUDGET = 25;

    private final SplittableRandom random;
    private int messagesLeft;

    /**
     * @param seed the seed: the same seed gives the same messages.
     */
    RandomMessageGenerator(final long seed) {
        this.random = new SplittableRandom(seed);
    }

    /**
     * @param prototype any message of the type wanted (the default instance, say).
     * @param depth     how many levels of nested messages may appear below the top one (required ones aside).
     * @return a new random message of the prototype's type, initialized (every required field set).
     */
    Message message(final Message prototype, final int depth) {
        messagesLeft = MESSAGE_BUDGET;
        final Message.Builder builder = prototype.newBuilderForType();
        fill(builder, depth);
        return builder.build();
    }

    private void fill(final Message.Builder builder, final int depth) {
        for (final OneofDescriptor oneof : builder.getDescriptorForType().getRealOneofs()) {
            if (maybe()) {
                final FieldDescriptor member = oneof.getField(random.nextInt(oneof.getFieldCount()));
                if (!isMessage(member) || nestable(depth)) {
                    builder.setField(member, value(builder, member, depth));
                }
            }
        }
        for (final FieldDescriptor field : builder.getDescriptorForType().getFields()) {
            if (field.getRealContainingOneof() != null) {
                continue;
            }
            if (field.isRepeated()) {
                final int count = isMessage(field) ? (nestable(depth) ? random.nextInt(4) : 0) : count();
                for (int i = 0; i < count; i++) {
                    builder.addRepeatedField(field, value(builder, field, depth));
                }
            } else if (field.isRequired() || (maybe() && (!isMessage(field) || nestable(depth)))) {
                builder.setField(field, value(builder, field, depth));
            }
        }
    }

    private boolean nestable(final int depth) {
        return depth > 0 && messagesLeft > 0;
    }

    private Object value(final Message.Builder parent, final FieldDescriptor field, final int depth) {
        return switch (field.getType()) {
            case INT32, SINT32, SFIXED32, UINT32, FIXED32 -> anInt();
            case INT64, SINT64, SFIXED64, UINT64, FIXED64 -> aLong();
            case FLOAT -> aFloat();
            case DOUBLE -> aDouble();
            case BOOL -> random.nextBoolean();
            case STRING -> aString();
            case BYTES -> someBytes();
            case ENUM -> anEnum(field);
            case MESSAGE, GROUP -> {
                messagesLeft--;
                final Message.Builder child = parent.newBuilderForField(field);
                fill(child, depth - 1);
                yield child.buildPartial();
            }
        };
    }

    private static boolean isMessage(final FieldDescriptor field) {
        return field.getJavaType() == FieldDescriptor.JavaType.MESSAGE;
    }

    private boolean maybe() {
        return random.nextBoolean();
    }

    private int count() {
        final int roll = random.nextInt(10);
        return roll < 4 ? 0 : roll < 8 ? random.nextInt(1, 4) : random.nextInt(4, 70);
    }

    int anInt() {
        return random.nextBoolean() ? INT_EDGES[random.nextInt(INT_EDGES.length)] : random.nextInt();
    }

    long aLong() {
        if (random.nextBoolean()) {
            return LONG_EDGES[random.nextInt(LONG_EDGES.length)];
        }
        // Spread over every varint length, not only the 10-byte values a uniform long gives.
        final long value = random.nextLong() >>> random.nextInt(64);
        return random.nextInt(8) == 0 ? -value : value;
    }

    float aFloat() {
        return random.nextBoolean()
                ? FLOAT_EDGES[random.nextInt(FLOAT_EDGES.length)]
                : (float) random.nextDouble(-1e6, 1e6);
    }

    double aDouble() {
        return random.nextBoolean()
                ? DOUBLE_EDGES[random.nextInt(DOUBLE_EDGES.length)]
                : random.nextDouble(-1e300, 1e300);
    }

    private EnumValueDescriptor anEnum(final FieldDescriptor field) {
        final EnumDescriptor type = field.getEnumType();
        final List<EnumValueDescriptor> declared = type.getValues();
        if (field.legacyEnumFieldTreatedAsClosed() || random.nextInt(3) > 0) {
            return declared.get(random.nextInt(declared.size()));
        }
        return type.findValueByNumberCreatingIfUnknown(ENUM_NUMBERS[random.nextInt(ENUM_NUMBERS.length)]);
    }

    /** Well-formed UTF-16 (no lone surrogates): protobuf-java would write those as '?'. */
    String aString() {
        final int roll = random.nextInt(50);
        final int length = switch (roll) {
            case 0, 1, 2, 3, 4 -> 0;
            // Around the one-byte length prefix: 42 chars of up to 3 bytes, 127/128 bytes.
            case 5, 6 -> random.nextInt(41, 44);
            case 7, 8 -> random.nextInt(126, 130);
            case 9, 10, 11, 12, 13 -> random.nextInt(40, 300);
            // Occasionally long: three-byte length prefixes.
            case 14 -> random.nextInt(5000, 20000);
            default -> random.nextInt(1, 40);
        };
        final StringBuilder s = new StringBuilder(length);
        final int alphabet = random.nextInt(6);
        while (s.length() < length) {
            final int kind = alphabet == 0 ? 0 : random.nextInt(alphabet + 1);
            switch (kind) {
                case 0, 1 -> s.append((char) random.nextInt(0x20, 0x7F));
                case 2 -> s.append((char) random.nextInt(0x80, 0x800));
                case 3 ->
                    s.append((char)
                            (random.nextBoolean() ? random.nextInt(0x800, 0xD800) : random.nextInt(0xE000, 0x10000)));
                case 4 -> s.appendCodePoint(random.nextInt(0x10000, 0x110000));
                default -> s.append((char) random.nextInt(0, 0x20));
            }
        }
        return s.toString();
    }

    ByteString someBytes() {
        final int roll = random.nextInt(50);
        final int length = roll < 5
                ? 0
                : roll < 9 ? random.nextInt(126, 130) : roll < 48 ? random.nextInt(1, 64) : random.nextInt(128, 20000);
        final byte[] bytes = new byte[length];
        random.nextBytes(bytes);
        return ByteString.copyFrom(bytes);
    }
}
