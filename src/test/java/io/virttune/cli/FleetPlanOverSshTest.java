package io.virttune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.virttune.apply.journal.Calibration;
import io.virttune.apply.journal.CopyPaces;
import io.virttune.apply.journal.DomainJournal;
import io.virttune.apply.journal.JournalEntry;
import io.virttune.apply.journal.StateDirectory;
import io.virttune.fleet.FleetPlan;
import io.virttune.fleet.FleetPlanJson;
import io.virttune.plan.PlanJson;
import io.virttune.testing.Cli;
import io.virttune.testing.RecordedFleet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * plan across a fleet over (a stand-in) ssh: each host planned through its own door, one fleet
 * plan whose host sections are the plans each host alone would get, a host that is down failed
 * apart.
 */
class FleetPlanOverSshTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void eachHostIsPlannedAsAloneAndAHostThatIsDownFailsApart(@TempDir Path dir) throws Exception {
        Path hosts = Files.writeString(
                dir.resolve("inventory.ini"),
                String.join(
                        "\n",
                        "[kvm]",
                        "hv-a",
                        "hv-b ansible_user=ops",
                        "hv-down ansible_host=10.77.0.9",
                        "",
                        "[kvm:vars]",
                        "virt_tune_uri=" + Cli.EXAMPLE_URI,
                        ""));
        Path fleetPlan = dir.resolve("fleet-plan.json");

        Cli run = new RecordedFleet(dir.resolve("ssh"), "10.77.0.9")
                .run("plan", "--all", "--hosts", hosts.toString(), "--vg", "vg_fast", "--out", fleetPlan.toString());

        assertEquals(1, run.exitCode(), "a host failed: " + run.transcript());
        assertTrue(run.out().startsWith("Fleet of 3 hosts: 2 planned, 1 failed\n"), run.transcript());
        assertTrue(run.out().matches("(?s).*\\n  hv-down +failed +- .*"), run.transcript());
        assertTrue(run.out().contains("  hv-down: cannot reach hv-down over ssh (10.77.0.9)"), run.transcript());
        assertTrue(run.out().contains("=== hv-a ===\nPlan for "), run.transcript());
        assertFalse(run.out().contains("=== hv-down ==="), run.transcript());

        JsonNode document = JSON.readTree(Files.readString(fleetPlan));
        assertEquals("virt-tune/fleet-plan", document.get("schema").asText());
        assertEquals("failed", document.at("/hosts/2/status").asText());
        Cli alone = planAlone();
        assertEquals(0, alone.exitCode(), alone.transcript());
        JsonNode single = withoutCreation(JSON.readTree(alone.out()));
        for (int host = 0; host < 2; host++) {
            assertEquals("planned", document.at("/hosts/" + host + "/status").asText(), document.toString());
            JsonNode section = document.at("/hosts/" + host + "/plan");
            assertFalse(section.get("hostname").asText().isEmpty());
            // Compared without printing both plans (hundreds of lines) when they differ.
            assertTrue(
                    single.equals(withoutCreation(section)),
                    "host " + host + "'s section is not the plan it would get alone");
        }

