package org.flyproto.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.buffers.Checked;
import org.flyproto.buffers.Utf8View;
import org.flyproto.codec.IntCursor;
import org.flyproto.codec.StringCursor;
import org.flyproto.conformance.proto3.flyproto.AllTypesDecoder;
import org.flyproto.conformance.proto3.flyproto.AllTypesEncoder;
import org.flyproto.conformance.proto3.flyproto.AllTypesNestedDecoder;
import org.flyproto.conformance.proto3.flyproto.LeafDecoder;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The flyweight reuse pitfalls, as they behave without and with the checked mode ({@code -Dflyproto.checked=true}):
 * silent by default (the behaviour documented in README), an {@link IllegalStateException} in checked mode. Runs in
 * both of the module's Surefire executions; correct uses never throw in either.
 */
@Tag("checked")
class CheckedModeTest {
    private final MutableDirectBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(4096));
    private final MutableDirectBuffer other = new UnsafeBuffer(ByteBuffer.allocateDirect(4096));

    /** Three nested messages, three strings, three ints, a nested message and a string. */
    private int encode(final MutableDirectBuffer into, final String text) {
        final AllTypesEncoder encoder = new AllTypesEncoder().wrap(into, 0);
        encoder.fString(text);
        encoder.beginFLeaf().name(text).ids(new long[] {1, 2});
        encoder.endFLeaf();
        encoder.addUInt32(1).addUInt32(2).addUInt32(3);
        encoder.addRString("a").addRString("b").addRString("c");
        for (int i = 0; i < 3; i++) {
            encoder.addRNested().a(i).b(text + i);
            encoder.endRNested();
        }
        return encoder.encodedLength();
    }

    /**
     * A decoder reads the memory it took at its root's wrap: after the buffer grew, unchecked it still reads the old
     * array (the bytes it was wrapped on); checked, it refuses.
     */
    @Test
    void shouldReadTheMemoryTakenAtWrapAfterTheBufferGrewUnlessChecked() {
        final ExpandableArrayBuffer growing = new ExpandableArrayBuffer(64);
        final int length = encode(growing, "x");
        final AllTypesDecoder decoder = new AllTypesDecoder().wrap(growing, 0, length);
        growing.putByte(growing.capacity() + 1000, (byte) 1);
        if (Checked.ENABLED) {
            assertThatThrownBy(decoder::rNested)
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("memory moved");
            assertThatThrownBy(decoder::uInt32).isInstanceOf(IllegalStateException.class);
            return;
        }
        int count = 0;
        for (AllTypesNestedDecoder nested = decoder.rNested(); nested.next(); count++) {
            assertThat(nested.a()).isEqualTo(count);
        }
        assertThat(count).isEqualTo(3).isEqualTo(decoder.rNestedCount());
        assertThat(decoder.uInt32().count()).isEqualTo(3);
    }

    /**
     * Printing a nested decoder after its parent moved on: unchecked it prints what it was last pointed at; checked,
     * it refuses, as its accessors do. Printing a current decoder works in both modes and moves nothing.
     */
    @Test
    void shouldPrintAStaleNestedDecoderOnlyUnlessChecked() {
        final AllTypesDecoder decoder = new AllTypesDecoder();
        decoder.wrap(buffer, 0, encode(buffer, "x"));
        final LeafDecoder leaf = decoder.fLeaf();
        final String text = leaf.toString();
        assertThat(text).contains("name: \"x\"");
        assertThat(decoder.toString()).contains("f_leaf {");
        assertThat(leaf.toString()).isEqualTo(text);
        decoder.wrap(other, 0, encode(other, "y"));
        if (Checked.ENABLED) {
            assertThatThrownBy(leaf::toString).isInstanceOf(IllegalStateException.class);
        } else {
            assertThat(leaf.toString()).isNotEmpty();
        }
    }

    @Test
    void shouldRunNestedLoopsOverOneRepeatedFieldOnceUnlessChecked() {
        final AllTypesDecoder decoder = new AllTypesDecoder();
        decoder.wrap(buffer, 0, encode(buffer, "x"));
        int outer = 0;
        int inner = 0;
        try {
            for (AllTypesNestedDecoder a = decoder.rNested(); a.next(); ) {
                outer++;
                for (AllTypesNestedDecoder b = decoder.rNested(); b.next(); ) {
                    inner++;
                }
            }
            assertThat(Checked.ENABLED).as("checked mode must have thrown").isFalse();
            // The documented pitfall: one shared decoder, 1 outer and 3 inner iterations instead of 3 and 9.
            assertThat(outer).isEqualTo(1);
            assertThat(inner).isEqualTo(3);
        } catch (IllegalStateException e) {
            assertThat(Checked.ENABLED)
                    .as("thrown without checked mode: %s", e.getMessage())
                    .isTrue();
            assertThat(e.getMessage()).contains("flyproto checked mode", "flyproto.test.AllTypes.Nested", "next()");
        }
    }

    @Test
    void shouldRunNestedLoopsOverOneRepeatedScalarOnceUnlessChecked() {
        final AllTypesDecoder decoder = new AllTypesDecoder();
        decoder.wrap(buffer, 0, encode(buffer, "x"));
        int inner = 0;
        try {
            for (IntCursor a = decoder.uInt32(); a.next(); ) {
                for (IntCursor b = decoder.uInt32(); b.next(); ) {
                    inner++;
                }
            }
            assertThat(Checked.ENABLED).as("checked mode must have thrown").isFalse();
            assertThat(inner).isEqualTo(3);
        } catch (IllegalStateException e) {
            assertThat(Checked.ENABLED)
                    .as("thrown without checked mode: %s", e.getMessage())
                    .isTrue();
            assertThat(e.getMessage()).contains("flyproto checked mode", "field 61");
        }
    }

    @Test
    void shouldLetAKeptViewGoStaleWithItsDecoderUnlessChecked() {
        final AllTypesDecoder decoder = new AllTypesDecoder();
        decoder.wrap(buffer, 0, encode(buffer, "first"));
        final Utf8View kept = decoder.fString();
        decoder.wrap(other, 0, encode(other, "second"));
        if (Checked.ENABLED) {
            assertThatThrownBy(kept::toString)
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("Utf8View was handed out by a decoder or cursor that has moved on");
        } else {
            // The documented pitfall: still over the first message's bytes, which the caller may have reused.
            assertThat(kept.toString()).isEqualTo("first");
        }
        // Calling the accessor again re-points the one view of the field, the kept reference included.
        assertThat(decoder.fString()).isSameAs(kept);
        assertThat(kept.toString()).isEqualTo("second");
    }

    @Test
    void shouldLetAKeptNestedDecoderGoStaleUnlessChecked() {
        final AllTypesDecoder decoder = new AllTypesDecoder();
        decoder.wrap(buffer, 0, encode(buffer, "first"));
        final LeafDecoder leaf = decoder.fLeaf();
        decoder.wrap(other, 0, encode(other, "second"));
        if (Checked.ENABLED) {
            assertThatThrownBy(leaf::name)
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("flyproto.test.Leaf decoder was handed out by a decoder that has moved on");
        } else {
            // The documented pitfall: the kept reference silently shows what it was last pointed at, the first
            // message's bytes (Leaf has no message fields: the new wrap walks its occurrence without touching the
            // field's decoder), which the caller may have reused.
            assertThat(leaf.name().toString()).isEqualTo("first");
            // Calling the accessor again re-points the one decoder of the field, the kept reference included.
            assertThat(decoder.fLeaf()).isSameAs(leaf);
            assertThat(leaf.name().toString()).isEqualTo("second");
        }
    }

    @Test
    void shouldLetAnElementsViewGoStaleOnNextUnlessChecked() {
        final AllTypesDecoder decoder = new AllTypesDecoder();
        decoder.wrap(buffer, 0, encode(buffer, "x"));
        final StringCursor strings = decoder.rString();
        strings.next();
        final Utf8View first = strings.value();
        strings.next();
        // One view per cursor, re-pointed by next(): the kept reference is the current element in both modes.
        assertThat(first).isSameAs(strings.value());
        assertThat(first.toString()).isEqualTo("b");
        final AllTypesNestedDecoder nested = decoder.rNested();
        nested.next();
        final Utf8View b0 = nested.b();
        nested.next();
        if (Checked.ENABLED) {
            assertThatThrownBy(b0::toString).isInstanceOf(IllegalStateException.class);
            decoder.wrap(other, 0, encode(other, "y"));
            assertThatThrownBy(first::length).isInstanceOf(IllegalStateException.class);
            assertThatThrownBy(strings::next)
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("cursor of field 81 was handed out by a decoder that has moved on");
        } else {
            // Still over the first element's bytes: the view moves only when the accessor is called again.
            assertThat(b0.toString()).isEqualTo("x0");
        }
    }

    @Test
    void shouldNeverThrowOnCorrectUse() {
        final AllTypesDecoder decoder = new AllTypesDecoder();
        for (int round = 0; round < 3; round++) {
            decoder.wrap(buffer, 0, encode(buffer, "r" + round));
            assertThat(decoder.fString().toString()).isEqualTo("r" + round);
            assertThat(decoder.fLeaf().name().toString()).isEqualTo("r" + round);
            int count = 0;
            for (AllTypesNestedDecoder n = decoder.rNested(); n.next(); ) {
                assertThat(n.b().toString()).isEqualTo("r" + round + count);
                count++;
            }
            assertThat(count).isEqualTo(3);
            // An iteration abandoned early and started again, and a count in the middle of one.
            for (StringCursor s = decoder.rString(); s.next(); ) {
                assertThat(s.count()).isEqualTo(3);
                break;
            }
            int strings = 0;
            for (StringCursor s = decoder.rString(); s.next(); ) {
                strings++;
            }
            assertThat(strings).isEqualTo(3);
            // The accessor called again for the same field, and a child opened again after its parent moved.
            assertThat(decoder.fString().contentEquals(decoder.fString())).isTrue();
        }
    }
}
