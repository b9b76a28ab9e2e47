package org.flyproto.buffers;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteOrder;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The cost of {@link Utf8View} access, and its {@link Utf8ViewContract} over every {@link BufferKind}. */
class Utf8ViewTest {
    private static final String ASCII_5000 = "0123456789".repeat(500);

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"ascii", "non-ASCII then long ASCII", "long ASCII then non-ASCII", "mixed"})
    void shouldReadEachByteAConstantNumberOfTimesForSequentialCharAt(final String shape) {
        final String text = switch (shape) {
            case "ascii" -> ASCII_5000;
            case "non-ASCII then long ASCII" -> "\u00E9" + ASCII_5000;
            case "long ASCII then non-ASCII" -> ASCII_5000 + "\uD83D\uDE00";
            default -> "ab\u00E9\u20AC\uD83D\uDE00".repeat(1000);
        };
        final byte[] bytes = text.getBytes(UTF_8);
        final CountingBuffer buffer = new CountingBuffer(bytes);
        final Utf8View view = new Utf8View().wrap(buffer, 0, bytes.length);

        for (int i = 0; i < text.length(); i++) {
            assertThat(view.charAt(i)).isEqualTo(text.charAt(i));
        }

        // Each unit decodes at most its own sequence and the one before it, plus the one-off ASCII check: linear,
        // where restarting from an earlier position would be quadratic.
        assertThat(buffer.reads).isLessThanOrEqualTo(4L * bytes.length + 16);
    }

    /** Counts reads, to check the cost of access independently of timing. */
    private static final class CountingBuffer extends UnsafeBuffer {
        long reads;

        CountingBuffer(final byte[] bytes) {
            super(bytes);
        }

        @Override
        public byte getByte(final int index) {
            reads++;
            return super.getByte(index);
        }

        @Override
        public long getLong(final int index) {
            reads++;
            return super.getLong(index);
        }

        @Override
        public long getLong(final int index, final ByteOrder byteOrder) {
            reads++;
            return super.getLong(index, byteOrder);
        }
    }

    @Nested
    class HeapArray extends Utf8ViewContract {
        HeapArray() {
            super(BufferKind.HEAP_ARRAY);
        }
    }

    @Nested
    class DirectByteBuffer extends Utf8ViewContract {
        DirectByteBuffer() {
            super(BufferKind.DIRECT_BYTE_BUFFER);
        }
    }

    @Nested
    class OffHeapAddress extends Utf8ViewContract {
        OffHeapAddress() {
            super(BufferKind.OFF_HEAP_ADDRESS);
        }
    }

    @Nested
    class ExpandableArray extends Utf8ViewContract {
        ExpandableArray() {
            super(BufferKind.EXPANDABLE_ARRAY);
        }
    }

    @Nested
    class ExpandableDirect extends Utf8ViewContract {
        ExpandableDirect() {
            super(BufferKind.EXPANDABLE_DIRECT);
        }
    }
}
