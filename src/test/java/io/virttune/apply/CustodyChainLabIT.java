package io.virttune.apply;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.virttune.process.LocalProcessRunner;
import io.virttune.testing.Cli;
import io.virttune.testing.Lab;
import io.virttune.testing.LabGuest;
import io.virttune.testing.ProcessGroups;
import io.virttune.testing.StoppedApply;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Random chains of the operator's commands on a real two-disk domain (real LVM, libvirtd, QEMU):
 * apply, a live move of the running guest, apply killed at a step, resume, rollback with and
 * without --force, cleanup with a source
 * held open or backing another domain's image, cleanup and rollback --force at once, commands
 * while the guest runs, and the guest's writes between them. After every command the oracle reads
 * the host: each disk's definition names a store that exists and holds the disk's newest bytes
 * (compared by content with a reference kept beside), unless a rollback --force said it discards
 * exactly those writes and went back to the copy it named. Seeded: a failure names its seed,
 * {@code -Dcustody.lab.seed=N -Dcustody.lab.chains=1} replays it.
 */
class CustodyChainLabIT {
    private static final String VG = "vg_chain";
    private static final long SEED = Long.getLong("custody.lab.seed", 20261206L);
    private static final int CHAINS = Integer.getInteger("custody.lab.chains", 4);
    private static final int LENGTH = 10;
    private static final int MIB = 1 << 20;
    private static final int DISK_MIB = 32;
    private static final Pattern DISK =
            Pattern.compile("(?s)<disk type='(?:file|block)' device='disk'>.*?<driver name='qemu' type='(\\w+)'.*?"
                    + "<source (?:file|dev)='([^']+)'.*?<target dev='(\\w+)'.*?</disk>");
    private static final Pattern STEP = Pattern.compile("(?:^|\\s)(\\d+)/(\\d+) \\S");

    /** What an operator does next. */
    enum Action {
        APPLY,
        APPLY_KILLED,
        RESUME,
        ROLLBACK,
        ROLLBACK_FORCE,
        CLEANUP,
        CLEANUP_HELD,
        CLEANUP_AND_ROLLBACK_FORCE,
        WHILE_RUNNING,
        WRITE,
        LIVE_MOVE
    }

    /** Apply, its undoing and the guest's writes weigh more: they are what the chains are about. */
    private static final List<Action> WEIGHTED = List.of(
            Action.APPLY,
            Action.APPLY,
            Action.APPLY_KILLED,
            Action.RESUME,
            Action.ROLLBACK,
            Action.ROLLBACK_FORCE,
            Action.ROLLBACK_FORCE,
            Action.CLEANUP,
            Action.CLEANUP_HELD,
            Action.CLEANUP_AND_ROLLBACK_FORCE,
            Action.WHILE_RUNNING,
            Action.WHILE_RUNNING,
            Action.WRITE,
            Action.WRITE);

    @BeforeAll
    static void volumeGroup() {
        Lab.require();
        Lab.volumeGroup(VG, "pv6", "4M");
    }

    @AfterAll
    static void removeVolumeGroup() {
        Lab.removeVolumeGroup(VG, "pv6");
    }

    @Test
    void randomCommandChainsNeverLoseADisksNewestBytes() throws Exception {
        List<String> reached = new ArrayList<>();
        for (int i = 0; i < CHAINS; i++) {
            long seed = SEED + i;
            Random random = new Random(seed);
            Chain chain = new Chain("vtc" + i, random, random.nextBoolean());
            try {
                chain.run();
            } catch (AssertionError e) {
                throw new AssertionError(
                        "seed " + seed + " (-Dcustody.lab.seed=" + seed + " -Dcustody.lab.chains=1), " + "history:\n"
                                + String.join("\n", chain.history) + "\n" + e.getMessage(),
                        e);
            } finally {
                chain.remove();
            }
            reached.addAll(chain.history);
            System.out.println("custody lab chain " + seed + ":\n  " + String.join("\n  ", chain.history));
        }
        // The chains must reach the moments the oracle is about, or passing proves nothing.
        String all = String.join("\n", reached);
        for (String outcome :
                List.of("APPLY exit 0", "LIVE_MOVE exit 0", "ROLLBACK_FORCE exit 0", "CLEANUP", "WRITE")) {
            assertTrue(all.contains(outcome), "no chain reached " + outcome + ":\n" + all);
        }
    }

