package io.virttune.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.virttune.libvirt.LibvirtJavaConnection;
import io.virttune.libvirt.LiveDomains;
import io.virttune.process.LocalProcessRunner;
import io.virttune.testing.Cli;
import io.virttune.testing.Lab;
import io.virttune.testing.LabAgent;
import io.virttune.testing.LabFleet;
import io.virttune.testing.LabGuest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer.OrderAnnotation;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The fleet on real hosts: three lab hosts (scripts/lab fleet), each with its own disk, LVM,
 * libvirtd and sshd, reached over SSH inside the fleet's network namespace. Each has a guest
 * "web" on a qcow2 image; they are inspected in parallel, the guests of two hosts benched on
 * their hosts at once, the three planned, then applied at once while the third is cut off the
 * network mid-copy: the two complete and boot on their LVs, the third fails alone and its
 * resume, once it is back, finishes it. The two are benched again on their LVs and the fleet's
 * before and after compared in one report.
 */
@TestMethodOrder(OrderAnnotation.class)
class FleetLabIT {
    private static final String RUN = "scripts/lab fleet --hosts 3 -- mvn -o -B -q failsafe:integration-test"
            + " failsafe:verify -Dit.test=FleetLabIT";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String VG = "vt-fleet";
    private static final String GUEST = "web";
    /** The host cut off mid-run; its image is the large one, so that its copy lasts. */
    private static final String CUT = "hv3";
    /**
     * A quick bench on each guest's scratch disk (its second, written over: the test guest's root is
     * a tmpfs, without O_DIRECT), small and short: the lab's TCG guests are slow, and the figures
     * only need to exist on both sides.
     */
    private static final List<String> BENCH =
            List.of("--quick", "--size", "8M", "--runtime", "1", "--destructive", "--json");

    private static final Map<String, Host> HOSTS = new LinkedHashMap<>();
    private static Path fleetPlan;

    /** One lab host: its guest, where its image is, and the sha256 of the disk's content before the move. */
    private record Host(String name, LabGuest guest, Path work, String contentSha256) {
        String uri() {
            return "qemu+ssh://" + name + "/system";
        }
    }

    @BeforeAll
    static void guests() throws IOException {
        for (String name : LabFleet.hosts(RUN)) {
            LabFleet.volumeGroup(name, VG);
            Path work = Lab.imageDirectory("vt-fleet-" + name + "-");
            boolean large = name.equals(CUT);
            Path image = LabFleet.patternedImage(work, large ? "640M" : "32M", large ? "600M" : "8M");
            String sha = Lab.contentSha256("qcow2", image.toString(), work);
            // The benched guests stay up with their agent after checksumming their disks.
            String scratch = "";
            if (!large) {
                Path disk = work.resolve("scratch.qcow2");
                Lab.sh("qemu-img", "create", "-q", "-f", "qcow2", disk.toString(), "16M");
                scratch = "    <disk type='file' device='disk'>\n      <driver name='qemu' type='qcow2'/>\n"
                        + "      <source file='" + disk + "'/>\n      <target dev='sdb' bus='sata'/>\n    </disk>\n";
            }
            HOSTS.put(
                    name,
                    new Host(
                            name,
                            LabGuest.defineAt(
                                    "qemu+ssh://" + name + "/system",
                                    GUEST,
                                    work,
                                    image,
                                    scratch,
                                    large ? "checksum" : "checksum,agent"),
                            work,
                            sha));
        }
        fleetPlan = Files.createTempDirectory("vt-fleet-plan-").resolve("fleet.json");
    }

    @AfterAll
    static void cleanUp() {
        HOSTS.values().forEach(host -> {
            host.guest().undefine();
            Lab.sh("rm", "-rf", host.work().toString());
        });
    }

    @Test
    @Order(1)
    void inspectReadsEachHostThroughItsOwnDoorInParallel() throws IOException {
        Cli inspected = Cli.run(hostArgs("inspect", "--all", "--json", "--parallel", "3"));
        assertEquals(0, inspected.exitCode(), inspected.transcript());
        JsonNode hosts = JSON.readTree(inspected.out()).path("hosts");
        assertEquals(HOSTS.keySet().stream().toList(), names(hosts), inspected.out());
        for (JsonNode host : hosts) {
            String report = host.toString();
            assertTrue(
                    report.contains(HOSTS.get(host.path("name").asText()).work().toString()),
                    "host " + host.path("name").asText() + "'s own guest, with its own image, is in its section: "
                            + report);
            assertTrue(report.contains(VG), "its own VG is read on that host: " + report);
        }
    }

