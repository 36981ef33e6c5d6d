package io.virttune.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.virttune.testing.Cli;
import io.virttune.testing.HeadlessChromium;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fleet plan's HTML page (plan --hosts --html) as headless Chromium lays it out at 1280 px: two
 * recorded hosts planned into a VG too small for some of their guests, and one whose libvirt
 * cannot be reached. It fits the page, no chart text is clipped, each host's planned copies and
 * blocked domains are shown, the blocked in red, and the failed host's row says why. A
 * screenshot is kept in target/fleet-plan-report.png.
 */
class FleetPlanReportChromiumIT {
    private static final int WINDOW_WIDTH = 1280;
    private static final String RED = "rgb(198, 40, 40)";
    private static final String MEASURE = """
      const box = e => { const r = e.getBoundingClientRect(); return {left: r.left, right: r.right, width: r.width}; };
      const m = {scrollWidth: document.documentElement.scrollWidth, body: box(document.body),
        summary: document.getElementById('summary').textContent,
        rows: [...document.querySelectorAll('#hosts tr')].slice(1).map(tr => [...tr.cells].map(c => c.textContent)),
        blocked: [...document.querySelectorAll('.blocked')].map(b => getComputedStyle(b).color)};
      m.charts = [...document.querySelectorAll('svg.chart')].map(svg => Object.assign(box(svg), {
        title: svg.getAttribute('aria-label'), viewBoxWidth: svg.viewBox.baseVal.width,
        viewBoxHeight: svg.viewBox.baseVal.height,
        texts: [...svg.querySelectorAll('text')].map(t => { const b = t.getBBox();
          return {text: t.textContent, left: b.x, right: b.x + b.width, bottom: b.y + b.height}; })}));
      """;

    @TempDir
    Path dir;

    @Test
    void theFleetsPlannedCopiesAndBlockedDomainsReadAtAGlance() throws Exception {
        String recorded = " virt_tune_uri=" + Cli.EXAMPLE_URI + " virt_tune_host_facts=examples/hv01";
        Path inventory = Files.writeString(
                dir.resolve("inventory.ini"),
                String.join(
                        "\n",
                        "[kvm]",
                        "hv01" + recorded,
                        "hv02" + recorded,
                        "hv03 virt_tune_uri=test:///nonexistent/node.xml virt_tune_host_facts=examples/hv01",
                        ""));
        Path page = dir.resolve("plan.html");

        Cli planned =
                Cli.run("plan", "--all", "--hosts", inventory.toString(), "--vg", "vg_fast", "--html", page.toString());

        assertEquals(1, planned.exitCode(), "hv03 failed: " + planned.transcript());
        String html = Files.readString(page);
        JsonNode measured = new HeadlessChromium(dir).measure(html, MEASURE, WINDOW_WIDTH);
        assertTrue(measured.path("scrollWidth").asInt() <= WINDOW_WIDTH, "no horizontal scrolling: " + measured);
        // Into a VG, linear LVs: each copy writes its whole disk, zeros included.
        assertTrue(
                measured.path("summary")
                        .asText()
                        .startsWith("2 planned, 1 failed; 8 disks to copy, writing 440 GiB"
                                + " into 440 GiB of new LVs; 14 domains blocked"),
                measured.path("summary").asText());
        JsonNode charts = measured.path("charts");
        assertEquals(2, charts.size(), "copies, and outcomes: " + charts);
        HeadlessChromium.assertChartsFit(measured);
        JsonNode rows = measured.path("rows");
        assertEquals("hv01", rows.get(0).get(0).asText());
        assertEquals("4", rows.get(0).get(8).asText(), "disks to copy: " + rows.get(0));
        assertEquals("220 GiB", rows.get(0).get(9).asText(), "written: " + rows.get(0));
        assertTrue(
                rows.get(0).get(11).asText().contains("web01: not enough space in VG vg_fast"),
                rows.get(0).toString());
        assertEquals("failed", rows.get(2).get(1).asText());
        assertTrue(
                rows.get(2).get(11).asText().startsWith("cannot connect to libvirt at 'test:///nonexistent/node.xml'"),
                rows.get(2).toString());
        assertEquals(14, measured.path("blocked").size());
        measured.path("blocked").forEach(color -> assertEquals(RED, color.asText()));

        Path screenshot = Path.of("target/fleet-plan-report.png").toAbsolutePath();
        Files.deleteIfExists(screenshot);
        new HeadlessChromium(dir).screenshot(html, screenshot, WINDOW_WIDTH, 900);
        assertTrue(Files.size(screenshot) > 20_000, "a screenshot with content");
    }
}