    /**
     * A rescue domain that names the migrated LV as a volume of a libvirt logical pool over the VG
     * (as virt-manager and Cockpit set up): rollback --force keeps that LV (custody's in-use rule,
     * with the volume resolved through its pool) and goes back to the source image.
     */
    @Test
    void rollbackKeepsAnLvARescueDomainNamesAsAPoolVolume() {
        Path work = Lab.imageDirectory("vt-chain-pool-");
        Path state = work.resolve("state");
        Path image = work.resolve("vda.qcow2");
        Lab.sh("qemu-img", "create", "-q", "-f", "qcow2", image.toString(), DISK_MIB + "M");
        LabGuest moved = LabGuest.defineWithDisks(
                "vtpool",
                work,
                "    <disk type='file' device='disk'>\n"
                        + "      <driver name='qemu' type='qcow2'/>\n      <source file='" + image + "'/>\n"
                        + "      <target dev='vda' bus='virtio'/>\n    </disk>\n",
                "agent");
        LabGuest rescue = null;
        try {
            Path plan = work.resolve("plan.json");
            Cli planned = Cli.run("plan", "vtpool", "--vg", VG, "--out", plan.toString());
            assertTrue(planned.exitCode() == 0, planned.transcript());
            Cli applied = Cli.run("apply", plan.toString(), "--state-dir=" + state, "--execute");
            assertTrue(applied.exitCode() == 0, applied.transcript());
            Lab.sh(
                    "virsh",
                    "-q",
                    "pool-define-as",
                    "vt_chain_pool",
                    "logical",
                    "--source-name",
                    VG,
                    "--target",
                    "/dev/" + VG);
            Lab.sh("virsh", "-q", "pool-start", "vt_chain_pool");
            rescue = LabGuest.defineWithDisks(
                    "vtpool-rescue",
                    work,
                    "    <disk type='volume' device='disk'>\n"
                            + "      <driver name='qemu' type='raw'/>\n      <source pool='vt_chain_pool' volume='vtpool-vda'/>\n"
                            + "      <target dev='vdb' bus='virtio'/>\n    </disk>\n",
                    "agent");

            Cli rollback = Cli.run("rollback", "vtpool", "--state-dir=" + state, "--execute", "--yes", "--force");

            assertTrue(rollback.exitCode() == 0, rollback.transcript());
            assertTrue(
                    rollback.out().contains("keep " + VG + "/vtpool-vda: the definition of vtpool-rescue uses it"),
                    rollback.transcript());
            assertTrue(
                    Lab.sh("lvm", "lvs", "--noheadings", "-o", "lv_name", VG).contains("vtpool-vda"), "the LV is kept");
            assertTrue(
                    Lab.sh("virsh", "dumpxml", "--inactive", "vtpool").contains(image.toString()),
                    "the domain is back on its image");
        } finally {
            if (rescue != null) {
                rescue.undefine();
            }
            // pool-destroy deactivates the VG's LVs: activate them again for the LV removal below.
            Lab.sh(
                    "sh",
                    "-c",
                    "virsh -q pool-destroy vt_chain_pool; virsh -q pool-undefine vt_chain_pool;"
                            + " lvm vgchange -q -ay " + VG + " >/dev/null; true");
            Lab.removeAll(moved, VG, work);
        }
    }