    @Test
    @Order(2)
    void eachHostBenchesItsOwnGuestsAndAHostWithoutARunningOneFailsAlone() throws IOException {
        List<Host> benched = benchedHosts();
        benched.forEach(host -> host.guest().start());
        benched.forEach(FleetLabIT::awaitAgent);

        // The guest names its SATA disks in the order libata finds them, so its sdb may be libvirt's
        // sda (seen here, when the bench overwrote the system disk): the scratch disk is named by its
        // target, and each host's bench finds it in its guest by its size.
        Cli run = Cli.run(benchArgs("before", "sdb"));

        Map<String, String> results = results(run);
        assertEquals(Map.of("hv1", "completed", "hv2", "completed", CUT, "failed"), results, run.transcript());
        assertTrue(run.out().contains("domain 'web' is shut off"), "hv3's guest does not run: " + run.transcript());
        for (Host host : benched) {
            JsonNode stored = JSON.readTree(LabFleet.ssh(host.name(), "cat /var/lib/virt-tune/bench/web/before.json"));
            assertEquals("sdb", stored.at("/disk/target").asText(), host.name() + " stored its own run, of disk sdb");
            assertEquals(
                    host.guest().deviceOfSize(16L << 20),
                    stored.path("target").asText(),
                    host.name() + "'s fio wrote the guest's device of the scratch disk, whatever the guest named it");
        }
        // Shut down for the offline move.
        benched.forEach(host -> host.guest().destroy());
    }

    @Test
    @Order(3)
    void planWritesOneSectionPerHost() throws IOException {
        Cli planned = Cli.run(hostArgs("plan", GUEST, "--vg", VG, "--parallel", "3", "--out", fleetPlan.toString()));
        assertEquals(0, planned.exitCode(), planned.transcript());
        JsonNode sections = JSON.readTree(fleetPlan.toFile()).path("hosts");
        assertEquals(HOSTS.keySet().stream().toList(), names(sections), planned.transcript());
        for (JsonNode section : sections) {
            assertEquals("planned", section.path("status").asText(), section.toString());
        }
    }

    @Test
    @Order(4)
    void applyRunsTheHostsAtOnceAndOneCutOffFailsAloneThenItsResumeFinishesIt() throws Exception {
        CompletableFuture<Cli> applying = CompletableFuture.supplyAsync(
                () -> Cli.run("apply", fleetPlan.toString(), "--execute", "--parallel", "3", "--json"));
        awaitCopyStarted(CUT, applying);
        // The cable pulled: hv3's TAP leaves the bridge, the host itself runs on.
        Lab.sh("ip", "link", "set", "vttap" + CUT.substring(2), "nomaster");
        Cli applied = applying.get(600, TimeUnit.SECONDS);

        Map<String, String> results = results(applied);
        assertEquals(Map.of("hv1", "completed", "hv2", "completed", CUT, "failed"), results, applied.transcript());
        assertTrue(applied.exitCode() != 0, "a failed host fails the run: " + applied.transcript());

        Lab.sh("ip", "link", "set", "vttap" + CUT.substring(2), "master", "vtbr0");
        awaitReachable(CUT);
        Cli resumed = resumeUntilItRuns();
        assertEquals(0, resumed.exitCode(), resumed.transcript());
        assertEquals(Map.of(CUT, "completed"), results(resumed), resumed.transcript());

        for (Host host : HOSTS.values()) {
            String source = LabFleet.diskSource(host.name(), GUEST);
            assertTrue(
                    source.endsWith("/dev/" + VG + "/" + GUEST + "-sda"), host.name() + " runs on its LV: " + source);
            assertEquals(
                    host.contentSha256(),
                    LabFleet.ssh(host.name(), "sha256sum /dev/" + VG + "/" + GUEST + "-sda")
                            .substring(0, 64),
                    host.name() + "'s LV holds the image's content");
        }
        // The guests of the two small hosts boot on their LVs, at once, and read the image's content.
        List<Host> booted = benchedHosts();
        booted.forEach(host -> host.guest().start());
        for (Host host : booted) {
            awaitAgent(host);
            assertEquals(
                    Optional.of(host.contentSha256()),
                    host.guest().checksumOf("/dev/vda"),
                    host.name() + "'s guest reads its data from its LV");
        }
    }

