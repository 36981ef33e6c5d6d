package io.virttune.apply;

import static io.virttune.apply.ApplyHarness.GIB;
import static io.virttune.apply.ApplyHarness.MIB;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.apply.guards.PoolReports;
import io.virttune.apply.guards.ThinSpace;
import io.virttune.apply.ports.ApplyPorts;
import io.virttune.apply.ports.DomainResult;
import io.virttune.lvm.LogicalVolume;
import io.virttune.lvm.Lvm;
import io.virttune.lvm.LvmReport;
import io.virttune.lvm.ThinPoolRoom;
import io.virttune.lvm.VolumeName;
import io.virttune.plan.Plan;
import io.virttune.qemu.AllocationMap;
import io.virttune.qemu.AllocationMap.Extent;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.mockito.AdditionalAnswers;
import org.mockito.Mockito;

/** A thin pool's room counted as it provisions: whole chunks of every chunk data touches, and their metadata. */
class ThinSpaceTest extends Site1Test {
    private static final String SPARSE = "/images/sparse.qcow2";
    private static final VolumeName TPOOL = new VolumeName("vg", "tpool");

    /** 8 GiB with one 4 KiB write every 4 MiB: 8 MiB allocated, every 4 MiB chunk provisioned. */
    private static List<Extent> oneWriteEvery4MiB() {
        List<Extent> extents = new ArrayList<>();
        for (long at = 0; at < 8 * GIB; at += 4 * MIB) {
            extents.add(new Extent(at, 4096));
        }
        return extents;
    }

    /** The host's room, as a real run's parts see it: each call a run of its own. */
    private ThinSpace space() {
        ApplyPorts ports = host.ports(true);
        return new ThinSpace(ports.lvm().reads(), ports.run().state());
    }

    /** The sparse image's map, as the copy reads it before reserving its room. */
    private AllocationMap sparseMap() {
        return host.ports(true).copies().qemuImg().map(SPARSE, "qcow2");
    }

    @Test
    void preflightRefusesASparseImageWhoseChunksTheSmallPoolCannotHoldWithTheNumbers() {
        host.image(SPARSE, 8 * GIB, 8 * MIB);
        host.libvirt.add(
                ApplyHarness.domainXml(
                        "sparse", "8f3b2c1e-0000-4000-8000-000000000003", ApplyHarness.qcow2Disk(SPARSE, "vda")),
                ApplyHarness.shutOff());
        host.lv(new ApplyHarness.Lv("tpool", 6 * GIB, "thin-pool", "twi-a-tz--", "", 4 * MIB, "Pool-1", List.of()));
        Plan plan = host.planIntoPool("tpool", "sparse");
        host.data(SPARSE, oneWriteEvery4MiB());

        DomainResult result = host.apply(plan, true, false).get(0);

        assertEquals(DomainResult.Result.REFUSED, result.result(), result.detail() + host.output);
        assertTrue(result.detail().contains("not enough space in pool vg/tpool: needs 8 GiB"), result.detail());
        assertTrue(
                host.commandLines().stream().noneMatch(line -> line.contains("lvcreate")),
                host.commandLines().toString());
    }

    /** A copy running on the host and the room it holds. */
    private record Running(io.virttune.plan.ConvertImage copy, ThinSpace.Reservation room) {}

    /** The sparse image's copy into the 10 GiB pool, holding its 8 GiB in {@code space}. */
    private Running aCopyHolding8GibOfTheTen(ThinSpace space) {
        io.virttune.plan.ConvertImage copy = sparseCopyIntoATenGibPool();
        host.data(SPARSE, oneWriteEvery4MiB());
        return new Running(copy, space.reserve(copy, sparseMap(), TPOOL, 4 * MIB, "sparse"));
    }

