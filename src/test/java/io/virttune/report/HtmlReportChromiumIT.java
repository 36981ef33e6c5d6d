package io.virttune.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.virttune.bench.BenchComparison;
import io.virttune.bench.BenchStore;
import io.virttune.testing.HeadlessChromium;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTML report of real results as a real headless Chromium lays it out (Debian's chromium, a
 * TEST_PACKAGE) in a 1280 px wide window: a copy of the page gets a small script that measures
 * what was laid out (page and chart boxes, every text's box inside its chart, bar lengths and
 * colours) and writes it into the DOM, which --dump-dom hands back. A screenshot is kept in
 * target/bench-report.png for a look.
 */
class HtmlReportChromiumIT {
    private static final BenchStore RECORDED = new BenchStore(Path.of("src/test/resources/io/virttune/bench"));
    private static final int WINDOW_WIDTH = 1280;
    private static final String LOSS_RED = "rgb(198, 40, 40)";
    private static final String MEASURE = """
      const box = e => { const r = e.getBoundingClientRect(); return {left: r.left, right: r.right, width: r.width}; };
      const m = {viewport: window.innerWidth, scrollWidth: document.documentElement.scrollWidth,
        body: box(document.body), tables: [...document.querySelectorAll('table')].map(box)};
      m.charts = [...document.querySelectorAll('svg.chart')].map(svg => Object.assign(box(svg), {
        title: svg.getAttribute('aria-label'), kind: svg.closest('.charts').id,
        viewBoxWidth: svg.viewBox.baseVal.width, viewBoxHeight: svg.viewBox.baseVal.height,
        texts: [...svg.querySelectorAll('text')].map(t => { const b = t.getBBox();
          return {text: t.textContent, cls: t.getAttribute('class') || '', left: b.x, right: b.x + b.width,
            top: b.y, bottom: b.y + b.height, fill: getComputedStyle(t).fill}; }),
        bars: [...svg.querySelectorAll('rect.bar')].map(r => ({cls: r.getAttribute('class'),
          width: r.getBBox().width, fill: getComputedStyle(r).fill}))}));
      """;

    @TempDir
    Path dir;

    private BenchComparison comparison;
    private String html;
    private HeadlessChromium chromium;

    @BeforeEach
    void render() {
        chromium = new HeadlessChromium(dir);
        comparison = BenchComparison.of(RECORDED.read("guest-io", "before"), RECORDED.read("guest-io", "after"));
        html = HtmlBenchReport.render(comparison);
    }

    @Test
    void theLayoutFitsThePageAndEveryChartReads() throws Exception {
        JsonNode measured = measure();

        assertTrue(measured.path("scrollWidth").asInt() <= WINDOW_WIDTH, "no horizontal scrolling: " + measured);
        JsonNode body = measured.path("body");
        assertTrue(body.path("width").asDouble() >= 1100, "the content uses the page: " + body);
        for (JsonNode table : measured.path("tables")) {
            assertTrue(table.path("right").asDouble() <= body.path("right").asDouble() + 0.5, "table inside: " + table);
        }
        JsonNode charts = measured.path("charts");
        assertEquals(8, charts.size(), "IOPS, MB/s, mean and p99 latency, for sequential and for random");
        for (JsonNode chart : charts) {
            String title = chart.path("title").asText();
            assertTrue(
                    chart.path("left").asDouble() >= body.path("left").asDouble() - 0.5
                            && chart.path("right").asDouble()
                                    <= body.path("right").asDouble() + 0.5,
                    "inside the content: " + title);
            assertTrue(chart.path("width").asDouble() >= 400, "two charts a row, each readable: " + title);
            for (JsonNode text : chart.path("texts")) {
                assertTrue(
                        text.path("left").asDouble() >= 0
                                && text.path("right").asDouble()
                                        <= chart.path("viewBoxWidth").asDouble()
                                && text.path("top").asDouble() >= 0
                                && text.path("bottom").asDouble()
                                        <= chart.path("viewBoxHeight").asDouble(),
                        "'" + text.path("text").asText() + "' is not clipped in " + title + ": " + text);
            }
        }
    }

