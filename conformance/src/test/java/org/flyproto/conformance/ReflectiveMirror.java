package org.flyproto.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.Descriptors.OneofDescriptor;
import com.google.protobuf.Message;
import com.google.protobuf.MessageOrBuilder;
import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.flyproto.buffers.BytesView;
import org.flyproto.codec.BoolCursor;
import org.flyproto.codec.BytesCursor;
import org.flyproto.codec.DoubleCursor;
import org.flyproto.codec.EnumCursor;
import org.flyproto.codec.FloatCursor;
import org.flyproto.codec.IntCursor;
import org.flyproto.codec.LongCursor;
import org.flyproto.codec.MessageDecoder;
import org.flyproto.codec.MessageEncoder;
import org.flyproto.codec.StringCursor;
import org.flyproto.gen.GeneratorException;
import org.flyproto.gen.GeneratorOptions;
import org.flyproto.gen.model.FieldModel;
import org.flyproto.gen.model.FieldNames;
import org.flyproto.gen.model.MessageModel;
import org.flyproto.gen.model.ModelBuilder;
import org.flyproto.gen.model.Naming;
import org.flyproto.gen.model.OneofModel;
import org.flyproto.gen.model.TypeRef;

/**
 * {@link AllTypesMirror} for any schema: copies a protobuf-java message into flyproto's generated encoder, and reads
 * every field of flyproto's generated decoder back into a protobuf-java message, through the generated methods found
 * by reflection.
 *
 * <p>Java names come from the generator's own model ({@link ModelBuilder}, {@link FieldNames}); the generated API per field kind is
 * the contract this class checks, and a missing method fails naming the signature expected:
 *
 * <ul>
 *   <li>decoder: {@code x()} (with {@code hasX()} when the field has presence), enums {@code xRaw()}, strings a
 *       {@code Utf8View}, bytes a {@code BytesView}, messages and groups the child decoder; repeated fields a cursor
 *       ({@code next()}, {@code value()}, enums {@code raw()}) or the child decoder iterated with {@code next()}; a
 *       oneof {@code oCase()} whose {@code number()} is the member set, 0 for none;
 *   <li>encoder: {@code x(v)}, enums {@code xRaw(int)}, strings {@code x(CharSequence)}, bytes {@code x(byte[])},
 *       messages and groups {@code beginX()} … {@code endX()}; repeated expanded {@code addX(v)} ({@code addXRaw(int)},
 *       messages {@code addX()} … {@code endX()}), repeated packed {@code x(primitive[])} ({@code xRaw(int[])}).
 * </ul>
 *
 * <p>Reading also checks what the decoder returns for an absent field with presence: the field's default, as
 * protobuf-java's getter returns it (explicit proto2 / editions defaults included).
 */
public final class ReflectiveMirror {
    private static final Naming NAMING = new Naming(GeneratorOptions.defaults());
    private static final Map<Descriptor, List<FieldDescriptor>> FIELDS_BY_NUMBER = new ConcurrentHashMap<>();
    private static final Map<MethodKey, Method> METHODS = new ConcurrentHashMap<>();
    private static final Map<FileDescriptor, Map<String, Object>> MODELS = new ConcurrentHashMap<>();

    private ReflectiveMirror() {}

    // ---------------------------------------------------------------------------------------------------------------
    // generated root classes

    /**
     * @param type a message type.
     * @return a new instance of flyproto's encoder for it.
     */
    static MessageEncoder newEncoder(final Descriptor type) {
        final TypeRef ref = NAMING.typeRef(type);
        return instantiate(ref.javaPackage() + "." + ref.encoderName(), MessageEncoder.class);
    }

    /**
     * @param type a message type.
     * @return a new instance of flyproto's decoder for it.
     */
    static MessageDecoder newDecoder(final Descriptor type) {
        final TypeRef ref = NAMING.typeRef(type);
        return instantiate(ref.javaPackage() + "." + ref.decoderName(), MessageDecoder.class);
    }

