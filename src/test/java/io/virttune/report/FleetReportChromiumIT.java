package io.virttune.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.virttune.fleet.FleetHost;
import io.virttune.fleet.HostOutcome;
import io.virttune.inspect.DomainSelection;
import io.virttune.inspect.Finding;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.HostInspector;
import io.virttune.inspect.HostSnapshot;
import io.virttune.inspect.InspectResult;
import io.virttune.inspect.Severity;
import io.virttune.inspect.TestHost;
import io.virttune.inspect.rules.RuleBook;
import io.virttune.libvirt.LibvirtConnection;
import io.virttune.libvirt.LibvirtJavaConnection;
import io.virttune.lvm.LvmReport;
import io.virttune.lvm.VolumeGroup;
import io.virttune.testing.Cli;
import io.virttune.testing.HeadlessChromium;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fleet's HTML report as headless Chromium lays it out at 1280 px: it fits the page, no chart
 * text is clipped, the hosts with most errors come first with the severities in their colours, a
 * host whose data to move exceeds its free room shows the excess in red, and a failed host's row
 * says why. A screenshot is kept in target/fleet-report.png.
 */
class FleetReportChromiumIT {
    private static final int WINDOW_WIDTH = 1280;
    private static final String LOSS_RED = "rgb(198, 40, 40)";
    private static final String MEASURE = """
      const box = e => { const r = e.getBoundingClientRect(); return {left: r.left, right: r.right, width: r.width}; };
      const m = {scrollWidth: document.documentElement.scrollWidth, body: box(document.body),
        rows: [...document.querySelectorAll('#hosts tr')].slice(1).map(tr => [...tr.cells].map(c => c.textContent))};
      m.charts = [...document.querySelectorAll('svg.chart')].map(svg => Object.assign(box(svg), {
        title: svg.getAttribute('aria-label'), viewBoxWidth: svg.viewBox.baseVal.width,
        viewBoxHeight: svg.viewBox.baseVal.height,
        labels: [...svg.querySelectorAll('text.row-label')].map(t => t.textContent),
        texts: [...svg.querySelectorAll('text')].map(t => { const b = t.getBBox();
          return {text: t.textContent, left: b.x, right: b.x + b.width, top: b.y, bottom: b.y + b.height}; }),
        bars: [...svg.querySelectorAll('rect.bar')].map(r => ({cls: r.getAttribute('class'),
          width: r.getBBox().width, fill: getComputedStyle(r).fill}))}));
      """;

    @TempDir
    Path dir;

    private String html;
    private HeadlessChromium chromium;

    @BeforeEach
    void render() {
        chromium = new HeadlessChromium(dir);
        HostFacts hv01;
        // Read-write, the connection inspect reads domain capabilities over (the test driver has none).
        try (LibvirtConnection libvirt = LibvirtJavaConnection.openReadWrite(Cli.EXAMPLE_URI)) {
            hv01 = new HostInspector(libvirt, new HostSnapshot(TestHost.HV01)).inspect(DomainSelection.all());
        }
        List<Finding> found = new ArrayList<>(RuleBook.check(hv01));
        // The example has warnings and notes only: one error, as a host with a full thin pool would have.
        found.add(Finding.host(
                "lvm.thin-pool-full",
                Severity.ERROR,
                "thin pool vg_fast/pool is 100% full",
                "data 100%",
                "lvextend -L +100G vg_fast/pool"));
        // The example's disks to move need 1014 GiB: with 1 GiB free in each VG it lacks room, with 2 TiB it has it.
        HostFacts tight = withFreeInEachVg(hv01, 1L << 30);
        HostFacts roomy = withFreeInEachVg(hv01, 2L << 40);
        html = FleetHtmlReport.render(List.of(
                HostOutcome.inspected(
                        FleetHost.named("hv-tight"),
                        new InspectResult(
                                tight,
                                found.stream()
                                        .filter(finding -> finding.severity() != Severity.ERROR)
                                        .toList())),
                HostOutcome.inspected(FleetHost.named("hv-a"), new InspectResult(roomy, found)),
                HostOutcome.failed(
                        FleetHost.named("hv-down"), "cannot reach hv-down over ssh (10.77.0.9): Connection refused")));
    }

