package io.virttune.apply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The moment of truth, with real parts: a guest with a qcow2 disk on SATA and one on virtio,
 * migrated by plan and apply onto LVs in a real VG, booted, its disks checksummed from inside,
 * rolled back, booted again; and apply killed at several points, then resumed or rolled back.
 */
class ApplyLabIT {
    private static final String VG = "vg_e2e";

    private Path work;
    private Path state;
    private LabGuest guest;

    @BeforeAll
    static void volumeGroup() {
        Lab.require();
        Lab.volumeGroup(VG, "pv3", "256M");
    }

    @BeforeEach
    void workDirectory() throws IOException {
        work = Lab.imageDirectory("vt-e2e-");
        state = work.resolve("state");
    }

    @AfterEach
    void cleanUp() {
        Lab.removeAll(guest, VG, work);
    }

    /**
     * A system image with data at both ends and a 256 MiB data image, content known. The guest
     * checksums whole disks under TCG, so boot tests keep them small.
     */
    private LabGuest twoDiskGuest(String name, String systemSize) {
        Path system = work.resolve("system.qcow2");
        Path data = work.resolve("data.qcow2");
        Lab.sh("qemu-img", "create", "-q", "-f", "qcow2", system.toString(), systemSize);
        Lab.sh("qemu-io", "-c", "write -P 0xab 0 24M", "-c", "write -P 0xcd 200M 8M", system.toString());
        Lab.sh("qemu-img", "create", "-q", "-f", "qcow2", data.toString(), "256M");
        Lab.sh("qemu-io", "-c", "write -P 0x11 1M 6M", data.toString());
        String dataDisk = "    <disk type='file' device='disk'>\n      <driver name='qemu' type='qcow2'/>\n"
                + "      <source file='" + data + "'/>\n      <target dev='vda' bus='virtio'/>\n    </disk>\n";
        guest = LabGuest.define(name, work, system, dataDisk);
        return guest;
    }

    private String sources() {
        return Lab.sh(
                "sha256sum",
                work.resolve("system.qcow2").toString(),
                work.resolve("data.qcow2").toString());
    }

    private Path plan(String name) {
        Path plan = work.resolve("plan.json");
        Cli cli = Cli.run("plan", name, "--vg", VG, "--out", plan.toString());
        assertEquals(0, cli.exitCode(), cli.out() + cli.err());
        return plan;
    }

    private Cli apply(Path plan, String... more) {
        String[] args = new String[4 + more.length];
        args[0] = "apply";
        args[1] = plan.toString();
        args[2] = "--state-dir=" + state;
        args[3] = "--execute";
        System.arraycopy(more, 0, args, 4, more.length);
        return Cli.run(args);
    }

    private String definition(String name) {
        return Lab.sh("virsh", "dumpxml", "--inactive", name);
    }

