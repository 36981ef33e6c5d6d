package io.virttune.report;

import java.util.Locale;

/** The opening of an inline SVG chart: a fixed viewBox that scales to its container, its title for readers and screen readers. */
final class SvgCanvas {
    private SvgCanvas() {}

    static StringBuilder start(int width, int height, String title) {
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(
                Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\""
                        + " viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"%s\">%n",
                width,
                height,
                Html.escape(title)));
        svg.append("<title>").append(Html.escape(title)).append("</title>\n");
        svg.append(String.format(
                Locale.ROOT, "<text x=\"0\" y=\"16\" class=\"chart-title\">%s</text>%n", Html.escape(title)));
        return svg;
    }
}
