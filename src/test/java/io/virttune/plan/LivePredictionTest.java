package io.virttune.plan;

import static io.virttune.plan.PlanFacts.domainXml;
import static io.virttune.plan.PlanFacts.qcow2Disk;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.Fixtures;
import io.virttune.inspect.FakeLibvirt;
import io.virttune.inspect.HostFacts;
import io.virttune.libvirt.DomainState;
import io.virttune.process.ScriptedProcessRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A guest moved live is predicted by what its block copy's mirror writes: its whole virtual disk, its chain's data among it. */
class LivePredictionTest {
    private static final long MIB = 1L << 20;
    private static final PlanPolicy THIN = PlanPolicy.defaults(PlanTarget.thin("vg_guests", "pool0", null));

    @TempDir
    Path temp;

    /** The recorded chain top.qcow2 -> mid.qcow2 -> base.qcow2, inspected as a running guest's disk. */
    private HostFacts runningOnAChain() throws IOException {
        Path top = Files.createFile(temp.resolve("top.qcow2"));
        ScriptedProcessRunner runner = new ScriptedProcessRunner()
                .succeed(Fixtures.read(getClass(), "/io/virttune/qemu/info-top.json"))
                .succeed(Fixtures.read(getClass(), "/io/virttune/qemu/map-sparse.json"));
        FakeLibvirt libvirt = new FakeLibvirt()
                .domain("db", DomainState.RUNNING, domainXml("db", "", qcow2Disk(top.toString(), "vda", "virtio")));
        return RecordedImages.inspect(libvirt, runner);
    }

    private static Plan live(HostFacts facts, boolean verifyPaused) {
        return new MigrationPlanner(THIN.withLive(new PlanPolicy.Live(false, verifyPaused)))
                .plan(facts, Instant.parse("2026-12-06T20:00:00Z"));
    }

    @Test
    void aLiveCopyIsPredictedByItsWholeChainsDataNotItsTopsAlone() throws IOException {
        HostFacts facts = runningOnAChain();

        Schedule schedule = new Scheduler(CopyRate.given(10 * MIB), Duration.ZERO).schedule(live(facts, false), facts);

        // actual-size of top, mid and base: 1314816 + 2363392 + 2363392 bytes.
        Schedule.LiveGuest db = schedule.live().get(0);
        assertEquals(6_041_600, db.dataBytes(), "the chain's, not the top's 1314816 bytes");
        assertEquals("vda", db.disks().get(0).disk());
        assertEquals(105, db.copySeconds(), "its 1 GiB virtual disk mirrored at 10 MiB/s, 103 s, then 2 s");
        assertEquals(0, db.pauseSeconds(), "nothing of the pause is predicted without a paused compare");
        assertTrue(db.pauseBasis().endsWith("not measured on this host): unknown"), db.pauseBasis());
        assertEquals(new Schedule.HostTotals(0, 0, 0, 1, 105, 6_041_600), schedule.host());
        assertTrue(schedule.windows().isEmpty(), "a live guest goes down in no window");
    }

    /** A running guest on an 8 GiB qcow2 holding 1 GiB, as live-move.sh's image (docs/benchmarks.md). */
    private static HostFacts runningOnASparseDisk() {
        return new PlanFacts()
                .domain(
                        domainXml("web", "", qcow2Disk("/img/web.qcow2", "vda", "virtio")),
                        DomainState.RUNNING,
                        Map.of("vda", PlanFacts.qcow2("/img/web.qcow2", 8, 1)))
                .build();
    }

    @Test
    void aLiveCopyIsPredictedByTheWholeVirtualDiskItsMirrorWrites() {
        HostFacts facts = runningOnASparseDisk();

        Schedule schedule = new Scheduler(CopyRate.given(100 * MIB), Duration.ZERO).schedule(live(facts, false), facts);

        Schedule.DiskTime vda = schedule.live().get(0).disks().get(0);
        assertEquals(1L << 30, vda.dataBytes(), "the image's data");
        assertEquals(8L << 30, vda.writtenBytes(), "QEMU's full mirror writes the zeros too");
        // 8192 MiB at 100 MiB/s, 82 s, then the readiness poll and the zeros given back before the pause.
        assertEquals(84, vda.seconds(), vda.basis());
        assertTrue(
                vda.basis()
                        .startsWith(
                                "the whole 8 GiB virtual disk: QEMU's mirror writes its zeros too" + " (docs/live.md)"),
                vda.basis());
    }

    @Test
    void aPausedCompareIsThePredictedPartOfThePause() throws IOException {
        HostFacts facts = runningOnAChain();

        Schedule schedule = new Scheduler(CopyRate.given(MIB), Duration.ZERO).schedule(live(facts, true), facts);

        Schedule.LiveGuest db = schedule.live().get(0);
        assertEquals(6, db.pauseSeconds(), "5.8 MiB compared at 1 MiB/s");
        assertTrue(db.pauseBasis().startsWith("the paused compare of 5.8 MiB at 1 MiB/s"), db.pauseBasis());
    }
}
