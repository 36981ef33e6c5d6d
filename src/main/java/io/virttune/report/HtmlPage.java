package io.virttune.report;

/**
 * The frame every HTML report shares: one self-contained page (inline CSS and SVG, no scripts,
 * no network, so it can be mailed or archived with a ticket), its title as the heading, and the
 * look of its tables, summary line and charts.
 */
final class HtmlPage {
    private static final String BASE_STYLE = """
      * { box-sizing: border-box; }
      body { font-family: sans-serif; color: #222; max-width: 1240px; margin: 0 auto; padding: 16px 24px; }
      h1 { font-size: 22px; } h2 { font-size: 17px; margin-top: 28px; } h3 { font-size: 15px; margin: 18px 0 6px; }
      table { border-collapse: collapse; font-size: 13px; max-width: 100%; }
      th, td { border: 1px solid #ccc; padding: 3px 8px; text-align: right; }
      th:first-child, td:first-child { text-align: left; }
      .summary { font-size: 16px; padding: 8px 12px; background: #f3f6fa; border-left: 4px solid #2b6cb0; }
      .charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(420px, 1fr)); gap: 8px 32px; }
      figure { margin: 0; min-width: 0; }
      svg.chart { display: block; width: 100%; height: auto; }
      .chart text { font-size: 12px; fill: #222; } .chart .chart-title { font-weight: bold; font-size: 14px; }
      """;

    private HtmlPage() {}

    /** The page up to its heading, {@code style} added to the shared look; the caller appends the body and {@link #close}s it. */
    static StringBuilder open(String title, String style) {
        return new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
                .append(Html.escape(title))
                .append("</title>\n<style>\n")
                .append(BASE_STYLE)
                .append(style)
                .append("</style>\n</head>\n<body>\n<h1>")
                .append(Html.escape(title))
                .append("</h1>\n");
    }

    static String close(StringBuilder html) {
        return html.append("</body>\n</html>\n").toString();
    }
}