    @Test
    void aMigratedGuestBootsFromItsLvsWithItsDataIntactAndRollsBack() {
        LabGuest vm = twoDiskGuest("vt-e2e-main", "256M");
        // What the guest reads from its images, computed here: one boot (after the move) is enough to compare.
        List<String> before = Stream.of("system.qcow2", "data.qcow2")
                .map(image -> Lab.contentSha256("qcow2", work.resolve(image).toString(), work))
                .sorted()
                .toList();
        String sourcesBefore = sources();
        String original = definition(vm.name());

        Cli dryRun = Cli.run("apply", plan(vm.name()).toString(), "--state-dir=" + state);
        assertEquals(0, dryRun.exitCode(), dryRun.out());
        assertTrue(dryRun.out().contains("$ qemu-img convert"), dryRun.out());
        assertEquals(original, definition(vm.name()), "a dry run changes nothing");
        assertFalse(Lab.sh("lvm", "lvs", VG).contains("vt-e2e-main"), "a dry run creates no LV");

        Cli applied = apply(work.resolve("plan.json"));
        assertEquals(0, applied.exitCode(), applied.out() + applied.err());
        assertTrue(
                applied.out()
                        .matches(
                                "(?s).*copied and verified [0-9.]+ [KMG]?i?B in (under 1s|\\d+s(, [0-9.]+ [KMG]?i?B/s)?)"
                                        + " \\(([0-9.]+ [KMG]?i?B of data, the LV's zeros written too; )?a pace for plan"
                                        + " --copy-rate\\).*"),
                "each real copy ends with its pace: " + applied.out());
        applied.out()
                .lines()
                .filter(line -> line.contains("copied and verified"))
                .forEach(line -> System.out.println("offline: " + line.strip()));
        String migrated = definition(vm.name());
        assertTrue(migrated.contains("<source dev='/dev/" + VG + "/vt-e2e-main-sda'/>"), migrated);
        assertTrue(migrated.contains("<target dev='vdb' bus='virtio'/>"), migrated);
        assertTrue(migrated.contains("<iothreads>2</iothreads>"), migrated);
        assertFalse(migrated.contains("qcow2"), migrated);
        assertEquals(before, vm.bootAndChecksum(), "the guest reads the same data from its new disks");
        assertEquals(sourcesBefore, sources(), "the source images are untouched");

        Cli again = apply(work.resolve("plan.json"));
        assertEquals(0, again.exitCode(), again.out());
        assertTrue(again.out().contains("already done"), again.out());

        Cli rollback = Cli.run("rollback", vm.name(), "--state-dir=" + state, "--execute", "--yes", "--force");
        assertEquals(0, rollback.exitCode(), rollback.out() + rollback.err());
        assertFalse(Lab.sh("lvm", "lvs", VG).contains("vt-e2e-main"), "rollback removes the LVs it created");
        assertEquals(original, definition(vm.name()), "the original definition is back, on its untouched images");
        assertEquals(sourcesBefore, sources());
        Cli twice = Cli.run("rollback", vm.name(), "--state-dir=" + state, "--execute", "--yes", "--force");
        assertEquals(0, twice.exitCode(), twice.out());
        assertTrue(twice.out().contains("already rolled back"), twice.out());
    }

    @Test
    void unsafeSituationsAreRefusedAndNothingIsCreated() {
        LabGuest vm = twoDiskGuest("vt-e2e-refuse", "256M");
        Path plan = plan(vm.name());

        Lab.sh("lvm", "lvcreate", "-q", "-y", "-Zn", "-Wn", "-L", "256M", "-n", "vt-e2e-refuse-vda", VG);
        Cli taken = apply(plan);
        assertEquals(3, taken.exitCode(), taken.out());
        assertTrue(taken.out().contains("vt-e2e-refuse-vda exists already"), taken.out());
        assertFalse(Lab.sh("lvm", "lvs", VG).contains("vt-e2e-refuse-sda"), "nothing was created");
        Lab.sh("lvm", "lvremove", "-q", "-y", VG + "/vt-e2e-refuse-vda");

        Lab.sh("virsh", "-q", "desc", vm.name(), "--config", "edited by someone else");
        Cli edited = apply(plan);
        assertEquals(3, edited.exitCode(), edited.out());
        assertTrue(edited.out().contains("changed since it was planned"), edited.out());

        Path fresh = plan(vm.name());
        Lab.sh("virsh", "-q", "start", vm.name());
        Cli running = apply(fresh);
        assertEquals(3, running.exitCode(), running.out());
        assertTrue(running.out().contains("is running"), running.out());
        assertFalse(Lab.sh("lvm", "lvs", VG).contains("vt-e2e-refuse"), "nothing was created");
    }

    @Test
    void killedMidConversionThenResumedFinishesWithTheSourceUntouched() throws Exception {
        LabGuest vm = twoDiskGuest("vt-e2e-kill", "2G");
        String sourcesBefore = sources();
        Path plan = plan(vm.name());

        killWhenOutputShows(plan, "20% after");
        assertTrue(Files.readString(journal()).contains("STARTED"), "the journal shows where it stopped");
        Cli refused = apply(plan);
        assertEquals(3, refused.exitCode(), refused.out());
        assertTrue(refused.out().contains("--resume"), refused.out());

        Cli resumed = apply(plan, "--resume");
        assertEquals(0, resumed.exitCode(), resumed.out() + resumed.err());
        Lab.sh(
                "qemu-img",
                "compare",
                "-f",
                "qcow2",
                "-F",
                "raw",
                work.resolve("system.qcow2").toString(),
                "/dev/" + VG + "/vt-e2e-kill-sda");
        assertEquals(sourcesBefore, sources());
    }

