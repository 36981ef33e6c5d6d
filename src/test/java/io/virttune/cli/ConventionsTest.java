package io.virttune.cli;

import static io.virttune.testing.Cli.EXAMPLE_URI;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.plan.DomainPlan;
import io.virttune.plan.PlanJson;
import io.virttune.testing.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command-line conventions operators know from virsh and GNU tools, and options that cannot apply. */
class ConventionsTest {
    @TempDir
    Path temp;

    private Path exported(String... names) throws IOException {
        Path dir = Files.createDirectories(temp.resolve("exported"));
        for (String name : names) {
            Files.writeString(
                    dir.resolve(name + ".xml"),
                    "<domain type='kvm'><name>" + name + "</name>"
                            + "<memory>1048576</memory><devices><disk type='file' device='disk'><driver name='qemu' type='qcow2'/>"
                            + "<source file='/img/" + name
                            + ".qcow2'/><target dev='vda' bus='virtio'/></disk></devices></domain>");
        }
        return dir;
    }

    private static void assertUsageError(String message, String command, Cli cli) {
        assertEquals(2, cli.exitCode(), cli.transcript());
        assertEquals("", cli.out(), cli.transcript());
        assertEquals("virt-tune: " + message + "\nTry 'virt-tune " + command + " --help'.\n", cli.err());
    }

    @Test
    void aUsageErrorIsOneLineAndWhereToFindHelp() {
        assertUsageError(
                "give DOMAIN names or --all, not both",
                "inspect",
                Cli.run("inspect", "--connect", EXAMPLE_URI, "--all", "web01"));
        assertUsageError(
                "Missing required argument (specify one of these): (--vg=VG | --thin-pool=VG/POOL)",
                "plan",
                Cli.run("plan", "web01"));
        assertUsageError(
                "Missing required parameters: 'DOMAIN', 'BEFORE', 'AFTER'",
                "bench compare",
                Cli.run("bench", "compare"));
    }

    @Test
    void anUnknownOptionSuggestsTheNearestAndWhereToFindHelp() {
        Cli cli = Cli.run("plan", "--vg", "vg0", "--dif", "web01");

        assertEquals(2, cli.exitCode(), cli.transcript());
        assertEquals("", cli.out());
        assertTrue(cli.err().startsWith("virt-tune: Unknown option: '--dif'\n"), cli.err());
        assertTrue(cli.err().contains("--diff"), cli.err());
        assertTrue(cli.err().endsWith("Try 'virt-tune plan --help'.\n"), cli.err());
        assertTrue(cli.err().lines().count() <= 4, cli.err());
    }

    @Test
    void aUsageErrorFoundWhileRunningAlsoSaysWhereToFindHelp() {
        Cli cli = Cli.run("bench", "web01");

        assertEquals(2, cli.exitCode(), cli.transcript());
        assertEquals(
                "virt-tune: bench needs a DOMAIN (or --all) and --label LABEL (or: bench compare DOMAIN BEFORE AFTER)\n"
                        + "Try 'virt-tune bench --help'.\n",
                cli.err());
    }

    @Test
    void theConnectionMayBeGivenBeforeTheCommandAsVirshTakesIt() {
        Cli cli = Cli.run("-c", EXAMPLE_URI, "inspect", "--host-facts", "examples/hv01", "web01");

        assertEquals(0, cli.exitCode(), cli.transcript());
        assertTrue(cli.out().contains("(" + EXAMPLE_URI + ")"), cli.out());
        Cli plan =
                Cli.run("--connect", EXAMPLE_URI, "plan", "--host-facts", "examples/hv01", "--vg", "vg_fast", "web01");
        assertEquals(0, plan.exitCode(), plan.transcript());
    }

    @Test
    void fromXmlTakesOneFileEachTimeAndLeavesTheDomainsAlone() throws IOException {
        Path dir = exported("web", "db");

        Cli cli = Cli.run("plan", "--from-xml", dir.toString(), "web", "--vg", "vg0", "--json");

        assertEquals(0, cli.exitCode(), cli.transcript());
        assertEquals(
                List.of("web"),
                PlanJson.read(cli.out(), "stdout").domains().stream()
                        .map(DomainPlan::name)
                        .toList());
        Cli twice = Cli.run(
                "plan",
                "--from-xml",
                dir.resolve("web.xml").toString(),
                "--from-xml",
                dir.resolve("db.xml").toString(),
                "--vg",
                "vg0",
                "--json");
        assertEquals(2, PlanJson.read(twice.out(), "stdout").domains().size(), twice.transcript());
    }