    @Test
    @Order(5)
    void theGuestsBenchedAgainOnTheirLvsCompareInOneReport() throws IOException {
        Path html = fleetPlan.resolveSibling("fleet-bench.html");

        Cli after = Cli.run(benchArgs("after", "vdb"));
        for (Host host : benchedHosts()) {
            assertEquals(
                    host.guest().deviceOfSize(16L << 20),
                    JSON.readTree(LabFleet.ssh(host.name(), "cat /var/lib/virt-tune/bench/web/after.json"))
                            .path("target")
                            .asText(),
                    host.name() + "'s scratch disk");
        }
        Cli compared = Cli.run(
                "bench",
                "compare",
                "--host",
                "hv1",
                "--host",
                "hv2",
                "before",
                "after",
                "--json",
                "--html",
                html.toString());

        benchedHosts().forEach(host -> host.guest().destroy());
        assertEquals(Map.of("hv1", "completed", "hv2", "completed", CUT, "failed"), results(after), after.transcript());
        assertEquals(0, compared.exitCode(), compared.transcript());
        JsonNode hosts = JSON.readTree(compared.out()).path("hosts");
        assertEquals(List.of("hv1", "hv2"), names(hosts), compared.out());
        for (JsonNode host : hosts) {
            JsonNode domain = host.at("/domains/0");
            assertEquals("web", domain.path("domain").asText(), host.toString());
            assertEquals("sata", domain.at("/before/disk/bus").asText(), "before: the scratch disk on SATA, a qcow2");
            assertEquals("qcow2", domain.at("/before/disk/format").asText());
            assertEquals("virtio", domain.at("/after/disk/bus").asText(), "after: on virtio, a raw LV");
            assertEquals("block", domain.at("/after/disk/sourceType").asText());
            assertEquals(
                    "/dev/" + VG + "/" + GUEST + "-sdb",
                    domain.at("/after/disk/source").asText());
            assertTrue(domain.path("changes").size() >= 4, "every quick profile compared: " + domain);
        }
        assertTrue(Files.readString(html).contains("<h2 id=\"host-hv2\">hv2</h2>"), "the HTML report has each host");
    }

    @Test
    @Order(6)
    void rollbackOverSshPutsAHostsGuestBackOnItsImageAndRemovesItsLv() {
        Host host = HOSTS.get(CUT);
        Cli rolledBack = Cli.run(
                "rollback", "--hosts", fleetPlan.toString(), "--limit", CUT, GUEST, "--execute", "--yes", "--force");

        assertEquals(0, rolledBack.exitCode(), rolledBack.transcript());
        String source = LabFleet.diskSource(CUT, GUEST);
        assertTrue(
                source.endsWith(host.work().resolve("system.qcow2").toString()),
                CUT + " is back on its image: " + source);
        assertEquals("", LabFleet.lvNames(CUT, VG), "the LV on " + CUT + " is removed");
        assertEquals(
                host.contentSha256(),
                Lab.contentSha256("qcow2", host.work().resolve("system.qcow2").toString(), host.work()),
                "the image holds what it held before the move");
    }

    @Test
    @Order(7)
    void aWindowPlanPredictsEachHostByWhatItKeptAsItsOwnPlanDoes() throws IOException {
        Cli planned = Cli.run(hostArgs("plan", GUEST, "--vg", VG, "--window", "1h", "--parallel", "3", "--json"));

        assertEquals(0, planned.exitCode(), planned.transcript());
        for (JsonNode section : JSON.readTree(planned.out()).path("hosts")) {
            String name = section.path("name").asText();
            // The host's own plan, run there, reads its state directory as a local qemu connection's.
            JsonNode alone = JSON.readTree(LabFleet.ssh(
                            name,
                            "virt-tune plan " + GUEST + " --connect qemu:///system --vg " + VG + " --window 1h --json"))
                    .path("schedule");
            assertEquals(
                    alone.toString(),
                    section.at("/plan/schedule")
                            .toString()
                            .replace("/var/lib/virt-tune on " + name, "/var/lib/virt-tune"),
                    name + "'s schedule, predicted by what it journaled or calibrated, read over its door");
        }
    }