    /**
     * cleanup stopped right after each of its journal writes (the record of a source's removal,
     * written before the file goes; the final "cleaned up") and killed; then the operator runs
     * cleanup again, or rollback --force. Each time the domain stays defined on LVs that hold its
     * disks' bytes, rollback never goes back to a removed image, and a second cleanup finishes.
     */
    @Test
    void cleanupKilledAtEachJournalWriteLeavesEveryDiskWhole() throws Exception {
        int boundaries = cleanupJournalWrites();
        for (int stopAt = 1; stopAt <= boundaries; stopAt++) {
            for (boolean rollbackAfter : List.of(false, true)) {
                Chain chain = new Chain("vtcf", new Random(stopAt), false);
                String label = "cleanup killed at journal write " + stopAt + ", then "
                        + (rollbackAfter ? "rollback --force" : "cleanup");
                try {
                    chain.act(Action.APPLY);
                    chain.check("apply", "");
                    Path source = chain.work.resolve("vda.qcow2");
                    StoppedApply cleanup = StoppedApply.start(
                            chain.work,
                            chain.state,
                            stopAt,
                            "cleanup",
                            chain.name,
                            "--state-dir=" + chain.state,
                            "--execute",
                            "--yes");
                    boolean stopped = cleanup.awaitStopped();
                    if (stopped) {
                        cleanup.signal("KILL");
                    }
                    String out = cleanup.awaitEnd();
                    chain.history.add(label + (stopped ? "" : ": it ended first"));
                    chain.check(label, out);
                    Cli after = rollbackAfter
                            ? Cli.run(
                                    "rollback",
                                    chain.name,
                                    "--state-dir=" + chain.state,
                                    "--execute",
                                    "--yes",
                                    "--force")
                            : Cli.run("cleanup", chain.name, "--state-dir=" + chain.state, "--execute", "--yes");
                    chain.history.add(
                            label + ": exit " + after.exitCode() + ": " + chain.summary(after.out() + after.err()));
                    chain.check(label, after.out());
                    if (rollbackAfter && Files.notExists(source)) {
                        assertTrue(
                                after.exitCode() == 3 && after.out().contains("[custody: way-back]"),
                                after.transcript());
                    }
                    if (!rollbackAfter) {
                        assertTrue(after.exitCode() == 0 && Files.notExists(source), after.transcript());
                    }
                } catch (AssertionError e) {
                    throw new AssertionError(
                            label + ", history:\n" + String.join("\n", chain.history) + "\n" + e.getMessage(), e);
                } finally {
                    chain.remove();
                }
            }
        }
    }

    /** How many journal writes a cleanup of two sources makes, counted on one run to its end. */
    private static int cleanupJournalWrites() {
        Chain chain = new Chain("vtcf", new Random(0), false);
        try {
            chain.act(Action.APPLY);
            StoppedApply cleanup = StoppedApply.start(
                    chain.work,
                    chain.state,
                    0,
                    "cleanup",
                    chain.name,
                    "--state-dir=" + chain.state,
                    "--execute",
                    "--yes");
            String out = cleanup.awaitEnd();
            assertTrue(out.contains("2 source image(s) removed"), out);
            assertTrue(
                    cleanup.journalWrites() >= 3,
                    "a cleanup of two sources writes its journal three times:\n" + cleanup.renames());
            return cleanup.journalWrites();
        } catch (Exception e) {
            throw new AssertionError(e);
        } finally {
            chain.remove();
        }
    }

    /** One domain's history: its stores, a reference of each disk's newest bytes, and the commands. */
    private static final class Chain {
        private final String name;
        private final Random random;
        private final Path work = Lab.imageDirectory("vt-chain-");
        private final Path state = work.resolve("state");
        private final Path plan = work.resolve("plan.json");
        /** Per disk target: a raw file with the bytes the disk must read as now. */
        private final Map<String, Path> newest = new LinkedHashMap<>();
        /** Per store (image or LV): the reference of what it held when a definition last named it. */
        private final Map<String, Path> held = new LinkedHashMap<>();

        private final List<String> history = new ArrayList<>();
        private final LabGuest guest;
        private LabGuest backer;
        private int references;