    /** Calls the root encoder's {@code wrap(MutableDirectBuffer, int)}. */
    static MessageEncoder wrap(final MessageEncoder encoder, final MutableDirectBuffer buffer, final int offset) {
        final Method wrap = method(encoder.getClass(), null, "wrap", MutableDirectBuffer.class, int.class);
        return (MessageEncoder) call(encoder, wrap, buffer, offset);
    }

    /** Calls the root decoder's {@code wrap} or {@code wrapTrusted(DirectBuffer, int, int)}. */
    static MessageDecoder wrap(
            final MessageDecoder decoder,
            final DirectBuffer buffer,
            final int offset,
            final int length,
            final boolean trusted) {
        final Method wrap = method(
                decoder.getClass(), null, trusted ? "wrapTrusted" : "wrap", DirectBuffer.class, int.class, int.class);
        return (MessageDecoder) call(decoder, wrap, buffer, offset, length);
    }

    // ---------------------------------------------------------------------------------------------------------------
    // protobuf-java message -> flyproto encoder

    /**
     * Writes every field of {@code message} through {@code encoder}'s setters, in field-number order, so that the
     * encoder must produce exactly protobuf-java's bytes. Fields without presence are always written (the encoder
     * must skip their defaults); packed fields are always written too (an empty array must leave no bytes).
     *
     * @param message the message to copy.
     * @param encoder a wrapped encoder of the message's type.
     */
    static void write(final MessageOrBuilder message, final MessageEncoder encoder) {
        write(message, encoder, false);
    }

    /**
     * {@link #write(MessageOrBuilder, MessageEncoder)}, with packed fields written either from arrays or element by
     * element ({@code beginX()}, {@code addX(v)}, {@code endX()}), at every level.
     *
     * @param message         the message to copy.
     * @param encoder         a wrapped encoder of the message's type.
     * @param packedByElement true to write packed fields element by element.
     */
    static void write(final MessageOrBuilder message, final MessageEncoder encoder, final boolean packedByElement) {
        for (final FieldDescriptor field : fieldsByNumber(message.getDescriptorForType())) {
            if (field.isRepeated()) {
                writeRepeated(message, field, encoder, packedByElement);
            } else if (!field.hasPresence() || message.hasField(field)) {
                writeSingular(message.getField(field), field, encoder, packedByElement);
            }
        }
    }

    private static void writeSingular(
            final Object value, final FieldDescriptor field, final MessageEncoder encoder, final boolean byElement) {
        final Class<?> type = encoder.getClass();
        final FieldNames names = names(field);
        final String name = names.accessor();
        switch (field.getJavaType()) {
            case MESSAGE -> {
                final Object child = call(encoder, method(type, field, names.begin()));
                write((Message) value, (MessageEncoder) child, byElement);
                call(encoder, method(type, field, names.end()));
            }
            case ENUM -> call(encoder, method(type, field, names.raw(), int.class), number(value));
            case STRING -> call(encoder, method(type, field, name, CharSequence.class), value);
            case BYTE_STRING ->
                call(encoder, method(type, field, name, byte[].class), ((ByteString) value).toByteArray());
            default -> call(encoder, method(type, field, name, primitive(field)), value);
        }
    }

