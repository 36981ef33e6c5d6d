package io.virttune.cli;

import static io.virttune.testing.Cli.EXAMPLE_URI;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.testing.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file that cannot be read or written is named with the system's reason, and no half-written file stays. */
class FileErrorsTest {
    @TempDir
    Path temp;

    private static Cli plan(String... more) {
        return Cli.run(Stream.concat(
                        Stream.of(
                                "plan",
                                "--connect",
                                EXAMPLE_URI,
                                "--host-facts",
                                "examples/hv01",
                                "--thin-pool",
                                "vg_fast/tpool",
                                "web01"),
                        Stream.of(more))
                .toArray(String[]::new));
    }

    private List<String> files() throws IOException {
        try (Stream<Path> listing = Files.list(temp)) {
            return listing.map(path -> path.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void anOutFileInAMissingDirectorySaysSo() throws IOException {
        Path out = temp.resolve("nodir/plan.json");

        Cli cli = plan("--out", out.toString());

        assertEquals(1, cli.exitCode(), cli.transcript());
        assertEquals("", cli.out());
        assertEquals("virt-tune: cannot write " + out + ": No such file or directory\n", cli.err());
        assertEquals(List.of(), files());
    }

    @Test
    void anOutFileThatIsADirectorySaysSoAndLeavesNoTemporaryFile() throws IOException {
        Path out = Files.createDirectory(temp.resolve("plan.json"));

        Cli cli = plan("--out", out.toString());

        assertEquals(1, cli.exitCode(), cli.transcript());
        assertEquals("virt-tune: cannot write " + out + ": Is a directory\n", cli.err());
        assertEquals(List.of("plan.json"), files(), "the temporary file is removed");
    }

    @Test
    void aMissingPlanSaysSo() {
        Path plan = temp.resolve("missing.json");

        Cli cli = Cli.run("apply", plan.toString());

        assertEquals(2, cli.exitCode(), cli.transcript());
        assertEquals("", cli.out());
        assertEquals(
                "virt-tune: cannot read the plan " + plan + ": No such file or directory\n"
                        + "Try 'virt-tune apply --help'.\n",
                cli.err());
    }

    @Test
    void aPlanThatIsADirectorySaysSo() {
        Cli apply = Cli.run("apply", temp.toString());
        Cli snippets = Cli.run(
                "snippets",
                "--connect",
                EXAMPLE_URI,
                "--host-facts",
                "examples/hv01",
                "--plan",
                temp.toString(),
                "--out",
                temp.resolve("snippets").toString());

        assertEquals(2, apply.exitCode(), apply.transcript());
        assertEquals(
                "virt-tune: cannot read the plan " + temp + ": Is a directory\nTry 'virt-tune apply --help'.\n",
                apply.err());
        assertEquals(2, snippets.exitCode(), snippets.transcript());
        assertTrue(
                snippets.err().startsWith("virt-tune: cannot read the plan " + temp + ": Is a directory\n"),
                snippets.err());
    }

    @Test
    void aMissingRecordedLvmReportSaysSo() throws IOException {
        Path host = temp.resolve("host");
        Files.createDirectories(host.resolve("lvm"));
        Files.copy(Path.of("examples/hv01/lvm/vgs.json"), host.resolve("lvm/vgs.json"));
        Path missing = host.resolve("lvm/lvs.json");

        Cli cli = Cli.run("inspect", "--connect", EXAMPLE_URI, "--host-facts", host.toString(), "web01");

        assertEquals(1, cli.exitCode(), cli.transcript());
        assertTrue(
                cli.out()
                        .contains("\n          seen: LVM: cannot read the recorded LVM report " + missing
                                + ": No such file or directory\n"),
                cli.transcript());
    }

    @Test
    void anHtmlReportThatCannotBeWrittenSaysWhy() {
        Path html = temp.resolve("nodir/report.html");

        Cli cli = Cli.run(
                "bench",
                "compare",
                "guest-io",
                "before",
                "after",
                "--state-dir",
                "src/test/resources/io/virttune/bench",
                "--html",
                html.toString());

        assertEquals(1, cli.exitCode(), cli.transcript());
        assertEquals("virt-tune: cannot write " + html + ": No such file or directory\n", cli.err());
    }
}