    @Test
    void aNewThinPoolZeroesUnlessTheStaleDataRiskIsAcknowledged() throws IOException {
        String dir = exported("web").toString();
        Cli safe =
                Cli.run("plan", "--from-xml", dir, "--thin-pool", "vg0/pool", "--create-thin-pool", "100G", "--json");
        assertTrue(
                safe.out().contains("\"zeroing\" : true") && safe.out().contains("\"chunkSizeBytes\" : 65536"),
                safe.transcript());

        Cli refused = Cli.run(
                "plan",
                "--from-xml",
                dir,
                "--thin-pool",
                "vg0/pool",
                "--create-thin-pool",
                "100G",
                "--thin-zeroing",
                "off");
        assertEquals(3, refused.exitCode(), refused.transcript());
        assertTrue(refused.err().contains("add --accept-thin-zeroing-risk"), refused.transcript());

        Cli fast = Cli.run(
                "plan",
                "--from-xml",
                dir,
                "--thin-pool",
                "vg0/pool",
                "--create-thin-pool",
                "100G",
                "--thin-zeroing",
                "off",
                "--accept-thin-zeroing-risk",
                "--json");
        assertTrue(
                fast.out().contains("\"zeroing\" : false") && fast.out().contains("\"chunkSizeBytes\" : 4194304"),
                fast.transcript());
    }

    @Test
    void optionsThatCannotApplyAreUsageErrors() throws IOException {
        String dir = exported("web").toString();
        assertUsageError(
                "--thin-zeroing applies only to a pool created with --create-thin-pool",
                "plan",
                Cli.run("plan", "--from-xml", dir, "--thin-pool", "vg0/pool", "--thin-zeroing", "on"));
        assertUsageError(
                "--chunk-size applies only to a pool created with --create-thin-pool",
                "plan",
                Cli.run("plan", "--from-xml", dir, "--thin-pool", "vg0/pool", "--chunk-size", "64K"));
        assertUsageError(
                "--diff shows the text summary's XML changes; --json has them in each domain's \"diff\"",
                "plan",
                Cli.run("plan", "--from-xml", dir, "--vg", "vg0", "--diff", "--json"));
        assertUsageError(
                "--from-xml plans from files: --connect and --host-facts do not apply",
                "plan",
                Cli.run("plan", "--from-xml", dir, "--vg", "vg0", "-c", EXAMPLE_URI));
        assertUsageError(
                "--from-xml plans from files: --connect and --host-facts do not apply",
                "plan",
                Cli.run("plan", "--from-xml", dir, "--vg", "vg0", "--host-facts", "examples/hv01"));
        assertUsageError(
                "--from-xml plans from files: --connect and --host-facts do not apply",
                "plan",
                Cli.run("-c", EXAMPLE_URI, "plan", "--from-xml", dir, "--vg", "vg0"));
    }

    @Test
    void aConnectionBeforeACommandThatReadsNoHostIsAUsageError() {
        assertUsageError(
                "--connect does not apply to bench compare: it reads stored results",
                "bench compare",
                Cli.run(
                        "-c",
                        EXAMPLE_URI,
                        "bench",
                        "compare",
                        "guest-io",
                        "before",
                        "after",
                        "--state-dir",
                        "src/test/resources/io/virttune/bench"));
    }

    @Test
    void jobsMustBeAtLeastOne() {
        for (String jobs : List.of("0", "-1")) {
            assertUsageError(
                    "--jobs must be at least 1, got " + jobs,
                    "apply",
                    Cli.run("apply", temp.resolve("plan.json").toString(), "--jobs", jobs));
        }
    }

    @Test
    void aCopyMustBeGivenAtLeastASecondToConverge() {
        assertUsageError(
                "--converge-within must be at least 1 second, got 0",
                "apply",
                Cli.run("apply", temp.resolve("plan.json").toString(), "--converge-within", "0"));
    }
}
