package io.virttune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.testing.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** inspect --html writes the page beside the text report, whole or not at all, saying why not. */
class InspectHtmlTest {
    @Test
    void theExampleHostsPageHasItsRowAndTheTextReportStillPrints(@TempDir Path dir) throws Exception {
        Path page = dir.resolve("hv01.html");
        Cli run = Cli.run(
                "inspect", "--connect", Cli.EXAMPLE_URI, "--host-facts", "examples/hv01", "--html", page.toString());

        assertEquals(0, run.exitCode(), run.transcript());
        assertTrue(run.out().startsWith("Host hv01  ("), run.out());
        String html = Files.readString(page);
        assertTrue(html.contains("<title>virt-tune inspect: hv01</title>"), html);
        assertTrue(html.matches("(?s).*<tr><td>hv01</td><td>ok</td><td>15</td>.*"), html);
    }

    @Test
    void aPageThatCannotBeWrittenSaysWhyAndLeavesNothing(@TempDir Path dir) {
        Path page = dir.resolve("missing/hv01.html");
        Cli run = Cli.run(
                "inspect", "--connect", Cli.EXAMPLE_URI, "--host-facts", "examples/hv01", "--html", page.toString());

        assertEquals(1, run.exitCode(), run.transcript());
        assertTrue(
                run.err().contains(page.toString()) && run.err().contains("No such file or directory"),
                run.transcript());
        assertTrue(Files.notExists(page.getParent()));
    }
}