        /** {@code backed}: another domain's image is backed by this one's second disk. */
        Chain(String name, Random random, boolean backed) {
            this.name = name;
            this.random = random;
            StringBuilder disks = new StringBuilder();
            for (String target : List.of("vda", "vdb")) {
                Path image = work.resolve(target + ".qcow2");
                Lab.sh("qemu-img", "create", "-q", "-f", "qcow2", image.toString(), DISK_MIB + "M");
                Path reference = nextReference();
                Lab.sh("truncate", "-s", DISK_MIB + "M", reference.toString());
                newest.put(target, reference);
                disks.append(
                                "    <disk type='file' device='disk'>\n      <driver name='qemu' type='qcow2'/>\n      <source file='")
                        .append(image)
                        .append("'/>\n      <target dev='")
                        .append(target)
                        .append("' bus='virtio'/>\n    </disk>\n");
            }
            guest = LabGuest.defineWithDisks(name, work, disks.toString(), "agent");
            write("vda");
            write("vdb");
            if (backed) {
                // Another domain's image backed by this one's second disk: cleanup must keep that source.
                Path overlay = work.resolve("other.qcow2");
                Lab.sh(
                        "qemu-img",
                        "create",
                        "-q",
                        "-f",
                        "qcow2",
                        "-b",
                        work.resolve("vdb.qcow2").toString(),
                        "-F",
                        "qcow2",
                        overlay.toString());
                backer = LabGuest.defineWithDisks(
                        name + "-other",
                        work,
                        "    <disk type='file' device='disk'>\n"
                                + "      <driver name='qemu' type='qcow2'/>\n      <source file='" + overlay + "'/>\n"
                                + "      <target dev='vda' bus='virtio'/>\n    </disk>\n",
                        "agent");
                history.add("another domain's image is backed by vdb.qcow2");
            }
            check("set-up", "");
        }

        void run() throws Exception {
            for (int step = 0; step < LENGTH; step++) {
                Action action = WEIGHTED.get(random.nextInt(WEIGHTED.size()));
                check(action.name(), act(action));
            }
        }

        /** Runs {@code action}; returns what it printed, and adds a line to the history. */
        private String act(Action action) throws Exception {
            return switch (action) {
                case APPLY -> {
                    planned();
                    yield record(action, Cli.run("apply", plan.toString(), "--state-dir=" + state, "--execute"));
                }
                case APPLY_KILLED -> {
                    planned();
                    yield killedAt(1 + random.nextInt(5));
                }
                case RESUME ->
                    record(action, Cli.run("apply", plan.toString(), "--state-dir=" + state, "--execute", "--resume"));
                case ROLLBACK ->
                    record(action, Cli.run("rollback", name, "--state-dir=" + state, "--execute", "--yes"));
                case ROLLBACK_FORCE -> rollbackForce(action);
                case LIVE_MOVE -> {
                    Cli planned = Cli.run("plan", name, "--vg", VG, "--live", "--out", plan.toString());
                    history.add(
                            "  plan --live exit " + planned.exitCode() + ": " + summary(planned.out() + planned.err()));
                    yield record(action, Cli.run("apply", plan.toString(), "--state-dir=" + state, "--execute"));
                }
                case CLEANUP -> record(action, Cli.run("cleanup", name, "--state-dir=" + state, "--execute", "--yes"));
                case CLEANUP_HELD -> heldDuringCleanup();
                case CLEANUP_AND_ROLLBACK_FORCE -> atOnce();
                case WHILE_RUNNING -> whileRunning();
                case WRITE -> {
                    String target = random.nextBoolean() ? "vda" : "vdb";
                    write(target);
                    yield "";
                }
            };
        }

        private String rollbackForce(Action action) {
            return record(action, Cli.run("rollback", name, "--state-dir=" + state, "--execute", "--yes", "--force"));
        }

        private void planned() {
            Cli planned = Cli.run("plan", name, "--vg", VG, "--out", plan.toString());
            history.add("  plan exit " + planned.exitCode() + ": " + firstLine(planned.out() + planned.err()));
        }