    /**
     * A run killed after its copies into a thin LV; a stray byte then written where neither the copy
     * nor the source put data provisions a chunk, which the resumed run's compare reads: it fails,
     * nothing defined. With the byte taken back, the resume compares the same windows and finishes.
     */
    @Test
    void aCopyTheKilledRunMadeInAThinLvIsComparedAgainOnResumeAndAStrayByteFailsIt() throws Exception {
        LabGuest vm = twoDiskGuest("vt-e2e-thinre", "256M");
        String sourcesBefore = sources();
        Path plan = work.resolve("thin.json");
        Cli planned = Cli.run(
                "plan",
                vm.name(),
                "--thin-pool",
                VG + "/pool_e2e",
                "--create-thin-pool",
                "1G",
                "--out",
                plan.toString());
        assertEquals(0, planned.exitCode(), planned.transcript());
        // After its copies and their verify, before the definition is backed up: the backup step's start.
        killWhenJournalHolds(plan, "backup-definition");
        String lv = "/dev/" + VG + "/vt-e2e-thinre-sda";
        // 150 MiB in: zeros in the source, and no chunk the copy provisioned.
        long stray = 150L << 20;

        strayByte(lv, stray, "\\132");
        Cli corrupt = apply(plan, "--resume");

        assertEquals(1, corrupt.exitCode(), corrupt.transcript());
        assertTrue(
                corrupt.out().contains("the copy " + lv + " differs from " + work.resolve("system.qcow2")),
                corrupt.out());
        assertFalse(definition(vm.name()).contains("/dev/" + VG + "/"), "nothing defined on the LVs");

        strayByte(lv, stray, "\\0");
        Cli resumed = apply(plan, "--resume");

        assertEquals(0, resumed.exitCode(), resumed.transcript());
        assertTrue(resumed.out().contains("windows; the other"), "compared in windows:\n" + resumed.out());
        assertTrue(definition(vm.name()).contains(lv), definition(vm.name()));
        assertEquals(sourcesBefore, sources());
    }

    /** Writes the byte {@code octal} (printf's escape) into {@code device} at {@code offset}, flushed. */
    private static void strayByte(String device, long offset, String octal) {
        Lab.sh(
                "sh",
                "-c",
                "printf '" + octal + "' | dd of=" + device + " bs=1 seek=" + offset
                        + " conv=notrunc,fsync status=none");
    }

    @Test
    void killedAfterCreatingVolumesThenRolledBackLeavesTheOriginal() throws Exception {
        LabGuest vm = twoDiskGuest("vt-e2e-undo", "256M");
        String original = definition(vm.name());
        String sourcesBefore = sources();
        Path plan = plan(vm.name());

        // After the LVs are created, before their read-ahead is set: the second step's start.
        killWhenJournalHolds(plan, "set-read-ahead");
        Cli rollback = Cli.run("rollback", vm.name(), "--state-dir=" + state, "--execute");
        assertEquals(0, rollback.exitCode(), rollback.out() + rollback.err());
        assertFalse(Lab.sh("lvm", "lvs", VG).contains("vt-e2e-undo"), Lab.sh("lvm", "lvs", VG));
        assertEquals(original, definition(vm.name()));
        assertEquals(sourcesBefore, sources());
    }

