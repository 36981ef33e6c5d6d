package io.virttune.report;

import java.util.List;
import java.util.Locale;

/**
 * Changes in percent as a horizontal bar chart in inline SVG: each row a few bars drawn from a
 * zero line, gains to the right, losses to the left and marked {@code loss}, each bar ending in
 * its text, so the chart reads without colour. Like {@link SvgBarChart}, it scales to its
 * container's width.
 */
final class SvgChangeChart {
    private static final int WIDTH = 600;
    private static final int LABEL_WIDTH = 135;
    /** Room for a bar's text on either side of the plot. */
    private static final int TEXT_WIDTH = 60;

    private static final int BAR_HEIGHT = 12;
    private static final int TOP = 46;

    /** One bar: a change in percent (NaN when unknown, drawn as none), the CSS class of its series, its text. */
    record Bar(double percent, String cssClass, String text) {
        /** A loss as its text says it: -0.4% is written 0%, and marked no loss. */
        boolean loss() {
            return Math.round(percent) < 0;
        }
    }

    /** One row: its label and its bars, one per series, in the legend's order. */
    record Row(String label, List<Bar> bars) {}

    private SvgChangeChart() {}

    static String render(String title, List<SvgStackedBars.Key> legend, List<Row> rows) {
        int series = rows.stream().mapToInt(row -> row.bars().size()).max().orElse(1);
        int rowHeight = series * (BAR_HEIGHT + 1) + 10;
        double low = Math.min(
                0,
                rows.stream()
                        .flatMap(row -> row.bars().stream())
                        .mapToDouble(Bar::percent)
                        .filter(p -> !Double.isNaN(p))
                        .min()
                        .orElse(0));
        double high = Math.max(
                0,
                rows.stream()
                        .flatMap(row -> row.bars().stream())
                        .mapToDouble(Bar::percent)
                        .filter(p -> !Double.isNaN(p))
                        .max()
                        .orElse(0));
        double span = high - low == 0 ? 1 : high - low;
        int plotLeft = LABEL_WIDTH + TEXT_WIDTH;
        int plot = WIDTH - plotLeft - TEXT_WIDTH;
        double zero = plotLeft + plot * -low / span;
        int height = TOP + rows.size() * rowHeight + 4;
        StringBuilder svg = SvgCanvas.start(WIDTH, height, title);
        SvgStackedBars.legend(svg, legend);
        svg.append(String.format(
                Locale.ROOT,
                "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" class=\"zero\"/>%n",
                zero,
                TOP - 4,
                zero,
                height - 2));
        for (int i = 0; i < rows.size(); i++) {
            Row row = rows.get(i);
            int y = TOP + i * rowHeight;
            boolean loss = row.bars().stream().anyMatch(Bar::loss);
            svg.append(String.format(
                    Locale.ROOT,
                    "<text x=\"%d\" y=\"%d\" class=\"row-label%s\" text-anchor=\"end\">%s</text>%n",
                    LABEL_WIDTH - 8,
                    y + BAR_HEIGHT + 1,
                    loss ? " loss" : "",
                    Html.escape(row.label())));
            for (int b = 0; b < row.bars().size(); b++) {
                bar(svg, row.bars().get(b), y + b * (BAR_HEIGHT + 1), zero, plot / span);
            }
        }
        return svg.append("</svg>\n").toString();
    }

    private static void bar(StringBuilder svg, Bar bar, int y, double zero, double scale) {
        double percent = Double.isNaN(bar.percent()) ? 0 : bar.percent();
        double width = Math.abs(percent) * scale;
        double left = percent < 0 ? zero - width : zero;
        String kind = bar.cssClass() + (bar.loss() ? " loss" : "");
        svg.append(String.format(
                Locale.ROOT,
                "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" class=\"bar %s\">"
                        + "<title>%s</title></rect>%n",
                left,
                y,
                width,
                BAR_HEIGHT,
                kind,
                Html.escape(bar.text())));
        double textX = percent < 0 ? left - 4 : left + width + 4;
        svg.append(String.format(
                Locale.ROOT,
                "<text x=\"%.1f\" y=\"%d\" class=\"value%s\"%s>%s</text>%n",
                textX,
                y + BAR_HEIGHT - 2,
                bar.loss() ? " loss" : "",
                percent < 0 ? " text-anchor=\"end\"" : "",
                Html.escape(bar.text())));
    }
}
