package org.flyproto.bench.report;

import java.util.Locale;

/** A minimal SVG writer: the few shapes the charts need, in user units, written as one standalone document. */
final class Svg {
    /** Series colours, in order (colour-blind-friendly palette). */
    static final String[] PALETTE = {
        "#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000"
    };

    private final int width;
    private final int height;
    private final StringBuilder body = new StringBuilder();

    /**
     * @param width document width.
     * @param height document height.
     */
    Svg(final int width, final int height) {
        this.width = width;
        this.height = height;
        rect(0, 0, width, height, "#ffffff");
    }

    /** Draws a filled rectangle. */
    Svg rect(final double x, final double y, final double w, final double h, final String fill) {
        body.append(String.format(
                Locale.ROOT,
                "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>%n",
                x,
                y,
                w,
                h,
                fill));
        return this;
    }

    /** Draws a line; {@code dash} may be null for a solid one. */
    Svg line(
            final double x1,
            final double y1,
            final double x2,
            final double y2,
            final String stroke,
            final double strokeWidth,
            final String dash) {
        body.append(String.format(
                Locale.ROOT,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"%.1f\"%s/>%n",
                x1,
                y1,
                x2,
                y2,
                stroke,
                strokeWidth,
                dash == null ? "" : " stroke-dasharray=\"" + dash + "\""));
        return this;
    }

    /** Draws a polyline through points given as x0, y0, x1, y1, … */
    Svg polyline(final double[] points, final String stroke, final double strokeWidth) {
        final StringBuilder coordinates = new StringBuilder();
        for (int i = 0; i + 1 < points.length; i += 2) {
            coordinates.append(String.format(Locale.ROOT, "%.1f,%.1f ", points[i], points[i + 1]));
        }
        body.append(String.format(
                Locale.ROOT,
                "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"%.1f\"/>%n",
                coordinates.toString().trim(),
                stroke,
                strokeWidth));
        return this;
    }

    /** Writes text; {@code anchor} is start, middle or end; {@code rotate} in degrees about the anchor point. */
    Svg text(
            final double x,
            final double y,
            final String text,
            final int size,
            final String anchor,
            final double rotate,
            final String fill) {
        body.append(String.format(
                Locale.ROOT,
                "<text x=\"%.1f\" y=\"%.1f\" font-family=\"sans-serif\" font-size=\"%d\" text-anchor=\"%s\" fill=\"%s\"%s>"
                        + "%s</text>%n",
                x,
                y,
                size,
                anchor,
                fill,
                rotate == 0 ? "" : String.format(Locale.ROOT, " transform=\"rotate(%.0f %.1f %.1f)\"", rotate, x, y),
                escape(text)));
        return this;
    }

    /**
     * @return the document.
     */
    @Override
    public String toString() {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + String.format(
                        Locale.ROOT,
                        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">%n",
                        width,
                        height,
                        width,
                        height)
                + body
                + "</svg>\n";
    }

    private static String escape(final String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
