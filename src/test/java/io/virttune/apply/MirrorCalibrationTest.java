package io.virttune.apply;

import static io.virttune.process.ScriptedProcessRunner.command;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import io.virttune.apply.journal.Calibration;
import io.virttune.apply.journal.PoolRoomLedger;
import io.virttune.apply.journal.StateDirectory;
import io.virttune.apply.ports.ApplyPorts;
import io.virttune.apply.ports.HostFiles;
import io.virttune.apply.ports.QemuIoHolds;
import io.virttune.apply.ports.StaleWriters;
import io.virttune.apply.undo.MirrorsInto;
import io.virttune.blockjob.BlockCopy;
import io.virttune.blockjob.BlockCopySettings;
import io.virttune.blockjob.MirrorState;
import io.virttune.inspect.LiveHost;
import io.virttune.lvm.LvmCli;
import io.virttune.lvm.ThinDiscards;
import io.virttune.process.ProcessTable;
import io.virttune.process.ScriptedProcessRunner;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * calibrate --mirror on a recorded guest's block jobs and a scripted LVM: the temporary LV created
 * tagged, the guest's disk mirrored into it and the copy aborted without a pivot before the LV is
 * removed, whether the mirror got ready, ran out its time or failed; and the refusals.
 */
class MirrorCalibrationTest {
    private static final long MIB = 1L << 20;
    private static final long GIB = 1L << 30;
    private static final String LV =
            "virt-tune-calibration-" + ProcessTable.current().token();
    private static final String DEVICE = "/dev/vg_vms/" + LV;

    @TempDir
    Path state;

    private final ScriptedProcessRunner host = new ScriptedProcessRunner();
    private final InMemoryDefinitions libvirt = new InMemoryDefinitions();
    private final ScriptedBlockJobs jobs = new ScriptedBlockJobs(libvirt, DEVICE);
    private final StringWriter log = new StringWriter();
    private final List<String> printed = new ArrayList<>();
    private final List<String> lvs = new ArrayList<>();
    private long vgFree = 50 * GIB;

    MirrorCalibrationTest() {
        host.answer(
                        command("lvm", "vgs"),
                        argv -> report(
                                "vg",
                                "{\"vg_name\":\"vg_vms\", \"vg_extent_size\":\"4194304\", \"vg_size\":\"" + 100 * GIB
                                        + "\", \"vg_free\":\"" + vgFree
                                        + "\", \"pv_count\":\"1\", \"lv_count\":\"1\"}"))
                .answer(command("lvm", "lvs"), argv -> report("lv", String.join(",", lvs)))
                .answer(command("lvm", "pvs"), argv -> report("pv", ""))
                // What the guest's job is doing as LVM is asked to change the LV: the order that matters.
                .observe(argv -> {
                    if (command("lvm", "lvcreate").test(argv)
                            || command("lvm", "lvremove").test(argv)) {
                        jobs.calls.add(argv.get(1) + " with the job " + jobs.job);
                    }
                });
    }

    /** lvcreate's reply: the calibration's LV is listed from then on, as lvremove reads it first. */
    private ScriptedProcessRunner created() {
        return host.succeed(
                "",
                () -> lvs.add("{\"vg_name\":\"vg_vms\", \"lv_name\":\"" + LV + "\", \"lv_size\":\""
                        + 128 * MIB
                        + "\", \"segtype\":\"linear\", \"lv_attr\":\"-wi-a-----\", \"lv_read_ahead\":\"auto\","
                        + " \"pool_lv\":\"\", \"chunk_size\":\"0\", \"zero\":\"\", \"data_percent\":\"\","
                        + " \"metadata_percent\":\"\", \"lv_metadata_size\":\"\", \"lv_uuid\":\"uuid-lv\","
                        + " \"lv_tags\":\"virt-tune,virt-tune-calibration\"}"));
    }

    private static String report(String kind, String rows) {
        return "{\"report\": [{\"" + kind + "\": [" + rows + "]}]}";
    }

