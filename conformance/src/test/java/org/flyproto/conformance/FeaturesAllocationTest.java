package org.flyproto.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ExtensionRegistry;
import java.nio.ByteBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.buffers.Utf8View;
import org.flyproto.codec.IntCursor;
import org.flyproto.conformance.alloc.Features;
import org.flyproto.conformance.alloc.FeaturesAlloc;
import org.flyproto.conformance.alloc.flyproto.FeaturesDecoder;
import org.flyproto.conformance.alloc.flyproto.FeaturesEncoder;
import org.flyproto.conformance.alloc.flyproto.FeaturesItemsEntryDecoder;
import org.flyproto.conformance.alloc.flyproto.FeaturesItemsEntryEncoder;
import org.flyproto.conformance.alloc.flyproto.FeaturesNamesEntryDecoder;
import org.flyproto.conformance.alloc.flyproto.ItemDecoder;
import org.flyproto.conformance.alloc.flyproto.ItemEncoder;
import org.flyproto.conformance.alloc.flyproto.Level;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The allocation gate for maps, oneofs, groups, extensions and merged occurrences: encode, validating and trusted
 * decode reading every field (map lookups included), and copy, 0 bytes per iteration after warm-up.
 */
class FeaturesAllocationTest {
    private static final int ITERATIONS = 100_000;
    private static final int WARM_UP = 20_000;
    private static final int[] CODES = {1, 300, -1};

