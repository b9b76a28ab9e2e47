package org.flyproto.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.conformance.proto3.AllTypes;
import org.flyproto.conformance.proto3.Leaf;
import org.flyproto.conformance.proto3.flyproto.AllTypesEncoder;
import org.flyproto.conformance.proto3.flyproto.AllTypesNestedEncoder;
import org.flyproto.conformance.proto3.flyproto.LeafEncoder;
import org.junit.jupiter.api.Test;

/**
 * A nested encoder ends itself ({@code end()}) exactly as its parent's {@code endX()} would, returns the parent, and
 * allocates nothing; ending a root, ending twice, or ending while something opened from it is open is an
 * {@link IllegalStateException}.
 */
class NestedEndTest {
    private static final String LONG_B = "n".repeat(200);
    private static final long[] IDS = {10, 20, 30};

    private final MutableDirectBuffer viaParent = new UnsafeBuffer(ByteBuffer.allocateDirect(4096));
    private final MutableDirectBuffer viaEnd = new UnsafeBuffer(ByteBuffer.allocateDirect(4096));
    private final AllTypesEncoder reference = new AllTypesEncoder();
    private final AllTypesEncoder encoder = new AllTypesEncoder();

    @Test
    void shouldWriteTheBytesOfTheParentsEndMethods() throws Exception {
        final int expectedLength = encodeEndedByParents();
        final int length = encodeEndedByThemselves();

        assertThat(bytes(viaEnd, length)).isEqualTo(bytes(viaParent, expectedLength));
        final AllTypes parsed = AllTypes.parseFrom(bytes(viaEnd, length));
        assertThat(parsed.getFNested().getB()).isEqualTo(LONG_B);
        assertThat(parsed.getFNested().getChild().getFLeaf())
                .isEqualTo(Leaf.newBuilder().setName("leaf").build());
        assertThat(parsed.getRNestedList()).hasSize(2);
        assertThat(parsed.getRLeafList()).hasSize(3);
        assertThat(parsed.getFInt32()).isEqualTo(7);
    }

    @Test
    void shouldReturnTheParentSoThatAFilledChildNeedsNoReferenceToIt() {
        encoder.wrap(viaEnd, 0);
        final AllTypesEncoder parent = fill(encoder.beginFNested());
        assertThat(parent).isSameAs(encoder);
        final AllTypesNestedEncoder nested = encoder.beginFNested();
        final AllTypesEncoder grandchild = nested.beginChild();
        final AllTypesNestedEncoder back = grandchild.end();
        assertThat(back).isSameAs(nested);
    }

    @Test
    void shouldRefuseToEndARootTwiceOrWhileSomethingIsOpen() {
        encoder.wrap(viaEnd, 0);
        assertThatThrownBy(encoder::end)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("end() of flyproto.test.AllTypes, which is not a nested message");
        final AllTypesNestedEncoder nested = encoder.beginFNested();
        final AllTypesEncoder grandchild = nested.beginChild().beginPInt32();
        assertThatThrownBy(nested::end)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith(
                        "cannot end field 18 (f_nested) of flyproto.test.AllTypes: still open, innermost last:"
                                + " field 3 (child) of flyproto.test.AllTypes.Nested (a flyproto.test.AllTypes) > the packed run of"
                                + " field 41 (p_int32) of flyproto.test.AllTypes");
        grandchild.endPInt32();
        nested.endChild().end();
        assertThatThrownBy(nested::end)
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("cannot end field 18 (f_nested) of flyproto.test.AllTypes: it was already ended");
    }

    @Test
    void shouldEndWithoutAllocating() {
        final long allocated = AllocationMeter.allocatedBy(this::encodeEndedByThemselves, 30_000, 100_000);
        assertThat(allocated).isZero();
    }

    private static AllTypesEncoder fill(final AllTypesNestedEncoder nested) {
        return nested.a(5).b("filled").end();
    }

    private int encodeEndedByParents() {
        final AllTypesEncoder e = reference.wrap(viaParent, 0).fInt32(7);
        final AllTypesNestedEncoder nested = e.beginFNested().a(1).b(LONG_B);
        final AllTypesEncoder child = nested.beginChild();
        child.beginFLeaf().name("leaf");
        child.endFLeaf();
        nested.endChild();
        e.endFNested();
        for (int i = 0; i < 2; i++) {
            e.addRNested().a(i);
            e.endRNested();
        }
        for (int i = 0; i < 3; i++) {
            e.addRLeaf().name("x").ids(IDS, i, 1);
            e.endRLeaf();
        }
        return e.encodedLength();
    }

    private int encodeEndedByThemselves() {
        final AllTypesEncoder e = encoder.wrap(viaEnd, 0).fInt32(7);
        final AllTypesNestedEncoder nested = e.beginFNested().a(1).b(LONG_B);
        final LeafEncoder leaf = nested.beginChild().beginFLeaf().name("leaf");
        final AllTypesEncoder child = leaf.end();
        child.end();
        nested.end();
        for (int i = 0; i < 2; i++) {
            e.addRNested().a(i).end();
        }
        for (int i = 0; i < 3; i++) {
            e.addRLeaf().name("x").ids(IDS, i, 1).end();
        }
        return e.encodedLength();
    }

    private static byte[] bytes(final MutableDirectBuffer buffer, final int length) {
        final byte[] bytes = new byte[length];
        buffer.getBytes(0, bytes);
        return bytes;
    }
}