    @Test
    void cleanupRemovesTheSourcesOnlyAfterAVerifiedMigrationAndThenThereIsNoWayBack() {
        LabGuest vm = twoDiskGuest("vt-e2e-clean", "256M");
        Path system = work.resolve("system.qcow2");
        Cli early = Cli.run("cleanup", vm.name(), "--state-dir=" + state, "--execute", "--yes");
        assertEquals(0, early.exitCode(), early.out());
        assertTrue(early.out().contains("virt-tune never applied anything to it"), early.out());
        assertTrue(Files.exists(system));

        assertEquals(0, apply(plan(vm.name())).exitCode());
        Cli dryRun = Cli.run("cleanup", vm.name(), "--state-dir=" + state);
        assertEquals(0, dryRun.exitCode(), dryRun.out());
        assertTrue(dryRun.out().contains("would remove " + system), dryRun.out());
        assertTrue(Files.exists(system), "a dry run removes nothing");

        Cli cleanup = Cli.run("cleanup", vm.name(), "--state-dir=" + state, "--execute", "--yes");
        assertEquals(0, cleanup.exitCode(), cleanup.out() + cleanup.err());
        assertFalse(Files.exists(system));
        assertFalse(Files.exists(work.resolve("data.qcow2")));
        Cli rollback = Cli.run("rollback", vm.name(), "--state-dir=" + state, "--execute", "--yes", "--force");
        assertEquals(3, rollback.exitCode(), rollback.out());
        assertTrue(rollback.out().contains("removed by virt-tune cleanup"), rollback.out());
    }

    @Test
    void rollbackForceAfterACleanupThatKeptAHeldImageRefusesAndKeepsEveryDisk() throws Exception {
        LabGuest vm = twoDiskGuest("vt-e2e-part", "256M");
        Path system = work.resolve("system.qcow2");
        Path data = work.resolve("data.qcow2");
        assertEquals(0, apply(plan(vm.name())).exitCode());
        String lvs = Lab.sh("lvm", "lvs", "--noheadings", "-o", "lv_name", VG);
        // A reader (a backup, say) holds the system image open, with QEMU's own lock: cleanup keeps it.
        Process reader = new ProcessBuilder("qemu-io", "-f", "qcow2", system.toString()).start();
        try {
            Thread.sleep(500);
            Cli cleanup = Cli.run("cleanup", vm.name(), "--state-dir=" + state, "--execute", "--yes");
            assertEquals(0, cleanup.exitCode(), cleanup.transcript());
            assertTrue(cleanup.out().contains("1 source image(s) removed, 1 kept"), cleanup.transcript());
            assertTrue(Files.exists(system));
            assertFalse(Files.exists(data));
        } finally {
            reader.destroy();
            reader.waitFor();
        }

        Cli rollback = Cli.run("rollback", vm.name(), "--state-dir=" + state, "--execute", "--yes", "--force");

        assertEquals(3, rollback.exitCode(), rollback.transcript());
        assertTrue(
                rollback.transcript()
                        .contains("[custody: way-back] rollback of '" + vm.name() + "' would define it on " + data
                                + ", which is gone (removed by virt-tune cleanup at"),
                rollback.transcript());
        assertEquals(lvs, Lab.sh("lvm", "lvs", "--noheadings", "-o", "lv_name", VG), "both LVs are kept");
        assertTrue(definition(vm.name()).contains("/dev/" + VG + "/"), "the guest stays defined on its LVs");
    }

