package io.virttune.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.testing.Lab;
import io.virttune.testing.LabFleet;
import io.virttune.testing.LabGuest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer.OrderAnnotation;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The collection's rolling migration playbook (virttune.kvm.migrate) run by ansible-playbook from
 * this machine over real SSH on the lab's three hosts, each with a shut-off guest "web" on a qcow2
 * image and a VG named in group_vars: check mode changes nothing; a host without virt-tune stops
 * the play there ({@code serial: 1}, {@code max_fail_percentage: 0}), the host before it moved and
 * the one after it untouched; the next run moves the other two and finds the first already done;
 * the rollback module puts one host back on its image.
 */
@TestMethodOrder(OrderAnnotation.class)
class PlaybookLabIT {
    private static final String RUN = "scripts/lab fleet --hosts 3 -- mvn -o -B -q failsafe:integration-test"
            + " failsafe:verify -Dit.test=PlaybookLabIT";
    private static final String VG = "vt-play";
    private static final String GUEST = "web";
    private static final String LV = "/dev/" + VG + "/" + GUEST + "-sda";
    private static final String APPLY = "Apply the plan";
    /** The host made to fail: its virt-tune is moved away for one run. */
    private static final String BROKEN = "hv2";

    private static final Map<String, Host> HOSTS = new LinkedHashMap<>();
    private static Path controller;

    /** One lab host: its guest, where its image is, and the sha256 of the disk's content before the move. */
    private record Host(String name, LabGuest guest, Path work, String contentSha256) {
        Path image() {
            return work.resolve("system.qcow2");
        }
    }

