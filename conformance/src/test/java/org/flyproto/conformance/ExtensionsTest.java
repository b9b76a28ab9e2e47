package org.flyproto.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ExtensionRegistry;
import com.google.protobuf.InvalidProtocolBufferException;
import java.nio.ByteBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.codec.IntCursor;
import org.flyproto.conformance.ext.Base;
import org.flyproto.conformance.ext.ExtGroup;
import org.flyproto.conformance.ext.ExtensionsProto2;
import org.flyproto.conformance.ext.Scope;
import org.flyproto.conformance.ext.flyproto.BaseDecoder;
import org.flyproto.conformance.ext.flyproto.BaseEncoder;
import org.flyproto.conformance.ext.flyproto.ExtGroupDecoder;
import org.junit.jupiter.api.Test;

/** Extensions declared with their extendee are fields of its flyweights, read and written as protobuf-java does. */
class ExtensionsTest {
    private final MutableDirectBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(1024));

    private static Base sample() {
        return Base.newBuilder()
                .setA(1)
                .setExtension(ExtensionsProto2.extText, "é ext")
                .addExtension(ExtensionsProto2.extNumbers, 3)
                .addExtension(ExtensionsProto2.extNumbers, -4)
                .setExtension(
                        ExtensionsProto2.extBase, Base.newBuilder().setA(2).build())
                .addExtension(
                        ExtensionsProto2.extGroup,
                        ExtGroup.newBuilder().setId(7).build())
                .addExtension(
                        ExtensionsProto2.extGroup,
                        ExtGroup.newBuilder().setId(8).build())
                .setExtension(Scope.scoped, 99L)
                .build();
    }

    @Test
    void shouldReadExtensionsProtobufJavaWrites() {
        final byte[] bytes = sample().toByteArray();
        buffer.putBytes(0, bytes);
        final BaseDecoder decoder = new BaseDecoder().wrap(buffer, 0, bytes.length);
        assertThat(decoder.a()).isEqualTo(1);
        assertThat(decoder.hasExtText()).isTrue();
        assertThat(decoder.extText().toString()).isEqualTo("é ext");
        final IntCursor numbers = decoder.extNumbers();
        assertThat(numbers.next() && numbers.value() == 3 && numbers.next() && numbers.value() == -4)
                .isTrue();
        assertThat(numbers.next()).isFalse();
        assertThat(decoder.extBase().a()).isEqualTo(2);
        final StringBuilder ids = new StringBuilder();
        for (final ExtGroupDecoder group = decoder.extGroup(); group.next(); ) {
            ids.append(group.id());
        }
        assertThat(ids).hasToString("78");
        assertThat(decoder.scoped()).isEqualTo(99L);

        buffer.putBytes(0, Base.newBuilder().setA(5).build().toByteArray());
        final BaseDecoder empty = new BaseDecoder().wrap(buffer, 0, 2);
        assertThat(empty.hasExtText()).isFalse();
        assertThat(empty.hasScoped()).isFalse();
        assertThat(empty.scoped()).isEqualTo(-3L);
    }

    @Test
    void shouldWriteExtensionsProtobufJavaReads() throws InvalidProtocolBufferException {
        final BaseEncoder encoder = new BaseEncoder().wrap(buffer, 0).a(1).extText("é ext");
        encoder.extNumbers(new int[] {3, -4});
        encoder.beginExtBase().a(2);
        encoder.endExtBase();
        encoder.addExtGroup().id(7);
        encoder.endExtGroup();
        encoder.addExtGroup().id(8);
        encoder.endExtGroup().scoped(99L);
        final byte[] bytes = new byte[encoder.encodedLength()];
        buffer.getBytes(0, bytes);
        assertThat(bytes).isEqualTo(sample().toByteArray());

        final ExtensionRegistry registry = ExtensionRegistry.newInstance();
        ExtensionsProto2.registerAllExtensions(registry);
        registry.add(Scope.scoped);
        assertThat(Base.parseFrom(bytes, registry)).isEqualTo(sample());
    }
}
