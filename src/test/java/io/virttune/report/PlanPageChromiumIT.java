package io.virttune.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.virttune.testing.Cli;
import io.virttune.testing.HeadlessChromium;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One host's plan page (plan --html) as headless Chromium lays it out at 1400 and 700 px, the page
 * an operator signs off: the plan's warnings, its windows, and every guest with its disks, its
 * predicted downtime and its diff folded. Screenshots are kept in target/plan-page-*.png.
 */
class PlanPageChromiumIT {
    private static final String MEASURE = """
      const m = {scrollWidth: document.documentElement.scrollWidth,
        warnings: [...document.querySelectorAll('#warnings li')].map(li => li.textContent),
        windows: [...document.querySelectorAll('#windows tr')].slice(1).map(tr => [...tr.cells].map(c => c.textContent)),
        guests: [...document.querySelectorAll('section.guest h3')].map(h => h.textContent),
        foldedOpen: [...document.querySelectorAll('section.guest details')].filter(d => d.open).length,
        diffs: document.querySelectorAll('section.guest details').length};
      """;

    @TempDir
    Path dir;

    @Test
    void theOperatorSeesWarningsWindowsAndEachGuestWithItsDiffFolded() throws Exception {
        Path page = dir.resolve("plan.html");
        Cli planned = Cli.run(
                "plan",
                "--all",
                "--connect",
                Cli.EXAMPLE_URI,
                "--host-facts",
                "examples/hv01",
                "--thin-pool",
                "vg_fast/tpool",
                "--copy-rate",
                "100M",
                "--window",
                "30m",
                "--html",
                page.toString());
        assertEquals(0, planned.exitCode(), planned.transcript());
        String html = Files.readString(page);

        for (int width : new int[] {1400, 700}) {
            JsonNode measured = new HeadlessChromium(dir).measure(html, MEASURE, width);
            assertTrue(measured.path("scrollWidth").asInt() <= width, width + " px, no page scrolling: " + measured);
            assertTrue(
                    measured.path("warnings").toString().contains("would promise 1.0 TiB to its volumes (149%"),
                    measured.path("warnings").toString());
            assertEquals(
                    2, measured.path("windows").size(), measured.path("windows").toString());
            assertTrue(measured.path("windows").get(0).get(1).asText().contains("win2019-sql"));
            assertEquals(15, measured.path("guests").size(), "every guest of the plan");
            assertTrue(
                    measured.path("guests")
                            .toString()
                            .contains("win2019-sql: stage [domain shut off], window 1, down 22m58s (predicted)"),
                    measured.path("guests").toString());
            assertTrue(measured.path("diffs").asInt() > 0);
            assertFalse(measured.path("foldedOpen").asInt() > 0, "each diff folded until asked for");
            Path screenshot = Path.of("target/plan-page-" + width + ".png").toAbsolutePath();
            Files.deleteIfExists(screenshot);
            new HeadlessChromium(dir).screenshot(html, screenshot, width, 1600);
            assertTrue(Files.size(screenshot) > 20_000, "a screenshot with content");
        }
    }
}