    @Test
    void theCheckBeforeACopyCountsWhatTheCopiesRunningNowWillWrite() {
        ThinSpace space = space();
        Running first = aCopyHolding8GibOfTheTen(space);
        io.virttune.plan.ConvertImage copy = first.copy();
        // The pool's usage does not show the first copy yet: lvcreate -V of the second LV succeeded too.

        io.virttune.VirtTuneException refused = org.junit.jupiter.api.Assertions.assertThrows(
                io.virttune.VirtTuneException.class, () -> space.reserve(copy, sparseMap(), TPOOL, 4 * MIB, "other"));

        assertEquals(io.virttune.ExitCode.REFUSED, refused.exitCode());
        assertTrue(
                refused.getMessage()
                        .contains("it provisions 8192 MiB in 4 MiB chunks of thin pool vg/tpool (from"
                                + " qemu-img map), which has 2048 MiB free (10240 MiB, data 0.00% used, besides 8192 MiB the copies running"
                                + " on this host now will write)"),
                refused.getMessage());
        assertTrue(refused.getMessage().contains("lvextend -L +6145 MiB vg/tpool"), refused.getMessage());
        first.room().close();
        space.reserve(copy, sparseMap(), TPOOL, 4 * MIB, "other").close();
    }

    /**
     * A temporary LV a killed calibrate left in the pool may still be written by a guest's mirror up
     * to its whole size, which no one's room holds any longer: a copy into that pool is refused until
     * cleanup has stopped the mirror and removed the LV.
     */
    @Test
    void aCopyIntoAPoolWhereAKilledCalibrationLeftItsLvIsRefusedNamingCleanup() {
        io.virttune.plan.ConvertImage copy = sparseCopyIntoATenGibPool();
        host.lv(new ApplyHarness.Lv(
                "virt-tune-calibration-2147483647",
                GIB,
                "thin",
                "Vwi-aotz--",
                "tpool",
                0,
                "Lv-C",
                List.of(io.virttune.apply.guards.VolumeOwnership.tagsFor(io.virttune.lvm.CalibrationVolume.OWNER))));
        host.data(SPARSE, oneWriteEvery4MiB());

        io.virttune.VirtTuneException refused = org.junit.jupiter.api.Assertions.assertThrows(
                io.virttune.VirtTuneException.class,
                () -> space().reserve(copy, sparseMap(), TPOOL, 4 * MIB, "sparse"));

        assertEquals(io.virttune.ExitCode.REFUSED, refused.exitCode());
        assertEquals(
                "Refusing to copy " + SPARSE + " of 'sparse' into /dev/vg/a: thin pool vg/tpool holds"
                        + " vg/virt-tune-calibration-2147483647, the temporary LV of a calibrate that no longer runs,"
                        + " which a guest's mirror may still write up to its 1 GiB (rule: thin-pool room);"
                        + " the next virt-tune calibrate --vg vg --execute (or --thin-pool vg/POOL) aborts a guest's"
                        + " mirror into it and removes it; so does virt-tune cleanup --all --execute, but that also"
                        + " removes the source images of every completed migration on the host, after which none can"
                        + " be rolled back (its dry run, without --execute, lists them), then apply again",
                refused.getMessage());
    }

    /** The pools as apply reads them before its steps: now. */
    private PoolReports poolsReadNow() {
        ApplyPorts ports = host.ports(true);
        return new PoolReports(ports.lvm().reads(), ports.lvm().reads().report());
    }

    /** The refusal of a live copy onto an 8 GiB thin LV of the pool, whose caller read the pools as {@code pools}. */
    private io.virttune.VirtTuneException refusedLiveCopyOf8Gib(ThinSpace space, PoolReports pools) {
        return org.junit.jupiter.api.Assertions.assertThrows(
                io.virttune.VirtTuneException.class,
                () -> space.reserveLive(
                        new io.virttune.plan.CreateVolume("vg", "b", 8 * GIB, "tpool"),
                        new io.virttune.plan.CopyLive("vda", SPARSE, "/dev/vg/b", 0, false, false),
                        "running",
                        pools));
    }

    /** A live copy's room is its whole LV, which a refusal gives as its basis: no qemu-img map counted it. */
    @Test
    void aLiveCopysRefusalSaysItCountedTheWholeLv() {
        ThinSpace space = space();
        ThinSpace.Reservation first = aCopyHolding8GibOfTheTen(space).room();

        io.virttune.VirtTuneException refused = refusedLiveCopyOf8Gib(space, poolsReadNow());

        assertTrue(
                refused.getMessage()
                        .startsWith("Refusing to copy disk vda of 'running' live onto /dev/vg/b: it provisions 8192"
                                + " MiB in 4 MiB chunks of thin pool vg/tpool (the whole LV, which the mirror may"
                                + " write before the reclaim after its pivot), which has 2048 MiB free"),
                refused.getMessage());
        first.close();
    }

