package org.flyproto.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import java.nio.ByteBuffer;
import java.util.List;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.codec.LongCursor;
import org.flyproto.codec.StringCursor;
import org.flyproto.conformance.proto2.Plain;
import org.flyproto.conformance.proto2.flyproto.PlainDecoder;
import org.flyproto.conformance.proto2.flyproto.PlainEncoder;
import org.junit.jupiter.api.Test;

/** proto2 optional fields: explicit presence for every kind, zero values written, and the proto2 packing options. */
class PlainProto2Test {
    private final MutableDirectBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(1024));
    private final PlainEncoder encoder = new PlainEncoder();
    private final PlainDecoder decoder = new PlainDecoder();

    @Test
    void shouldWriteAndReadPresentZeroValuesLikeProtobufJava() throws Exception {
        final Plain message = Plain.newBuilder()
                .setA(0)
                .setText("")
                .setData(ByteString.EMPTY)
                .addValues(0)
                .addValues(-1)
                .addPackedValues(0)
                .addPackedValues(Long.MAX_VALUE)
                .setChild(Plain.newBuilder().setA(7).addTexts("x"))
                .addTexts("")
                .addTexts("\u00E9")
                .build();
        encoder.wrap(buffer, 0).a(0).text("").data(new byte[0]).addValues(0).addValues(-1);
        encoder.packedValues(new long[] {0, Long.MAX_VALUE});
        encoder.beginChild().a(7).addTexts("x");
        encoder.endChild().addTexts("").addTexts("\u00E9");
        final byte[] bytes = new byte[encoder.encodedLength()];
        buffer.getBytes(0, bytes);
        assertThat(bytes).isEqualTo(message.toByteArray());

        decoder.wrap(buffer, 0, bytes.length);
        assertThat(decoder.hasA()).isTrue();
        assertThat(decoder.a()).isZero();
        assertThat(decoder.hasText()).isTrue();
        assertThat(decoder.text().length()).isZero();
        assertThat(decoder.hasData()).isTrue();
        assertThat(longs(decoder.values())).containsExactly(0L, -1L);
        assertThat(longs(decoder.packedValues())).containsExactly(0L, Long.MAX_VALUE);
        assertThat(decoder.hasChild()).isTrue();
        assertThat(decoder.child().a()).isEqualTo(7);
        assertThat(strings(decoder.texts())).containsExactly("", "\u00E9");
    }

    @Test
    void shouldReportAbsentFieldsAsAbsent() {
        encoder.wrap(buffer, 0);
        decoder.wrap(buffer, 0, encoder.encodedLength());
        assertThat(decoder.hasA()).isFalse();
        assertThat(decoder.hasText()).isFalse();
        assertThat(decoder.hasData()).isFalse();
        assertThat(decoder.hasChild()).isFalse();
        assertThat(decoder.child().hasA()).isFalse();
        assertThat(decoder.values().next()).isFalse();
    }

    private static List<Long> longs(final LongCursor cursor) {
        final java.util.ArrayList<Long> out = new java.util.ArrayList<>();
        while (cursor.next()) {
            out.add(cursor.value());
        }
        return out;
    }

    private static List<String> strings(final StringCursor cursor) {
        final java.util.ArrayList<String> out = new java.util.ArrayList<>();
        while (cursor.next()) {
            out.add(cursor.value().toString());
        }
        return out;
    }
}
