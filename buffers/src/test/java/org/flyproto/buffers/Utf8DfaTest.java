package org.flyproto.buffers;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link Utf8Dfa} against the JDK's strict decoder, and its 8-byte steps against its single ones. */
class Utf8DfaTest {
    /** Bytes after a lead byte: ASCII, the edges of every continuation range, and leads. */
    private static final int[] FOLLOWERS = {0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xE0, 0xF4};

    @Test
    void shouldAcceptExactlyWhatTheJdkDecodesStrictlyForEverySequenceShape() {
        for (int b0 = 0; b0 < 256; b0++) {
            for (int b1 = 0; b1 < 256; b1++) {
                assertVerdict(b0, b1);
                if (b0 >= 0xE0) {
                    for (final int b2 : FOLLOWERS) {
                        assertVerdict(b0, b1, b2);
                        if (b0 >= 0xF0) {
                            for (final int b3 : FOLLOWERS) {
                                assertVerdict(b0, b1, b2, b3);
                            }
                        }
                    }
                }
            }
        }
    }

    @Test
    void shouldStepEightBytesAsEightSingleStepsFromEveryState() {
        final long seed = TestSeeds.seed();
        final SplittableRandom random = new SplittableRandom(seed);
        for (int n = 0; n < 20_000; n++) {
            final byte[] bytes = n % 2 == 0 ? RandomText.bytes(random, 16) : RandomText.mutatedUtf8(random, 16);
            final byte[] word = new byte[Long.BYTES];
            System.arraycopy(bytes, 0, word, 0, Math.min(bytes.length, Long.BYTES));
            // Every state is reached from the start by some prefix: start from the state after a random lead.
            final long start = Utf8Dfa.step(Utf8Dfa.ACCEPT, random.nextInt(256));
            long expected = start;
            for (final byte b : word) {
                expected = Utf8Dfa.step(expected, b);
            }
            final long packed =
                    ByteBuffer.wrap(word).order(ByteOrder.LITTLE_ENDIAN).getLong();

            assertThat(Utf8Dfa.word(start, packed) & 63).as("seed=%d", seed).isEqualTo(expected & 63);
        }
    }

    @Test
    void shouldCountTheUtf16UnitsOfTheSequencesStartingInEightBytes() {
        final long seed = TestSeeds.seed();
        final SplittableRandom random = new SplittableRandom(seed);
        for (int n = 0; n < 20_000; n++) {
            final byte[] bytes = RandomText.string(random, 40, false).getBytes(UTF_8);
            final int at = bytes.length <= Long.BYTES ? 0 : random.nextInt(bytes.length - Long.BYTES);
            final byte[] word = new byte[Long.BYTES];
            System.arraycopy(bytes, at, word, 0, Math.min(Long.BYTES, bytes.length - at));
            int expected = 0;
            for (final byte b : word) {
                expected += Utf8Dfa.utf16Units(b);
                if ((b & 0xC0) != 0x80) {
                    // ASCII or a lead byte starts a code point, whether or not it ends in the word.
                    assertThat(Utf8Dfa.utf16Units(b)).isEqualTo((b & 0xF8) == 0xF0 ? 2 : 1);
                } else {
                    assertThat(Utf8Dfa.utf16Units(b)).isZero();
                }
            }
            final long packed =
                    ByteBuffer.wrap(word).order(ByteOrder.LITTLE_ENDIAN).getLong();

            assertThat(Utf8Dfa.utf16Units(packed)).as("seed=%d", seed).isEqualTo(expected);
        }
    }

    private static void assertVerdict(final int... sequence) {
        final byte[] bytes = new byte[sequence.length];
        long state = Utf8Dfa.ACCEPT;
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) sequence[i];
            state = Utf8Dfa.step(state, bytes[i]);
        }

        assertThat(Utf8Dfa.accepts(state))
                .as("%s", BufferFixture.hex(bytes))
                .isEqualTo(RandomText.jdkInvalidIndex(bytes) < 0);
    }
}