    @Test
    void aBatchIntoANewThinPoolStagesTheWindowsGuestAndOneFailureStopsOnlyItsDomain() {
        LabGuest linux = oneDiskGuest("vt-e2e-b1", "");
        LabGuest windows = oneDiskGuest("vt-e2e-b2", "<hyperv mode='custom'><relaxed state='on'/></hyperv>");
        LabGuest broken = oneDiskGuest("vt-e2e-b3", "");
        Path plan = work.resolve("batch.json");
        Cli planned = Cli.run(
                "plan",
                "vt-e2e-b*",
                "--thin-pool",
                VG + "/pool_e2e",
                "--create-thin-pool",
                "2G",
                "--out",
                plan.toString());
        assertEquals(0, planned.exitCode(), planned.out() + planned.err());
        Lab.sh("rm", work.resolve("vt-e2e-b3.qcow2").toString());

        Cli batch = apply(plan, "--jobs", "2");

        assertEquals(3, batch.exitCode(), batch.out());
        assertTrue(batch.out().matches("(?s).*\\nvt-e2e-b1 +done .*"), batch.out());
        assertTrue(batch.out().matches("(?s).*\\nvt-e2e-b2 +done +staged: boot it once.*"), batch.out());
        assertTrue(batch.out().matches("(?s).*\\nvt-e2e-b3 +refused .*cannot be opened.*"), batch.out());
        String pool = Lab.sh("lvm", "lvs", "--noheadings", "-o", "chunk_size,zero", "--units", "m", VG + "/pool_e2e");
        // The tenant-safe default of a new pool: zeroing on, 64 KiB chunks (the -Zn profile needs its acknowledgement).
        assertTrue(pool.contains("0.06m") && pool.contains("zero"), pool);
        assertTrue(definition(linux.name()).contains("/dev/" + VG + "/vt-e2e-b1-sda"));
        String staged = definition(windows.name());
        assertTrue(staged.contains("<target dev='sda' bus='sata'/>"), "the Windows disk keeps its bus:\n" + staged);
        assertTrue(staged.contains("/dev/" + VG + "/vt-e2e-b2-virtio-stage"), staged);
        assertTrue(definition(broken.name()).contains("vt-e2e-b3.qcow2"), "the failed domain is untouched");

        // The Windows guest's second step, once its driver is confirmed: buses switch, the temporary disk goes.
        Path second = work.resolve("switch.json");
        Cli switchPlan = Cli.run(
                "plan",
                windows.name(),
                "--thin-pool",
                VG + "/pool_e2e",
                "--virtio-ready=" + windows.name(),
                "--out",
                second.toString());
        assertEquals(0, switchPlan.exitCode(), switchPlan.out() + switchPlan.err());
        Cli switched = apply(second);
        assertEquals(0, switched.exitCode(), switched.out() + switched.err());
        String after = definition(windows.name());
        assertTrue(after.contains("<target dev='vda' bus='virtio'/>"), after);
        assertFalse(after.contains("virtio-stage"), after);
        Cli undo = Cli.run("rollback", windows.name(), "--state-dir=" + state, "--execute", "--yes", "--force");
        assertEquals(0, undo.exitCode(), undo.out() + undo.err());
        assertTrue(definition(windows.name()).contains("vt-e2e-b2.qcow2"), "rollback goes back to before virt-tune");
        Lab.sh(
                "sh",
                "-c",
                "for d in vt-e2e-b1 vt-e2e-b2 vt-e2e-b3; do virsh -q undefine $d; done; lvm lvremove -q -y " + VG
                        + "/pool_e2e");
        guest = null;
    }

    @Test
    void aDomainAlreadyOnLvmIsRetunedWithoutMovingData() {
        Lab.sh("lvm", "lvcreate", "-q", "-y", "-L", "256M", "-n", "vt-e2e-db", VG);
        Lab.sh("lvm", "lvchange", "-q", "-r", "256", VG + "/vt-e2e-db");
        Lab.sh("sh", "-c", "echo known-content | dd of=/dev/" + VG + "/vt-e2e-db conv=fsync 2>/dev/null");
        String block = "    <disk type='block' device='disk'>\n      <driver name='qemu' type='raw'/>\n"
                + "      <source dev='/dev/" + VG
                + "/vt-e2e-db'/>\n      <target dev='vdb' bus='virtio'/>\n    </disk>\n";
        Path image = work.resolve("db-system.qcow2");
        Lab.sh("qemu-img", "create", "-q", "-f", "qcow2", image.toString(), "256M");
        guest = LabGuest.define("vt-e2e-db", work, image, block);
        Path plan = work.resolve("retune.json");
        Cli planned = Cli.run("plan", "vt-e2e-db", "--vg", VG, "--out", plan.toString());
        assertEquals(0, planned.exitCode(), planned.out() + planned.err());
        assertTrue(planned.out().contains("LV read-ahead 131072 bytes -> 0"), planned.out());

        Cli applied = apply(plan);

        assertEquals(0, applied.exitCode(), applied.out() + applied.err());
        String after = definition("vt-e2e-db");
        assertTrue(
                after.matches(
                        "(?s).*<driver name='qemu' type='raw' cache='none' io='native' discard='unmap' iothread='\\d'/>\\s*"
                                + "<source dev='/dev/" + VG + "/vt-e2e-db'/>.*"),
                after);
        assertEquals(
                "0",
                Lab.sh("lvm", "lvs", "--noheadings", "-o", "lv_read_ahead", VG + "/vt-e2e-db")
                        .strip());
        assertTrue(
                Lab.sh("head", "-c", "13", "/dev/" + VG + "/vt-e2e-db").startsWith("known-content"),
                "retuning moves no data");
    }

