package org.flyproto.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.DescriptorProtos;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Set;
import org.flyproto.codec.ProtoDecodeException;
import org.flyproto.codec.schema.EnumSchema;
import org.flyproto.codec.schema.FieldSchema;
import org.flyproto.codec.schema.MessageSchema;
import org.flyproto.wkt.DescriptorSetLoader;
import org.flyproto.wkt.LoadedSchemas;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Schemas loaded at run time from a {@code FileDescriptorSet} against the generated ones (which
 * {@link MessageSchemaTest} checks against protobuf-java): for every message type reachable from each test schema's
 * root, the same fields with the same names, numbers, types, flags (presence, packing, delimited encoding, UTF-8
 * validation, closed enums — resolved from syntax, edition and features), oneofs and enum values; with the imports
 * in the set and, for the well-known types, without them.
 */
class DescriptorSetLoaderTest {
    @ParameterizedTest(name = "{0}")
    @EnumSource(SchemaRoundTripTest.Schema.class)
    void shouldLoadWhatTheGeneratorGenerated(final SchemaRoundTripTest.Schema schema) {
        checkAgainstGenerated(schema.prototype().getDescriptorForType());
    }

    /** The official conformance suite's messages: proto2, proto3, both as editions, edition 2023 and the unstable one. */
    @Test
    void shouldLoadTheConformanceSuiteAsTheGeneratorGenerated() {
        for (final Descriptor root : new Descriptor[] {
            org.flyproto.conformance.messages.proto3.TestMessagesProto3.TestAllTypesProto3.getDescriptor(),
            org.flyproto.conformance.messages.proto2.TestMessagesProto2.TestAllTypesProto2.getDescriptor(),
            org.flyproto.conformance.messages.proto2.TestMessagesProto2.TestAllRequiredTypesProto2.getDescriptor(),
            org.flyproto.conformance.messages.editions.proto3.TestMessagesProto3Editions.getDescriptor()
                    .findMessageTypeByName("TestAllTypesProto3"),
            org.flyproto.conformance.messages.editions.proto2.TestMessagesProto2Editions.getDescriptor()
                    .findMessageTypeByName("TestAllTypesProto2"),
            org.flyproto.conformance.messages.edition2023.TestMessagesEdition2023.TestAllTypesEdition2023
                    .getDescriptor(),
            org.flyproto.conformance.messages.editionunstable.TestAllTypesEditionUnstable.getDescriptor()
        }) {
            checkAgainstGenerated(root);
        }
    }

    private static void checkAgainstGenerated(final Descriptor root) {
        final LoadedSchemas loaded =
                DescriptorSetLoader.load(withImports(root.getFile()).toByteArray());
        final ArrayDeque<Descriptor> pending = new ArrayDeque<>();
        final Set<String> seen = new HashSet<>();
        pending.add(root);
        int compared = 0;
        int fields = 0;
        while (!pending.isEmpty()) {
            final Descriptor type = pending.poll();
            if (!seen.add(type.getFullName())) {
                continue;
            }
            compare(ReflectiveMirror.newEncoder(type).schema(), loaded.message(type.getFullName()));
            compared++;
            fields += type.getFields().size();
            for (final FieldDescriptor field : type.getFields()) {
                if (field.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
                    pending.add(field.getMessageType());
                }
            }
        }
        assertThat(compared).isPositive();
        assertThat(fields).isGreaterThan(compared);
        assertThat(loaded.registry().find(root.getFullName())).isSameAs(loaded.message(root.getFullName()));
    }

    /** A set written without --include_imports: the well-known types it uses resolve to the shipped ones. */
    @Test
    void shouldResolveWellKnownTypesMissingFromTheSet() {
        final FileDescriptor file = org.flyproto.conformance.messages.proto3.TestMessagesProto3.getDescriptor();
        final LoadedSchemas loaded = DescriptorSetLoader.load(
                FileDescriptorSet.newBuilder().addFile(file.toProto()).build().toByteArray());
        final MessageSchema all = loaded.message("protobuf_test_messages.proto3.TestAllTypesProto3");
        final FieldSchema timestamp = all.jsonField("optionalTimestamp", 0, "optionalTimestamp".length());
        assertThat(timestamp.messageType()).isSameAs(org.flyproto.wkt.TimestampEncoder.SCHEMA);
        compare(
                ReflectiveMirror.newEncoder(file.findMessageTypeByName("TestAllTypesProto3"))
                        .schema(),
                all);
    }

