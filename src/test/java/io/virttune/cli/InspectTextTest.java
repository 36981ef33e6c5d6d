package io.virttune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.testing.Cli;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** What inspect's text report tells an operator, on the bundled example: fixes, actions, width, severity. */
class InspectTextTest {

    private static Cli inspect(String... args) {
        List<String> all =
                new ArrayList<>(List.of("inspect", "--connect", Cli.EXAMPLE_URI, "--host-facts", "examples/hv01"));
        all.addAll(List.of(args));
        Cli run = Cli.run(all.toArray(String[]::new));
        assertEquals(0, run.exitCode(), run.transcript());
        return run;
    }

    private static List<String> lines(Cli run) {
        return run.out().lines().toList();
    }

    /** The line after the one that contains {@code text}. */
    private static String lineAfter(Cli run, String text) {
        List<String> lines = lines(run);
        for (int i = 0; i < lines.size() - 1; i++) {
            if (lines.get(i).contains(text)) {
                return lines.get(i + 1);
            }
        }
        throw new AssertionError("no line with '" + text + "' in:\n" + run.out());
    }

    @Test
    void eachFixStandsUnderItsFinding() {
        Cli run = inspect("web01", "--width", "0");
        String web01 = run.out().substring(run.out().indexOf("\nweb01  "));
        assertEquals(
                "          fix:  move it to a raw LV: virt-tune plan --vg VG web01", lineAfter(run, "disk.qcow2-file"));
        assertEquals("          fix:  use io=native together with cache=none", lineAfter(run, "disk.io-mode"));
        assertFalse(run.out().contains("\n  fix: "), "no list of fixes apart from the findings:\n" + run.out());
        assertFalse(web01.contains("seen:"), "a domain's evidence only with -v:\n" + run.out());
        assertTrue(inspect("web01", "-v", "--width", "0").out().contains("          seen: no cache attribute"));
    }

    @Test
    void theSameFindingOnSeveralDisksIsOneLineNamingThem() {
        Cli run = inspect("win2019-sql", "--width", "0");
        assertTrue(run.out().contains("sda, sdb: qcow2 image file instead of a raw logical volume\n"), run.out());
        assertEquals(
                1,
                lines(run).stream()
                        .filter(line -> line.contains("disk.iothread"))
                        .count(),
                run.out());
    }

    @Test
    void aTunedDiskIsUnchangedAsInThePlan() {
        Cli run = inspect("db02", "db03", "--width", "0");
        List<String> lines = lines(run);
        int db03 = lines.indexOf(lines.stream()
                .filter(line -> line.startsWith("db03  "))
                .findFirst()
                .orElseThrow());
        String vda = lines.get(db03 + 2);
        assertTrue(vda.startsWith("  vda ") && vda.endsWith("  unchanged"), vda);
        assertTrue(
                run.out().contains("3 disk(s): 0 to move to LVM, 2 to retune, 1 unchanged, 0 left alone;"), run.out());
    }

    @Test
    void readAheadWithoutEffectAsksForNothing() {
        Cli run = inspect("db02", "--width", "0");
        assertEquals(
                "          fix:  nothing to do while the disk bypasses the host cache (the plan still runs"
                        + " lvchange -r 0 vg_guests/db02-root)",
                lineAfter(run, "vda: read-ahead on the host LV is auto"));
        Cli db01 = inspect("db01", "--width", "0");
        assertEquals("          fix:  lvchange -r 0 vg_guests/db01-disk0", lineAfter(db01, "lv.read-ahead"));
    }

    /** 15 guests in a screen or two: a finding of several domains is said once, naming them; -v says each where it is. */
    @Test
    void findingsOfSeveralDomainsAreSaidOnceAndTheReportEndsWithTheNextStep() {
        Cli run = inspect("--width", "0");

        assertTrue(lines(run).size() < 180, lines(run).size() + " lines:\n" + run.out());
        assertEquals(
                1,
                lines(run).stream()
                        .filter(line -> line.contains(" disk.cache "))
                        .count(),
                run.out());
        assertEquals(
                "          in:   12 domains: backup01 (vda), ci-runner (sda), cluster-node1 (vda), customer vm 'ü-01'"
                        + " \"prod\" (sda), db01 (vda), legacy-app (hda), mail01 (vda), web01 (vda), web02 (vda), win11-desk (sda, vda),"
                        + " win2016-rds (hda), win2019-sql (sda, sdb)",
                lineAfter(run, " disk.cache "));
        // The domain's name in a fix, bare or as a shell word, is read as DOMAIN: those fixes are alike.
        assertTrue(
                run.out()
                        .contains(
                                "\n  warning disk.qcow2-file          qcow2 image file instead of a raw logical volume\n"
                                        + "          in:   9 domains: backup01 (vda), ci-runner (sda), cluster-node1 (vda), customer vm 'ü-01' \"prod\""
                                        + " (sda), web01 (vda), web02 (vda), win11-desk (sda, vda), win2016-rds (hda), win2019-sql (sda, sdb)\n"
                                        + "          fix:  move it to a raw LV: virt-tune plan --vg VG DOMAIN\n"),
                run.out());
        assertFalse(run.out().contains("seen:"), "evidence only with -v (or of an error):\n" + run.out());
        assertTrue(
                run.out()
                        .endsWith(
                                "\nNext: virt-tune plan --all --thin-pool vg_guests/pool0 --diff shows every change as"
                                        + " an XML diff; nothing changes before apply --execute; virt-tune snippets --out DIR writes the host's udev,"
                                        + " sysctl and GRUB lines for review\n"),
                run.out());

        Cli verbose = inspect("-v", "--width", "0");
        assertFalse(verbose.out().contains("In several domains"), verbose.out());
        assertEquals(
                12,
                lines(verbose).stream()
                        .filter(line -> line.contains(" disk.cache "))
                        .count(),
                verbose.out());
    }