    @Test
    void aLibvirtdRestartMidBatchFailsTheDomainInFlightCleanlyAndResumeFinishesIt() throws Exception {
        oneDiskGuest("vt-e2e-r1", "");
        LabGuest second = oneDiskGuest("vt-e2e-r2", "");
        Path plan = work.resolve("restart.json");
        assertEquals(
                0,
                Cli.run("plan", "vt-e2e-r*", "--vg", VG, "--out", plan.toString())
                        .exitCode());

        String seen = runApplyUntil(
                plan,
                "[vt-e2e-r2] 3/6",
                () -> Lab.sh(
                        "sh",
                        "-c",
                        "pkill -x libvirtd; sleep 1; libvirtd -d; for i in $(seq 50); do virsh version >/dev/null 2>&1 && break; sleep 0.2; done"));

        assertTrue(seen.matches("(?s).*\\nvt-e2e-r1 +done .*"), seen);
        assertTrue(seen.matches("(?s).*\\nvt-e2e-r2 +failed .*"), seen);
        assertTrue(definition(second.name()).contains(".qcow2"), "nothing was defined for the domain in flight");
        Cli resumed = apply(plan, "--resume");
        assertEquals(0, resumed.exitCode(), resumed.out() + resumed.err());
        assertTrue(definition(second.name()).contains("/dev/" + VG + "/vt-e2e-r2-sda"), definition(second.name()));
        Lab.sh("sh", "-c", "virsh -q undefine vt-e2e-r1");
    }

