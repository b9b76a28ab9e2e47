package org.flyproto.codec;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.function.DoubleConsumer;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * {@link ShortestDecimal} against its definition (the shortest decimal that reads back, the closest of that length)
 * on any JDK, and against the running JDK's {@code Double.toString} wherever it claims to match it.
 */
class ShortestDecimalTest {
    private final byte[] out = new byte[64];

    @Test
    void shouldComputeTheLogarithmsExactlyOverTheirRanges() {
        for (int e = -1100; e <= 1100; e++) {
            // floor(e log10 2) is the greatest k with 10^k <= 2^e.
            final int k = ShortestDecimal.floorLog10Pow2(e);
            assertThat(compare(1, k, 1, e)).as("10^%d <= 2^%d", k, e).isLessThanOrEqualTo(0);
            assertThat(compare(1, k + 1, 1, e)).as("10^%d > 2^%d", k + 1, e).isPositive();
            // floor(e log10 2 + log10 3/4) is the greatest k with 4 10^k <= 3 2^e.
            final int k34 = ShortestDecimal.floorLog10ThreeQuartersPow2(e);
            assertThat(compare(4, k34, 3, e)).as("4 10^%d <= 3 2^%d", k34, e).isLessThanOrEqualTo(0);
            assertThat(compare(4, k34 + 1, 3, e))
                    .as("4 10^%d > 3 2^%d", k34 + 1, e)
                    .isPositive();
        }
        for (int e = -340; e <= 340; e++) {
            // floor(e log2 10) is the greatest r with 2^r <= 10^e.
            final int r = ShortestDecimal.floorLog2Pow10(e);
            assertThat(compare(1, e, 1, r)).as("2^%d <= 10^%d", r, e).isGreaterThanOrEqualTo(0);
            assertThat(compare(1, e, 1, r + 1)).as("2^%d > 10^%d", r + 1, e).isNegative();
        }
    }

    @Test
    void shouldWriteTheJdkLayouts() {
        check(0.0, "0.0");
        check(-0.0, "-0.0");
        check(1.0, "1.0");
        check(-1.5, "-1.5");
        check(100.0, "100.0");
        check(1234567.0, "1234567.0");
        check(9999999.999999998, "9999999.999999998");
        check(1e7, "1.0E7");
        check(12345678.0, "1.2345678E7");
        check(0.001, "0.001");
        check(0.01, "0.01");
        check(0.1, "0.1");
        check(0.30000000000000004, "0.30000000000000004");
        check(9.999999999999998E-4, "9.999999999999998E-4");
        check(1e-5, "1.0E-5");
        check(1e23, "1.0E23");
        check(2e23, "2.0E23");
        check(8.41e21, "8.41E21");
        check(2.82879384806159E17, "2.82879384806159E17");
        check(Double.MAX_VALUE, "1.7976931348623157E308");
        check(-Double.MIN_NORMAL, "-2.2250738585072014E-308");
        check(Double.MIN_VALUE, "4.9E-324");
        check(2 * Double.MIN_VALUE, "9.9E-324");
        check(3 * Double.MIN_VALUE, "1.5E-323");
        check(1e-100, "1.0E-100");
        check(123e-100, "1.23E-98");
        check(1e100, "1.0E100");
    }

    @Test
    void shouldWriteTheShortestClosestDecimalAtEveryEdge() {
        edges(this::checkDefinition);
    }

    @Test
    void shouldWriteTheShortestClosestDecimalOfRandomValues() {
        random(200_000, this::checkDefinition);
    }

    @Test
    void shouldWriteWhatThisJdkWritesWhereItSaysItDoes() {
        final DoubleConsumer againstJdk = v -> {
            if (ShortestDecimal.matchesJdk(v)) {
                assertThat(write(v)).as("%s", Double.doubleToRawLongBits(v)).isEqualTo(Double.toString(v));
            }
        };
        edges(againstJdk);
        random(1_000_000, againstJdk);
        // Java 17 and 18 differ outside the plain range: there the caller must not use this class.
        assertThat(ShortestDecimal.matchesJdk(1e23))
                .isEqualTo(Double.toString(1e23).equals("1.0E23"));
        assertThat(ShortestDecimal.matchesJdk(0.001)).isTrue();
        assertThat(ShortestDecimal.matchesJdk(9999999.999999998)).isTrue();
    }

