package org.flyproto.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.flyproto.codec.Sentinel.assertUntouchedOutside;
import static org.flyproto.codec.Sentinel.bytes;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Backpatched nested lengths of one, two and three bytes, one after another with one encoder, nested three deep and
 * delimited, in fixed regions that fit exactly or are one byte short. The expected bytes come from a plain recursive
 * encoder that knows each length before it writes it.
 */
class NestedLengthTest {
    private static final int OFFSET = 3;

    enum Kind {
        HEAP(n -> new UnsafeBuffer(new byte[n])),
        DIRECT(n -> new UnsafeBuffer(ByteBuffer.allocateDirect(n))),
        EXPANDABLE(ExpandableArrayBuffer::new);

        final IntFunction<MutableDirectBuffer> allocate;

        Kind(final IntFunction<MutableDirectBuffer> allocate) {
            this.allocate = allocate;
        }
    }

    /** A message: field 1 values ({@link Integer}) and field 2 nested messages ({@link Node}), in order. */
    record Node(List<Object> items) {
        static Node of(final Object... items) {
            return new Node(List.of(items));
        }

        /** A message with {@code n} values of field 1, each 3 bytes on the wire: content of 3n bytes. */
        static Node values(final int n) {
            final List<Object> items = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                items.add(1000 + i);
            }
            return new Node(items);
        }
    }

    /** Content of 3, 150 and 18,000 bytes: one-, two- and three-byte lengths. */
    private static final Node SMALL = Node.values(1);

    private static final Node LARGE = Node.values(50);
    private static final Node HUGE = Node.values(6000);

    /** Root shapes in the order they are encoded with one encoder: every change of length size, up and down. */
    private static final List<Node> SHAPES = List.of(
            Node.of(7, SMALL),
            Node.of(7, LARGE),
            Node.of(7, LARGE),
            Node.of(7, SMALL),
            Node.of(7, HUGE),
            Node.of(7, SMALL, 8),
            Node.of(7, HUGE),
            Node.of(7, LARGE),
            deep(LARGE),
            deep(SMALL),
            deep(HUGE),
            deep(LARGE),
            deep(SMALL),
            Node.of(7, Node.of(Node.of()), 9),
            Node.of(Node.of(HUGE, SMALL), Node.of(SMALL, HUGE)),
            Node.of(Node.of(SMALL, LARGE), Node.of(HUGE, SMALL)));

    /** Three levels of nesting around {@code inner}, each level with a value before and after. */
    private static Node deep(final Node inner) {
        return Node.of(1, Node.of(2, Node.of(3, inner, 4), 5), 6);
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void shouldWriteCanonicalBytesWhateverCameBefore(final Kind kind) {
        final TestEncoder encoder = new TestEncoder("test.Nested", false);
        for (final Node shape : SHAPES) {
            final byte[] expected = canonical(shape);
            final MutableDirectBuffer buffer = kind.allocate.apply(kind == Kind.EXPANDABLE ? 16 : 64 * 1024);
            write(encoder.wrap(buffer, OFFSET), shape);
            assertThat(encoder.encodedLength()).isEqualTo(expected.length);
            assertThat(bytes(buffer, OFFSET, expected.length)).isEqualTo(expected);
        }
    }

    @Test
    void shouldMeasureEveryShapeAsItIsWrittenWhateverWasMeasuredOrWrittenBefore() {
        final TestEncoder encoder = new TestEncoder("test.Nested", false);
        final MutableDirectBuffer scratch = new UnsafeBuffer(new byte[64 * 1024]);
        for (final Node previous : SHAPES) {
            for (final Node shape : SHAPES) {
                write(encoder.wrap(scratch, 0), previous);
                write(encoder.wrapForSize(), shape);
                assertThat(encoder.encodedLength()).isEqualTo(canonical(shape).length);
                write(encoder.wrapForSize(), previous);
                assertThat(encoder.encodedLength()).isEqualTo(canonical(previous).length);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = Kind.class,
            names = {"HEAP", "DIRECT"})
    void shouldFillAnExactlyFittingRegionAfterAnyShapeAndRefuseOneByteLess(final Kind kind) {
        final TestEncoder encoder = new TestEncoder("test.Nested", false);
        final MutableDirectBuffer scratch = new UnsafeBuffer(new byte[64 * 1024]);
        for (final Node previous : SHAPES) {
            for (final Node shape : SHAPES) {
                final byte[] expected = canonical(shape);

                write(encoder.wrap(scratch, 0), previous); // whatever state the previous shape leaves
                final MutableDirectBuffer exact = sentinelFilled(kind, OFFSET + expected.length + 8);
                write(encoder.wrap(exact, OFFSET, expected.length), shape);
                assertThat(encoder.encodedLength()).isEqualTo(expected.length);
                assertThat(bytes(exact, OFFSET, expected.length)).isEqualTo(expected);
                assertUntouchedOutside(exact, OFFSET, expected.length);

                write(encoder.wrap(scratch, 0), previous);
                final MutableDirectBuffer shortOne = sentinelFilled(kind, OFFSET + expected.length + 8);
                encoder.wrap(shortOne, OFFSET, expected.length - 1);
                assertThatThrownBy(() -> write(encoder, shape))
                        .isInstanceOf(ProtoEncodeException.class)
                        .hasMessageContaining("region ends at " + (OFFSET + expected.length - 1));
                assertUntouchedOutside(shortOne, OFFSET, expected.length - 1);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void shouldFrameDelimitedMessagesOfChangingSizes(final Kind kind) {
        final TestEncoder encoder = new TestEncoder("test.Nested", false);
        final MutableDirectBuffer buffer = kind.allocate.apply(kind == Kind.EXPANDABLE ? 16 : 256 * 1024);
        final ByteArrayOutputStream expected = new ByteArrayOutputStream();
        int offset = 0;
        for (final Node shape : SHAPES) {
            final byte[] message = canonical(shape);
            writeVarint(expected, message.length);
            expected.writeBytes(message);
            write(encoder.wrapDelimited(buffer, offset), shape);
            offset += encoder.endDelimited();
        }
        assertThat(offset).isEqualTo(expected.size());
        assertThat(bytes(buffer, 0, offset)).isEqualTo(expected.toByteArray());
    }

    private static void write(final TestEncoder encoder, final Node node) {
        for (final Object item : node.items()) {
            if (item instanceof Integer value) {
                encoder.a(value);
            } else {
                write(encoder.beginChild(), (Node) item);
                encoder.endChild();
            }
        }
    }

    /** The bytes protobuf writes for {@code node}: each length is known before it is written. */
    private static byte[] canonical(final Node node) {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (final Object item : node.items()) {
            if (item instanceof Integer value) {
                writeVarint(out, TestEncoder.TAG_A);
                writeVarint(out, value);
            } else {
                final byte[] content = canonical((Node) item);
                writeVarint(out, TestEncoder.TAG_CHILD);
                writeVarint(out, content.length);
                out.writeBytes(content);
            }
        }
        return out.toByteArray();
    }

    private static void writeVarint(final ByteArrayOutputStream out, final int value) {
        int v = value;
        while ((v & ~0x7F) != 0) {
            out.write((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out.write(v);
    }

    private static MutableDirectBuffer sentinelFilled(final Kind kind, final int capacity) {
        return Sentinel.filled(kind.allocate.apply(capacity));
    }
}