    private ApplyPorts ports(boolean execute) {
        return ApplyPorts.over(
                new ApplyPorts.Host(
                        host,
                        ThinDiscards.through(new LvmCli(host)),
                        false,
                        () -> libvirt,
                        new LiveHost(host, true),
                        new StaleWriters(),
                        new QemuIoHolds(),
                        jobs.source(),
                        new StateDirectory(state),
                        HostFiles.HOST,
                        Clock.systemUTC()),
                execute,
                printed::add);
    }

    private Optional<Calibration.Mirror> measure(boolean execute, String mirror, Duration limit) {
        return measure(execute, null, mirror, limit);
    }

    private Optional<Calibration.Mirror> measure(boolean execute, String thinPool, String mirror, Duration limit) {
        return new MirrorCalibration(ports(execute), new PrintWriter(log, true))
                .measure(MirrorCalibration.Target.of("vg_vms", thinPool, mirror, limit));
    }

    /** The guest runs on its recorded qcow2 image, with no mirror left: the copy never replaced its source. */
    private void assertOnItsSource() {
        String live = jobs.liveXml();
        assertEquals(Optional.of(ScriptedBlockJobs.IMAGE), MirrorState.sourceOf(live, "g1", "sda"));
        assertEquals(MirrorState.NONE, MirrorState.of(live, "g1", "sda"));
        assertEquals(ScriptedBlockJobs.PERSISTENT, libvirt.inactiveXml("g1"));
    }

    private List<String> lvmChanges() {
        return host.commands().stream()
                .filter(argv -> command("lvm", "lvcreate").test(argv)
                        || command("lvm", "lvremove").test(argv))
                .map(argv -> String.join(" ", argv.subList(0, 3)))
                .toList();
    }

    @Test
    void aMirrorReadyWithinItsTimeIsAbortedWithoutAPivotBeforeItsLvIsRemovedAndItsPaceKept() {
        created().succeed("");
        jobs.readsUntilReady = 2;

        Calibration.Mirror timed = measure(true, "g1", Duration.ofSeconds(30)).orElseThrow();

        assertEquals(
                List.of(
                        "lvcreate with the job NONE",
                        "copy sda <disk type='block'><source dev='" + DEVICE + "'/><driver type='raw'/></disk>"
                                + " bandwidth=0 sync=false",
                        "abort sda pivot=false",
                        "lvremove with the job NONE"),
                jobs.calls);
        assertTrue(
                host.commands().get(3).containsAll(List.of("--addtag", "virt-tune-calibration", "-n", LV)),
                host.commands().get(3).toString());
        // The recorded disk is 128 MiB: the LV takes it whole, as a live move's does.
        assertTrue(
                host.commands().get(3).contains("134217728b"),
                host.commands().get(3).toString());
        assertOnItsSource();
        assertEquals("g1", timed.domain());
        assertEquals("sda", timed.disk());
        assertEquals(4, timed.bytes(), "what the ready job had copied at its last read");
        assertTrue(timed.bytesPerSecond() > 0);
        assertTrue(log.toString().contains("aborted, the guest runs on " + ScriptedBlockJobs.IMAGE), log.toString());
    }

    @Test
    void theGuestsWritesDuringTheTimedMirrorAreKeptWithItsPaceAndSaidBusyOrIdle() {
        created().succeed("");
        jobs.readsUntilReady = Integer.MAX_VALUE;
        // 500 writes of 4 KiB over the mirror's second or so: a busy guest's load.
        jobs.writes.add(new io.virttune.libvirt.DiskWrites(1000, 4000L << 10));
        jobs.writes.add(new io.virttune.libvirt.DiskWrites(1500, 6000L << 10));

        Calibration.Mirror timed = measure(true, "g1", Duration.ofSeconds(1)).orElseThrow();

        assertTrue(timed.guestWrites() != null, "the guest's writes read at the mirror's start and end");
        assertTrue(timed.guestBusy(), timed.guestWrites().toString());
        assertTrue(
                log.toString().contains(": a busy guest's, so plan predicts busy guests' first pass by it"),
                log.toString());
    }

