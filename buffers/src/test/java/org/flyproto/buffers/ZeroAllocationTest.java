package org.flyproto.buffers;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.function.IntSupplier;
import java.util.stream.Stream;
import org.agrona.MutableDirectBuffer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The hot paths allocate nothing: measured with the JVM's per-thread allocation counter over many iterations after a
 * warm-up, against the same measurement of an operation that does no work.
 */
class ZeroAllocationTest {
    private static final int WARM_UP_ITERATIONS = 20_000;
    private static final int MEASURED_ITERATIONS = 20_000;
    private static final int ATTEMPTS = 3;
    private static final String ASCII = "The quick brown fox jumps over the lazy dog, 0123456789";
    private static final String MIXED = "h\u00E9llo w\u00F6rld \u20AC \uD83D\uDE00 \u65E5\u672C\u8A9E end";
    private static final String MALFORMED_BYTES = "41 e282 80 f09f98 c3a9 eda080 bf 9f 4142434445464748 c0";

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    /** Keeps results alive so that the JIT cannot drop the measured work. */
    private static long sink;

    /** Makes an allocation escape so that the JIT cannot remove it. */
    private static byte[] escaped;

    @BeforeAll
    static void requireAllocationCounter() {
        assumeTrue(THREADS.isThreadAllocatedMemorySupported(), "no per-thread allocation counter");
        THREADS.setThreadAllocatedMemoryEnabled(true);
    }

    static Stream<Arguments> operations() {
        return Stream.of(BufferKind.HEAP_ARRAY, BufferKind.DIRECT_BYTE_BUFFER, BufferKind.EXPANDABLE_ARRAY)
                .flatMap(kind -> Stream.of(ASCII, MIXED).flatMap(text -> operationsOver(kind, text)));
    }

