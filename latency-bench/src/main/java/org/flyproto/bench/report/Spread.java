package org.flyproto.bench.report;

import java.util.Arrays;
import java.util.Locale;

/**
 * A value measured once per round: its median over the rounds, with the smallest and the largest. The median, not the
 * mean, because on a shared machine one disturbed round is an outlier, not information; min–max shows how far the
 * rounds disagree.
 *
 * @param median the median (the mean of the two middle values for an even number of rounds); NaN without values.
 * @param min the smallest value.
 * @param max the largest value.
 * @param rounds how many rounds had a value.
 */
record Spread(double median, double min, double max, int rounds) {
    /** No value in any round. */
    static final Spread NONE = new Spread(Double.NaN, Double.NaN, Double.NaN, 0);

    /**
     * @param values one value per round; NaN (no measurement in that round) is left out.
     * @return their spread.
     */
    static Spread of(final double... values) {
        final double[] sorted =
                Arrays.stream(values).filter(v -> !Double.isNaN(v)).sorted().toArray();
        final int n = sorted.length;
        if (n == 0) {
            return NONE;
        }
        final double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        return new Spread(median, sorted[0], sorted[n - 1], n);
    }

    /**
     * @return whether any round had a value.
     */
    boolean isPresent() {
        return rounds > 0;
    }

    /**
     * @return e.g. {@code 1.42 (1.31–1.55)}; the median alone for one round; empty without values.
     */
    String ratio() {
        if (!isPresent()) {
            return "";
        }
        if (rounds == 1) {
            return String.format(Locale.ROOT, "%.2f", median);
        }
        return String.format(Locale.ROOT, "%.2f (%.2f–%.2f)", median, min, max);
    }
}