    private static void writeRepeated(
            final MessageOrBuilder message,
            final FieldDescriptor field,
            final MessageEncoder encoder,
            final boolean byElement) {
        final Class<?> type = encoder.getClass();
        final FieldNames names = names(field);
        final String name = names.accessor();
        final String add = names.add();
        // One reflective call for the whole list, not one per element.
        final List<?> values = (List<?>) message.getField(field);
        switch (field.getJavaType()) {
            case MESSAGE -> {
                final Method begin = method(type, field, add);
                final Method end = method(type, field, names.end());
                for (final Object value : values) {
                    final Object child = call(encoder, begin);
                    write((Message) value, (MessageEncoder) child, byElement);
                    call(encoder, end);
                }
            }
            case STRING -> {
                final Method addString = method(type, field, add, CharSequence.class);
                for (final Object value : values) {
                    call(encoder, addString, value);
                }
            }
            case BYTE_STRING -> {
                final Method addBytes = method(type, field, add, byte[].class);
                for (final Object value : values) {
                    call(encoder, addBytes, ((ByteString) value).toByteArray());
                }
            }
            case ENUM -> {
                if (field.isPacked() && byElement) {
                    writeByElement(encoder, field, method(type, field, names.addRaw(), int.class), values, true);
                } else if (field.isPacked()) {
                    final int[] numbers = new int[values.size()];
                    for (int i = 0; i < numbers.length; i++) {
                        numbers[i] = number(values.get(i));
                    }
                    call(encoder, method(type, field, names.raw(), int[].class), numbers);
                } else {
                    final Method addRaw = method(type, field, names.addRaw(), int.class);
                    for (final Object value : values) {
                        call(encoder, addRaw, number(value));
                    }
                }
            }
            default -> {
                final Class<?> primitive = primitive(field);
                if (field.isPacked() && byElement) {
                    writeByElement(encoder, field, method(type, field, add, primitive), values, false);
                } else if (field.isPacked()) {
                    final Object array = Array.newInstance(primitive, values.size());
                    for (int i = 0; i < values.size(); i++) {
                        Array.set(array, i, values.get(i));
                    }
                    call(encoder, method(type, field, name, primitive.arrayType()), array);
                } else {
                    final Method addValue = method(type, field, add, primitive);
                    for (final Object value : values) {
                        call(encoder, addValue, value);
                    }
                }
            }
        }
    }

    /** A packed field as one run written element by element: {@code beginX()}, {@code add(v)} each, {@code endX()}. */
    private static void writeByElement(
            final MessageEncoder encoder,
            final FieldDescriptor field,
            final Method add,
            final List<?> values,
            final boolean enumNumbers) {
        final Class<?> type = encoder.getClass();
        final FieldNames names = names(field);
        call(encoder, method(type, field, names.begin()));
        for (final Object value : values) {
            call(encoder, add, enumNumbers ? number(value) : value);
        }
        call(encoder, method(type, field, names.end()));
    }

    // ---------------------------------------------------------------------------------------------------------------
    // flyproto decoder -> protobuf-java message

    /**
     * @param decoder   a wrapped decoder.
     * @param prototype any message of the decoder's type, e.g. the default instance.
     * @return every field the decoder reads, as a protobuf-java message (built partially: required fields the
     *     decoder misses show up in the comparison, not as an exception here).
     */
    public static Message read(final MessageDecoder decoder, final Message prototype) {
        return read(decoder, prototype.newBuilderForType());
    }

    /**
     * @param decoder a wrapped decoder.
     * @param builder an empty builder of the decoder's type, filled with every field the decoder reads.
     * @return the builder's message, built partially.
     */
    static Message read(final MessageDecoder decoder, final Message.Builder builder) {
        fill(decoder, builder);
        return builder.buildPartial();
    }

    /**
     * @param flyweight an encoder or decoder of a message type that has required fields (in itself or below).
     * @return what its generated {@code isInitialized()} says.
     */
    static boolean isInitialized(final Object flyweight) {
        return (Boolean) call(flyweight, method(flyweight.getClass(), null, "isInitialized"));
    }

    private static void fill(final MessageDecoder decoder, final Message.Builder builder) {
        final Descriptor message = builder.getDescriptorForType();
        for (final FieldDescriptor field : fieldsByNumber(message)) {
            if (field.isRepeated()) {
                readRepeated(decoder, field, builder);
            } else {
                readSingular(decoder, field, builder);
            }
        }
        for (final OneofDescriptor oneof : message.getRealOneofs()) {
            checkCase(decoder, oneof);
        }
    }