    /**
     * A copy that ends between a caller's read of the pool and the reservation gives its room back
     * with its data written: that data is in the pool's usage only as lvs reports it now, which the
     * reservation reads under the pool's lock.
     */
    @Test
    void aCopyThatEndedSinceTheCallerReadThePoolIsCountedInThePoolsUsageNow() {
        ThinSpace space = space();
        ThinSpace.Reservation first = aCopyHolding8GibOfTheTen(space).room();
        // Read while the first copy runs: the pool empty, its 8 GiB in the copy's room.
        PoolReports pools = poolsReadNow();
        // The first copy ends: its 8 GiB are written into the pool, and its room is given back.
        host.poolDataPercent.put("tpool", "80.00");
        first.close();

        io.virttune.VirtTuneException refused = refusedLiveCopyOf8Gib(space, pools);

        assertEquals(io.virttune.ExitCode.REFUSED, refused.exitCode());
        assertTrue(refused.getMessage().contains("(10240 MiB, data 80.00% used)"), refused.getMessage());
    }

    /** LVM's reads, running what is armed in {@link #beforeNextReport} or {@link #afterNextReport} around the next report. */
    private Lvm readsAroundWhichACopyEnds() {
        Lvm reads = host.ports(true).lvm().reads();
        Lvm around = Mockito.mock(Lvm.class, AdditionalAnswers.delegatesTo(reads));
        Mockito.doAnswer(call -> {
                    Optional.ofNullable(beforeNextReport.getAndSet(null)).ifPresent(Runnable::run);
                    LvmReport report = reads.report();
                    Optional.ofNullable(afterNextReport.getAndSet(null)).ifPresent(Runnable::run);
                    return report;
                })
                .when(around)
                .report();
        return around;
    }

    private final AtomicReference<Runnable> beforeNextReport = new AtomicReference<>();
    private final AtomicReference<Runnable> afterNextReport = new AtomicReference<>();

    /** A copy holding {@code bytes} of the pool's data in {@code space}. */
    private static ThinSpace.PoolReservation holding(ThinSpace space, long bytes, String domain) {
        return space.reserve(
                new ThinSpace.Need(bytes, 0), TPOOL, domain, "copy " + domain, (host, pool, held) -> Optional.empty());
    }

    /**
     * Ends {@code other}, 8 GiB of the pool's data, as another process would at {@code moment}: its
     * room given back and its 8 GiB written in the pool (lvs shows it 80% used), on a thread of its
     * own, which waits for the pool's lock while the read holds it. Returns that thread.
     */
    private Thread endsAt(AtomicReference<Runnable> moment, ThinSpace.Reservation other) {
        Thread ending = new Thread(() -> {
            other.close();
            host.poolDataPercent.put("tpool", "80.00");
        });
        moment.set(() -> {
            ending.start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (ending.isAlive() && ending.getState() != Thread.State.BLOCKED) {
                assertTrue(System.nanoTime() < deadline, "the other copy neither ended nor waited for the pool's lock");
                Thread.onSpinWait();
            }
        });
        return ending;
    }

    /**
     * The check before a copy's full rewrite reads the pool's usage and the room the host's other
     * copies hold together, under the pool's lock: another copy that ends between two separate reads,
     * its room given back and its data written, is counted in neither read (the pool over-committed:
     * a full pool stalls every thin LV in it) or, read the other way round, in both.
     */
    @Test
    void theCheckBeforeARewriteCountsACopyThatEndsMeanwhileOnce() throws Exception {
        Lvm lvm = readsAroundWhichACopyEnds();
        ThinSpace space = new ThinSpace(lvm, host.ports(true).run().state());
        sparseCopyIntoATenGibPool();
        ThinSpace.PoolReservation mine = holding(space, GIB, "mine");
        ThinPoolRoom room = new ThinPoolRoom(lvm, TPOOL, mine);
        // Beside the other copy's 8 GiB, the pool's 10 have 2 free to the rewrite (as lvs rounds, a little less).
        Thread ending = endsAt(afterNextReport, holding(space, 8 * GIB, "other"));

        io.virttune.VirtTuneException refused = org.junit.jupiter.api.Assertions.assertThrows(
                io.virttune.VirtTuneException.class, () -> room.require(3 * GIB, "rewrite /dev/vg/a in full"));
        ending.join();

        assertEquals(io.virttune.ExitCode.REFUSED, refused.exitCode());
        assertTrue(refused.getMessage().contains("which has 2048 MiB free (10240 MiB"), refused.getMessage());
        host.poolDataPercent.remove("tpool");
        ending = endsAt(beforeNextReport, holding(space, 8 * GIB, "other"));

        room.require(GIB, "rewrite /dev/vg/a in full");
        ending.join();
        mine.close();
    }