    @Test
    void twoProcessesCopyingIntoOneThinPoolAtOnceAreAdmittedOnlyWhileItHasRoomForBoth() throws Exception {
        Lab.sh("lvm", "lvcreate", "-q", "-y", "--type", "thin-pool", "-L", "512M", "-n", "pool_room", VG);
        List<String> names = List.of("vt-e2e-p1", "vt-e2e-p2");
        List<Path> plans = new ArrayList<>();
        for (String name : names) {
            Path image = work.resolve(name + ".qcow2");
            Lab.sh("qemu-img", "create", "-q", "-f", "qcow2", image.toString(), "512M");
            // 320 MiB each: either copy fits the 512 MiB pool alone, both together do not.
            Lab.sh("qemu-io", "-c", "write -P 0x5a 0 320M", image.toString());
            guest = LabGuest.define(name, work, image, "");
            Path plan = work.resolve(name + ".json");
            Cli planned = Cli.run("plan", name, "--thin-pool", VG + "/pool_room", "--out", plan.toString());
            assertEquals(0, planned.exitCode(), planned.transcript());
            plans.add(plan);
        }

        List<Process> applies = new ArrayList<>();
        for (Path plan : plans) {
            applies.add(new ProcessBuilder(
                            "java",
                            "-jar",
                            "target/virt-tune.jar",
                            "apply",
                            plan.toString(),
                            "--state-dir=" + state,
                            "--execute")
                    .redirectErrorStream(true)
                    .start());
        }
        List<String> outputs = new ArrayList<>();
        List<Integer> exits = new ArrayList<>();
        for (Process apply : applies) {
            outputs.add(new String(apply.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            exits.add(apply.waitFor());
        }

        String both = String.join("\n----\n", outputs);
        assertEquals(List.of(0, 3), exits.stream().sorted().toList(), both);
        assertTrue(outputs.get(exits.indexOf(3)).contains("thin pool " + VG + "/pool_room"), both);
        String used = Lab.sh("lvm", "lvs", "--noheadings", "-o", "data_percent", VG + "/pool_room")
                .strip();
        assertTrue(Double.parseDouble(used) < 100, "the pool filled up: " + used + "%\n" + both);
        String refused = names.get(exits.indexOf(3));
        assertTrue(definition(refused).contains(refused + ".qcow2"), "the refused domain is untouched");
        Lab.sh("sh", "-c", "virsh -q undefine vt-e2e-p1; virsh -q undefine vt-e2e-p2");
        guest = null;
    }

    /** A guest with one 1 GiB qcow2 system disk on SATA; extra XML goes into its features. */
    private LabGuest oneDiskGuest(String name, String features) {
        Path image = work.resolve(name + ".qcow2");
        Lab.sh("qemu-img", "create", "-q", "-f", "qcow2", image.toString(), "1G");
        Lab.sh("qemu-io", "-c", "write -P 0x5a 0 16M", image.toString());
        LabGuest defined = LabGuest.define(name, work, image, "");
        if (!features.isEmpty()) {
            String xml = definition(name).replace("<acpi/>", "<acpi/>" + features);
            Lab.sh(
                    "sh",
                    "-c",
                    "cat > '" + work.resolve(name + "-win.xml") + "' <<'XML'\n" + xml + "\nXML\nvirsh -q define '"
                            + work.resolve(name + "-win.xml") + "'");
        }
        guest = defined;
        return defined;
    }

    private Path journal() throws IOException {
        try (var dirs = Files.list(state.resolve("domains"))) {
            return dirs.findFirst().orElseThrow().resolve("journal.json");
        }
    }

    /** Runs apply as its own process group and kills all of it (qemu-img too) with SIGKILL. */
    /**
     * Runs apply, stopped (SIGSTOP) right after its first journal write that holds {@code text}, then
     * SIGKILLs it there: a boundary that a reader of its output, starved on a loaded machine, could
     * see only after apply had gone past it.
     */
    private void killWhenJournalHolds(Path plan, String text) {
        StoppedApply apply = StoppedApply.startUntilJournalHolds(
                work, state, text, "apply", plan.toString(), "--state-dir=" + state, "--execute");
        assertTrue(apply.awaitStopped(), () -> "apply ended before it journaled " + text + ":\n" + apply.awaitEnd());
        apply.signal("KILL");
        apply.awaitEnd();
    }

    private void killWhenOutputShows(Path plan, String marker) throws Exception {
        Process[] process = new Process[1];
        runApplyUntil(plan, marker, () -> ProcessGroups.signal(process[0].pid(), "KILL"), process);
        ProcessGroups.awaitGone(process[0].pid());
    }

    private String runApplyUntil(Path plan, String marker, Runnable action) throws Exception {
        return runApplyUntil(plan, marker, action, new Process[1]);
    }

    /** Runs apply as a process of its own; when its output shows {@code marker}, runs {@code action}. */
    private String runApplyUntil(Path plan, String marker, Runnable action, Process[] started) throws Exception {
        Path jar = Path.of("target/virt-tune.jar");
        assertTrue(Files.exists(jar), "build the jar first (mvn package)");
        Process process = new ProcessBuilder(
                        "setsid",
                        "java",
                        "-jar",
                        jar.toString(),
                        "apply",
                        plan.toString(),
                        "--state-dir=" + state,
                        "--execute")
                .redirectErrorStream(true)
                .start();
        started[0] = process;
        StringBuilder seen = new StringBuilder();
        boolean acted = false;
        try (BufferedReader reader =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                seen.append(line).append('\n');
                if (!acted && line.contains(marker)) {
                    acted = true;
                    action.run();
                }
            }
        }
        process.waitFor();
        assertTrue(acted, "apply finished before " + marker + " showed:\n" + seen);
        return seen.toString();
    }
}
