package org.flyproto.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.InvalidProtocolBufferException;
import java.nio.ByteBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.conformance.alloc.Features;
import org.flyproto.conformance.alloc.flyproto.FeaturesDecoder;
import org.flyproto.conformance.alloc.flyproto.FeaturesEncoder;
import org.flyproto.conformance.alloc.flyproto.FeaturesGradesByIdEntryDecoder;
import org.flyproto.conformance.alloc.flyproto.Grade;
import org.junit.jupiter.api.Test;

/**
 * A map whose values are a closed enum: an entry with an undeclared value is, as in protobuf-java, not an entry but an
 * unknown field — skipped by iteration and lookup, carried through by copy.
 */
class ClosedEnumMapTest {
    private final MutableDirectBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(256));
    private final MutableDirectBuffer target = new UnsafeBuffer(ByteBuffer.allocateDirect(256));

    @Test
    void shouldTreatEntriesWithUndeclaredValuesAsUnknownFields() throws InvalidProtocolBufferException {
        // grades_by_id (field 9): {1: A}, {2: 7 (undeclared)}, {3: B}, {4: 99 (undeclared)}
        final FeaturesEncoder encoder = new FeaturesEncoder().wrap(buffer, 0);
        encoder.putGradesById(1, Grade.A);
        encoder.addGradesById().key(2).valueRaw(7);
        encoder.endGradesById().putGradesById(3, Grade.B);
        encoder.addGradesById().key(4).valueRaw(99);
        encoder.endGradesById();
        final int length = encoder.encodedLength();
        final byte[] bytes = new byte[length];
        buffer.getBytes(0, bytes);
        final Features expected = Features.parseFrom(bytes);
        assertThat(expected.getGradesByIdMap()).containsOnlyKeys(1, 3);
        assertThat(expected.getUnknownFields().getField(9).getLengthDelimitedList())
                .hasSize(2);

        final FeaturesDecoder decoder = new FeaturesDecoder().wrap(buffer, 0, length);
        final StringBuilder seen = new StringBuilder();
        for (final FeaturesGradesByIdEntryDecoder entry = decoder.gradesById(); entry.next(); ) {
            seen.append(entry.key()).append('=').append(entry.value()).append(' ');
        }
        assertThat(seen).hasToString("1=A 3=B ");
        assertThat(decoder.findGradesById(2)).isNull();
        assertThat(decoder.findGradesById(3).value()).isEqualTo(Grade.B);

        final FeaturesEncoder copier = new FeaturesEncoder().wrap(target, 0).copy(decoder);
        final byte[] copied = new byte[copier.encodedLength()];
        target.getBytes(0, copied);
        assertThat(copied).isEqualTo(expected.toByteArray());
    }
}