    /** The hosts whose guest is benched: all but the one cut off. */
    private static List<Host> benchedHosts() {
        return HOSTS.values().stream().filter(host -> !host.name().equals(CUT)).toList();
    }

    /** Once the guest has checksummed its disks (its agent answers before that), its agent answering. */
    private static void awaitAgent(Host host) {
        host.guest().awaitDone();
        try (LiveDomains live = LibvirtJavaConnection.openReadWrite(host.uri())) {
            LabAgent.awaitAnswer(live, GUEST, host.guest().console());
        }
    }

    /** bench of the guest's scratch disk (its target TARGET, whatever the guest calls it) on every host, as LABEL. */
    private static String[] benchArgs(String label, String target) {
        List<String> args = new ArrayList<>(List.of("bench", GUEST, "--label", label, "--scratch-disk", target));
        args.addAll(BENCH);
        return hostArgs(args.toArray(String[]::new));
    }

    /** Waits until the cut host's journal shows its copy started and not done, failing if the run ends first. */
    private static void awaitCopyStarted(String host, CompletableFuture<Cli> applying) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(600);
        while (!copying(LabFleet.ssh(host, "cat /var/lib/virt-tune/domains/*/journal.json 2>/dev/null || true"))) {
            if (applying.isDone()) {
                fail("the fleet apply ended before " + host + "'s copy started: "
                        + applying.join().transcript());
            }
            if (System.nanoTime() > deadline) {
                fail(host + "'s copy did not start within 600 s");
            }
            Thread.sleep(200);
        }
    }

    private static boolean copying(String journal) throws IOException {
        if (journal.isBlank()) {
            return false;
        }
        boolean started = false;
        for (JsonNode entry : JSON.readTree(journal).path("entries")) {
            if (entry.path("kind").asText().equals("convert-image")) {
                started = entry.path("state").asText().equals("STARTED");
            }
        }
        return started;
    }

    private static void awaitReachable(String host) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!new LocalProcessRunner()
                .run(List.of("ssh", "-o", "BatchMode=yes", host, "true"))
                .succeeded()) {
            if (System.nanoTime() > deadline) {
                fail(host + " is not reachable again within 120 s of its TAP's return to the bridge");
            }
            Thread.sleep(1000);
        }
    }

    /**
     * The cut host's resume: its own apply, having lost its operator, may still be finishing there;
     * its journal's lock then refuses a second one, which is said, and the resume is asked again.
     */
    private static Cli resumeUntilItRuns() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
        while (true) {
            Cli resumed = Cli.run("apply", fleetPlan.toString(), "--limit", CUT, "--resume", "--execute", "--json");
            if (resumed.exitCode() == 0
                    || !resumed.transcript().contains("still running")
                    || System.nanoTime() > deadline) {
                return resumed;
            }
            System.out.println("resume of " + CUT + " not yet: " + resumed.transcript());
            Thread.sleep(2000);
        }
    }

    /** Each host's result: "completed" when all its domains completed, else "failed". */
    private static Map<String, String> results(Cli run) throws IOException {
        Map<String, String> results = new LinkedHashMap<>();
        for (JsonNode host : JSON.readTree(run.out()).path("hosts")) {
            boolean completed =
                    host.path("error").isMissingNode() || host.path("error").isNull();
            for (JsonNode domain : host.path("domains")) {
                completed &= domain.path("result").asText().matches("done|already_done");
            }
            completed &= !host.path("domains").isEmpty();
            results.put(host.path("name").asText(), completed ? "completed" : "failed");
        }
        return results;
    }

    private static String[] hostArgs(String... command) {
        List<String> args = new ArrayList<>(List.of(command));
        HOSTS.keySet().forEach(name -> args.addAll(List.of("--host", name)));
        return args.toArray(String[]::new);
    }

    private static List<String> names(JsonNode hosts) {
        List<String> names = new ArrayList<>();
        hosts.forEach(host -> names.add(host.path("name").asText()));
        return names;
    }
}