    /** A copy holding {@code bytes} of the pool's data in a run of its own, refused as a real copy is where the pool lacks them. */
    private ThinSpace.PoolReservation checkedHolding(long bytes, String domain) {
        ThinSpace.Need need = new ThinSpace.Need(bytes, 0);
        return space().reserve(
                        need,
                        TPOOL,
                        domain,
                        "copy " + domain,
                        (host, pool, held) ->
                                ThinSpace.shortfall(TPOOL.toString(), pool, need, held, ThinSpace.MAPPED));
    }

    /** The files of the pool's room in the host's ledger, its lock aside. */
    private List<String> roomFiles() throws java.io.IOException {
        try (java.util.stream.Stream<java.nio.file.Path> files =
                java.nio.file.Files.list(host.state.root().resolve("pools/room/vg%tpool"))) {
            return files.map(file -> file.getFileName().toString())
                    .filter(name -> !name.equals(".lock"))
                    .toList();
        }
    }

    /**
     * A full rewrite the check allows holds the room it provisions from then on, beside the mapped data
     * the copy held: until lvs shows its writes, another copy granted that room over-commits the pool
     * (a full pool stalls every thin LV in it). The copy's end gives the grown room back, leaving no entry.
     */
    @Test
    void aRewriteTheCheckAllowsHoldsItsRoomUntilItsCopyEnds() throws Exception {
        sparseCopyIntoATenGibPool();
        ThinSpace.PoolReservation rewriting = checkedHolding(GIB, "a");
        new ThinPoolRoom(host.ports(true).lvm().reads(), TPOOL, rewriting)
                .require(8 * GIB, "rewrite /dev/vg/a in full");

        io.virttune.VirtTuneException refused = org.junit.jupiter.api.Assertions.assertThrows(
                io.virttune.VirtTuneException.class, () -> checkedHolding(4 * GIB, "b"));

        assertEquals(io.virttune.ExitCode.REFUSED, refused.exitCode());
        assertTrue(
                refused.getMessage().contains("which has 2048 MiB free (10240 MiB, data 0.00% used, besides 8192 MiB"),
                refused.getMessage());
        assertEquals(1, roomFiles().size(), roomFiles().toString());
        rewriting.close();
        assertEquals(List.of(), roomFiles());
        checkedHolding(4 * GIB, "b").close();
        assertEquals(List.of(), roomFiles());
    }

    /**
     * A full rewrite maps every chunk of its LV: the check before it counts the pool's free metadata
     * too, since a pool whose metadata fills goes read-only and stalls every guest in it, however much
     * data room it has. Refused, the copy's room does not grow.
     */
    @Test
    void aRewriteIntoAPoolWhoseMetadataIsNearlyFullIsRefusedNamingMetadata() throws Exception {
        host.lv(new ApplyHarness.Lv("tpool", 10 * GIB, "thin-pool", "twi-a-tz--", "", 64 * 1024, "Pool-1", List.of()));
        // 128 MiB of metadata, 5% of it free: about 6 MiB, where 8 GiB of 64 KiB chunks take 8 MiB.
        host.poolMetadataPercent.put("tpool", "95.00");
        ThinSpace.PoolReservation rewriting = checkedHolding(GIB, "a");

        io.virttune.VirtTuneException refused = org.junit.jupiter.api.Assertions.assertThrows(
                io.virttune.VirtTuneException.class,
                () -> new ThinPoolRoom(host.ports(true).lvm().reads(), TPOOL, rewriting)
                        .require(8 * GIB, "rewrite /dev/vg/a in full"));

        assertEquals(io.virttune.ExitCode.REFUSED, refused.exitCode());
        assertTrue(
                refused.getMessage().contains("takes about 8 MiB of metadata in thin pool vg/tpool"),
                refused.getMessage());
        assertTrue(refused.getMessage().contains("lvextend --poolmetadatasize"), refused.getMessage());
        // Its purpose, as the data refusal says it: why the LV is written in full.
        assertTrue(refused.getMessage().startsWith("Refusing to rewrite /dev/vg/a in full: "), refused.getMessage());
        // Its room stayed the 1 GiB it held: beside it, the pool's 10 GiB have room for 8 more.
        checkedHolding(8 * GIB, "b").close();
        rewriting.close();
    }

