package org.flyproto.codec;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/** {@link JsonNumbers} against the JDK readings JsonFormat uses: {@code Double.parseDouble} and {@code BigDecimal}. */
class JsonNumbersTest {
    private static final int CASES = 200_000;

    private final JsonNumbers numbers = new JsonNumbers();

    @Test
    void shouldReadPrintedDoublesAsTheJdkDoes() {
        final SplittableRandom random = new SplittableRandom(42);
        for (int i = 0; i < CASES; i++) {
            final double d = Double.longBitsToDouble(random.nextLong());
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                continue;
            }
            check(Double.toString(d));
            if (!Float.isInfinite((float) d)) {
                check(Double.toString((float) d));
            }
        }
    }

    @Test
    void shouldReadSubnormalsAndTheSmallestNormalsAsTheJdkDoes() {
        final SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < CASES / 4; i++) {
            // Subnormals, and normals of the two smallest exponents (rounding may carry across the boundary).
            final double d = Double.longBitsToDouble(random.nextLong() & ((1L << 54) - 1));
            check(Double.toString(d));
            check(Double.toString(-d));
            final String digits = Long.toString(1 + (random.nextLong() >>> 1) % 999_999_999_999_999_999L);
            check(digits + "e-" + (310 + random.nextInt(50)));
        }
    }

    @Test
    void shouldReadDecimalsOfUpToTwentyDigitsAsTheJdkDoes() {
        final SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < CASES; i++) {
            final StringBuilder s = new StringBuilder();
            if (random.nextBoolean()) {
                s.append('-');
            }
            final int digits = 1 + random.nextInt(20);
            for (int d = 0; d < digits; d++) {
                s.append((char) ('0' + random.nextInt(10)));
                if (d == 0 && random.nextInt(3) == 0) {
                    s.append('.');
                }
            }
            s.append('e').append(random.nextInt(700) - 350);
            check(s.toString());
        }
        for (final String s : new String[] {
            "9007199254740993",
            "9007199254740992.5",
            "2.2250738585072011e-308",
            "2.2250738585072014e-308",
            "4.9e-324",
            "1.7976931348623157e308",
            "1.7976931348623158e308",
            "0.1",
            "1e23",
            "8.41e21",
            "9999999999999999999",
            "18446744073709551615",
            "7.2057594037927933e16",
            "1e-400",
            "123456789012345678e-5"
        }) {
            check(s);
        }
    }

    @Test
    void shouldReadDigitsOfEveryLengthWithThePointAtEveryPlace() {
        // Runs of digits read eight at a time where eight follow with no point among them: every length up to 24,
        // the point at every place or absent, leading zeros, in a heap and in a direct buffer.
        final SplittableRandom random = new SplittableRandom(5);
        for (int length = 1; length <= 24; length++) {
            for (int point = -1; point < length; point++) {
                for (int round = 0; round < 20; round++) {
                    final StringBuilder s = new StringBuilder();
                    for (int d = 0; d < length; d++) {
                        s.append((char) ('0' + (round % 4 == 0 && d < 3 ? 0 : random.nextInt(10))));
                        if (d == point) {
                            s.append('.').append((char) ('0' + random.nextInt(10)));
                        }
                    }
                    final String text = s.toString();
                    check(text);
                    checkInteger(text, new UnsafeBuffer(text.getBytes(StandardCharsets.US_ASCII)));
                    final ByteBuffer direct = ByteBuffer.allocateDirect(text.length());
                    direct.put(text.getBytes(StandardCharsets.US_ASCII)).flip();
                    checkInteger(text, new UnsafeBuffer(direct));
                    assertThat(numbers.javaDouble(new UnsafeBuffer(direct), 0, text.length()))
                            .as(text)
                            .isTrue();
                    assertThat(numbers.value).as(text).isEqualTo(Double.parseDouble(text));
                }
            }
        }
    }

    @Test
    void shouldTellWordsOfEightDigitsAndTheirValues() {
        final byte[] digits = "12345678".getBytes(StandardCharsets.US_ASCII);
        for (int at = 0; at < 8; at++) {
            for (int b = 0; b < 256; b++) {
                final byte[] word = digits.clone();
                word[at] = (byte) b;
                final long w =
                        ByteBuffer.wrap(word).order(ByteOrder.LITTLE_ENDIAN).getLong();
                assertThat(Digits.allDigits(w)).as("%s at %s", b, at).isEqualTo(b >= '0' && b <= '9');
            }
        }
        final SplittableRandom random = new SplittableRandom(8);
        for (int i = 0; i < 100_000; i++) {
            final int v = i < 2 ? i * 99_999_999 : random.nextInt(100_000_000);
            final byte[] word = String.format("%08d", v).getBytes(StandardCharsets.US_ASCII);
            final long w = ByteBuffer.wrap(word).order(ByteOrder.LITTLE_ENDIAN).getLong();
            assertThat(Digits.value(w)).isEqualTo(v);
        }
    }

    private void checkInteger(final String text, final UnsafeBuffer b) {
        checkInteger(text, b, 0);
        // Inside a buffer, after bytes that are digits and after bytes that are not (a word may start before it).
        for (final byte before : new byte[] {'9', '"'}) {
            final byte[] bytes = new byte[11 + text.length() + 3];
            java.util.Arrays.fill(bytes, before);
            System.arraycopy(text.getBytes(StandardCharsets.US_ASCII), 0, bytes, 11, text.length());
            checkInteger(text, new UnsafeBuffer(bytes), 11);
        }
    }

    private void checkInteger(final String text, final UnsafeBuffer b, final int offset) {
        final boolean read = numbers.integer(b, offset, text.length());
        final BigDecimal big = new BigDecimal(text);
        assertThat(read)
                .as(text)
                .isEqualTo(big.signum() == 0 || big.stripTrailingZeros().scale() <= 0);
        if (read) {
            final BigInteger exact = big.toBigIntegerExact().abs();
            assertThat(numbers.negative).as(text).isEqualTo(text.startsWith("-"));
            assertThat(numbers.overflow).as(text).isEqualTo(exact.bitLength() > 64);
            if (exact.bitLength() <= 64) {
                assertThat(numbers.magnitude).as(text).isEqualTo(exact.longValue());
            }
        }
    }

    private void check(final String s) {
        final UnsafeBuffer b = new UnsafeBuffer(s.getBytes(StandardCharsets.US_ASCII));
        assertThat(numbers.javaDouble(b, 0, s.length())).as(s).isTrue();
        assertThat(numbers.value).as(s).isEqualTo(Double.parseDouble(s));
        final BigDecimal big = new BigDecimal(s);
        final int result = numbers.doubleField(b, 0, s.length());
        if (result == 0) {
            assertThat(numbers.value).as(s).isEqualTo(big.doubleValue());
        } else {
            assertThat(Math.abs(big.doubleValue())).as(s).isEqualTo(Double.POSITIVE_INFINITY);
        }
    }

    @Test
    void shouldReadPlainIntegersOfEveryLengthAndTheEdgesOfTheirFastPath() {
        // Up to 19 digits, optionally after '-', are read in one pass; other forms by the general path.
        final String[] edges = {
            "0",
            "-0",
            "7",
            "-7",
            "+7",
            "007",
            "-007",
            "999999999999999999",
            "9999999999999999999",
            "-9999999999999999999",
            "09999999999999999999",
            "10000000000000000000",
            "18446744073709551615",
            "18446744073709551616",
            "-18446744073709551616",
            "9223372036854775807",
            "9223372036854775808",
            "1.0",
            "1e3",
            "12345678901234567890123"
        };
        for (final String text : edges) {
            checkInteger(text, new UnsafeBuffer(text.getBytes(StandardCharsets.US_ASCII)));
        }
        for (final String text : new String[] {"", "-", "--1", "-+1", "1-", "12a", "a12", "1 ", " 1", "0x1", "1:2"}) {
            assertThat(numbers.integer(new UnsafeBuffer(text.getBytes(StandardCharsets.US_ASCII)), 0, text.length()))
                    .as("'%s'", text)
                    .isFalse();
            final byte[] inside = ("99999999999" + text + "999").getBytes(StandardCharsets.US_ASCII);
            assertThat(numbers.integer(new UnsafeBuffer(inside), 11, text.length()))
                    .as("'%s' after digits", text)
                    .isFalse();
        }
        final SplittableRandom random = new SplittableRandom(19);
        for (int length = 1; length <= 21; length++) {
            for (int round = 0; round < 200; round++) {
                final StringBuilder s = new StringBuilder(round % 2 == 0 ? "-" : "");
                for (int d = 0; d < length; d++) {
                    s.append((char) ('0' + (round % 5 == 0 ? 9 : random.nextInt(10))));
                }
                checkInteger(s.toString(), new UnsafeBuffer(s.toString().getBytes(StandardCharsets.US_ASCII)));
            }
        }
    }

    @Test
    void shouldReadDoubleFieldsOfEveryFormAsBigDecimalDoes() {
        // Plain decimals (an optional minus, up to 19 digits, a point between two) are read in one pass; the rest
        // by the general path. Both must give BigDecimal's verdict and value.
        final String[] texts = {
            "",
            "-",
            ".",
            "-.",
            "1.",
            ".5",
            "-.5",
            "1..2",
            "1.2.3",
            "--1",
            "1-",
            "+1",
            "+1.5",
            "1e5",
            "1.5e-3",
            "0x10",
            "0",
            "-0",
            "0.0",
            "-0.0",
            "00.5",
            "-00012.50",
            "1234567890123456789",
            "1234567890.123456789",
            "12345678901234567890",
            "0.1234567890123456789",
            "-47.12345678901234",
            "9007199254740993",
            "1.7976931348623157",
            "4.9",
            "123456789012345678.9",
            " 1",
            "1 ",
            "1,5",
            "NaN",
            "-Infinity"
        };
        for (final String text : texts) {
            checkDoubleField(text);
        }
        final SplittableRandom random = new SplittableRandom(21);
        for (int i = 0; i < CASES; i++) {
            final StringBuilder s = new StringBuilder(random.nextBoolean() ? "-" : "");
            final int digits = 1 + random.nextInt(21);
            final int point = random.nextInt(digits + 1);
            for (int d = 0; d < digits; d++) {
                s.append((char) ('0' + (random.nextInt(6) == 0 ? 0 : random.nextInt(10))));
                if (d + 1 == point && d + 1 < digits) {
                    s.append('.');
                }
            }
            checkDoubleField(s.toString());
        }
    }

    private void checkDoubleField(final String text) {
        final UnsafeBuffer b = new UnsafeBuffer(text.getBytes(StandardCharsets.US_ASCII));
        final int result = numbers.doubleField(b, 0, text.length());
        if (text.equals("NaN") || text.equals("-Infinity")) {
            assertThat(result).as(text).isZero();
            return;
        }
        BigDecimal big = null;
        try {
            big = new BigDecimal(text);
        } catch (final NumberFormatException e) {
            assertThat(result).as("'%s'", text).isEqualTo(1);
            return;
        }
        assertThat(result).as(text).isZero();
        assertThat(numbers.value).as(text).isEqualTo(big.doubleValue() == 0 ? 0.0 : big.doubleValue());
    }

    @Test
    void shouldReadIntegersAsBigDecimalDoes() {
        final SplittableRandom random = new SplittableRandom(3);
        for (int i = 0; i < CASES; i++) {
            final StringBuilder s = new StringBuilder();
            s.append(random.nextInt(4) == 0 ? "-" : random.nextInt(8) == 0 ? "+" : "");
            final int digits = 1 + random.nextInt(22);
            for (int d = 0; d < digits; d++) {
                s.append((char) ('0' + random.nextInt(10)));
            }
            if (random.nextInt(3) == 0) {
                s.append('.').append(random.nextInt(3) == 0 ? "0" : String.valueOf(random.nextInt(100)));
            }
            if (random.nextInt(3) == 0) {
                s.append('e').append(random.nextInt(30) - 10);
            }
            final String text = s.toString();
            final UnsafeBuffer b = new UnsafeBuffer(text.getBytes(StandardCharsets.US_ASCII));
            final boolean read = numbers.integer(b, 0, text.length());
            final BigDecimal big = new BigDecimal(text);
            final boolean integral =
                    big.signum() == 0 || big.stripTrailingZeros().scale() <= 0;
            assertThat(read).as(text).isEqualTo(integral);
            if (read) {
                final java.math.BigInteger exact = big.toBigIntegerExact().abs();
                final boolean fits = exact.bitLength() <= 64;
                assertThat(numbers.negative).as(text).isEqualTo(text.startsWith("-"));
                assertThat(numbers.overflow).as(text).isEqualTo(!fits);
                if (fits) {
                    assertThat(numbers.magnitude).as(text).isEqualTo(exact.longValue());
                }
            }
        }
    }
}