    @Test
    void shouldRefuseASetMissingAType() {
        final DescriptorProtos.FileDescriptorProto file = DescriptorProtos.FileDescriptorProto.newBuilder()
                .setName("orders.proto")
                .setPackage("market")
                .setSyntax("proto3")
                .addMessageType(DescriptorProtos.DescriptorProto.newBuilder()
                        .setName("Order")
                        .addField(DescriptorProtos.FieldDescriptorProto.newBuilder()
                                .setName("fill")
                                .setNumber(1)
                                .setLabel(DescriptorProtos.FieldDescriptorProto.Label.LABEL_OPTIONAL)
                                .setType(DescriptorProtos.FieldDescriptorProto.Type.TYPE_MESSAGE)
                                .setTypeName(".market.Fill")))
                .build();
        assertThatThrownBy(() -> DescriptorSetLoader.load(
                        FileDescriptorSet.newBuilder().addFile(file).build().toByteArray()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("market.Order.fill")
                .hasMessageContaining("market.Fill")
                .hasMessageContaining("--include_imports");
    }

    @Test
    void shouldRefuseBytesThatAreNotADescriptorSet() {
        assertThatThrownBy(() -> DescriptorSetLoader.load(new byte[] {10, 5, 1}))
                .isInstanceOf(ProtoDecodeException.class);
    }

    private static FileDescriptorSet withImports(final FileDescriptor file) {
        final Set<FileDescriptor> all = new LinkedHashSet<>();
        collect(file, all);
        final FileDescriptorSet.Builder set = FileDescriptorSet.newBuilder();
        all.forEach(f -> set.addFile(f.toProto()));
        return set.build();
    }

    private static void collect(final FileDescriptor file, final Set<FileDescriptor> all) {
        for (final FileDescriptor dependency : file.getDependencies()) {
            collect(dependency, all);
        }
        all.add(file);
    }

    private static void compare(final MessageSchema expected, final MessageSchema actual) {
        assertThat(actual.fullName()).isEqualTo(expected.fullName());
        assertThat(actual.isMapEntry()).isEqualTo(expected.isMapEntry());
        assertThat(actual.wellKnownType()).isEqualTo(expected.wellKnownType());
        assertThat(actual.oneofCount()).isEqualTo(expected.oneofCount());
        for (int i = 0; i < expected.oneofCount(); i++) {
            assertThat(actual.oneofName(i)).isEqualTo(expected.oneofName(i));
        }
        assertThat(actual.fieldCount()).as(expected.fullName()).isEqualTo(expected.fieldCount());
        for (int i = 0; i < expected.fieldCount(); i++) {
            final FieldSchema e = expected.field(i);
            final FieldSchema a = actual.field(i);
            final String field = expected.fullName() + "." + e.name();
            assertThat(a.number()).as(field).isEqualTo(e.number());
            assertThat(a.name()).as(field).isEqualTo(e.name());
            assertThat(a.jsonName()).as(field).isEqualTo(e.jsonName());
            assertThat(a.textName()).as(field).isEqualTo(e.textName());
            assertThat(a.type()).as(field).isEqualTo(e.type());
            assertThat(Integer.toBinaryString(a.flags()))
                    .as(field + " flags")
                    .isEqualTo(Integer.toBinaryString(e.flags()));
            assertThat(a.oneof()).as(field).isEqualTo(e.oneof());
            assertThat(a.hasDefault()).as(field + " has a default").isEqualTo(e.hasDefault());
            assertThat(a.defaultLong()).as(field + " default").isEqualTo(e.defaultLong());
            assertThat(Double.doubleToRawLongBits(a.defaultDouble()))
                    .as(field + " default")
                    .isEqualTo(Double.doubleToRawLongBits(e.defaultDouble()));
            assertThat(bytes(a.defaultBytes())).as(field + " default").isEqualTo(bytes(e.defaultBytes()));
            assertThat(actual.indexOf(e.number())).as(field).isEqualTo(i);
            if (e.messageType() != null) {
                assertThat(a.messageType().fullName())
                        .as(field)
                        .isEqualTo(e.messageType().fullName());
            }
            if (e.enumType() != null) {
                compare(e.enumType(), a.enumType());
            }
        }
    }

    private static byte[] bytes(final org.agrona.DirectBuffer buffer) {
        final byte[] bytes = new byte[buffer.capacity()];
        buffer.getBytes(0, bytes);
        return bytes;
    }

    private static void compare(final EnumSchema expected, final EnumSchema actual) {
        assertThat(actual.fullName()).isEqualTo(expected.fullName());
        assertThat(actual.isClosed()).as(expected.fullName()).isEqualTo(expected.isClosed());
        assertThat(actual.valueCount()).isEqualTo(expected.valueCount());
        for (int i = 0; i < expected.valueCount(); i++) {
            assertThat(actual.name(i)).isEqualTo(expected.name(i));
            assertThat(actual.number(i)).isEqualTo(expected.number(i));
        }
    }
}