    @Test
    void shouldWriteNoMoreThanItsLengthNorTouchMoreThanItsRoom() {
        edges(v -> {
            Arrays.fill(out, (byte) '#');
            final int end = ShortestDecimal.write(v, out, 5);
            assertThat(end - 5).isLessThanOrEqualTo(ShortestDecimal.MAX_LENGTH);
            for (int i = 0; i < out.length; i++) {
                if (i < 5 || i >= 5 + ShortestDecimal.ROOM) {
                    assertThat(out[i]).as("byte %d", i).isEqualTo((byte) '#');
                }
            }
        });
    }

    @Test
    void shouldWriteTheJdkLayoutsOfFloats() {
        checkFloat(0.0f, "0.0");
        checkFloat(-0.0f, "-0.0");
        checkFloat(1.0f, "1.0");
        checkFloat(0.1f, "0.1");
        checkFloat(-123.456f, "-123.456");
        checkFloat(9999999.0f, "9999999.0");
        checkFloat(1e7f, "1.0E7");
        checkFloat(0.001f, "0.001");
        checkFloat(1e-4f, "1.0E-4");
        checkFloat(1.0E10f, "1.0E10");
        checkFloat(Float.MAX_VALUE, "3.4028235E38");
        checkFloat(Float.MIN_NORMAL, "1.1754944E-38");
        checkFloat(Float.MIN_VALUE, "1.4E-45");
        checkFloat(2 * Float.MIN_VALUE, "2.8E-45");
        checkFloat(16777216.0f, "1.6777216E7");
    }

    @Test
    void shouldWriteTheShortestClosestDecimalOfFloats() {
        // Every 4,099th bit pattern (all binades, subnormals included), and the neighbours of every power of ten.
        for (long bits = 0; bits < 0x7F80_0000L; bits += 4099) {
            checkFloatDefinition(Float.intBitsToFloat((int) bits));
        }
        floatEdges(this::checkFloatDefinition);
    }

    /** Floats next to every power of ten and of two (where the interval below is half the one above). */
    private static void floatEdges(final Consumer<Float> check) {
        for (int k = -46; k <= 38; k++) {
            final int bits = Float.floatToRawIntBits(Float.parseFloat("1e" + k));
            for (int i = -20; i <= 20; i++) {
                finiteFloat(Float.intBitsToFloat(bits + i), check);
            }
        }
        for (int k = -149; k <= 127; k++) {
            final int bits = Float.floatToRawIntBits(Math.scalb(1.0f, k));
            for (int i = -3; i <= 3; i++) {
                finiteFloat(Float.intBitsToFloat(bits + i), check);
            }
        }
    }

    private static void finiteFloat(final float v, final Consumer<Float> check) {
        if (!Float.isNaN(v) && !Float.isInfinite(v)) {
            check.accept(v);
        }
    }

    @Test
    void shouldWriteWhatThisJdkWritesForFloatsWhereItSaysItDoes() {
        final Consumer<Float> againstJdk = f -> {
            if (ShortestDecimal.matchesJdk(f)) {
                assertThat(write(f)).as("%s", Float.floatToRawIntBits(f)).isEqualTo(Float.toString(f));
            }
        };
        for (long bits = 0; bits < 0x7F80_0000L; bits += 1021) {
            final float f = Float.intBitsToFloat((int) bits);
            againstJdk.accept(f);
            againstJdk.accept(-f);
        }
        floatEdges(againstJdk);
    }

    /** Values next to every power of ten and of two, and the smallest subnormals. */
    private static void edges(final DoubleConsumer check) {
        for (int k = -325; k <= 309; k++) {
            final long bits = Double.doubleToRawLongBits(Double.parseDouble("1e" + k));
            for (long i = -40; i <= 40; i++) {
                finite(Double.longBitsToDouble(bits + i), check);
            }
        }
        for (int k = -1074; k <= 1023; k++) {
            final long bits = Double.doubleToRawLongBits(Math.scalb(1.0, k));
            for (long i = -3; i <= 3; i++) {
                finite(Double.longBitsToDouble(bits + i), check);
            }
        }
        for (long bits = 0; bits < 1000; bits++) {
            finite(Double.longBitsToDouble(bits), check);
        }
    }