    @Test
    void theFleetReadsAtAGlance() throws Exception {
        JsonNode measured = chromium.measure(html, MEASURE, WINDOW_WIDTH);

        assertTrue(measured.path("scrollWidth").asInt() <= WINDOW_WIDTH, "no horizontal scrolling: " + measured);
        JsonNode charts = measured.path("charts");
        assertEquals(2, charts.size(), "findings, and space: " + charts);
        HeadlessChromium.assertChartsFit(measured);
        JsonNode findings = charts.get(0);
        assertEquals(List.of("hv-a", "hv-tight"), texts(findings.path("labels")), "most errors first");
        List<String> fills = new ArrayList<>();
        findings.path("bars")
                .forEach(bar -> fills.add(
                        bar.path("cls").asText() + "=" + bar.path("fill").asText()));
        assertEquals(
                List.of("bar error=" + LOSS_RED, "bar warning=rgb(224, 161, 0)", "bar info=rgb(154, 165, 177)"),
                fills.subList(0, 3));
        assertTrue(
                texts(findings.path("labels")).size() == 2
                        && html.matches("(?s).*class=\"row-label marked\"[^>]*>hv-a<.*"),
                "a host with errors has its name in red");
        assertEquals(0.0, findings.path("bars").get(3).path("width").asDouble(), "hv-tight has no error bar");

        JsonNode rows = measured.path("rows");
        assertEquals(3, rows.size());
        assertEquals("hv-down", rows.get(2).get(0).asText());
        assertEquals(
                "cannot reach hv-down over ssh (10.77.0.9): Connection refused",
                rows.get(2).get(9).asText());
        JsonNode space = charts.get(1);
        List<Boolean> shortOfRoom = new ArrayList<>();
        for (int host = 0; host < 2; host++) {
            JsonNode row = rows.get(host);
            boolean tooLittle = bytes(row.get(7).asText()) > bytes(row.get(8).asText());
            double red = space.path("bars").get(2 * host + 1).path("width").asDouble();
            assertEquals(tooLittle, red > 0, row + ": the part beyond the free room is red, and only then");
            assertEquals(
                    LOSS_RED, space.path("bars").get(2 * host + 1).path("fill").asText());
            shortOfRoom.add(tooLittle);
        }
        assertEquals(List.of(true, false), shortOfRoom, "hv-tight lacks room, hv-a has it: " + rows);

        Path screenshot = Path.of("target/fleet-report.png").toAbsolutePath();
        Files.deleteIfExists(screenshot);
        chromium.screenshot(html, screenshot, WINDOW_WIDTH, 900);
        assertTrue(Files.size(screenshot) > 20_000, "a screenshot with content");
    }

    private static HostFacts withFreeInEachVg(HostFacts facts, long free) {
        LvmReport lvm = facts.lvm().orElseThrow();
        return new HostFacts(
                facts.identity(),
                facts.settings(),
                Optional.of(new LvmReport(
                        lvm.volumeGroups().stream()
                                .map(vg -> new VolumeGroup(
                                        vg.name(),
                                        vg.extentSizeBytes(),
                                        Math.max(vg.sizeBytes(), free),
                                        free,
                                        vg.pvCount(),
                                        vg.lvCount()))
                                .toList(),
                        lvm.logicalVolumes(),
                        lvm.physicalVolumes())),
                facts.domains(),
                facts.problems());
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(node -> texts.add(node.asText()));
        return texts;
    }

    /** "12.5 GiB" back to bytes, enough to compare two figures of the table. */
    private static double bytes(String figure) {
        String[] parts = figure.split(" ");
        int power = List.of("B", "KiB", "MiB", "GiB", "TiB", "PiB").indexOf(parts[1]);
        return Double.parseDouble(parts[0]) * Math.pow(1024, power);
    }
}