    private static void readSingular(
            final MessageDecoder decoder, final FieldDescriptor field, final Message.Builder builder) {
        final boolean present = !field.hasPresence() || has(decoder, field);
        if (field.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
            if (present) {
                final Object child = call(
                        decoder, method(decoder.getClass(), field, names(field).accessor()));
                final Message.Builder childBuilder = builder.newBuilderForField(field);
                fill((MessageDecoder) child, childBuilder);
                builder.setField(field, childBuilder.buildPartial());
            }
            return;
        }
        if (present) {
            builder.setField(field, singularValue(decoder, field));
        } else {
            checkDefault(decoder, field);
        }
    }

    /** An absent field reads as its default, as protobuf-java's getter returns it. */
    private static void checkDefault(final MessageDecoder decoder, final FieldDescriptor field) {
        final Object expected;
        final Object actual;
        final String accessor;
        if (field.getJavaType() == FieldDescriptor.JavaType.ENUM) {
            // Compared as numbers: a closed enum's default need not be 0, and 0 need not be declared.
            accessor = names(field).raw();
            expected = number(field.getDefaultValue());
            actual = call(decoder, method(decoder.getClass(), field, accessor));
        } else {
            accessor = names(field).accessor();
            expected = field.getDefaultValue();
            actual = singularValue(decoder, field);
        }
        if (!Objects.equals(actual, expected)) {
            throw new AssertionError(String.format(
                    "%s is absent: %s returned %s where protobuf-java's default is %s",
                    field.getFullName(), describe(decoder.getClass(), accessor), actual, expected));
        }
    }

    private static Object singularValue(final MessageDecoder decoder, final FieldDescriptor field) {
        final Class<?> type = decoder.getClass();
        final FieldNames names = names(field);
        final String name = names.accessor();
        switch (field.getJavaType()) {
            case ENUM -> {
                return enumValue(field, (Integer) call(decoder, method(type, field, names.raw())));
            }
            case STRING -> {
                return call(decoder, method(type, field, name)).toString();
            }
            case BYTE_STRING -> {
                return bytes((BytesView) call(decoder, method(type, field, name)));
            }
            default -> {
                return call(decoder, method(type, field, name));
            }
        }
    }

    /**
     * Reads a repeated field or map element by element, checking on the way that {@code xCount()} is the number of
     * elements iterated and that the cursor's bulk {@code next(dst, offset, length)} reads the same values.
     */
    private static void readRepeated(
            final MessageDecoder decoder, final FieldDescriptor field, final Message.Builder builder) {
        final int expectedCount = (Integer)
                call(decoder, method(decoder.getClass(), field, names(field).count()));
        final int before = field.isMapField() ? 0 : builder.getRepeatedFieldCount(field);
        int iterated = 0;
        final Object cursor =
                call(decoder, method(decoder.getClass(), field, names(field).accessor()));
        switch (field.getJavaType()) {
            case MESSAGE -> {
                // The child decoder is a reused flyweight: read each element completely before moving on.
                for (final MessageDecoder child = cursor(cursor, MessageDecoder.class, field); child.next(); ) {
                    final Message.Builder childBuilder = builder.newBuilderForField(field);
                    fill(child, childBuilder);
                    builder.addRepeatedField(field, childBuilder.buildPartial());
                    iterated++;
                }
            }
            case INT -> {
                for (final IntCursor c = cursor(cursor, IntCursor.class, field); c.next(); ) {
                    builder.addRepeatedField(field, c.value());
                }
            }
            case LONG -> {
                for (final LongCursor c = cursor(cursor, LongCursor.class, field); c.next(); ) {
                    builder.addRepeatedField(field, c.value());
                }
            }
            case FLOAT -> {
                for (final FloatCursor c = cursor(cursor, FloatCursor.class, field); c.next(); ) {
                    builder.addRepeatedField(field, c.value());
                }
            }
            case DOUBLE -> {
                for (final DoubleCursor c = cursor(cursor, DoubleCursor.class, field); c.next(); ) {
                    builder.addRepeatedField(field, c.value());
                }
            }
            case BOOLEAN -> {
                for (final BoolCursor c = cursor(cursor, BoolCursor.class, field); c.next(); ) {
                    builder.addRepeatedField(field, c.value());
                }
            }
            case ENUM -> {
                for (final EnumCursor<?> c = cursor(cursor, EnumCursor.class, field); c.next(); ) {
                    builder.addRepeatedField(field, enumValue(field, c.raw()));
                }
            }
            case STRING -> {
                for (final StringCursor c = cursor(cursor, StringCursor.class, field); c.next(); ) {
                    builder.addRepeatedField(field, c.value().toString());
                }
            }
            case BYTE_STRING -> {
                for (final BytesCursor c = cursor(cursor, BytesCursor.class, field); c.next(); ) {
                    builder.addRepeatedField(field, bytes(c.value()));
                }
            }
        }
        if (!field.isMapField()) {
            iterated = builder.getRepeatedFieldCount(field) - before;
        }
        if (expectedCount != iterated) {
            throw new AssertionError(String.format(
                    "%s: %s returned %d but %d elements were iterated",
                    field.getFullName(),
                    describe(decoder.getClass(), names(field).count()),
                    expectedCount,
                    iterated));
        }
        checkBulkRead(decoder, field, builder, before);
    }