    @Test
    void aMirrorWhoseGuestsWritesCannotBeReadIsKeptAsAnIdleCopysPaceAndSaysSo() {
        created().succeed("");
        jobs.readsUntilReady = 2;

        Calibration.Mirror timed = measure(true, "g1", Duration.ofSeconds(30)).orElseThrow();

        assertEquals(null, timed.guestWrites());
        assertTrue(
                log.toString()
                        .contains("(the guest's writes meanwhile could not be read: plan predicts idle copies by it)"),
                log.toString());
    }

    @Test
    void aMirrorNotReadyInItsTimeIsAbortedWithoutAPivotOnceItsTimeIsUp() {
        created().succeed("");
        jobs.readsUntilReady = Integer.MAX_VALUE;

        long started = System.nanoTime();
        Calibration.Mirror timed =
                measure(true, "g1:sda", Duration.ofSeconds(1)).orElseThrow();

        assertTrue(System.nanoTime() - started >= Duration.ofSeconds(1).toNanos(), "stopped before its time");
        assertEquals(List.of("copy", "abort sda pivot=false", "lvremove with the job NONE"), afterCreate());
        assertEquals(1, timed.bytes(), "what the copying job had copied at its last read");
        assertOnItsSource();
    }

    @Test
    void aMirrorWhoseReadFailsIsStillAbortedWithoutAPivotBeforeItsLvIsRemoved() {
        created().succeed("");
        jobs.readsUntilReady = Integer.MAX_VALUE;
        // libvirtd restarted under the second read; a new connection finds it back.
        jobs.readsUntilLibvirtdLost = 1;
        jobs.connectionsUntilLibvirtdBack = 0;

        VirtTuneException failed =
                assertThrows(VirtTuneException.class, () -> measure(true, "g1", Duration.ofSeconds(30)));

        assertTrue(failed.getMessage().contains("Broken pipe"), failed.getMessage());
        assertEquals(List.of("copy", "abort sda pivot=false", "lvremove with the job NONE"), afterCreate());
        assertOnItsSource();
    }

    @Test
    void aMirrorThatCannotBeAbortedKeepsItsLvAndSaysWhy() {
        created();
        jobs.readsUntilReady = Integer.MAX_VALUE;
        jobs.readsUntilLibvirtdLost = 1;

        assertThrows(VirtTuneException.class, () -> measure(true, "g1", Duration.ofSeconds(30)));

        assertEquals(
                List.of("lvcreate"),
                lvmChanges().stream().map(line -> line.split(" ")[1]).toList());
        assertTrue(
                log.toString()
                        .contains("Kept the calibration's temporary LV vg_vms/" + LV + ": what writes it could"
                                + " not be stopped"),
                log.toString());
    }

    /**
     * A pivot from outside (virsh blockjob --pivot) makes the temporary LV the guest's disk: the run
     * fails saying so and what to do, and the LV the guest now runs on is kept, never removed.
     */
    @Test
    void aMirrorPivotedFromOutsideKeepsTheLvTheGuestNowRunsOnAndSaysWhatToDo() {
        created();
        jobs.whenReady = () -> jobs.abort("sda", true);

        VirtTuneException failed =
                assertThrows(VirtTuneException.class, () -> measure(true, "g1", Duration.ofSeconds(30)));

        assertTrue(failed.getMessage().startsWith("disk sda of domain 'g1' runs on " + DEVICE), failed.getMessage());
        assertEquals(
                List.of("lvcreate"),
                lvmChanges().stream().map(line -> line.split(" ")[1]).toList());
        assertEquals(Optional.of(DEVICE), MirrorState.sourceOf(jobs.liveXml(), "g1", "sda"));
        assertTrue(log.toString().contains("Kept the calibration's temporary LV vg_vms/" + LV + ": "), log.toString());
    }