    /** Random bit patterns, values in the plain range, short decimals, halfway decimals, small dyadic fractions. */
    private static void random(final int count, final DoubleConsumer check) {
        final SplittableRandom random = new SplittableRandom(0x5C4B_FAC4L);
        for (int i = 0; i < count; i++) {
            final double v = switch (i % 5) {
                case 0 -> Double.longBitsToDouble(random.nextLong());
                case 1 -> Math.scalb(1.0 + random.nextDouble(), random.nextInt(-11, 24));
                case 2 ->
                    Double.parseDouble(
                            random.nextLong(1, 100_000_000_000_000_000L) / (long) Math.pow(10, random.nextInt(17)) + "e"
                                    + random.nextInt(-30, 30));
                case 3 ->
                    Double.parseDouble(
                            (random.nextLong(1, 10_000_000_000_000_000L) * 10 + 5) + "e" + random.nextInt(-30, 10));
                default -> Math.scalb((double) random.nextLong(1, 1L << 20), random.nextInt(-40, 20));
            };
            finite(random.nextBoolean() ? v : -v, check);
        }
    }

    private static void finite(final double v, final DoubleConsumer check) {
        if (!Double.isNaN(v) && !Double.isInfinite(v)) {
            check.accept(v);
        }
    }

    /** The text reads back as the value and is the shortest and closest decimal that does. */
    private void checkDefinition(final double v) {
        final String text = write(v);
        assertThat(Double.parseDouble(text)).as(text).isEqualTo(v);
        if (v != 0) {
            final double magnitude = Math.abs(v);
            checkShortestClosest(text, new BigDecimal(magnitude), d -> d.doubleValue() == magnitude);
        }
    }

    /** As {@link #checkDefinition} for a float, whose text must read back with {@code Float.parseFloat}. */
    private void checkFloatDefinition(final float v) {
        final String text = write(v);
        assertThat(Float.parseFloat(text)).as(text).isEqualTo(v);
        if (v != 0) {
            final float magnitude = Math.abs(v);
            checkShortestClosest(text, new BigDecimal(magnitude), d -> d.floatValue() == magnitude);
        }
    }

    /**
     * No decimal one digit shorter than {@code text} reads back (below three digits the JDK's rule lets two-digit
     * decimals compete with one-digit ones), and neither neighbour of the same length that reads back is closer to
     * {@code exact}, the value's magnitude; a tie goes to the even digit.
     */
    private static void checkShortestClosest(
            final String text, final BigDecimal exact, final Predicate<BigDecimal> readsBack) {
        final BigDecimal written = new BigDecimal(text).abs().stripTrailingZeros();
        final int length = written.precision();
        if (length >= 3) {
            for (final RoundingMode mode : new RoundingMode[] {RoundingMode.FLOOR, RoundingMode.CEILING}) {
                final BigDecimal shorter = exact.round(new MathContext(length - 1, mode));
                assertThat(readsBack.test(shorter))
                        .as("%s is shorter than %s", shorter, text)
                        .isFalse();
            }
        }
        final BigDecimal unit = BigDecimal.ONE.scaleByPowerOfTen(-written.scale());
        final BigDecimal distance = written.subtract(exact).abs();
        for (final BigDecimal neighbour : new BigDecimal[] {written.subtract(unit), written.add(unit)}) {
            if (neighbour.signum() > 0 && readsBack.test(neighbour)) {
                final int closer = neighbour.subtract(exact).abs().compareTo(distance);
                assertThat(closer).as("%s is closer than %s", neighbour, text).isGreaterThanOrEqualTo(0);
                if (closer == 0) {
                    assertThat(written.unscaledValue().testBit(0))
                            .as("tie to even: %s", text)
                            .isFalse();
                }
            }
        }
    }

    private void checkFloat(final float v, final String expected) {
        assertThat(write(v)).isEqualTo(expected);
        checkFloatDefinition(v);
    }

    private String write(final float v) {
        final int end = ShortestDecimal.write(v, out, 0);
        return new String(out, 0, end, StandardCharsets.US_ASCII);
    }

    private void check(final double v, final String expected) {
        assertThat(write(v)).isEqualTo(expected);
        checkDefinition(v);
    }

    private String write(final double v) {
        final int end = ShortestDecimal.write(v, out, 0);
        return new String(out, 0, end, StandardCharsets.US_ASCII);
    }

    /** Compares m 10^k with n 2^e exactly: negative, zero or positive. */
    private static int compare(final long m, final int k, final long n, final int e) {
        BigInteger left = BigInteger.valueOf(m);
        BigInteger right = BigInteger.valueOf(n);
        if (k >= 0) {
            left = left.multiply(BigInteger.TEN.pow(k));
        } else {
            right = right.multiply(BigInteger.TEN.pow(-k));
        }
        if (e >= 0) {
            right = right.shiftLeft(e);
        } else {
            left = left.shiftLeft(-e);
        }
        return left.compareTo(right);
    }
}
