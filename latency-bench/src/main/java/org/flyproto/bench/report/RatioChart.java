package org.flyproto.bench.report;

import java.util.List;
import java.util.Locale;

/**
 * Grouped bars of throughput ratios flyproto ÷ peer, one group per fixture, one bar per comparison, on a log scale
 * centred on 1: a bar going up means flyproto is faster, down that it is slower.
 */
final class RatioChart {
    private static final int LEFT = 70;
    private static final int RIGHT = 20;
    private static final int TOP = 50;
    private static final int BOTTOM = 110;
    private static final int PLOT_HEIGHT = 360;
    private static final int GROUP_WIDTH = 110;
    /** Room for the legend when there are few fixtures. */
    private static final int MIN_WIDTH = 480;

    private RatioChart() {}

    /**
     * Draws the chart.
     *
     * @param title the title.
     * @param fixtures group labels.
     * @param series series labels.
     * @param ratios {@code ratios[series][fixture]}, NaN where there is no value.
     * @return the SVG document.
     */
    static String draw(
            final String title, final List<String> fixtures, final List<String> series, final double[][] ratios) {
        double low = 0.5;
        double high = 2;
        for (final double[] row : ratios) {
            for (final double ratio : row) {
                if (ratio > 0 && Double.isFinite(ratio)) {
                    low = Math.min(low, ratio);
                    high = Math.max(high, ratio);
                }
            }
        }
        // Half a power of two of room beyond the extreme bars, for their value labels.
        final int lowExp = (int) Math.floor(log2(low) - 0.5);
        final int highExp = (int) Math.ceil(log2(high) + 0.5);
        final int width = Math.max(MIN_WIDTH, LEFT + RIGHT + GROUP_WIDTH * fixtures.size());
        final int legendHeight = 18 * series.size();
        final Svg svg = new Svg(width, TOP + PLOT_HEIGHT + BOTTOM + legendHeight);
        svg.text(width / 2.0, 24, title, 15, "middle", 0, "#000000");
        svg.text(16, TOP + PLOT_HEIGHT / 2.0, "flyproto ÷ peer (ops/s), log scale", 11, "middle", -90, "#333333");

        for (int exp = lowExp; exp <= highExp; exp++) {
            final double y = y(Math.pow(2, exp), lowExp, highExp);
            svg.line(LEFT, y, width - RIGHT, y, exp == 0 ? "#000000" : "#dddddd", exp == 0 ? 1.5 : 1, null);
            svg.text(LEFT - 6, y + 4, label(Math.pow(2, exp)), 11, "end", 0, "#333333");
        }
        final double barWidth = (GROUP_WIDTH - 20.0) / series.size();
        final double one = y(1, lowExp, highExp);
        for (int f = 0; f < fixtures.size(); f++) {
            final double groupX = LEFT + GROUP_WIDTH * f + 10;
            for (int s = 0; s < series.size(); s++) {
                final double ratio = ratios[s][f];
                if (!(ratio > 0) || !Double.isFinite(ratio)) {
                    continue;
                }
                final double x = groupX + barWidth * s;
                final double top = y(ratio, lowExp, highExp);
                svg.rect(x, Math.min(top, one), barWidth - 2, Math.abs(one - top), Svg.PALETTE[s % Svg.PALETTE.length]);
                final double labelY = ratio >= 1 ? top - 4 : top + 4;
                svg.text(x + barWidth / 2, labelY, label(ratio), 9, ratio >= 1 ? "start" : "end", -90, "#000000");
            }
            svg.text(
                    groupX + (GROUP_WIDTH - 20) / 2.0,
                    TOP + PLOT_HEIGHT + 18,
                    fixtures.get(f),
                    11,
                    "middle",
                    0,
                    "#000000");
        }
        final double legendTop = TOP + PLOT_HEIGHT + 50;
        for (int s = 0; s < series.size(); s++) {
            final double y = legendTop + 18 * s;
            svg.rect(LEFT, y - 10, 12, 12, Svg.PALETTE[s % Svg.PALETTE.length]);
            svg.text(LEFT + 18, y, series.get(s), 11, "start", 0, "#000000");
        }
        return svg.toString();
    }

    private static double y(final double ratio, final int lowExp, final int highExp) {
        final double position = (log2(ratio) - lowExp) / (highExp - lowExp);
        return TOP + PLOT_HEIGHT * (1 - position);
    }

    private static double log2(final double value) {
        return Math.log(value) / Math.log(2);
    }

    private static String label(final double ratio) {
        return String.format(Locale.ROOT, ratio >= 10 ? "%.0f×" : "%.2f×", ratio);
    }
}
