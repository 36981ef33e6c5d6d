package io.virttune.report;

import java.util.List;
import java.util.Locale;

/**
 * A horizontal bar chart as inline SVG, one bar per row made of coloured segments (findings by
 * severity, space to move beside space free), on one linear scale, each row ending in its text so
 * the chart reads without colour. Like {@link SvgBarChart}, it scales to its container's width.
 */
final class SvgStackedBars {
    private static final int WIDTH = 600;
    private static final int LABEL_WIDTH = 135;
    private static final int VALUE_WIDTH = 240;
    private static final int BAR_HEIGHT = 16;
    private static final int ROW_HEIGHT = BAR_HEIGHT + 10;
    private static final int TOP = 46;

    /** A part of a bar: its size and the CSS class that colours it. */
    record Segment(double value, String cssClass) {}

    /** One bar: its label, its segments from the left, the text at its end, and whether it is marked. */
    record Row(String label, List<Segment> segments, String text, boolean marked) {}

    /** A legend entry: what a CSS class's colour means. */
    record Key(String cssClass, String meaning) {}

    private SvgStackedBars() {}

    static String render(String title, List<Key> legend, List<Row> rows) {
        double max = rows.stream()
                .mapToDouble(row ->
                        row.segments().stream().mapToDouble(Segment::value).sum())
                .max()
                .orElse(0);
        int height = TOP + rows.size() * ROW_HEIGHT + 4;
        int plot = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
        StringBuilder svg = SvgCanvas.start(WIDTH, height, title);
        legend(svg, legend);
        for (int i = 0; i < rows.size(); i++) {
            Row row = rows.get(i);
            int y = TOP + i * ROW_HEIGHT;
            svg.append(String.format(
                    Locale.ROOT,
                    "<text x=\"%d\" y=\"%d\" class=\"row-label%s\" text-anchor=\"end\">%s</text>%n",
                    LABEL_WIDTH - 8,
                    y + BAR_HEIGHT - 3,
                    row.marked() ? " marked" : "",
                    Html.escape(row.label())));
            double left = LABEL_WIDTH;
            for (Segment segment : row.segments()) {
                double width = max == 0 ? 0 : plot * segment.value() / max;
                svg.append(String.format(
                        Locale.ROOT,
                        "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" class=\"bar %s\"/>%n",
                        left,
                        y,
                        width,
                        BAR_HEIGHT,
                        segment.cssClass()));
                left += width;
            }
            svg.append(String.format(
                    Locale.ROOT,
                    "<text x=\"%.1f\" y=\"%d\" class=\"value%s\">%s</text>%n",
                    left + 5,
                    y + BAR_HEIGHT - 3,
                    row.marked() ? " marked" : "",
                    Html.escape(row.text())));
        }
        return svg.append("</svg>\n").toString();
    }

    /** The legend under the title: a swatch and its meaning per key, left to right. */
    static void legend(StringBuilder svg, List<Key> legend) {
        int x = 0;
        for (Key key : legend) {
            svg.append(String.format(
                    Locale.ROOT,
                    "<rect x=\"%d\" y=\"26\" width=\"10\" height=\"10\" class=\"%s\"/>"
                            + "<text x=\"%d\" y=\"35\">%s</text>%n",
                    x,
                    key.cssClass(),
                    x + 14,
                    Html.escape(key.meaning())));
            x += 14 + 7 * key.meaning().length() + 18;
        }
    }
}