    private static Stream<Arguments> operationsOver(final BufferKind kind, final String text) {
        final byte[] bytes = text.getBytes(UTF_8);
        final MutableDirectBuffer buffer = kind.allocate(256, new ArrayList<>());
        buffer.putBytes(3, bytes);
        buffer.putBytes(130, bytes);
        final Utf8View view = new Utf8View();
        final Utf8View other = new Utf8View();
        final BytesView bytesView = new BytesView();
        final StringBuilder builder = new StringBuilder(4 * text.length());
        final String equalText = new String(text.toCharArray());
        final String label = kind + " " + (text.equals(ASCII) ? "ASCII" : "mixed") + " ";

        final StringBuilder equalBuilder = new StringBuilder(text);
        final StringBuilder appended = new StringBuilder(4 * text.length());
        final Utf8View malformed = new Utf8View();
        final byte[] malformedBytes = BufferFixture.hex(MALFORMED_BYTES);
        buffer.putBytes(220, malformedBytes);

        return Stream.of(
                Arguments.of(label + "Utf8View.contentEquals(StringBuilder)", (IntSupplier)
                        () -> view.wrap(buffer, 3, bytes.length).contentEquals(equalBuilder) ? 1 : 0),
                Arguments.of(label + "Utf8View.contentEquals(Utf8View)", (IntSupplier)
                        () -> view.wrap(buffer, 3, bytes.length).contentEquals(other.wrap(buffer, 130, bytes.length))
                                ? 1
                                : 0),
                Arguments.of(label + "Utf8View.contentEquals(String) unequal", (IntSupplier) () ->
                        view.wrap(buffer, 3, bytes.length).contentEquals(ASCII.equals(text) ? MIXED : ASCII) ? 1 : 0),
                Arguments.of(label + "Utf8View.wrapValid, length and charAt", (IntSupplier) () -> {
                    final int bad = view.wrapValid(buffer, 3, bytes.length);
                    return bad + view.length() + (text.isEmpty() ? 0 : view.charAt(text.length() / 2));
                }),
                Arguments.of(label + "Utf8View.isAscii", (IntSupplier)
                        () -> view.wrap(buffer, 3, bytes.length).isAscii() ? 1 : 0),
                Arguments.of(label + "Utf8View.charAt descending and by stride", (IntSupplier) () -> {
                    view.wrap(buffer, 3, bytes.length);
                    int sum = 0;
                    for (int i = text.length() - 1; i >= 0; i--) {
                        sum += view.charAt(i);
                    }
                    for (int i = 0; i < text.length(); i += 7) {
                        sum += view.charAt((i * 13) % text.length());
                    }
                    return sum;
                }),
                Arguments.of(label + "Utf8View.appendTo(Appendable)", (IntSupplier) () -> {
                    appended.setLength(0);
                    view.wrap(buffer, 3, bytes.length).appendTo((Appendable) appended);
                    return appended.length();
                }),
                Arguments.of(label + "Utf8View over malformed bytes", (IntSupplier) () -> {
                    malformed.wrap(buffer, 220, malformedBytes.length);
                    int sum = malformed.hashCode() + malformed.length();
                    for (int i = malformed.length() - 1; i >= 0; i--) {
                        sum += malformed.charAt(i);
                    }
                    return sum + (malformed.contentEquals(text) ? 1 : 0);
                }),
                Arguments.of(label + "Utf8.isValid over malformed bytes", (IntSupplier)
                        () -> Utf8.isValid(buffer, 220, malformedBytes.length) ? 1 : 0),
                Arguments.of(label + "Utf8View.contentEquals", (IntSupplier)
                        () -> view.wrap(buffer, 3, bytes.length).contentEquals(equalText) ? 1 : 0),
                Arguments.of(label + "Utf8View.hashCode", (IntSupplier)
                        () -> view.wrap(buffer, 3, bytes.length).hashCode()),
                Arguments.of(label + "Utf8View.length", (IntSupplier)
                        () -> view.wrap(buffer, 3, bytes.length).length()),
                Arguments.of(label + "Utf8View.charAt", (IntSupplier) () -> {
                    view.wrap(buffer, 3, bytes.length);
                    int sum = 0;
                    for (int i = 0; i < text.length(); i++) {
                        sum += view.charAt(i);
                    }
                    return sum;
                }),
                Arguments.of(label + "Utf8View.appendTo(StringBuilder)", (IntSupplier) () -> {
                    builder.setLength(0);
                    return view.wrap(buffer, 3, bytes.length).appendTo(builder).length();
                }),
                Arguments.of(label + "Utf8View.equals", (IntSupplier)
                        () -> view.wrap(buffer, 3, bytes.length).equals(other.wrap(buffer, 130, bytes.length)) ? 1 : 0),
                Arguments.of(label + "Utf8.encode", (IntSupplier) () -> Utf8.encode(text, buffer, 100)),
                Arguments.of(label + "Utf8.encodedLength", (IntSupplier) () -> Utf8.encodedLength(text)),
                Arguments.of(
                        label + "Utf8.invalidIndex", (IntSupplier) () -> Utf8.invalidIndex(buffer, 3, bytes.length)),
                Arguments.of(label + "BytesView.hashCode", (IntSupplier)
                        () -> bytesView.wrap(buffer, 3, bytes.length).hashCode()),
                Arguments.of(label + "BytesView.contentEquals", (IntSupplier)
                        () -> bytesView.wrap(buffer, 3, bytes.length).contentEquals(buffer, 3, bytes.length) ? 1 : 0),
                Arguments.of(label + "BytesView fixed-width reads", (IntSupplier) () -> {
                    final BytesView id = bytesView.wrap(buffer, 200, 16);
                    return (int) id.getLong(0, ByteOrder.BIG_ENDIAN)
                            + id.getInt(8, ByteOrder.LITTLE_ENDIAN)
                            + id.getShort(12, ByteOrder.BIG_ENDIAN);
                }),
                Arguments.of(label + "Varint put/scan/get", (IntSupplier) () -> {
                    final int size = Varint.put64(buffer, 200, -1L) + Varint.putInt32(buffer, 210, -5);
                    return size
                            + Varint.scan(buffer, 200, 210)
                            + (int) Varint.get64(buffer, 200)
                            + Varint.get32(buffer, 210);
                }));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("operations")
    void shouldNotAllocate(final String name, final IntSupplier operation) {
        final IntSupplier nothing = () -> 0;
        measure(nothing, WARM_UP_ITERATIONS);
        measure(operation, WARM_UP_ITERATIONS);

        // A per-call allocation shows in every attempt; a one-off JVM event (a deoptimization, say) in one at most.
        long allocated = Long.MAX_VALUE;
        long baseline = Long.MAX_VALUE;
        for (int attempt = 0; attempt < ATTEMPTS && allocated > baseline; attempt++) {
            baseline = measure(nothing, MEASURED_ITERATIONS);
            allocated = Math.min(allocated, measure(operation, MEASURED_ITERATIONS));
        }

        assertThat(allocated)
                .as(
                        "%s allocated %d bytes over %d iterations (baseline %d)",
                        name, allocated, MEASURED_ITERATIONS, baseline)
                .isLessThanOrEqualTo(baseline);
    }

    @Test
    void shouldSeeAllocationWhenThereIsSome() {
        // Guards the measurement itself: the same loop around an allocating operation must see it.
        final IntSupplier allocating = () -> {
            escaped = new byte[16];
            return escaped.length;
        };
        measure(allocating, WARM_UP_ITERATIONS);

        assertThat(measure(allocating, MEASURED_ITERATIONS)).isGreaterThanOrEqualTo(16L * MEASURED_ITERATIONS);
    }

    private static long measure(final IntSupplier operation, final int iterations) {
        final long threadId = Thread.currentThread().getId();
        final long before = THREADS.getThreadAllocatedBytes(threadId);
        int result = 0;
        for (int i = 0; i < iterations; i++) {
            result += operation.getAsInt();
        }
        final long after = THREADS.getThreadAllocatedBytes(threadId);
        sink += result;

        return after - before;
    }
}