    /** A copy whose own entry left the ledger (its file removed by hand) is told so, naming the pool, not failed with a null. */
    @Test
    void aRewriteWhoseOwnRoomEntryVanishedFailsNamingThePool() {
        sparseCopyIntoATenGibPool();
        ThinSpace.PoolReservation rewriting = checkedHolding(GIB, "a");
        rewriting.close();

        io.virttune.VirtTuneException failed = org.junit.jupiter.api.Assertions.assertThrows(
                io.virttune.VirtTuneException.class,
                () -> new ThinPoolRoom(host.ports(true).lvm().reads(), TPOOL, rewriting)
                        .require(GIB, "rewrite /dev/vg/a in full"));

        assertEquals(io.virttune.ExitCode.FAILED, failed.exitCode());
        assertTrue(failed.getMessage().contains("thin pool vg/tpool"), failed.getMessage());
        assertTrue(failed.getMessage().contains("vanished"), failed.getMessage());
    }

    @Test
    void twoRunsOnTheHostShareTheRoomTheirCopiesHoldAndADeadOnesRoomIsFreed() throws Exception {
        // A run killed mid-copy left its room behind: its process is gone, so that room is free.
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        java.nio.file.Path room =
                java.nio.file.Files.createDirectories(host.state.root().resolve("pools/room/vg%tpool"));
        java.nio.file.Files.writeString(
                room.resolve(gone.pid() + "-1.json"),
                "{\"pid\": " + gone.pid() + ", \"domain\": \"dead\", \"what\": \"copy\", \"dataBytes\": " + 8 * GIB
                        + ", \"metadataBytes\": 0}");
        Running first = aCopyHolding8GibOfTheTen(space());
        io.virttune.plan.ConvertImage copy = first.copy();
        assertFalse(java.nio.file.Files.exists(room.resolve(gone.pid() + "-1.json")), "the dead run's room is freed");

        // Another apply (another process, or another --jobs slot) has its own ThinSpace: the room is the host's.
        io.virttune.VirtTuneException refused = org.junit.jupiter.api.Assertions.assertThrows(
                io.virttune.VirtTuneException.class, () -> space().reserve(copy, sparseMap(), TPOOL, 4 * MIB, "other"));

        assertTrue(
                refused.getMessage().contains("besides 8192 MiB the copies running on this host now will write"),
                refused.getMessage());
        first.room().close();
        try (java.util.stream.Stream<java.nio.file.Path> left = java.nio.file.Files.list(room)) {
            assertEquals(
                    List.of(".lock"),
                    left.map(file -> file.getFileName().toString()).toList());
        }
    }

    @Test
    void theRoomOfAKilledRunWhosePidAnotherProcessGotSinceIsFreed() throws Exception {
        io.virttune.plan.ConvertImage copy = sparseCopyIntoATenGibPool();
        // The killed run had this JVM's pid, but started earlier: the pid was given again since.
        io.virttune.process.ProcessIdentity self = io.virttune.process.ProcessTable.current();
        java.nio.file.Path room =
                java.nio.file.Files.createDirectories(host.state.root().resolve("pools/room/vg%tpool"));
        java.nio.file.Path killed = room.resolve(self.pid() + "-0.json");
        java.nio.file.Files.writeString(
                killed,
                "{\"pid\": " + self.pid() + ", \"startTicks\": "
                        + (self.startTicks().getAsLong() - 1)
                        + ", \"domain\": \"dead\", \"what\": \"copy\", \"dataBytes\": " + 8 * GIB
                        + ", \"metadataBytes\": 0}");
        host.data(SPARSE, oneWriteEvery4MiB());

        space().reserve(copy, sparseMap(), TPOOL, 4 * MIB, "sparse").close();

        assertFalse(java.nio.file.Files.exists(killed), "the killed run's room is freed");
    }