    private final MutableDirectBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(2048));
    private final MutableDirectBuffer target = new UnsafeBuffer(ByteBuffer.allocateDirect(2048));
    private final FeaturesEncoder encoder = new FeaturesEncoder();
    private final FeaturesEncoder copier = new FeaturesEncoder();
    private final FeaturesDecoder decoder = new FeaturesDecoder();
    private long sink;
    private int length;

    @BeforeEach
    void encodeOnceAndCheckAgainstProtobufJava() throws Exception {
        length = encode();
        final byte[] bytes = new byte[length];
        buffer.getBytes(0, bytes);
        final ExtensionRegistry registry = ExtensionRegistry.newInstance();
        FeaturesAlloc.registerAllExtensions(registry);
        final Features parsed = Features.parseFrom(bytes, registry);
        assertThat(parsed.getItemsMap()).containsKeys("a", "b");
        assertThat(parsed.getNamesMap()).containsEntry(7, "seven");
        assertThat(parsed.getChosen().getId()).isEqualTo(5);
        assertThat(parsed.getMeta().getTagsList()).containsExactly("x", "y");
        // Two occurrences of merged, read as their merge.
        assertThat(parsed.getMerged().getId()).isEqualTo(2);
        assertThat(parsed.getMerged().getLabel()).isEqualTo("first");
        assertThat(parsed.getMerged().getCodesList()).hasSize(6);
        assertThat(parsed.getExtension(FeaturesAlloc.extra).getId()).isEqualTo(9);
        assertThat(read(decoder.wrap(buffer, 0, length))).isNotZero();
        final ItemDecoder merged = decoder.wrap(buffer, 0, length).merged();
        assertThat(merged.id()).isEqualTo(2);
        assertThat(merged.label()).hasToString("first");
        assertThat(merged.codes().count()).isEqualTo(6);
    }

    @Test
    void shouldEncodeWithoutAllocating() {
        assertThat(allocatedBy(this::encode)).isZero();
    }

    @Test
    void shouldMeasureWhatItEncodesWithoutAllocating() {
        assertThat(size()).isEqualTo(length);
        assertThat(allocatedBy(() -> sink += size())).isZero();
    }

    @Test
    void shouldDecodeAndValidateWithoutAllocating() {
        assertThat(allocatedBy(() -> sink += read(decoder.wrap(buffer, 0, length))))
                .isZero();
    }

    @Test
    void shouldDecodeTrustedWithoutAllocating() {
        assertThat(allocatedBy(() -> sink += read(decoder.wrapTrusted(buffer, 0, length))))
                .isZero();
    }

    @Test
    void shouldCopyWithoutAllocating() {
        assertThat(allocatedBy(() -> sink += copier.wrap(target, 0)
                        .copy(decoder.wrap(buffer, 0, length))
                        .encodedLength()))
                .isZero();
    }

    @Test
    void shouldPrintTextFormatWithoutAllocating() throws Exception {
        final byte[] bytes = new byte[length];
        buffer.getBytes(0, bytes);
        final ExtensionRegistry registry = ExtensionRegistry.newInstance();
        FeaturesAlloc.registerAllExtensions(registry);
        final StringBuilder out = new StringBuilder(1 << 14);
        assertThat(decoder.wrap(buffer, 0, length).appendTo(out).toString())
                .isEqualTo(com.google.protobuf.TextFormat.printer().printToString(Features.parseFrom(bytes, registry)));
        assertThat(allocatedBy(() -> {
                    out.setLength(0);
                    sink += decoder.wrap(buffer, 0, length).appendTo(out).length();
                }))
                .isZero();
        assertThat(allocatedBy(() -> {
                    out.setLength(0);
                    sink += decoder.wrapTrusted(buffer, 0, length).appendTo(out).length();
                }))
                .isZero();
    }

    private int encode() {
        return write(encoder.wrap(buffer, 0));
    }

    /** Measures what {@link #encode()} writes: the same calls over a sizing encoder. */
    private int size() {
        return write(encoder.wrapForSize());
    }

    private int write(final FeaturesEncoder e) {
        FeaturesItemsEntryEncoder entry = e.addItems().key("a");
        item(entry.beginValue(), 1, "one");
        entry.endValue();
        e.endItems();
        entry = e.addItems().key("b");
        item(entry.beginValue(), 2, "two");
        entry.endValue();
        e.endItems();
        e.putNames(7, "seven").putNames(8, "eight");
        item(e.beginChosen(), 5, "chosen");
        e.endChosen();
        e.beginMeta().level(Level.LOW).addTags("x").addTags("y");
        e.endMeta();
        item(e.beginMerged(), 1, "first");
        e.endMerged();
        e.beginMerged().id(2).codes(CODES);
        e.endMerged();
        item(e.beginExtra(), 9, "extra");
        e.endExtra();
        return e.addLevels(Level.HIGH).addLevels(Level.LOW).encodedLength();
    }

    private static void item(final ItemEncoder item, final long id, final String label) {
        item.id(id).label(label).codes(CODES);
    }

    private static long read(final FeaturesDecoder d) {
        long s = 0;
        for (final FeaturesItemsEntryDecoder entry = d.items(); entry.next(); ) {
            s += text(entry.key()) + item(entry.value());
        }
        s += item(d.findItems("b").value());
        for (final FeaturesNamesEntryDecoder entry = d.names(); entry.next(); ) {
            s += entry.key() + text(entry.value());
        }
        s += text(d.findNames(8).value());
        s += d.choiceCase().number() + (d.hasChosen() ? item(d.chosen()) : text(d.text()));
        s += d.meta().level().ordinal();
        for (final var tags = d.meta().tags(); tags.next(); ) {
            s += text(tags.value());
        }
        s += item(d.merged()) + item(d.extra());
        for (final var levels = d.levels(); levels.next(); ) {
            s += levels.value().ordinal();
        }
        return s;
    }

    private static long item(final ItemDecoder item) {
        long s = item.id() + text(item.label());
        for (final IntCursor codes = item.codes(); codes.next(); ) {
            s += codes.value();
        }
        return s;
    }

    private static long text(final Utf8View view) {
        long s = view.length() + view.hashCode();
        for (int i = 0; i < view.length(); i++) {
            s += view.charAt(i);
        }
        return s;
    }

    private long allocatedBy(final Runnable work) {
        final long allocated = AllocationMeter.allocatedBy(work, WARM_UP, ITERATIONS);
        assertThat(sink).isNotEqualTo(42); // keep the results alive
        return allocated;
    }
}