    @BeforeAll
    static void hostsAndInventory() throws IOException {
        for (String name : LabFleet.hosts(RUN)) {
            LabFleet.volumeGroup(name, VG);
            Path work = Lab.imageDirectory("vt-play-" + name + "-");
            Path image = LabFleet.patternedImage(work, "32M", "8M");
            String sha = Lab.contentSha256("qcow2", image.toString(), work);
            HOSTS.put(
                    name,
                    new Host(
                            name,
                            LabGuest.defineAt("qemu+ssh://" + name + "/system", GUEST, work, image, "checksum"),
                            work,
                            sha));
        }
        controller = Files.createTempDirectory("vt-play-");
        // As an operator keeps it: the hosts in a group, what the play needs in the group's variables.
        // The lab logs into its hosts as root, and they have no sudo: the play's become is turned off.
        Files.writeString(
                controller.resolve("inventory.ini"),
                "[kvm]\n" + String.join("\n", HOSTS.keySet()) + "\n\n[kvm:vars]\nansible_user=root\n"
                        + "ansible_become=false\nansible_python_interpreter=/usr/bin/python3\n");
        Files.createDirectories(controller.resolve("group_vars"));
        Files.writeString(
                controller.resolve("group_vars/kvm.yml"),
                "virt_tune_vg: " + VG + "\n# The guests are shut off: there is nothing running to bench.\n"
                        + "virt_tune_bench: false\nvirt_tune_fetch_dir: " + controller.resolve("reports") + "\n");
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
    void checkModeShowsEachHostsChangeAndMakesNone() {
        PlaybookRun run = PlaybookRun.migrate(controller, "--check", "--diff");

        assertEquals(0, run.exitCode(), run.output());
        for (Host host : HOSTS.values()) {
            assertEquals("changed", run.status(APPLY, host.name()), "would be changed: " + run.output());
            assertOnImage(host);
            assertEquals("", LabFleet.lvNames(host.name(), VG));
            assertEquals(
                    "absent",
                    LabFleet.ssh(host.name(), "test -e /var/lib/virt-tune/plan.json && echo present || echo absent")
                            .strip(),
                    "check mode writes no plan file on " + host.name());
        }
        assertTrue(
                run.output().contains("+") && run.output().contains(LV),
                "the diff shows the LV the guest would use: " + run);
    }

    @Test
    @Order(2)
    void aHostWithoutVirtTuneStopsThePlayThereTheHostBeforeMovedTheOneAfterUntouched() {
        LabFleet.ssh(BROKEN, "mv /usr/local/bin/virt-tune /usr/local/bin/virt-tune.away");
        PlaybookRun run;
        try {
            run = PlaybookRun.migrate(controller);
        } finally {
            LabFleet.ssh(BROKEN, "mv /usr/local/bin/virt-tune.away /usr/local/bin/virt-tune");
        }

        assertNotEquals(0, run.exitCode(), run.output());
        assertEquals("changed", run.status(APPLY, "hv1"), run.output());
        assertEquals("fatal", run.status("Read the host", BROKEN), run.output());
        assertTrue(run.output().contains("virt-tune is not installed on this host"), run.output());
        assertFalse(run.output().contains("[hv3]"), "the play stopped before hv3: " + run.output());
        assertOnLv(HOSTS.get("hv1"));
        assertOnImage(HOSTS.get(BROKEN));
        assertOnImage(HOSTS.get("hv3"));
    }

    @Test
    @Order(3)
    void theNextRunMovesTheOthersAndFindsTheFirstDone() {
        PlaybookRun run = PlaybookRun.migrate(controller);

        assertEquals(0, run.exitCode(), run.output());
        assertEquals("ok", run.status(APPLY, "hv1"), "hv1 moved already: " + run.output());
        assertEquals("changed", run.status(APPLY, BROKEN), run.output());
        assertEquals("changed", run.status(APPLY, "hv3"), run.output());
        HOSTS.values().forEach(PlaybookLabIT::assertOnLv);
        assertTrue(Files.exists(controller.resolve("reports/hv3/apply.json")), "each host's report came back: " + run);
    }

    @Test
    @Order(4)
    void theRollbackModulePutsOneHostBackOnItsImage() {
        Host host = HOSTS.get("hv3");
        PlaybookRun run = PlaybookRun.module(
                controller, host.name(), "virttune.kvm.virt_tune_rollback", "domains=" + GUEST + " force=true");

        assertEquals(0, run.exitCode(), run.output());
        assertTrue(run.output().contains(host.name() + " | CHANGED"), run.output());
        assertOnImage(host);
        assertEquals("", LabFleet.lvNames(host.name(), VG));
        assertEquals(
                host.contentSha256(),
                Lab.contentSha256("qcow2", host.image().toString(), host.work()),
                "the image holds what it held before the move");
        assertOnLv(HOSTS.get("hv1"));
    }

    private static void assertOnImage(Host host) {
        assertEquals(host.image().toString(), diskSource(host), host.name() + "'s guest is on its image");
    }

    private static void assertOnLv(Host host) {
        assertEquals(LV, diskSource(host), host.name() + "'s guest is on its LV");
        assertEquals(
                host.contentSha256(),
                LabFleet.ssh(host.name(), "sha256sum " + LV).substring(0, 64),
                host.name() + "'s LV holds the image's content");
    }

    private static String diskSource(Host host) {
        return LabFleet.diskSource(host.name(), GUEST);
    }

    /** What one run of ansible or ansible-playbook printed, with each host's status per task. */
    private record PlaybookRun(int exitCode, String output) {
        /** ansible-playbook of the collection's migrate playbook on the inventory in {@code dir}. */
        static PlaybookRun migrate(Path dir, String... options) {
            List<String> argv = new java.util.ArrayList<>(List.of(
                    "ansible-playbook", "-i", dir.resolve("inventory.ini").toString(), "virttune.kvm.migrate"));
            argv.addAll(List.of(options));
            return run(dir, argv);
        }

        /** One module on one host, as {@code ansible HOST -m MODULE -a ARGS}. */
        static PlaybookRun module(Path dir, String host, String module, String args) {
            return run(
                    dir,
                    List.of("ansible", host, "-i", dir.resolve("inventory.ini").toString(), "-m", module, "-a", args));
        }

        private static PlaybookRun run(Path dir, List<String> argv) {
            ProcessBuilder builder =
                    new ProcessBuilder(argv).directory(dir.toFile()).redirectErrorStream(true);
            Map<String, String> env = builder.environment();
            // The collection from this checkout, as a controller with it installed would find it.
            env.put(
                    "ANSIBLE_COLLECTIONS_PATH",
                    Path.of("ansible").toAbsolutePath().toString());
            env.put("ANSIBLE_NOCOLOR", "1");
            // No pipelining: with it, in three runs of four a lab host was reported unreachable at a
            // random task ("Data could not be sent to remote host"); without it, in none of two.
            // Ansible's sftp and scp call /usr/bin/ssh, not the fleet's ssh first on PATH: they read the
            // fleet's keys and names from its configuration, given with Ansible's own ssh arguments.
            env.put(
                    "ANSIBLE_SSH_ARGS",
                    "-F " + Path.of(System.getenv("VTLAB_FLEET"), "ssh_config")
                            + " -C -o ControlMaster=auto -o ControlPersist=60s");
            env.put("ANSIBLE_SSH_CONTROL_PATH_DIR", dir.resolve("cp").toString());
            env.put("ANSIBLE_LOCAL_TEMP", dir.resolve("tmp").toString());
            try {
                Process process = builder.start();
                String output = new String(process.getInputStream().readAllBytes());
                int exitCode = process.waitFor();
                System.out.println(String.join(" ", argv) + "\n" + output);
                return new PlaybookRun(exitCode, output);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }

        /**
         * How the task named {@code task} ended on {@code host} ("ok", "changed", "fatal", "skipping"),
         * as the default callback prints it; "not run" when it printed none.
         */
        String status(String task, String host) {
            String status = "not run";
            boolean inTask = false;
            for (String line : output.lines().toList()) {
                if (line.startsWith("TASK [")) {
                    inTask = line.startsWith("TASK [" + task + "]");
                } else if (inTask && line.matches("^[a-z]+: \\[" + host + "\\].*")) {
                    status = line.substring(0, line.indexOf(':'));
                }
            }
            return status;
        }

        @Override
        public String toString() {
            return output;
        }
    }
}
