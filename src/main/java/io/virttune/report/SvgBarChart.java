package io.virttune.report;

import java.util.List;
import java.util.Locale;

/**
 * A horizontal bar chart as inline SVG, two bars per row (before and after) on one linear scale.
 */
public final class SvgBarChart {
    static final int WIDTH = 600;
    private static final int LABEL_WIDTH = 135;
    private static final int VALUE_WIDTH = 150;
    private static final int BAR_HEIGHT = 13;
    private static final int ROW_HEIGHT = 2 * BAR_HEIGHT + 12;
    private static final int TOP = 30;

    /** One row: a label, the two values, their texts for the bar ends, and whether after is a loss. */
    public record Row(String label, double before, double after, String beforeText, String afterText, boolean loss) {}

    private SvgBarChart() {}

    public static String render(String title, String beforeLabel, String afterLabel, List<Row> rows) {
        double max = rows.stream()
                .mapToDouble(r -> Math.max(r.before(), r.after()))
                .max()
                .orElse(0);
        int height = TOP + rows.size() * ROW_HEIGHT + 4;
        int plot = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
        StringBuilder svg = SvgCanvas.start(WIDTH, height, title);
        legend(svg, WIDTH - 170, beforeLabel, "before");
        legend(svg, WIDTH - 85, afterLabel, "after");
        for (int i = 0; i < rows.size(); i++) {
            Row row = rows.get(i);
            int y = TOP + i * ROW_HEIGHT;
            svg.append(String.format(
                    Locale.ROOT,
                    "<text x=\"%d\" y=\"%d\" class=\"row-label%s\" text-anchor=\"end\">%s</text>%n",
                    LABEL_WIDTH - 8,
                    y + BAR_HEIGHT + 4,
                    row.loss() ? " loss" : "",
                    Html.escape(row.label())));
            bar(svg, y, row.before(), max, plot, "before", row.beforeText());
            bar(svg, y + BAR_HEIGHT + 1, row.after(), max, plot, row.loss() ? "after loss" : "after", row.afterText());
        }
        return svg.append("</svg>\n").toString();
    }

    private static void legend(StringBuilder svg, int x, String label, String kind) {
        svg.append(String.format(
                Locale.ROOT,
                "<rect x=\"%d\" y=\"6\" width=\"12\" height=\"12\" class=\"%s\"/>"
                        + "<text x=\"%d\" y=\"16\" class=\"legend\">%s</text>%n",
                x,
                kind,
                x + 16,
                Html.escape(label)));
    }

    private static void bar(StringBuilder svg, int y, double value, double max, int plot, String kind, String text) {
        double width = max <= 0 ? 0 : Math.max(1, value / max * plot);
        svg.append(String.format(
                Locale.ROOT,
                "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" class=\"bar %s\">" + "<title>%s</title></rect>%n",
                LABEL_WIDTH,
                y,
                width,
                BAR_HEIGHT,
                kind,
                Html.escape(text)));
        svg.append(String.format(
                Locale.ROOT,
                "<text x=\"%.1f\" y=\"%d\" class=\"%s\">%s</text>%n",
                LABEL_WIDTH + width + 4,
                y + BAR_HEIGHT - 2,
                kind.endsWith("loss") ? "value loss" : "value",
                Html.escape(text)));
    }
}