    @Test
    void sequentialAndRandomHaveTheirOwnScaleSoNoBarIsASliver() throws Exception {
        List<Double> longestBars = new ArrayList<>();
        for (JsonNode chart : measure().path("charts")) {
            String title = chart.path("title").asText();
            assertTrue(
                    title.startsWith(chart.path("kind").asText().equals("random") ? "Random: " : "Sequential: "),
                    title);
            double longest = 0;
            double shortest = Double.MAX_VALUE;
            for (JsonNode bar : chart.path("bars")) {
                longest = Math.max(longest, bar.path("width").asDouble());
                shortest = Math.min(shortest, bar.path("width").asDouble());
            }
            longestBars.add(longest);
            // On the old shared scale, random MB/s (3.9) was 0.4% of sequential's largest (1,017): a
            // sliver. On their own scale the recorded random values are at least 35% of the largest.
            if (chart.path("kind").asText().equals("random")) {
                assertTrue(shortest >= 0.3 * longest, title + ": a bar of " + shortest + " of " + longest + " units");
            }
        }
        assertEquals(
                1, longestBars.stream().distinct().count(), "every chart's longest bar spans its plot: " + longestBars);
    }

    @Test
    void latenciesAreInMillisecondsAndTimesToTheSecond() throws Exception {
        JsonNode measured = measure();
        Pattern latency = Pattern.compile("\\d{1,3}(,\\d{3})*(\\.\\d{1,3})? ms( \\([+-]?\\d+%(, loss)?\\))?");
        int latencies = 0;
        for (JsonNode chart : measured.path("charts")) {
            if (chart.path("title").asText().contains("latency")) {
                for (JsonNode text : chart.path("texts")) {
                    if (text.path("cls").asText().startsWith("value")) {
                        assertTrue(
                                latency.matcher(text.path("text").asText()).matches(),
                                text.path("text").asText());
                        latencies++;
                    }
                }
            }
        }
        assertEquals(2 * 4 * 2, latencies, "two latency charts of four rows of two bars");
        String dom = chromium.dumpDom(html, WINDOW_WIDTH);
        assertTrue(
                dom.contains("<tr><td>time</td><td>2026-11-30 00:44:59 UTC</td><td>2026-11-30 00:46:01 UTC</td></tr>"),
                dom);
        assertTrue(!dom.contains("µs") && !dom.contains(".876185343"), "no microseconds, no nanoseconds");
    }

    @Test
    void aLossIsRedInTheChartsAsInTheListAndTheTable() throws Exception {
        List<String> losses = comparison.losses();
        assertEquals(List.of("rnd4k_q32t1_read: p99 latency +113%"), losses, "the recorded runs' one loss");
        int red = 0;
        for (JsonNode chart : measure().path("charts")) {
            for (JsonNode bar : chart.path("bars")) {
                boolean loss = bar.path("cls").asText().contains("loss");
                assertEquals(loss, LOSS_RED.equals(bar.path("fill").asText()), chart.path("title") + ": " + bar);
                if (loss) {
                    red++;
                    assertEquals(
                            "Random: p99 latency, ms (lower is better)",
                            chart.path("title").asText());
                }
            }
            for (JsonNode text : chart.path("texts")) {
                if (text.path("cls").asText().contains("loss")) {
                    assertEquals(LOSS_RED, text.path("fill").asText(), text.toString());
                    assertTrue(
                            text.path("text").asText().equals("rnd4k_q32t1_read")
                                    || text.path("text").asText().equals("83.4 ms (+113%, loss)"),
                            text.toString());
                }
            }
        }
        assertEquals(1, red, "one red bar: the after bar of the one loss");
    }

    @Test
    void theBeforeSidesIdleHostCountersAreExplained() throws Exception {
        String dom = chromium.dumpDom(html, WINDOW_WIDTH);

        assertTrue(
                dom.contains("<p class=\"note host-note\">Host counters of before: dm-0 saw 0.0 reads/s and 0.5"
                        + " writes/s while the guest averaged 906 read IOPS and 591 write IOPS: with cache=default the host's page"
                        + " cache served the guest's reads and writes"),
                dom);
        assertTrue(!dom.contains("Host counters of after"), "the after side's LV saw the guest's I/O");
    }

    @Test
    void aScreenshotShowsThePage() throws Exception {
        Path screenshot = Path.of("target/bench-report.png").toAbsolutePath();
        Files.deleteIfExists(screenshot);

        chromium.screenshot(html, screenshot, WINDOW_WIDTH, 2200);

        assertTrue(Files.size(screenshot) > 20_000, "a screenshot with content, not a blank page");
    }

    private JsonNode measure() throws Exception {
        return chromium.measure(html, MEASURE, WINDOW_WIDTH);
    }
}
