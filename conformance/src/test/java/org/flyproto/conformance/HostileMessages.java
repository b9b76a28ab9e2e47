package org.flyproto.conformance;

import com.google.protobuf.UnknownFieldSet;
import org.flyproto.conformance.proto3.AllTypes;
import org.flyproto.conformance.proto3.Leaf;

/**
 * protobuf-java messages as flyproto's decoder can read them back: {@link AllTypesMirror#read} has no access to
 * unknown fields, so a message protobuf-java parsed is compared without them, at every level.
 */
final class HostileMessages {
    private HostileMessages() {}

    static AllTypes withoutUnknownFields(final AllTypes m) {
        final AllTypes.Builder b = m.toBuilder().setUnknownFields(UnknownFieldSet.getDefaultInstance());
        if (m.hasFNested()) {
            b.setFNested(withoutUnknownFields(m.getFNested()));
        }
        if (m.hasFLeaf()) {
            b.setFLeaf(withoutUnknownFields(m.getFLeaf()));
        }
        b.clearRNested();
        for (final AllTypes.Nested nested : m.getRNestedList()) {
            b.addRNested(withoutUnknownFields(nested));
        }
        b.clearRLeaf();
        for (final Leaf leaf : m.getRLeafList()) {
            b.addRLeaf(withoutUnknownFields(leaf));
        }
        return b.build();
    }

    static AllTypes.Nested withoutUnknownFields(final AllTypes.Nested m) {
        final AllTypes.Nested.Builder b = m.toBuilder().setUnknownFields(UnknownFieldSet.getDefaultInstance());
        if (m.hasChild()) {
            b.setChild(withoutUnknownFields(m.getChild()));
        }
        return b.build();
    }

    static Leaf withoutUnknownFields(final Leaf m) {
        return m.toBuilder()
                .setUnknownFields(UnknownFieldSet.getDefaultInstance())
                .build();
    }
}
