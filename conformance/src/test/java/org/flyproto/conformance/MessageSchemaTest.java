package org.flyproto.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumDescriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.codec.schema.EnumSchema;
import org.flyproto.codec.schema.FieldSchema;
import org.flyproto.codec.schema.FieldType;
import org.flyproto.codec.schema.MessageSchema;
import org.flyproto.codec.schema.SchemaRegistry;
import org.flyproto.codec.schema.WellKnownType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The generated run-time schemas against protobuf-java's descriptors of the same files: for every message type
 * reachable from each test schema's root (map entries and well-known types included), the same full name, fields
 * (numbers, .proto, JSON and text names, types, cardinality, presence, packing, delimited encoding, required, closed
 * enums, UTF-8 validation, oneofs), the same enum values, and every name lookup finding its field.
 */
class MessageSchemaTest {
    @ParameterizedTest(name = "{0}")
    @EnumSource(SchemaRoundTripTest.Schema.class)
    void shouldDescribeWhatProtobufJavaDescribes(final SchemaRoundTripTest.Schema schema) {
        final Descriptor root = schema.prototype().getDescriptorForType();
        final ArrayDeque<Descriptor> pending = new ArrayDeque<>();
        final Set<String> seen = new HashSet<>();
        pending.add(root);
        int fields = 0;
        while (!pending.isEmpty()) {
            final Descriptor type = pending.poll();
            if (!seen.add(type.getFullName())) {
                continue;
            }
            final MessageSchema actual = ReflectiveMirror.newEncoder(type).schema();
            fields += check(type, actual);
            for (final FieldDescriptor field : type.getFields()) {
                if (field.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
                    pending.add(field.getMessageType());
                }
            }
        }
        assertThat(fields).isGreaterThan(0);
    }

    /** A registry knows every type reachable from the ones it is given, by full name and by type URL. */
    @ParameterizedTest(name = "{0}")
    @EnumSource(SchemaRoundTripTest.Schema.class)
    void shouldResolveEveryReachableTypeByUrl(final SchemaRoundTripTest.Schema schema) {
        final Descriptor root = schema.prototype().getDescriptorForType();
        final SchemaRegistry registry =
                SchemaRegistry.of(ReflectiveMirror.newEncoder(root).schema());
        for (final FieldDescriptor field : root.getFields()) {
            if (field.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
                final String name = field.getMessageType().getFullName();
                assertThat(registry.find(name).fullName()).isEqualTo(name);
                final String url = "type.googleapis.com/" + name;
                assertThat(registry.find(url, 0, url.length()).fullName()).isEqualTo(name);
                final UnsafeBuffer bytes = new UnsafeBuffer(("x" + url).getBytes(StandardCharsets.UTF_8));
                assertThat(registry.find(bytes, 1, url.length()).fullName()).isEqualTo(name);
            }
        }
        assertThat(registry.find(root.getFullName())).isNotNull();
        assertThat(registry.find("type.googleapis.com/no.such.Type", 0, 32)).isNull();
        assertThat(SchemaRegistry.EMPTY.find(root.getFullName())).isNull();
    }

    private static int check(final Descriptor type, final MessageSchema actual) {
        assertThat(actual.fullName()).isEqualTo(type.getFullName());
        assertThat(actual.isMapEntry()).isEqualTo(type.getOptions().getMapEntry());
        assertThat(actual.wellKnownType() != WellKnownType.NONE)
                .isEqualTo(type.getFullName().startsWith("google.protobuf.")
                        && !type.getFullName().endsWith("Entry")
                        && WellKnownType.of(type.getFullName()) != WellKnownType.NONE);
        assertThat(actual.oneofCount()).isEqualTo(type.getRealOneofs().size());
        for (int i = 0; i < type.getRealOneofs().size(); i++) {
            assertThat(actual.oneofName(i))
                    .isEqualTo(type.getRealOneofs().get(i).getName());
        }
        int known = 0;
        int previous = 0;
        for (int i = 0; i < actual.fieldCount(); i++) {
            final FieldSchema field = actual.field(i);
            assertThat(field.number()).isGreaterThan(previous);
            previous = field.number();
            assertThat(actual.fieldByNumber(field.number())).isSameAs(field);
            assertThat(actual.indexOf(field.number())).isEqualTo(i);
            final FieldDescriptor expected = type.findFieldByNumber(field.number());
            if (expected == null) {
                assertThat(field.isExtension()).as("%s is an extension", field).isTrue();
                assertThat(field.textName()).startsWith("[").endsWith("]").isEqualTo(field.jsonName());
                assertThat(actual.textField(
                                field.textName(), 0, field.textName().length()))
                        .isSameAs(field);
                continue;
            }
            known++;
            checkField(actual, field, expected);
        }
        assertThat(known).isEqualTo(type.getFields().size());
        assertThat(actual.fieldByNumber(0)).isNull();
        assertThat(actual.fieldByNumber(-1)).isNull();
        assertThat(actual.jsonField("no_such_field", 0, 13)).isNull();
        return known;
    }

