package io.virttune.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.virttune.bench.BenchComparison;
import io.virttune.bench.BenchResult;
import io.virttune.bench.BenchStore;
import io.virttune.bench.Comparisons;
import io.virttune.fleet.HostComparisons;
import io.virttune.testing.HeadlessChromium;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fleet's bench report as headless Chromium lays it out at 1280 px, on the lab's recorded
 * before and after of one guest: a host that gained and one that lost (the same runs compared
 * the other way round), and one that failed. It fits the page, no chart text is clipped, gains
 * go right of the zero line and losses left of it in red, and the failed host's row says why.
 * A screenshot is kept in target/fleet-bench-report.png.
 */
class FleetBenchReportChromiumIT {
    private static final int WINDOW_WIDTH = 1280;
    private static final String LOSS_RED = "rgb(198, 40, 40)";
    private static final Path RECORDED = Path.of("src/test/resources/io/virttune/bench/guest-io");
    private static final String MEASURE = """
      const box = e => { const r = e.getBoundingClientRect(); return {left: r.left, right: r.right, width: r.width}; };
      const m = {scrollWidth: document.documentElement.scrollWidth, body: box(document.body),
        rows: [...document.querySelectorAll('#hosts tr')].slice(1).map(tr => [...tr.cells].map(c => c.textContent))};
      m.charts = [...document.querySelectorAll('svg.chart')].map(svg => {
        const zero = svg.querySelector('line.zero');
        return Object.assign(box(svg), {
        title: svg.getAttribute('aria-label'), viewBoxWidth: svg.viewBox.baseVal.width,
        viewBoxHeight: svg.viewBox.baseVal.height, zero: zero ? zero.x1.baseVal.value : null,
        texts: [...svg.querySelectorAll('text')].map(t => { const b = t.getBBox();
          return {text: t.textContent, left: b.x, right: b.x + b.width, top: b.y, bottom: b.y + b.height}; }),
        bars: [...svg.querySelectorAll('rect.bar')].map(r => { const b = r.getBBox();
          return {cls: r.getAttribute('class'), left: b.x, width: b.width, fill: getComputedStyle(r).fill}; })}); });
      """;

    @TempDir
    Path dir;

    @Test
    void theFleetsGainsAndLossesReadAtAGlance() throws Exception {
        BenchResult before = BenchStore.parse(Files.readString(RECORDED.resolve("before.json")), "before.json");
        BenchResult after = BenchStore.parse(Files.readString(RECORDED.resolve("after.json")), "after.json");
        String html = FleetBenchHtmlReport.render(
                "before",
                "after",
                List.of(
                        new HostComparisons(
                                "hv-gained",
                                Optional.of(new Comparisons(
                                        List.of(BenchComparison.of(before, after)), List.of("web02 (no 'after' run)"))),
                                Optional.empty()),
                        new HostComparisons(
                                "hv-lost",
                                Optional.of(new Comparisons(List.of(BenchComparison.of(after, before)), List.of())),
                                Optional.empty()),
                        new HostComparisons(
                                "hv-down",
                                Optional.empty(),
                                Optional.of("cannot reach hv-down over ssh (10.77.0.9)"))));
        HeadlessChromium chromium = new HeadlessChromium(dir);

        JsonNode measured = chromium.measure(html, MEASURE, WINDOW_WIDTH);

        assertTrue(measured.path("scrollWidth").asInt() <= WINDOW_WIDTH, "no horizontal scrolling: " + measured);
        JsonNode charts = measured.path("charts");
        assertEquals(5, charts.size(), "the fleet's, then two for each compared host: " + charts);
        HeadlessChromium.assertChartsFit(measured);
        JsonNode fleet = charts.get(0);
        double zero = fleet.path("zero").asDouble();
        List<String> bars = new ArrayList<>();
        for (JsonNode bar : fleet.path("bars")) {
            boolean left = bar.path("left").asDouble() + bar.path("width").asDouble() <= zero + 0.5;
            bars.add(bar.path("cls").asText()
                    + (left ? " left" : " right")
                    + (bar.path("fill").asText().equals(LOSS_RED) ? " red" : ""));
        }
        assertEquals(
                List.of("bar reads right", "bar writes right", "bar reads loss left red", "bar writes loss left red"),
                bars,
                "hv-gained's bars go right, hv-lost's left in red");

        JsonNode rows = measured.path("rows");
        assertEquals("hv-down", rows.get(2).get(0).asText());
        assertEquals(
                "cannot reach hv-down over ssh (10.77.0.9)", rows.get(2).get(6).asText());
        assertEquals("not compared: web02 (no 'after' run)", rows.get(0).get(6).asText());
        assertTrue(html.contains("<td class=\"loss\">-"), "hv-lost's losses in the table are marked: " + html);

        Path screenshot = Path.of("target/fleet-bench-report.png").toAbsolutePath();
        Files.deleteIfExists(screenshot);
        chromium.screenshot(html, screenshot, WINDOW_WIDTH, 1300);
        assertTrue(Files.size(screenshot) > 20_000, "a screenshot with content");
    }
}