    /** The abort that ends every calibration's mirror finds no mirror once it was pivoted: it fails, not returns. */
    @Test
    void abortingTheMirrorIntoAnLvTheGuestWasPivotedOntoFailsSayingWhatToDo() {
        jobs.copy("sda", BlockCopy.destinationXml(DEVICE), BlockCopySettings.DEFAULTS);
        jobs.readsUntilReady = 0;
        jobs.progress("sda");
        jobs.abort("sda", true);

        VirtTuneException failed =
                assertThrows(VirtTuneException.class, () -> MirrorsInto.abortOn(jobs, "sda", DEVICE));

        assertEquals(
                "disk sda of domain 'g1' runs on " + DEVICE + " now, a calibration's temporary LV: its block copy"
                        + " into it was pivoted (completed) from outside virt-tune, and the guest writes there; the LV"
                        + " is kept, as removing it would take the disk from under the guest: move the disk onto a"
                        + " lasting volume (virsh blockcopy g1 sda --dest NEW_DEVICE --blockdev --pivot), then remove the LV"
                        + " (lvremove " + DEVICE + ")",
                failed.getMessage());
        assertEquals(
                List.of("abort sda pivot=true"),
                jobs.calls.subList(1, jobs.calls.size()),
                "the failing abort called the job");
    }

    /**
     * libvirtd lost under virDomainBlockCopy after QEMU started the copy: the run fails naming the
     * block job it may have started and how to end it, and the LV it copies into is kept.
     */
    @Test
    void aStartWhoseAnswerIsLostNamesTheBlockJobItMayHaveStartedAndKeepsItsLv() {
        created();
        jobs.whenCopyStarted = () -> {
            jobs.libvirtdLost = true;
            throw VirtTuneException.failed(
                    "cannot start the block copy of disk 'sda' of domain 'g1': Cannot write data: Broken pipe");
        };

        VirtTuneException failed =
                assertThrows(VirtTuneException.class, () -> measure(true, "g1", Duration.ofSeconds(30)));

        assertEquals(
                "the mirror of disk sda of 'g1' into " + DEVICE + " may have started though its start failed (cannot"
                        + " start the block copy of disk 'sda' of domain 'g1': Cannot write data: Broken pipe): where"
                        + " this run kept the LV, end the copy with virsh blockjob g1 sda --abort (never --pivot: the"
                        + " LV is no guest's disk); then the next virt-tune calibrate --vg vg_vms --execute (or"
                        + " --thin-pool vg_vms/POOL) aborts a guest's mirror into it and removes it; so does virt-tune cleanup --all"
                        + " --execute, but that also removes the source images of every completed migration on the"
                        + " host, after which none can be rolled back (its dry run, without --execute, lists them)",
                failed.getMessage());
        assertEquals(
                List.of("lvcreate"),
                lvmChanges().stream().map(line -> line.split(" ")[1]).toList());
        assertTrue(log.toString().contains("Kept the calibration's temporary LV vg_vms/" + LV + ": "), log.toString());
    }

    @Test
    void aDryRunSaysWhatItWouldCreateAndMirrorAndChangesNothing() {
        Optional<Calibration.Mirror> timed = measure(false, "g1", Duration.ofSeconds(20));

        assertEquals(Optional.empty(), timed);
        assertEquals(List.of(), jobs.calls, "a dry run reached the guest's jobs");
        assertEquals(List.of(), lvmChanges());
        assertTrue(
                log.toString().contains("Would create vg_vms/" + LV + ", 128 MiB linear, to mirror disk sda of 'g1'"),
                log.toString());
        assertTrue(
                String.join("\n", printed).contains("would abort the block copy of disk sda of 'g1'"),
                printed.toString());
        assertOnItsSource();
    }