    /** The sparse 8 GiB image's copy into a thin LV of a 10 GiB pool with 4 MiB chunks. */
    private io.virttune.plan.ConvertImage sparseCopyIntoATenGibPool() {
        host.lv(new ApplyHarness.Lv("tpool", 10 * GIB, "thin-pool", "twi-a-tz--", "", 4 * MIB, "Pool-1", List.of()));
        host.image(SPARSE, 8 * GIB, 8 * MIB);
        return new io.virttune.plan.ConvertImage(SPARSE, "qcow2", "/dev/vg/a", true, 8 * GIB, 8 * MIB, 0);
    }

    /** A 100 GiB pool of 64 KiB chunks with 8 MiB of metadata, as lvs reports it with {@code attributes}. */
    private static LogicalVolume pool(String attributes, OptionalDouble dataPercent, OptionalDouble metadataPercent) {
        return new LogicalVolume(
                "vg",
                "tpool",
                100 * GIB,
                "thin-pool",
                attributes,
                OptionalLong.empty(),
                Optional.empty(),
                64 * 1024,
                Optional.of(true),
                dataPercent,
                metadataPercent,
                8 * MIB,
                List.of());
    }

    @Test
    void anInactivePoolWhoseUsageLvsDoesNotReportIsRefusedSayingSoAndHowToActivateIt() {
        LogicalVolume inactive = pool("twi---tz--", OptionalDouble.empty(), OptionalDouble.empty());

        String lacking = ThinSpace.shortfall(
                        "vg/tpool", inactive, new ThinSpace.Need(8 * MIB, 64), ThinSpace.Need.NONE, ThinSpace.MAPPED)
                .orElseThrow();

        assertTrue(
                lacking.contains(" chunks of thin pool vg/tpool (from qemu-img map), which"
                        + " is inactive: lvs reports no usage of it, so its free space is unknown and counts as none;"
                        + " activate it (lvchange -ay vg/tpool)"),
                lacking);
        assertTrue(lacking.contains("(rule: thin-pool room)"), lacking);
        assertFalse(lacking.contains("% used"), lacking);
        assertFalse(lacking.contains("0 MiB free"), lacking);
    }

    @Test
    void aPoolOfChunksSmallerThanAMibNamesTheirSize() {
        LogicalVolume full = pool("twi-a-tz--", OptionalDouble.of(99.99), OptionalDouble.of(0));

        String lacking = ThinSpace.shortfall(
                        "vg/tpool", full, new ThinSpace.Need(8 * MIB, 64), ThinSpace.Need.NONE, ThinSpace.MAPPED)
                .orElseThrow();

        assertTrue(lacking.startsWith("it provisions 8 MiB in 64 KiB chunks of thin pool vg/tpool"), lacking);
    }

    @Test
    void metadataIsCheckedToo() {
        LogicalVolume pool = pool("twi-a-tz--", OptionalDouble.of(0), OptionalDouble.of(90));
        ThinSpace.Need need = ThinSpace.Need.of(
                AllocationMap.parse("[{\"start\": 0, \"length\": " + 8 * GIB + ", \"data\": true}]"), 64 * 1024);

        Optional<String> lacking = ThinSpace.shortfall("vg/tpool", pool, need, ThinSpace.Need.NONE, ThinSpace.MAPPED);

        // 131072 chunks of 64 KiB, 64 bytes each: 8 MiB of metadata; 10% of 8 MiB is free.
        assertTrue(
                lacking.orElseThrow()
                        .contains("takes about 8 MiB of metadata in thin pool vg/tpool, which has 1 MiB" + " free"),
                lacking.get());
        assertTrue(lacking.get().contains("lvextend --poolmetadatasize"), lacking.get());
        assertFalse(ThinSpace.shortfall(
                        "vg/tpool", pool, new ThinSpace.Need(MIB, 1024), ThinSpace.Need.NONE, ThinSpace.MAPPED)
                .isPresent());
    }
}