    @Test
    void eightyColumnsHoldEveryLine() {
        Cli run = inspect("--width", "80");
        List<String> wide = lines(run).stream()
                .filter(line -> line.codePointCount(0, line.length()) > 80)
                .filter(line -> !line.startsWith("Host "))
                .toList();
        assertEquals(List.of(), wide, run.out());
        assertTrue(run.out().contains("…win2016-rds.qcow2  qcow2"), "a long source keeps its file name:\n" + run.out());
        assertTrue(lineAfter(run, "domain.hugepages").startsWith("          in:   11 domains: backup01,"), run.out());
        assertTrue(run.out().contains("\n          fix:  back it with hugepages"), run.out());
    }

    @Test
    void theOutputsColumnsAreTheDefaultWidth() {
        Terminal eighty = new Terminal() {
            @Override
            public Optional<String> ask(String question) {
                return Optional.empty();
            }

            @Override
            public OptionalInt columns() {
                return OptionalInt.of(80);
            }
        };
        Cli run = Cli.runAt(eighty, "inspect", "--connect", Cli.EXAMPLE_URI, "--host-facts", "examples/hv01");
        assertEquals(inspect("--width", "80").out(), run.out());
        assertEquals(inspect("--width", "0").out(), inspect().out(), "no terminal: whole lines");
    }

    @Test
    void aWideTerminalGetsTheWholeTable() {
        Cli run = inspect("win2016-rds", "--width", "200");
        assertTrue(
                run.out().contains("/var/lib/libvirt/iso/Windows_Server_2016_Datacenter_EVAL_en-us_14393_refresh.ISO"));
        assertTrue(run.out().contains("IOTHREAD"), run.out());
    }

    @Test
    void severityShowsThatLevelAndAbove() {
        Cli warnings = inspect("web02", "--severity", "warning", "--width", "0");
        assertTrue(warnings.out().contains("warning disk.qcow2-file"), warnings.out());
        assertFalse(warnings.out().contains("\n  info "), warnings.out());
        assertFalse(
                warnings.out().contains("hugepages (<memoryBacking>"),
                "no fix of a hidden finding:\n" + warnings.out());
        assertTrue(warnings.out().contains("(findings below warning not shown: --severity warning)"), warnings.out());

        Cli errors = inspect("web02", "--severity", "ERROR", "--width", "0");
        assertFalse(errors.out().contains("\n  warning "), errors.out());
        assertTrue(errors.out().contains("web02  shut off"), "the tables stay:\n" + errors.out());
        assertEquals(
                inspect("web02", "--width", "0").out(),
                inspect("web02", "--severity", "info", "--width", "0").out());
    }

    @Test
    void severityAndWidthTakeOnlyWhatTheyMean() {
        Cli bad = Cli.run(
                "inspect", "--connect", Cli.EXAMPLE_URI, "--host-facts", "examples/hv01", "--severity", "notice");
        assertEquals(2, bad.exitCode(), bad.transcript());
        assertTrue(bad.err().contains("error, warning or info"), bad.err());
        for (String[] option : List.of(new String[] {"--severity", "warning"}, new String[] {"--width", "80"})) {
            Cli json = Cli.run(
                    "inspect",
                    "--connect",
                    Cli.EXAMPLE_URI,
                    "--host-facts",
                    "examples/hv01",
                    "--json",
                    option[0],
                    option[1]);
            assertEquals(2, json.exitCode(), json.transcript());
            assertTrue(json.err().startsWith("virt-tune: " + option[0] + " shapes the text report"), json.err());
        }
        Cli negative =
                Cli.run("inspect", "--connect", Cli.EXAMPLE_URI, "--host-facts", "examples/hv01", "--width", "-1");
        assertEquals(2, negative.exitCode(), negative.transcript());
    }
}
