package io.virttune.report;

import java.util.List;
import java.util.Locale;

/**
 * A horizontal bar chart as inline SVG, two bars per row (before and after), each labelled with
 * its value, so the chart reads without colour and without scripts.
 */
public final class SvgBarChart {
  private static final int WIDTH = 760;
  private static final int LABEL_WIDTH = 190;
  private static final int VALUE_WIDTH = 90;
  private static final int BAR_HEIGHT = 13;
  private static final int ROW_HEIGHT = 2 * BAR_HEIGHT + 12;
  private static final int TOP = 28;

  /** One row: a label and the two values, already formatted for the bar ends. */
  public record Row(String label, double before, double after, String beforeText, String afterText) {}

  private SvgBarChart() {}

  public static String render(String title, String beforeLabel, String afterLabel, List<Row> rows) {
    double max = rows.stream().mapToDouble(r -> Math.max(r.before(), r.after())).max().orElse(0);
    int height = TOP + rows.size() * ROW_HEIGHT + 8;
    int plot = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
    StringBuilder svg = new StringBuilder();
    svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" width=\"%d\""
        + " height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"%s\">%n", WIDTH, height, WIDTH, height,
        Html.escape(title)));
    svg.append("<title>").append(Html.escape(title)).append("</title>\n");
    svg.append(String.format(Locale.ROOT, "<text x=\"0\" y=\"16\" class=\"chart-title\">%s</text>%n", Html.escape(title)));
    legend(svg, WIDTH - 250, beforeLabel, "before");
    legend(svg, WIDTH - 125, afterLabel, "after");
    for (int i = 0; i < rows.size(); i++) {
      Row row = rows.get(i);
      int y = TOP + i * ROW_HEIGHT;
      svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" class=\"row-label\" text-anchor=\"end\">%s</text>%n",
          LABEL_WIDTH - 8, y + BAR_HEIGHT + 4, Html.escape(row.label())));
      bar(svg, y, row.before(), max, plot, "before", row.beforeText());
      bar(svg, y + BAR_HEIGHT + 1, row.after(), max, plot, "after", row.afterText());
    }
    return svg.append("</svg>\n").toString();
  }

  private static void legend(StringBuilder svg, int x, String label, String kind) {
    svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"6\" width=\"12\" height=\"12\" class=\"%s\"/>"
        + "<text x=\"%d\" y=\"16\" class=\"legend\">%s</text>%n", x, kind, x + 16, Html.escape(label)));
  }

  private static void bar(StringBuilder svg, int y, double value, double max, int plot, String kind, String text) {
    double width = max <= 0 ? 0 : Math.max(1, value / max * plot);
    svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" class=\"%s\">"
        + "<title>%s</title></rect>%n", LABEL_WIDTH, y, width, BAR_HEIGHT, kind, Html.escape(text)));
    svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" class=\"value\">%s</text>%n",
        LABEL_WIDTH + width + 4, y + BAR_HEIGHT - 2, Html.escape(text)));
  }
}
