package io.virttune.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.bench.BenchComparison;
import io.virttune.bench.BenchStore;
import io.virttune.bench.Direction;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The HTML report of the lab's recorded before/after runs: self-contained, and every figure in it. */
class HtmlBenchReportTest {
    private static final BenchStore RECORDED = new BenchStore(Path.of("src/test/resources/io/virttune/bench"));
    private final BenchComparison comparison =
            BenchComparison.of(RECORDED.read("guest-io", "before"), RECORDED.read("guest-io", "after"));
    private final String html = HtmlBenchReport.render(comparison);

    @Test
    void needsNoNetworkAndNoScript() {
        assertFalse(html.contains("<script"), "no scripts");
        assertFalse(Pattern.compile("(src|href)=").matcher(html).find(), "nothing loaded from elsewhere");
        assertEquals(8, count(html, "xmlns=\"http://www.w3.org/2000/svg\""), "only SVG's namespace names a URL");
        assertFalse(html.replace("http://www.w3.org/2000/svg", "").contains("http"));
    }

    @Test
    void hasFourChartsPerKindWithTwoBarsPerRow() {
        assertEquals(8, count(html, "<svg "));
        // 2 kinds x 4 charts x 2 rows (read, write) x 2 bars, plus 2 legend swatches per chart.
        assertEquals(2 * 4 * 2 * 2 + 8 * 2, count(html, "<rect "));
        assertTrue(html.indexOf("<div class=\"charts\" id=\"sequential\">")
                < html.indexOf("aria-label=\"Sequential: IOPS"));
        assertTrue(html.indexOf("aria-label=\"Random: IOPS") > html.indexOf("<div class=\"charts\" id=\"random\">"));
    }

    @Test
    void marksTheLossInItsChart() {
        assertEquals(1, count(html, "class=\"bar after loss\""), html);
        assertTrue(html.contains("class=\"value loss\">83.4 ms (+113%, loss)</text>"), html);
        assertTrue(html.contains("class=\"row-label loss\" text-anchor=\"end\">rnd4k_q32t1_read</text>"), html);
    }

    @Test
    void latenciesAreInMillisecondsTimesToTheSecond() {
        assertFalse(html.contains("µs"));
        assertTrue(html.contains("<td>109 → 18.5</td>"), html);
        assertTrue(html.contains("<td>2026-11-30 00:44:59 UTC</td>"), html);
    }

    @Test
    void statesTheMeansAndEveryLoss() {
        assertTrue(
                html.contains("Mean IOPS change (geometric, over the profiles): reads <b>"
                        + comparison.meanIopsChange(Direction.READ) + "</b>"),
                html);
        for (String loss : comparison.losses()) {
            assertTrue(html.contains("<li class=\"loss\">" + Html.escape(loss) + "</li>"), loss);
        }
    }

    @Test
    void escapesWhatItQuotes() {
        assertEquals("&lt;a href=&quot;x&quot;&gt; &amp; &#39;", Html.escape("<a href=\"x\"> & '"));
    }

    private static int count(String text, String needle) {
        return text.split(Pattern.quote(needle), -1).length - 1;
    }
}
