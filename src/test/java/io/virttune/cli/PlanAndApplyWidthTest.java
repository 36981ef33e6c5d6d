package io.virttune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.apply.ports.DomainResult;
import io.virttune.report.ApplyResultTable;
import io.virttune.testing.Cli;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * plan's and apply's text fit the operator's terminal (they ran to 262 and 287 columns): the disk
 * table's FROM is shortened, prose and long details continue on indented lines; a file or a pipe
 * still gets whole lines.
 */
class PlanAndApplyWidthTest {
    private static final int COLUMNS = 100;

    private static final Terminal NARROW = new Terminal() {
        @Override
        public Optional<String> ask(String question) {
            return Optional.empty();
        }

        @Override
        public OptionalInt columns() {
            return OptionalInt.of(COLUMNS);
        }
    };

    @Test
    void theExamplesPlanFitsAHundredColumnTerminal() {
        Cli wide = Cli.run(
                "plan",
                "--connect",
                Cli.EXAMPLE_URI,
                "--host-facts",
                "examples/hv01",
                "--all",
                "--thin-pool",
                "vg_fast/tpool");
        Cli narrow = Cli.runAt(
                NARROW,
                "plan",
                "--connect",
                Cli.EXAMPLE_URI,
                "--host-facts",
                "examples/hv01",
                "--all",
                "--thin-pool",
                "vg_fast/tpool");

        assertEquals(wide.exitCode(), narrow.exitCode(), narrow.transcript());
        assertTrue(wide.out().lines().anyMatch(line -> line.length() > COLUMNS), "the whole lines a pipe gets");
        // Only a single word longer than the terminal (a path) may still pass its edge.
        List<String> over = narrow.out()
                .lines()
                .filter(line -> line.length() > COLUMNS)
                .filter(line -> line.strip().contains(" "))
                .toList();
        assertEquals(List.of(), over, narrow.out());
        assertTrue(narrow.out().lines().anyMatch(line -> line.startsWith("  DISK ")), narrow.out());
    }

    @Test
    void aLongDetailContinuesUnderItsColumn() {
        StringWriter text = new StringWriter();
        ApplyResultTable.print(
                new PrintWriter(text, true),
                List.of(
                        new DomainResult(
                                "db01",
                                DomainResult.Result.REFUSED,
                                "an earlier apply of 'db01' did not finish: continue it with --resume, or undo it with virt-tune rollback db01")),
                60);

        assertEquals(
                String.join(
                        "\n",
                        "",
                        "DOMAIN  RESULT   DETAIL",
                        "db01    refused  an earlier apply of 'db01' did not finish:",
                        "                 continue it with --resume, or undo it with",
                        "                 virt-tune rollback db01",
                        ""),
                text.toString());
    }
}
