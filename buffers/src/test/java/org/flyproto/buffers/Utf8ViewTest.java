package org.flyproto.buffers;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringWriter;
import java.util.List;
import org.agrona.concurrent.UnsafeBuffer;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The cost of {@link Utf8View} access, and its {@link Utf8ViewContract} over every {@link BufferKind}. */
class Utf8ViewTest {
    private static final String ASCII_5000 = "0123456789".repeat(500);

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"ascii", "non-ASCII then long ASCII", "long ASCII then non-ASCII", "mixed", "malformed"})
    void shouldReadEachByteAConstantNumberOfTimesForSequentialCharAt(final String shape) {
        final byte[] bytes = bytesOf(shape);
        final String text = new String(bytes, UTF_8);
        final InterfaceOnlyBuffer.Counter counter = new InterfaceOnlyBuffer.Counter();
        final Utf8View view =
                new Utf8View().wrap(InterfaceOnlyBuffer.counting(new UnsafeBuffer(bytes), counter), 0, bytes.length);

        for (int i = 0; i < text.length(); i++) {
            assertThat(view.charAt(i)).isEqualTo(text.charAt(i));
        }

        // Each unit decodes at most its own sequence and the one before it, plus the one-off ASCII check: linear,
        // where restarting from an earlier position would be quadratic.
        assertThat(counter.reads()).isLessThanOrEqualTo(4L * bytes.length + 16);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"ascii", "non-ASCII then long ASCII", "long ASCII then non-ASCII", "mixed", "malformed"})
    void shouldReadEachByteAConstantNumberOfTimesForDescendingCharAt(final String shape) {
        final byte[] bytes = bytesOf(shape);
        final String text = new String(bytes, UTF_8);
        final InterfaceOnlyBuffer.Counter counter = new InterfaceOnlyBuffer.Counter();
        final Utf8View view =
                new Utf8View().wrap(InterfaceOnlyBuffer.counting(new UnsafeBuffer(bytes), counter), 0, bytes.length);

        for (int i = text.length() - 1; i >= 0; i--) {
            assertThat(view.charAt(i)).isEqualTo(text.charAt(i));
        }

        // Stepping back one sequence reads at most the 4 bytes before the position and decodes a sequence twice:
        // linear (malformed bytes, decoded the slow way, cost the most), where restarting would be quadratic.
        assertThat(counter.reads()).isLessThanOrEqualTo(16L * bytes.length);
    }

    @Test
    void shouldThrowRatherThanReadOutsideABufferWrappedAgainSmaller() {
        final byte[] bytes = ("abc\u00E9\u20AC\uD83D\uDE00" + ASCII_5000.substring(0, 40)).getBytes(UTF_8);
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[8 + bytes.length]);
        buffer.putBytes(8, bytes);
        final Utf8View view = new Utf8View().wrap(buffer, 8, bytes.length);
        final Utf8View ascii = new Utf8View().wrap(buffer, 8 + bytes.length - 40, 40);
        assertThat(view.isAscii()).isFalse();
        assertThat(ascii.isAscii()).isTrue();
        final String[] texts = {view.toString(), ascii.toString()};

        buffer.wrap(new byte[16]);

        final Utf8View[] views = {view, ascii};
        for (int v = 0; v < views.length; v++) {
            final Utf8View shrunk = views[v];
            final String text = texts[v];
            final byte[] textBytes = text.getBytes(UTF_8);
            final Utf8View same = new Utf8View().wrap(new UnsafeBuffer(textBytes), 0, textBytes.length);
            final List<ThrowingCallable> calls = List.of(
                    () -> shrunk.charAt(30),
                    () -> shrunk.charAt(0),
                    shrunk::hashCode,
                    shrunk::toString,
                    () -> shrunk.contentEquals(text),
                    () -> shrunk.contentEquals(same),
                    () -> same.contentEquals(shrunk),
                    () -> shrunk.contentEquals(new StringBuilder(text)),
                    () -> shrunk.appendTo(new StringBuilder()),
                    () -> shrunk.appendTo(new StringWriter()),
                    () -> shrunk.subSequence(0, 2),
                    () -> shrunk.copyTo(new UnsafeBuffer(new byte[textBytes.length]), 0));
            for (int c = 0; c < calls.size(); c++) {
                assertThatThrownBy(calls.get(c))
                        .as("view %d call %d", v, c)
                        .isInstanceOf(IndexOutOfBoundsException.class);
            }
        }
    }

    @Test
    void shouldThrowRatherThanReadOutsideAnUnknownRangeOnFirstUse() {
        final byte[] bytes = "h\u00E9llo w\u00F6rld, long enough for words".getBytes(UTF_8);
        final UnsafeBuffer buffer = new UnsafeBuffer(bytes);
        final Utf8View view = new Utf8View().wrap(buffer, 0, bytes.length);

        buffer.wrap(new byte[4]);

        assertThatThrownBy(view::isAscii).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> view.charAt(0)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(view::length).isInstanceOf(IndexOutOfBoundsException.class);
    }

    private static byte[] bytesOf(final String shape) {
        return switch (shape) {
            case "ascii" -> ASCII_5000.getBytes(UTF_8);
            case "non-ASCII then long ASCII" -> ("\u00E9" + ASCII_5000).getBytes(UTF_8);
            case "long ASCII then non-ASCII" -> (ASCII_5000 + "\uD83D\uDE00").getBytes(UTF_8);
            case "mixed" -> "ab\u00E9\u20AC\uD83D\uDE00".repeat(1000).getBytes(UTF_8);
            default -> BufferFixture.hex("41 e282 80 f09f98 c3a9 eda080 bf 9f".repeat(300));
        };
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

    @Nested
    class InterfaceOnly extends Utf8ViewContract {
        InterfaceOnly() {
            super(BufferKind.INTERFACE_ONLY);
        }
    }
}
