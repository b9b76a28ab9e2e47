package org.flyproto.conformance;

import com.google.protobuf.Descriptors.EnumDescriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.OneofDescriptor;
import com.google.protobuf.Message;
import java.util.List;

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
public final class RandomMessageGenerator extends RandomValues {
    /** Enum numbers tried on open enums; those an enum declares are used as declared values. */
    private static final int[] ENUM_NUMBERS = {0, 1, 2, 3, 7, 127, 128, 12345, 1000000, -1, -2, Integer.MIN_VALUE};
    /** Nested messages per generated message, at most: keeps repeated message fields from multiplying. */
    private static final int MESSAGE_BUDGET = 25;

    private int messagesLeft;

    /**
     * @param seed the seed: the same seed gives the same messages.
     */
    public RandomMessageGenerator(final long seed) {
        super(seed);
    }

    /**
     * @param prototype any message of the type wanted (the default instance, say).
     * @param depth     how many levels of nested messages may appear below the top one (required ones aside).
     * @return a new random message of the prototype's type, initialized (every required field set).
     */
    public Message message(final Message prototype, final int depth) {
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

    private EnumValueDescriptor anEnum(final FieldDescriptor field) {
        final EnumDescriptor type = field.getEnumType();
        final List<EnumValueDescriptor> declared = type.getValues();
        if (field.legacyEnumFieldTreatedAsClosed() || random.nextInt(3) > 0) {
            return declared.get(random.nextInt(declared.size()));
        }
        return type.findValueByNumberCreatingIfUnknown(ENUM_NUMBERS[random.nextInt(ENUM_NUMBERS.length)]);
    }
}