    /** A scalar cursor's bulk reads, in chunks of 3, give the elements one-by-one iteration gave. */
    private static void checkBulkRead(
            final MessageDecoder decoder,
            final FieldDescriptor field,
            final Message.Builder builder,
            final int before) {
        final Object cursor =
                call(decoder, method(decoder.getClass(), field, names(field).accessor()));
        final List<Object> bulk = new ArrayList<>();
        final int chunk = 3;
        if (cursor instanceof IntCursor c) {
            final int[] dst = new int[chunk + 2];
            Arrays.fill(dst, -7);
            for (int n; (n = c.next(dst, 1, chunk)) > 0; Arrays.fill(dst, -7)) {
                for (int k = 0; k < n; k++) {
                    bulk.add(dst[1 + k]);
                }
                // Nothing written outside [1, 1 + n).
                assertThat(dst[0]).isEqualTo(-7);
                assertThat(dst[1 + n]).isEqualTo(-7);
            }
        } else if (cursor instanceof LongCursor c) {
            final long[] dst = new long[chunk + 2];
            Arrays.fill(dst, -7L);
            for (int n; (n = c.next(dst, 1, chunk)) > 0; Arrays.fill(dst, -7L)) {
                for (int k = 0; k < n; k++) {
                    bulk.add(dst[1 + k]);
                }
                // Nothing written outside [1, 1 + n).
                assertThat(dst[0]).isEqualTo(-7L);
                assertThat(dst[1 + n]).isEqualTo(-7L);
            }
        } else if (cursor instanceof FloatCursor c) {
            final float[] dst = new float[chunk + 2];
            Arrays.fill(dst, -7f);
            for (int n; (n = c.next(dst, 1, chunk)) > 0; Arrays.fill(dst, -7f)) {
                for (int k = 0; k < n; k++) {
                    bulk.add(dst[1 + k]);
                }
                // Nothing written outside [1, 1 + n).
                assertThat(dst[0]).isEqualTo(-7f);
                assertThat(dst[1 + n]).isEqualTo(-7f);
            }
        } else if (cursor instanceof DoubleCursor c) {
            final double[] dst = new double[chunk + 2];
            Arrays.fill(dst, -7d);
            for (int n; (n = c.next(dst, 1, chunk)) > 0; Arrays.fill(dst, -7d)) {
                for (int k = 0; k < n; k++) {
                    bulk.add(dst[1 + k]);
                }
                // Nothing written outside [1, 1 + n).
                assertThat(dst[0]).isEqualTo(-7d);
                assertThat(dst[1 + n]).isEqualTo(-7d);
            }
        } else if (cursor instanceof BoolCursor c) {
            final boolean[] dst = new boolean[chunk + 2];
            for (int n; (n = c.next(dst, 1, chunk)) > 0; ) {
                for (int k = 0; k < n; k++) {
                    bulk.add(dst[1 + k]);
                }
            }
        } else {
            return;
        }
        final List<Object> oneByOne = new ArrayList<>();
        for (int k = before; k < builder.getRepeatedFieldCount(field); k++) {
            oneByOne.add(builder.getRepeatedField(field, k));
        }
        if (!bulk.equals(oneByOne)) {
            throw new AssertionError(String.format(
                    "%s: bulk reads gave %s, next()/value() gave %s", field.getFullName(), bulk, oneByOne));
        }
    }

