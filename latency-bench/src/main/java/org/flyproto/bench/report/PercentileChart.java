package org.flyproto.bench.report;

import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * Latency percentile curves, one per library, in the HdrHistogram style: x is the percentile on a "number of nines"
 * scale (50%, 90%, 99%, … up to the maximum), y the latency in microseconds on a log scale.
 */
final class PercentileChart {
    private static final int LEFT = 80;
    private static final int RIGHT = 30;
    private static final int TOP = 50;
    private static final int PLOT_WIDTH = 640;
    private static final int PLOT_HEIGHT = 380;
    private static final double MAX_NINES = 5;
    private static final String[] TICKS = {"0%", "90%", "99%", "99.9%", "99.99%", "99.999%"};

    private PercentileChart() {}

    /**
     * One curve.
     *
     * @param label the library.
     * @param histogram its latencies, in nanoseconds.
     */
    record Curve(String label, Histogram histogram) {}

    /**
     * Draws the chart.
     *
     * @param title the title.
     * @param curves the curves.
     * @return the SVG document.
     */
    static String draw(final String title, final List<Curve> curves) {
        double low = Double.MAX_VALUE;
        double high = 0;
        for (final Curve curve : curves) {
            low = Math.min(low, Math.max(1, curve.histogram().getMinValue()) / 1e3);
            high = Math.max(high, curve.histogram().getMaxValue() / 1e3);
        }
        final int lowExp = (int) Math.floor(Math.log10(Math.max(low, 1e-3)));
        final int highExp = Math.max(lowExp + 1, (int) Math.ceil(Math.log10(Math.max(high, 1e-3))));
        final int legendHeight = 18 * curves.size();
        final Svg svg = new Svg(LEFT + PLOT_WIDTH + RIGHT, TOP + PLOT_HEIGHT + 60 + legendHeight);
        svg.text((LEFT + PLOT_WIDTH + RIGHT) / 2.0, 24, title, 15, "middle", 0, "#000000");
        svg.text(18, TOP + PLOT_HEIGHT / 2.0, "latency (µs), log scale", 11, "middle", -90, "#333333");
        for (int exp = lowExp; exp <= highExp; exp++) {
            final double y = y(Math.pow(10, exp), lowExp, highExp);
            svg.line(LEFT, y, LEFT + PLOT_WIDTH, y, "#dddddd", 1, null);
            svg.text(LEFT - 6, y + 4, format(Math.pow(10, exp)), 11, "end", 0, "#333333");
        }
        for (int nines = 0; nines < TICKS.length; nines++) {
            final double x = LEFT + PLOT_WIDTH * nines / MAX_NINES;
            svg.line(x, TOP, x, TOP + PLOT_HEIGHT, "#dddddd", 1, null);
            svg.text(x, TOP + PLOT_HEIGHT + 18, TICKS[nines], 11, "middle", 0, "#333333");
        }
        svg.text(LEFT + PLOT_WIDTH / 2.0, TOP + PLOT_HEIGHT + 36, "percentile", 11, "middle", 0, "#333333");

        for (int c = 0; c < curves.size(); c++) {
            final Histogram histogram = curves.get(c).histogram();
            final int steps = 200;
            final double[] points = new double[2 * (steps + 1)];
            for (int i = 0; i <= steps; i++) {
                final double nines = MAX_NINES * i / steps;
                final double percentile = 100 * (1 - Math.pow(10, -nines));
                final double micros = Math.max(histogram.getValueAtPercentile(percentile) / 1e3, Math.pow(10, lowExp));
                points[2 * i] = LEFT + PLOT_WIDTH * nines / MAX_NINES;
                points[2 * i + 1] = y(micros, lowExp, highExp);
            }
            final String colour = Svg.PALETTE[c % Svg.PALETTE.length];
            svg.polyline(points, colour, 2);
            final double legendY = TOP + PLOT_HEIGHT + 60 + 18 * c;
            svg.rect(LEFT, legendY - 10, 12, 12, colour);
            svg.text(
                    LEFT + 18,
                    legendY,
                    String.format(
                            Locale.ROOT,
                            "%s: p50 %s, p99 %s, p99.99 %s, max %s µs",
                            curves.get(c).label(),
                            format(histogram.getValueAtPercentile(50) / 1e3),
                            format(histogram.getValueAtPercentile(99) / 1e3),
                            format(histogram.getValueAtPercentile(99.99) / 1e3),
                            format(histogram.getMaxValue() / 1e3)),
                    11,
                    "start",
                    0,
                    "#000000");
        }
        return svg.toString();
    }

    private static double y(final double micros, final int lowExp, final int highExp) {
        final double position = (Math.log10(micros) - lowExp) / (highExp - lowExp);
        return TOP + PLOT_HEIGHT * (1 - position);
    }

    private static String format(final double micros) {
        if (micros >= 100) {
            return String.format(Locale.ROOT, "%.0f", micros);
        }
        if (micros >= 1) {
            return String.format(Locale.ROOT, "%.2f", micros);
        }
        return String.format(Locale.ROOT, "%.3f", micros);
    }
}