    @Test
    void aDiskNoLiveMoveCopiesIsRefusedNamingTheOnesItHas() {
        VirtTuneException refused =
                assertThrows(VirtTuneException.class, () -> measure(true, "g1:vdz", Duration.ofSeconds(20)));

        assertEquals(ExitCode.REFUSED, refused.exitCode());
        assertTrue(refused.getMessage().contains("has no disk vdz a live move copies"), refused.getMessage());
        assertEquals(List.of(), lvmChanges());
    }

    @Test
    void aDomainAnotherVirtTuneWorksOnIsRefusedInARunAndInADryRun() {
        String uuid =
                io.virttune.xml.DomainXml.parse(jobs.liveXml(), "g1").uuid().orElseThrow();
        // As an apply, a rollback or a cleanup of g1 holds it: a block job of theirs would meet this one's.
        try (var applying = new StateDirectory(state).lock(uuid, "g1", "2026-12-07T19:00:00Z")) {
            for (boolean execute : new boolean[] {true, false}) {
                VirtTuneException refused =
                        assertThrows(VirtTuneException.class, () -> measure(execute, "g1", Duration.ofSeconds(20)));

                assertEquals(ExitCode.REFUSED, refused.exitCode());
                assertTrue(
                        refused.getMessage().startsWith("another virt-tune is still running on 'g1' here"),
                        refused.getMessage());
            }
        }
        assertEquals(List.of(), lvmChanges());
        assertEquals(List.of(), jobs.calls);
    }

    /**
     * A thin pool's free data that apply's copies on the host hold in its room ledger is not the
     * mirror's: the mirror may write the whole disk, and is refused before anything is created.
     */
    @Test
    void aThinMirrorIsRefusedWhileTheHostsCopiesHoldThePoolsRoom() {
        lvs.add("{\"vg_name\":\"vg_vms\", \"lv_name\":\"pool\", \"lv_size\":\"" + GIB
                + "\", \"segtype\":\"thin-pool\", \"lv_attr\":\"twi-aotz--\", \"lv_read_ahead\":\"auto\","
                + " \"pool_lv\":\"\", \"chunk_size\":\"65536\", \"zero\":\"1\", \"data_percent\":\"0.00\","
                + " \"metadata_percent\":\"1.00\", \"lv_metadata_size\":\"" + 64 * MIB
                + "\", \"lv_uuid\":\"uuid-pool\","
                + " \"lv_tags\":\"\"}");
        new StateDirectory(state)
                .poolRoom()
                .underLock(
                        "vg_vms/pool",
                        entries -> entries.put(
                                "apply-copy",
                                PoolRoomLedger.Entry.ofThisProcess("web01", "copy web01's disk", 960 * MIB, 0)));

        VirtTuneException refused =
                assertThrows(VirtTuneException.class, () -> measure(true, "pool", "g1", Duration.ofSeconds(20)));

        assertEquals(ExitCode.REFUSED, refused.exitCode());
        assertTrue(
                refused.getMessage()
                        .contains("besides 960 MiB the copies running on this host now will write, and the mirror of"
                                + " disk sda may write its 128 MiB to a temporary thin LV in it"),
                refused.getMessage());
        assertEquals(List.of(), lvmChanges());
        assertEquals(List.of(), jobs.calls);
    }

    /** The mirror timed into an empty 1 GiB thin pool zeroing new chunks or not, on libvirt 12.8 and QEMU 11.1. */
    private void timedIntoAPoolOnDebianTesting(boolean zeroing) {
        aPool(zeroing);
        created().succeed("");
        jobs.readsUntilReady = 2;
        jobs.libvirtVersion = "12.8.0";
        jobs.hypervisorVersion = "QEMU 11.1.2";
        measure(true, "pool", "g1", Duration.ofSeconds(30)).orElseThrow();
    }

