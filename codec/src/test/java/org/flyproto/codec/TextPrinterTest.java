package org.flyproto.codec;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.agrona.concurrent.UnsafeBuffer;
import org.flyproto.buffers.Utf8View;
import org.junit.jupiter.api.Test;

class TextPrinterTest {
    private final TextPrinter printer = new TextPrinter();
    private final StringBuilder out = new StringBuilder();

    @Test
    void shouldPrintFloatsAndDoublesAsTheJdkDoesAtEveryMagnitude() {
        final SplittableRandom random = new SplittableRandom(7);
        final double[] edges = {
            0.0,
            -0.0,
            Double.NaN,
            Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY,
            Double.MAX_VALUE,
            Double.MIN_VALUE,
            Double.MIN_NORMAL,
            1e-5,
            1e7,
            0.001,
            1e300,
            2.5
        };
        for (final double value : edges) {
            assertThat(float64(value)).isEqualTo(Double.toString(value));
            assertThat(float32((float) value)).isEqualTo(Float.toString((float) value));
        }
        for (int i = 0; i < 200_000; i++) {
            final double d = Double.longBitsToDouble(random.nextLong());
            assertThat(float64(d)).isEqualTo(Double.toString(d));
            // Twice: the second time from the cache.
            assertThat(float64(d)).isEqualTo(Double.toString(d));
            final float f = Float.intBitsToFloat(random.nextInt());
            assertThat(float32(f)).isEqualTo(Float.toString(f));
            assertThat(float32(f)).isEqualTo(Float.toString(f));
        }
    }

    @Test
    void shouldPrintUnsignedValuesUnsigned() {
        final SplittableRandom random = new SplittableRandom(8);
        final long[] edges = {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, -10, 9};
        for (final long value : edges) {
            assertThat(uint64(value)).isEqualTo(Long.toUnsignedString(value));
        }
        for (int i = 0; i < 100_000; i++) {
            final long value = random.nextLong();
            assertThat(uint64(value)).isEqualTo(Long.toUnsignedString(value));
            out.setLength(0);
            printer.into(out);
            printer.uint32((int) value);
            assertThat(out).hasToString(Integer.toUnsignedString((int) value) + "\n");
        }
    }

    @Test
    void shouldSortStringKeysInUtf16Order() {
        final String[] keys = {"b", "", "\uFFFD", "\uD83D\uDE00", "a\u00E9", "ab", "a", "\u00E9", "\uE000", "b"};
        final byte[][] encoded = new byte[keys.length][];
        int length = 0;
        for (int i = 0; i < keys.length; i++) {
            encoded[i] = keys[i].getBytes(StandardCharsets.UTF_8);
            length += encoded[i].length;
        }
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[length]);
        final Utf8View view = new Utf8View();
        final int mark = printer.beginMap(true);
        int at = 0;
        for (int i = 0; i < keys.length; i++) {
            buffer.putBytes(at, encoded[i]);
            printer.mapKey(view.wrap(buffer, at, encoded[i].length), i);
            at += encoded[i].length;
        }
        final int end = printer.sortMap(mark);
        final StringBuilder sorted = new StringBuilder();
        for (int k = mark; k < end; k++) {
            sorted.append(printer.mapElement(k)).append(' ');
        }
        // Sorted as String.compareTo sorts; of the two "b", the later one (9) is kept.
        assertThat(sorted).hasToString("1 6 5 4 9 7 3 8 2 ");
        printer.endMap(mark);
    }

    private String float64(final double value) {
        out.setLength(0);
        printer.into(out);
        printer.float64(value);
        return out.substring(0, out.length() - 1);
    }

    private String float32(final float value) {
        out.setLength(0);
        printer.into(out);
        printer.float32(value);
        return out.substring(0, out.length() - 1);
    }

    private String uint64(final long value) {
        out.setLength(0);
        printer.into(out);
        printer.uint64(value);
        return out.substring(0, out.length() - 1);
    }
}