    /** The default is what protobuf-java reads for the absent field: explicit, a closed enum's first value, or zero. */
    private static void checkDefault(final FieldSchema field, final FieldDescriptor expected) {
        if (expected.isRepeated() || expected.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
            assertThat(field.hasDefault()).as("%s has no default", field).isFalse();
            return;
        }
        final Object value = expected.getDefaultValue();
        switch (expected.getJavaType()) {
            case INT ->
                assertThat((int) field.defaultLong()).as("%s default", field).isEqualTo(value);
            case LONG -> assertThat(field.defaultLong()).as("%s default", field).isEqualTo(value);
            case BOOLEAN ->
                assertThat(field.defaultLong() != 0).as("%s default", field).isEqualTo(value);
            case FLOAT ->
                assertThat(Float.floatToRawIntBits((float) field.defaultDouble()))
                        .as("%s default", field)
                        .isEqualTo(Float.floatToRawIntBits((Float) value));
            case DOUBLE ->
                assertThat(Double.doubleToRawLongBits(field.defaultDouble()))
                        .as("%s default", field)
                        .isEqualTo(Double.doubleToRawLongBits((Double) value));
            case ENUM ->
                assertThat((int) field.defaultLong())
                        .as("%s default", field)
                        .isEqualTo(((EnumValueDescriptor) value).getNumber());
            case STRING, BYTE_STRING -> {
                final byte[] bytes = new byte[field.defaultBytes().capacity()];
                field.defaultBytes().getBytes(0, bytes);
                assertThat(bytes)
                        .as("%s default", field)
                        .isEqualTo(
                                value instanceof String string
                                        ? string.getBytes(StandardCharsets.UTF_8)
                                        : ((com.google.protobuf.ByteString) value).toByteArray());
            }
            default -> throw new AssertionError(expected.getJavaType());
        }
        assertThat(field.hasDefault())
                .as("%s has a default", field)
                .isEqualTo(expected.hasDefaultValue()
                        || (expected.getJavaType() == FieldDescriptor.JavaType.ENUM
                                && ((EnumValueDescriptor) value).getNumber() != 0));
    }

    private static void checkField(
            final MessageSchema message, final FieldSchema field, final FieldDescriptor expected) {
        assertThat(field.name()).isEqualTo(expected.getName());
        assertThat(field.jsonName()).isEqualTo(expected.getJsonName());
        assertThat(field.type()).isEqualTo(type(expected));
        assertThat(field.isRepeated()).isEqualTo(expected.isRepeated());
        assertThat(field.isPacked()).isEqualTo(expected.isRepeated() && expected.isPacked());
        assertThat(field.isMap()).isEqualTo(expected.isMapField());
        assertThat(field.isDelimited()).isEqualTo(expected.getType() == FieldDescriptor.Type.GROUP);
        assertThat(field.isRequired()).isEqualTo(expected.isRequired());
        assertThat(field.validatesUtf8())
                .isEqualTo(expected.getType() == FieldDescriptor.Type.STRING && expected.needsUtf8Check());
        if (!expected.getContainingType().getOptions().getMapEntry()) {
            assertThat(field.hasPresence()).isEqualTo(!expected.isRepeated() && expected.hasPresence());
        }
        assertThat(field.oneof())
                .isEqualTo(
                        expected.getRealContainingOneof() == null
                                ? -1
                                : expected.getRealContainingOneof().getIndex());
        final String text = expected.getType() == FieldDescriptor.Type.GROUP
                        && expected.getMessageType()
                                .getName()
                                .toLowerCase(Locale.ROOT)
                                .equals(expected.getName())
                ? expected.getMessageType().getName()
                : expected.getName();
        assertThat(field.textName()).isEqualTo(text);
        assertThat(field.tag() >>> 3).isEqualTo(expected.getNumber());
        checkDefault(field, expected);
        // Every name finds the field, from chars and from UTF-8 bytes.
        for (final String name : new String[] {field.name(), field.jsonName()}) {
            assertThat(message.jsonField(name, 0, name.length())).isSameAs(field);
            assertThat(message.jsonField("x" + name + "y", 1, name.length() + 1))
                    .isSameAs(field);
            final UnsafeBuffer bytes = new UnsafeBuffer(("x" + name).getBytes(StandardCharsets.UTF_8));
            assertThat(message.jsonField(bytes, 1, bytes.capacity() - 1)).isSameAs(field);
        }
        assertThat(message.textField(text, 0, text.length())).isSameAs(field);
        if (field.type() == FieldType.MESSAGE) {
            assertThat(field.messageType().fullName())
                    .isEqualTo(expected.getMessageType().getFullName());
            assertThat(field.enumType()).isNull();
        } else if (field.type() == FieldType.ENUM) {
            assertThat(field.isClosedEnum()).isEqualTo(expected.legacyEnumFieldTreatedAsClosed());
            checkEnum(field.enumType(), expected.getEnumType());
            assertThat(field.messageType()).isNull();
        }
    }

    private static void checkEnum(final EnumSchema actual, final EnumDescriptor expected) {
        assertThat(actual.fullName()).isEqualTo(expected.getFullName());
        assertThat(actual.isClosed()).isEqualTo(expected.isClosed());
        assertThat(actual.valueCount()).isEqualTo(expected.getValues().size());
        for (int i = 0; i < expected.getValues().size(); i++) {
            final EnumValueDescriptor value = expected.getValues().get(i);
            assertThat(actual.name(i)).isEqualTo(value.getName());
            assertThat(actual.number(i)).isEqualTo(value.getNumber());
            assertThat(actual.indexOf(value.getName(), 0, value.getName().length()))
                    .isEqualTo(expected.getValues().indexOf(expected.findValueByName(value.getName())));
            // The first value declared with a number names it, as protobuf-java's findValueByNumber does.
            assertThat(actual.nameOf(value.getNumber()))
                    .isEqualTo(expected.findValueByNumber(value.getNumber()).getName());
            assertThat(actual.isKnown(value.getNumber())).isTrue();
        }
        assertThat(actual.indexOf("NO_SUCH_VALUE", 0, 13)).isEqualTo(-1);
    }

    private static FieldType type(final FieldDescriptor field) {
        return field.getType() == FieldDescriptor.Type.GROUP
                ? FieldType.MESSAGE
                : FieldType.valueOf(field.getType().name());
    }
}
