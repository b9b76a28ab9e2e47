package org.flyproto.buffers;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.CharBuffer;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** {@link Utf8#encodedLength}, and the {@link Utf8Contract} over every {@link BufferKind}. */
class Utf8Test {
    @Test
    void shouldMeasureEveryLengthClass() {
        assertThat(Utf8.encodedLength("")).isZero();
        assertThat(Utf8.encodedLength("\u007F")).isEqualTo(1);
        assertThat(Utf8.encodedLength("\u0080")).isEqualTo(2);
        assertThat(Utf8.encodedLength("\u07FF")).isEqualTo(2);
        assertThat(Utf8.encodedLength("\u0800")).isEqualTo(3);
        assertThat(Utf8.encodedLength("\uFFFF")).isEqualTo(3);
        assertThat(Utf8.encodedLength("\uD800\uDC00")).isEqualTo(4);
        assertThat(Utf8.encodedLength("\uDBFF\uDFFF")).isEqualTo(4);
    }

    @Test
    void shouldCountUnpairedSurrogatesAsOneByte() {
        assertThat(Utf8.encodedLength("\uD800")).isEqualTo(1);
        assertThat(Utf8.encodedLength("\uDC00")).isEqualTo(1);
        assertThat(Utf8.encodedLength("a\uD83D")).isEqualTo(2);
        assertThat(Utf8.encodedLength("\uDC00\uD800")).isEqualTo(2);
        assertThat(Utf8.encodedLength("\uD800\uD800\uDC00")).isEqualTo(5);
    }

    @Test
    void shouldFindTheCharWhoseBytesStartAtAnOffset() {
        final long seed = TestSeeds.seed();
        final SplittableRandom random = new SplittableRandom(seed);
        for (int n = 0; n < 2_000; n++) {
            final String value = RandomText.string(random, 24, true);
            for (int i = 0; i <= value.length(); i++) {
                final boolean insidePair = i > 0
                        && i < value.length()
                        && Character.isHighSurrogate(value.charAt(i - 1))
                        && Character.isLowSurrogate(value.charAt(i));
                if (!insidePair) {
                    assertThat(Utf8.charIndex(value, Utf8.encodedLength(value.substring(0, i))))
                            .as("seed=%d %s at %d", seed, value, i)
                            .isEqualTo(i);
                }
            }
            assertThat(Utf8.charIndex(value, Integer.MAX_VALUE)).isEqualTo(value.length());
        }
    }

    @Test
    void shouldMeasureLikeStringGetBytesForRandomText() {
        final long seed = TestSeeds.seed();
        final SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < 20_000; i++) {
            final String value = RandomText.string(random, 64, true);
            final int expected = value.getBytes(UTF_8).length;

            assertThat(Utf8.encodedLength(value)).as("seed=%d", seed).isEqualTo(expected);
            assertThat(Utf8.encodedLength(CharBuffer.wrap(value)))
                    .as("seed=%d", seed)
                    .isEqualTo(expected);
        }
    }

    @Test
    void shouldMeasureStringsHeldAsLatin1BytesAsTheirChars() {
        // The JVM here keeps Latin-1 strings one byte a char: the 8-chars-a-step paths must be the ones tested.
        assertThat(StringMemory.available()).isTrue();
        assertThat(StringMemory.latin1("caf\u00E9")).containsExactly('c', 'a', 'f', (byte) 0xE9);
        assertThat(StringMemory.latin1("\u0100")).isNull();
        final long seed = TestSeeds.seed();
        final SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < 20_000; i++) {
            final String value = RandomText.latin1(random, 80);
            assertThat(Utf8.encodedLength(value))
                    .as("seed=%d", seed)
                    .isEqualTo(value.getBytes(UTF_8).length)
                    .isEqualTo(Utf8.encodedLength(new StringBuilder(value)));
        }
    }

    @Test
    void shouldCountEachHighLatin1CharOnceWhereverItIs() {
        // Past eight chars the tail is read as the last eight bytes, overlapping bytes counted already: a char at
        // 0x80 or above in that overlap must count once, in the tail only if it is in neither.
        for (int length = 1; length <= 24; length++) {
            for (int at = 0; at < length; at++) {
                final char[] chars =
                        "abcdefghijklmnopqrstuvwx".substring(0, length).toCharArray();
                chars[at] = '\u00E9';
                final String value = new String(chars);
                assertThat(Utf8.encodedLength(value)).as(value).isEqualTo(length + 1);
                chars[(at + 3) % length] = '\u00FF';
                final String two = new String(chars);
                assertThat(Utf8.encodedLength(two)).as(two).isEqualTo(two.getBytes(UTF_8).length);
            }
        }
    }

    @Nested
    class HeapArray extends Utf8Contract {
        HeapArray() {
            super(BufferKind.HEAP_ARRAY);
        }
    }

    @Nested
    class DirectByteBuffer extends Utf8Contract {
        DirectByteBuffer() {
            super(BufferKind.DIRECT_BYTE_BUFFER);
        }
    }

    @Nested
    class OffHeapAddress extends Utf8Contract {
        OffHeapAddress() {
            super(BufferKind.OFF_HEAP_ADDRESS);
        }
    }

    @Nested
    class ExpandableArray extends Utf8Contract {
        ExpandableArray() {
            super(BufferKind.EXPANDABLE_ARRAY);
        }
    }

    @Nested
    class ExpandableDirect extends Utf8Contract {
        ExpandableDirect() {
            super(BufferKind.EXPANDABLE_DIRECT);
        }
    }

    @Nested
    class InterfaceOnly extends Utf8Contract {
        InterfaceOnly() {
            super(BufferKind.INTERFACE_ONLY);
        }
    }
}