        private String record(Action action, Cli cli) {
            history.add(action + " exit " + cli.exitCode() + ": " + summary(cli.out() + cli.err()));
            assertFalse(cli.err().contains("Exception"), "a command crashed:\n" + cli.transcript());
            return cli.out() + cli.err();
        }

        /** The domain's next apply, killed (its whole process group) when it reaches step {@code at}. */
        private String killedAt(int at) throws Exception {
            Process process = virtTune("apply", plan.toString(), "--state-dir=" + state, "--execute");
            StringBuilder seen = new StringBuilder();
            boolean killed = false;
            try (BufferedReader reader =
                    new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = reader.readLine()) != null) {
                    seen.append(line).append('\n');
                    Matcher step = STEP.matcher(line);
                    if (!killed && step.find() && Integer.parseInt(step.group(1)) >= at) {
                        ProcessGroups.signal(process.pid(), "KILL");
                        killed = true;
                    }
                }
            }
            process.waitFor();
            ProcessGroups.awaitGone(process.pid());
            history.add("APPLY_KILLED "
                    + (killed ? "killed at step " + at : "finished first, exit " + process.exitValue()));
            return seen.toString();
        }

        /** Cleanup while a reader (a backup, say) holds one source open with QEMU's lock. */
        private String heldDuringCleanup() throws Exception {
            Path source = work.resolve((random.nextBoolean() ? "vda" : "vdb") + ".qcow2");
            if (!Files.exists(source)) {
                return record(
                        Action.CLEANUP_HELD, Cli.run("cleanup", name, "--state-dir=" + state, "--execute", "--yes"));
            }
            Process reader = new ProcessBuilder("qemu-io", "-f", "qcow2", source.toString()).start();
            try {
                Thread.sleep(500);
                history.add("  " + source.getFileName() + " held open by a reader");
                return record(
                        Action.CLEANUP_HELD, Cli.run("cleanup", name, "--state-dir=" + state, "--execute", "--yes"));
            } finally {
                reader.destroy();
                reader.waitFor();
            }
        }

        /** Cleanup and rollback --force as two processes started together, as two operators would. */
        private String atOnce() throws Exception {
            Process cleanup = virtTune("cleanup", name, "--state-dir=" + state, "--execute", "--yes");
            Process rollback = virtTune("rollback", name, "--state-dir=" + state, "--execute", "--yes", "--force");
            String cleanupOut = new String(cleanup.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            String rollbackOut = new String(rollback.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            history.add("CLEANUP_AND_ROLLBACK_FORCE cleanup exit " + cleanup.waitFor() + ": " + summary(cleanupOut)
                    + " / rollback --force exit " + rollback.waitFor() + ": " + summary(rollbackOut));
            for (String out : List.of(cleanupOut, rollbackOut)) {
                assertFalse(out.contains("Exception"), "a command crashed:\n" + out);
            }
            return rollbackOut;
        }

        /**
         * The guest started by hand, one command tried while QEMU holds its disks (a live move among
         * them), then powered off.
         */
        private String whileRunning() throws Exception {
            Action[] tried = {Action.APPLY, Action.ROLLBACK_FORCE, Action.CLEANUP, Action.LIVE_MOVE, Action.LIVE_MOVE};
            Action action = tried[random.nextInt(tried.length)];
            java.util.Optional<String> refused = guest.tryStart();
            if (refused.isPresent()) {
                history.add("WHILE_RUNNING: virsh start refused: " + firstLine(refused.get()));
                return "";
            }
            try {
                history.add("  guest started");
                return act(action);
            } finally {
                guest.destroy();
            }
        }

        private Process virtTune(String... args) throws IOException {
            Path jar = Path.of("target/virt-tune.jar");
            assertTrue(Files.exists(jar), "build the jar first (mvn package)");
            List<String> argv = new ArrayList<>(List.of("setsid", "java", "-jar", jar.toString()));
            argv.addAll(List.of(args));
            return new ProcessBuilder(argv).redirectErrorStream(true).start();
        }

        /** The guest's write while shut off: one MiB of a new pattern into the store its definition names. */
        private void write(String target) {
            Map<String, String[]> disks = definedDisks();
            String[] disk = disks.get(target);
            if (!"shut off".equals(Lab.sh("virsh", "domstate", name).strip()) || disk == null) {
                history.add("WRITE skipped: the guest runs or has no " + target);
                return;
            }
            int pattern = 1 + random.nextInt(254);
            int offset = random.nextInt(DISK_MIB);
            String command = "write -P " + pattern + " " + offset + "M 1M";
            Lab.sh("qemu-io", "-f", disk[0], "-c", command, disk[1]);
            Path reference = nextReference();
            Lab.sh("cp", newest.get(target).toString(), reference.toString());
            Lab.sh("qemu-io", "-f", "raw", "-c", command, reference.toString());
            newest.put(target, reference);
            history.add("WRITE " + target + " on " + disk[1] + ": " + command);
        }

        /**
         * The oracle: every disk's definition names a store that exists and reads as the disk's newest
         * bytes; only a rollback --force that announced it may go back to an older copy, and only to
         * what that store held when it was last named.
         */
        private void check(String after, String output) {
            for (Map.Entry<String, String[]> disk : definedDisks().entrySet()) {
                String target = disk.getKey();
                String format = disk.getValue()[0];
                String store = disk.getValue()[1];
                assertTrue(
                        Files.exists(Path.of(store)),
                        "after " + after + ", the definition of " + name + " names " + store + " for " + target
                                + ", which is gone");
                if (!sameContent(format, store, newest.get(target))) {
                    boolean announced = output.contains("--force: discard the writes on ")
                            && output.contains(" that " + store + " lacks");
                    if (!announced || !held.containsKey(store) || !sameContent(format, store, held.get(store))) {
                        fail("after " + after + ", " + target + " of " + name + " is defined on " + store
                                + ", which does not hold its newest bytes"
                                + (announced ? " nor what it held before" : "")
                                + "; output:\n" + output);
                    }
                    newest.put(target, held.get(store));
                    history.add("  " + target + ": the writes announced as discarded are gone; back to " + store);
                }
                held.put(store, newest.get(target));
            }
            if (backer != null) {
                Lab.sh(
                        "qemu-img",
                        "info",
                        "-U",
                        "--backing-chain",
                        work.resolve("other.qcow2").toString());
            }
        }

        private boolean sameContent(String format, String store, Path reference) {
            return new LocalProcessRunner()
                            .run(List.of(
                                    "qemu-img",
                                    "compare",
                                    "-q",
                                    "-U",
                                    "-f",
                                    format,
                                    "-F",
                                    "raw",
                                    store,
                                    reference.toString()))
                            .exitCode()
                    == 0;
        }

        /** Per disk target of the persistent definition: its format and the path of its store. */
        private Map<String, String[]> definedDisks() {
            Matcher matcher = DISK.matcher(Lab.sh("virsh", "dumpxml", "--inactive", name));
            Map<String, String[]> disks = new LinkedHashMap<>();
            while (matcher.find()) {
                disks.put(matcher.group(3), new String[] {matcher.group(1), matcher.group(2)});
            }
            assertTrue(
                    disks.keySet().equals(newest.keySet()),
                    "the definition of " + name + " has disks " + disks.keySet());
            return disks;
        }

        private Path nextReference() {
            return work.resolve("reference-" + references++ + ".raw");
        }

        void remove() {
            if (backer != null) {
                backer.undefine();
            }
            Lab.removeAll(guest, VG, work);
        }

        private static String firstLine(String text) {
            return text.strip().lines().findFirst().orElse("");
        }

        /** A command's answer in one line: its error, or its result row, else its first line. */
        private String summary(String output) {
            return output.lines()
                    .filter(line -> line.startsWith("error") || line.startsWith(name + " "))
                    .map(String::strip)
                    .findFirst()
                    .orElseGet(() -> firstLine(output));
        }
    }
}