    /** A 1 GiB thin pool, empty, zeroing new chunks or not ({@code -Zn}), as lvs reports it ("zero" or ""). */
    private void aPool(boolean zeroing) {
        lvs.add("{\"vg_name\":\"vg_vms\", \"lv_name\":\"pool\", \"lv_size\":\"" + GIB
                + "\", \"segtype\":\"thin-pool\", \"lv_attr\":\"twi-aotz--\", \"lv_read_ahead\":\"auto\","
                + " \"pool_lv\":\"\", \"chunk_size\":\"65536\", \"zero\":\"" + (zeroing ? "zero" : "")
                + "\", \"data_percent\":\"0.00\", \"metadata_percent\":\"1.00\", \"lv_metadata_size\":\""
                + 64 * MIB + "\", \"lv_uuid\":\"uuid-pool\", \"lv_tags\":\"\"}");
    }

    @Test
    void aMirrorIntoAFreshLvOfAZeroingPoolSkipsTheZerosAsALiveMovesDoesOnAStackThatCan() {
        timedIntoAPoolOnDebianTesting(true);

        assertTrue(
                jobs.calls.stream().anyMatch(call -> call.startsWith("copy sda") && call.endsWith(" target-zeroed")),
                jobs.calls + "\n" + log);
        assertTrue(log.toString().contains("its zeros skipped, as a live move's mirror skips them"), log.toString());
    }

    @Test
    void aMirrorWritesTheZerosWhereALiveMovesWouldIntoAPoolThatDoesNotZeroOrOnAnOlderStack() {
        timedIntoAPoolOnDebianTesting(false);

        assertTrue(jobs.calls.stream().noneMatch(call -> call.endsWith(" target-zeroed")), jobs.calls.toString());
        assertTrue(log.toString().contains("its zeros written, as a live move's mirror writes them: "), log.toString());
    }

    /** A disk whose size libvirt reads as 0 gives no size to make its LV of: refused, where lvcreate got 0 bytes. */
    @Test
    void aDiskWhoseSizeLibvirtCannotTellIsRefusedBeforeAnythingIsCreated() {
        jobs.capacities.clear();
        jobs.capacities.add(0L);

        VirtTuneException refused =
                assertThrows(VirtTuneException.class, () -> measure(true, "g1", Duration.ofSeconds(20)));

        assertEquals(ExitCode.REFUSED, refused.exitCode());
        assertTrue(
                refused.getMessage().startsWith("libvirt reads no size for disk sda of 'g1' (virsh domblkinfo g1 sda)"),
                refused.getMessage());
        assertEquals(List.of(), lvmChanges());
        assertEquals(List.of(), jobs.calls);
    }

    @Test
    void tooLittleRoomForTheWholeDiskIsRefusedBeforeAnythingIsCreated() {
        vgFree = 64 * MIB;

        VirtTuneException refused =
                assertThrows(VirtTuneException.class, () -> measure(true, "g1", Duration.ofSeconds(20)));

        assertEquals(ExitCode.REFUSED, refused.exitCode());
        assertEquals(
                "volume group vg_vms has 64 MiB free, and the mirror of disk sda may write its 128 MiB to a temporary"
                        + " LV in it: free some space, or name a smaller disk (--mirror DOMAIN:DISK); no mirror was"
                        + " timed",
                refused.getMessage());
        assertEquals(List.of(), lvmChanges());
        assertEquals(List.of(), jobs.calls);
    }

    @Test
    void aGuestThatDoesNotRunIsRefused() {
        libvirt.stop("g1");

        VirtTuneException refused =
                assertThrows(VirtTuneException.class, () -> measure(true, "g1", Duration.ofSeconds(20)));

        assertEquals(ExitCode.REFUSED, refused.exitCode());
        assertTrue(refused.getMessage().contains("domain 'g1' is not running"), refused.getMessage());
    }

    /** The guest's calls from the LV's creation on, the copy's destination left out. */
    private List<String> afterCreate() {
        List<String> calls = jobs.calls.subList(1, jobs.calls.size());
        return calls.stream()
                .map(call -> call.startsWith("copy ") ? "copy" : call)
                .toList();
    }
}