        FleetPlan read = FleetPlanJson.read(Files.readString(fleetPlan), fleetPlan.toString());
        assertEquals(3, read.hosts().size());
        assertEquals(
                PlanJson.write(read.hosts().get(0).plan().orElseThrow()),
                PlanJson.write(PlanJson.read(document.at("/hosts/0/plan").toString(), "hv-a")),
                "each section reads back as a plan of its own");
        assertTrue(
                read.hosts().get(2).error().orElseThrow().startsWith("cannot reach hv-down over ssh (10.77.0.9)"),
                read.hosts().get(2).toString());
    }

    @Test
    void aWindowPlanOverAFleetGivesEachHostItsOwnWindowsAsItWouldGetThemAlone(@TempDir Path dir) throws Exception {
        Path hosts = twoHosts(dir);
        Path fleetPlan = dir.resolve("fleet-plan.json");

        Cli run = new RecordedFleet(dir.resolve("ssh")).run(windowPlan(hosts, fleetPlan, "--copy-rate", "100M"));

        assertEquals(0, run.exitCode(), run.transcript());
        assertTrue(run.out().contains("=== hv-b ===\nPlan for "), run.transcript());
        assertTrue(run.out().contains("windows of 1h00m"), run.transcript());
        Cli alone = planAlone("--copy-rate", "100M", "--window", "1h");
        assertEquals(0, alone.exitCode(), alone.transcript());
        JsonNode schedule = JSON.readTree(alone.out()).get("schedule");
        assertFalse(schedule.path("windows").isEmpty(), alone.out());
        JsonNode document = JSON.readTree(Files.readString(fleetPlan));
        for (int host = 0; host < 2; host++) {
            assertEquals(schedule, document.at("/hosts/" + host + "/plan/schedule"), "host " + host);
        }
    }

    @Test
    void withoutACopyRateEachHostIsPredictedByWhatItKeepsAsItsPlanAloneIs(@TempDir Path dir) throws Exception {
        // hv-a journaled three offline copies and a live one; hv-b kept only a calibration of vg_fast.
        Path journaled = threeCopiesJournaled(dir.resolve("hv-a"));
        new StateDirectory(journaled.resolve("host/var/lib/virt-tune"))
                .save(journal(
                        "live",
                        "copy-live",
                        CopyPaces.liveDetail(100L << 30, 800_000_000_000L, 0, 0, 0, java.util.Optional.empty())));
        Path calibrated = recording(dir.resolve("hv-b"));
        new StateDirectory(calibrated.resolve("host/var/lib/virt-tune"))
                .save(new Calibration(
                        "vg_fast",
                        null,
                        "/dev/vg_fast/virt-tune-calibration-7",
                        1L << 30,
                        200L << 20,
                        1L << 30,
                        300L << 20,
                        0,
                        0,
                        "2026-12-01T21:00:00Z",
                        null));
        Path hosts = twoHosts(dir);
        Path fleetPlan = dir.resolve("fleet-plan.json");

        Cli run = new RecordedFleet(dir.resolve("ssh"))
                .serving("hv-a", journaled)
                .serving("hv-b", calibrated)
                .run(windowPlan(hosts, fleetPlan, "--live"));

        assertEquals(0, run.exitCode(), run.transcript());
        JsonNode document = JSON.readTree(Files.readString(fleetPlan));
        List<Path> kept = List.of(journaled, calibrated);
        for (int host = 0; host < 2; host++) {
            Path state = kept.get(host).resolve("host/var/lib/virt-tune");
            Cli alone = planAlone("--live", "--window", "1h", "--state-dir", state.toString());
            assertEquals(0, alone.exitCode(), alone.transcript());
            JsonNode expected = withoutAge(JSON.readTree(alone.out()).get("schedule"));
            JsonNode section = withoutAge(document.at("/hosts/" + host + "/plan/schedule"));
            // Where the state was read differs (here a directory, there the host's), and why the guests'
            // writes were not sampled (here a recording, there a fleet); not what it predicts.
            assertEquals(
                    expected.toString()
                            .replace(state.toString(), "/var/lib/virt-tune on hv-" + "ab".charAt(host))
                            .replace(
                                    "planned from files or a recording, not from a running qemu host",
                                    "a fleet's guests are not sampled"),
                    section.toString(),
                    "host " + host);
        }
        assertEquals(
                "earlier-copies",
                document.at("/hosts/0/plan/schedule/rateSource").asText());
        assertEquals(
                "calibration", document.at("/hosts/1/plan/schedule/rateSource").asText());
    }

    /**
     * hv-a journaled earlier copies, but one of its journals is corrupt: its plan says so, naming the
     * file and why, and predicts hv-a as hv-b, which keeps nothing, instead of saying nothing was
     * journaled there.
     */
    @Test
    void aHostWhoseStateCannotBeReadSaysWhyAndIsPredictedAsWithNoHistory(@TempDir Path dir) throws Exception {
        Path journaled = threeCopiesJournaled(dir.resolve("hv-a"));
        Path state = journaled.resolve("host/var/lib/virt-tune");
        Files.writeString(
                Files.createDirectories(state.resolve("domains/uuid-torn")).resolve("journal.json"),
                "{\"domain\": \"we");
        Path hosts = twoHosts(dir);
        Path fleetPlan = dir.resolve("fleet-plan.json");

        Cli run =
                new RecordedFleet(dir.resolve("ssh")).serving("hv-a", journaled).run(windowPlan(hosts, fleetPlan));

        assertEquals(0, run.exitCode(), run.transcript());
        JsonNode document = JSON.readTree(Files.readString(fleetPlan));
        JsonNode unread = document.at("/hosts/0/plan/schedule");
        String why = "the state in /var/lib/virt-tune on hv-a could not be read, so this host is predicted as with no"
                + " history: cannot read the journal /var/lib/virt-tune/domains/uuid-torn/journal.json on hv-a: ";
        assertTrue(unread.path("rateBasis").asText().contains(why), unread.toString());
        assertTrue(unread.path("rateBasis").asText().contains("Unexpected end-of-input"), unread.toString());
        assertFalse(unread.path("rateBasis").asText().contains("no copy journaled"), unread.toString());
        assertTrue(run.out().contains(why), run.out());
        assertEquals("default", unread.path("rateSource").asText());
        JsonNode nothingKept = document.at("/hosts/1/plan/schedule");
        assertEquals(nothingKept.path("copyBytesPerSecond"), unread.path("copyBytesPerSecond"));
        assertEquals(nothingKept.path("windows"), unread.path("windows"));
        assertEquals(nothingKept.path("host"), unread.path("host"));
    }

    @Test
    void aFleetsStateDirectoryIsAPathOnEachHost() {
        Cli run = Cli.run(
                "plan",
                "--all",
                "--host",
                "hv-a",
                "--vg",
                "vg_fast",
                "--window",
                "1h",
                "--state-dir",
                "relative/state");

        assertEquals(2, run.exitCode(), run.transcript());
        assertTrue(run.err().contains("names a directory on each host: give an absolute path"), run.transcript());
    }

    @Test
    void aFleetPlanWithEveryHostDownIsRefusedAndWritesNothing(@TempDir Path dir) throws Exception {
        Path fleetPlan = dir.resolve("fleet-plan.json");

        Cli run = new RecordedFleet(dir.resolve("ssh"), "hv-x")
                .run("plan", "--all", "--host", "hv-x", "--vg", "vg_fast", "--out", fleetPlan.toString());

        assertEquals(3, run.exitCode(), run.transcript());
        assertTrue(run.err().contains("no host has anything to apply"), run.transcript());
        assertFalse(Files.exists(fleetPlan));
    }

    @Test
    void aFleetPlanTakesNoSingleHostOptions() {
        Cli run = Cli.run("plan", "--all", "--host", "hv-a", "--connect", Cli.EXAMPLE_URI, "--vg", "vg_fast");

        assertEquals(2, run.exitCode(), run.transcript());
        assertTrue(run.err().contains("--host and --hosts name the hosts"), run.transcript());
    }

    /**
     * The plan without the moment it was made, which differs between two runs, and the hostname,
     * which the recorded facts name alone and the host's own door names in the fleet.
     */
    private static JsonNode withoutCreation(JsonNode plan) {
        ObjectNode copy = plan.deepCopy();
        copy.remove(List.of("createdAt", "hostname"));
        return copy;
    }

    /** A schedule without the calibration's age, which is counted to the moment each plan was made. */
    private static JsonNode withoutAge(JsonNode schedule) {
        ObjectNode copy = schedule.deepCopy();
        if (copy.get("calibration") instanceof ObjectNode calibration) {
            calibration.remove("ageSeconds");
        }
        return copy;
    }

    /** A recording of the example host in {@code directory}, its state directory empty, to keep a host's own state in. */
    private static Path recording(Path directory) throws IOException {
        Path example = Path.of("examples/hv01").toAbsolutePath();
        Files.createDirectories(directory.resolve("host"));
        Files.createSymbolicLink(directory.resolve("lvm"), example.resolve("lvm"));
        for (String tree : List.of("proc", "sys")) {
            Files.createSymbolicLink(
                    directory.resolve("host").resolve(tree),
                    example.resolve("host").resolve(tree));
        }
        return directory;
    }

    /** plan of every guest of {@code hosts}'s hosts with {@code options}, in windows of 1h, into {@code out}. */
    private static String[] windowPlan(Path hosts, Path out, String... options) {
        List<String> argv = new ArrayList<>(List.of("plan", "--all", "--hosts", hosts.toString(), "--vg", "vg_fast"));
        argv.addAll(List.of(options));
        argv.addAll(List.of("--window", "1h", "--out", out.toString()));
        return argv.toArray(String[]::new);
    }

    /** An inventory in {@code dir} of hv-a and hv-b, each planned with the example's recorded libvirt. */
    private static Path twoHosts(Path dir) throws IOException {
        return Files.writeString(
                dir.resolve("inventory.ini"),
                String.join("\n", "[kvm]", "hv-a", "hv-b", "", "[kvm:vars]", "virt_tune_uri=" + Cli.EXAMPLE_URI, ""));
    }

    /** A {@link #recording} whose state directory journaled three offline copies, at 100, 200 and 300 MiB/s. */
    private static Path threeCopiesJournaled(Path directory) throws IOException {
        Path recording = recording(directory);
        StateDirectory state = new StateDirectory(recording.resolve("host/var/lib/virt-tune"));
        for (int i = 1; i <= 3; i++) {
            state.save(journal(
                    "old" + i,
                    "convert-image",
                    CopyPaces.detail(i * 1000L << 20, i * 1000L << 20, 10_000_000_000L, 0)));
        }
        return recording;
    }

    /** A finished apply of {@code domain} whose one step, of {@code kind}, journaled {@code detail}. */
    private static DomainJournal journal(String domain, String kind, String detail) {
        return DomainJournal.start(
                        domain, "uuid-" + domain, "2026-12-03T22:00:00Z", "f", "d", null, List.of(), List.of())
                .with(new JournalEntry(2, kind, JournalEntry.StepState.DONE, "2026-12-03T22:10:00Z", detail));
    }

    /** The example host planned alone, as each fleet host is, with {@code options} and --json. */
    private static Cli planAlone(String... options) {
        List<String> argv = new ArrayList<>(List.of(
                "plan", "--all", "--connect", Cli.EXAMPLE_URI, "--host-facts", "examples/hv01", "--vg", "vg_fast"));
        argv.addAll(List.of(options));
        argv.add("--json");
        return Cli.run(argv.toArray(String[]::new));
    }
}