    /** The oneof's case must name the one member whose {@code hasX()} is true, or be 0 when none is. */
    private static void checkCase(final MessageDecoder decoder, final OneofDescriptor oneof) {
        int expected = 0;
        for (final FieldDescriptor member : oneof.getFields()) {
            if (has(decoder, member)) {
                if (expected != 0) {
                    throw new AssertionError(String.format(
                            "oneof %s: members %d and %d both report hasX()",
                            oneof.getFullName(), expected, member.getNumber()));
                }
                expected = member.getNumber();
            }
        }
        final String caseName = caseAccessor(oneof);
        final Object value = call(decoder, method(decoder.getClass(), null, caseName));
        if (!(value instanceof Enum<?> constant)) {
            throw new AssertionError(describe(decoder.getClass(), caseName) + " returned " + value + ", not an enum");
        }
        final int actual = (Integer) call(constant, method(constant.getDeclaringClass(), null, "number"));
        if (actual != expected) {
            throw new AssertionError(String.format(
                    "oneof %s: %s is %s (number %d) but the member present is %d",
                    oneof.getFullName(), describe(decoder.getClass(), caseName), constant, actual, expected));
        }
    }

    private static boolean has(final MessageDecoder decoder, final FieldDescriptor field) {
        return (Boolean)
                call(decoder, method(decoder.getClass(), field, names(field).has()));
    }

    private static EnumValueDescriptor enumValue(final FieldDescriptor field, final int number) {
        if (field.legacyEnumFieldTreatedAsClosed()) {
            final EnumValueDescriptor value = field.getEnumType().findValueByNumber(number);
            if (value == null) {
                throw new AssertionError(String.format(
                        "%s: closed enum %s surfaced the undeclared number %d (protobuf-java keeps it as an unknown"
                                + " field)",
                        field.getFullName(), field.getEnumType().getFullName(), number));
            }
            return value;
        }
        return field.getEnumType().findValueByNumberCreatingIfUnknown(number);
    }

    private static <C> C cursor(final Object cursor, final Class<C> expected, final FieldDescriptor field) {
        if (!expected.isInstance(cursor)) {
            throw new AssertionError(String.format(
                    "%s: the accessor returned %s, expected a %s",
                    field.getFullName(),
                    cursor == null ? "null" : cursor.getClass().getName(),
                    expected.getName()));
        }
        return expected.cast(cursor);
    }

    // ---------------------------------------------------------------------------------------------------------------
    // names and reflection

    /**
     * The generator's names of a field, from the model it builds for the field's file (with its imports: extensions
     * they declare are fields too, and take part in resolving clashes).
     */
    private static FieldNames names(final FieldDescriptor field) {
        final String key = field.getContainingType().getFullName() + "#" + field.getNumber();
        final FieldNames names = (FieldNames) model(field.getContainingType()).get(key);
        if (names == null) {
            throw new AssertionError("the generator's model has no field " + field.getFullName());
        }
        return names;
    }

    private static String caseAccessor(final OneofDescriptor oneof) {
        final String accessor = (String) model(oneof.getContainingType()).get(oneof.getFullName());
        if (accessor == null) {
            throw new AssertionError("the generator's model has no oneof " + oneof.getFullName());
        }
        return accessor;
    }

    /** Field names by {@code message#number} and oneof case accessors by full name, of a message's file. */
    private static Map<String, Object> model(final Descriptor message) {
        return MODELS.computeIfAbsent(message.getFile(), ReflectiveMirror::buildModel);
    }

    private static Map<String, Object> buildModel(final FileDescriptor file) {
        final List<FileDescriptor> files = new ArrayList<>(List.of(file));
        files.addAll(file.getDependencies());
        final Map<String, Object> names = new HashMap<>();
        try {
            for (final MessageModel message :
                    new ModelBuilder(NAMING, files).build(file).messages()) {
                for (final FieldModel field : message.fields()) {
                    names.put(message.type().fullName() + "#" + field.number(), field.names());
                }
                for (final OneofModel oneof : message.oneofs()) {
                    names.put(oneof.caseType().fullName(), oneof.caseAccessor());
                }
            }
        } catch (GeneratorException e) {
            throw new AssertionError(file.getName() + ": " + e.getMessage(), e);
        }
        return names;
    }

    private static List<FieldDescriptor> fieldsByNumber(final Descriptor message) {
        return FIELDS_BY_NUMBER.computeIfAbsent(
                message,
                m -> m.getFields().stream()
                        .sorted(Comparator.comparingInt(FieldDescriptor::getNumber))
                        .toList());
    }

    private static Class<?> primitive(final FieldDescriptor field) {
        return switch (field.getJavaType()) {
            case INT -> int.class;
            case LONG -> long.class;
            case FLOAT -> float.class;
            case DOUBLE -> double.class;
            case BOOLEAN -> boolean.class;
            default -> throw new IllegalArgumentException(field.getFullName() + " is not a scalar");
        };
    }

    private static int number(final Object enumValue) {
        return ((EnumValueDescriptor) enumValue).getNumber();
    }

    private static ByteString bytes(final BytesView view) {
        return ByteString.copyFrom(view.toByteArray());
    }

    private static <T> T instantiate(final String className, final Class<T> base) {
        try {
            return base.cast(Class.forName(className, true, ReflectiveMirror.class.getClassLoader())
                    .getConstructor()
                    .newInstance());
        } catch (final ReflectiveOperationException e) {
            throw new AssertionError("cannot instantiate the generated " + className, e);
        }
    }

    private record MethodKey(Class<?> type, String name, List<Class<?>> parameters) {}

    /**
     * @param field the field the method is for, named in the failure; null for methods of no field.
     * @return the public method, looked up once.
     * @throws AssertionError naming the expected signature if the generated class has no such method.
     */
    private static Method method(
            final Class<?> type, final FieldDescriptor field, final String name, final Class<?>... parameters) {
        return METHODS.computeIfAbsent(new MethodKey(type, name, List.of(parameters)), key -> {
            try {
                return type.getMethod(name, parameters);
            } catch (final NoSuchMethodException e) {
                throw new AssertionError(
                        String.format(
                                "%s has no method %s%s",
                                type.getName(),
                                describe(type, name, parameters),
                                field == null
                                        ? ""
                                        : " for field " + field.getFullName() + " (" + field.getType() + ")"),
                        e);
            }
        });
    }

    private static String describe(final Class<?> type, final String name, final Class<?>... parameters) {
        return type.getSimpleName() + "." + name
                + Arrays.stream(parameters)
                        .map(Class::getSimpleName)
                        .reduce((a, b) -> a + ", " + b)
                        .map(s -> "(" + s + ")")
                        .orElse("()");
    }

    /** Invokes, letting what the generated method throws come out as itself. */
    private static Object call(final Object target, final Method method, final Object... arguments) {
        try {
            return method.invoke(target, arguments);
        } catch (final InvocationTargetException e) {
            final Throwable cause = e.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(cause);
        } catch (final IllegalAccessException e) {
            throw new AssertionError("cannot call " + method, e);
        }
    }
}
