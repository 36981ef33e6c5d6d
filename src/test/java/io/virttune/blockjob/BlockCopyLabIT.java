package io.virttune.blockjob;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.virttune.VirtTuneException;
import io.virttune.agent.GuestAgent;
import io.virttune.libvirt.DomainState;
import io.virttune.libvirt.LibvirtJavaConnection;
import io.virttune.lvm.LogicalVolume;
import io.virttune.lvm.LvmCli;
import io.virttune.process.LocalProcessRunner;
import io.virttune.testing.GuestWriter;
import io.virttune.testing.Lab;
import io.virttune.testing.LabAgent;
import io.virttune.testing.LabGuest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * {@link BlockCopy} against the lab's libvirtd and the test guest: its SATA qcow2 disk copied
 * live onto fresh thin LVs (4 MiB chunks, zeroing off) while a writer in the guest keeps writing
 * 1 MiB blocks of known content. An aborted copy leaves the guest on its source; a copy pivoted
 * leaves it on the LV, in both definitions, with every block it wrote before, during and after
 * the copy. Measures the time, the writer's longest gap and the LV's allocation, into
 * target/block-copy-lab.txt. Runs only inside the lab (scripts/lab run --libvirtd).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class BlockCopyLabIT {
    private static final long MIB = 1L << 20;
    private static final long DISK_BYTES = 128 * MIB;
    private static final long TOUCHED_BYTES = GuestWriter.TOUCHED_BYTES;
    private static final long CHUNK = 4 * MIB;
    private static final long COPY_CAP = 32 * MIB;
    /** A cap under which the guest's 16 MiB written before take the copy a minute at least. */
    private static final long SLOW_COPY = 256 << 10;

    private static final String URI = "qemu:///system";
    private static final String GUEST = "vt-copyit";
    private static final String DISK = "sda";
    private static final String VG = "vt_copy";
    private static final String POOL = "pool";
    private static final Path PROJECT = Path.of("").toAbsolutePath();
    private static final Path IMAGES = Path.of("/var/lib/libvirt/images/vt-copyit");
    private static final Path IMAGE = IMAGES.resolve(GUEST + ".qcow2");
    private static final Path REPORT = PROJECT.resolve("target/block-copy-lab.txt");

    private static final LvmCli lvm = new LvmCli(new LocalProcessRunner());
    private static final List<String> report = new ArrayList<>();
    private static LibvirtJavaConnection libvirt;
    private static GuestWriter writer;

    @BeforeAll
    static void guestRunningWithDataWritten() throws Exception {
        Lab.require();
        assertTrue(
                Files.exists(PROJECT.resolve("build/guest/initramfs.gz")),
                "build the test guest first: scripts/guest/build.sh");
        lvm.createVolumeGroup(VG, List.of(Lab.disk("pv4")), CHUNK);
        lvm.createThinPool(VG, POOL, 1024 * MIB, CHUNK, false, 8 * MIB);
        Files.createDirectories(IMAGES);
        IMAGES.toFile().setReadable(true, false);
        IMAGES.toFile().setExecutable(true, false);
        Lab.sh("qemu-img", "create", "-q", "-f", "qcow2", IMAGE.toString(), String.valueOf(DISK_BYTES));
        // discard='unmap' lets the guest's discards through to the LV after the pivot: the copy's
        // target inherits the disk's driver settings, not the destination XML's.
        String xml = LabGuest.domainXml(GUEST, IMAGE, IMAGES.resolve(GUEST + ".console"), "agent")
                .replace("<driver name='qemu' type='qcow2'/>", "<driver name='qemu' type='qcow2' discard='unmap'/>");
        Path definition = IMAGES.resolve(GUEST + ".xml");
        Files.writeString(definition, xml);
        Lab.sh("virsh", "-q", "-c", URI, "define", definition.toString());
        Lab.sh("virsh", "-q", "-c", URI, "start", GUEST);
        libvirt = LibvirtJavaConnection.openReadWrite(URI);
        writer = new GuestWriter(new GuestAgent(libvirt, GUEST, Duration.ofMillis(200)));
        LabAgent.awaitAnswer(libvirt, GUEST, IMAGES.resolve(GUEST + ".console"));
        writer.writeBefore();
    }

    @AfterAll
    static void cleanUp() throws Exception {
        Files.writeString(REPORT, String.join("\n", report) + "\n");
        System.out.println(String.join("\n", report));
        if (libvirt != null) {
            libvirt.close();
        }
        Lab.sh(
                "sh",
                "-c",
                "virsh -q -c " + URI + " destroy " + GUEST + " 2>/dev/null; virsh -q -c " + URI + " undefine " + GUEST
                        + " || true");
        // pv4 is LiveApplyLabIT's too.
        Lab.removeVolumeGroup(VG, "pv4");
    }

    /** A test that failed mid-copy leaves no job behind to fail the next one with it. */
    @AfterEach
    void noBlockJobLeft() {
        Lab.sh("sh", "-c", "virsh -q -c " + URI + " blockjob " + GUEST + " " + DISK + " --abort 2>/dev/null || true");
    }

    @Test
    @Order(1)
    void anAbortMidCopyLeavesTheGuestRunningOnItsSourceWithItsData() throws Exception {
        BlockCopy copy = copyOntoNewLv("aborted", DISK_BYTES);
        startWriter();

        // QEMU's mirror copies a whole buffer (16 MiB by default) before its cap holds it back: with
        // a 1 MiB buffer the cap holds from the start, so the copy is still under way, whatever the
        // machine's load, when it is aborted.
        copy.start(device("aborted"), new BlockCopySettings(SLOW_COPY, 0, MIB, false, false));
        BlockJobProgress first = awaitProgress(copy);
        // How apply's host-wide cap changes a running copy's share (virDomainBlockJobSetSpeed, in bytes).
        JnaBlockJobs.on(libvirt, GUEST).setSpeed(DISK, 2 * SLOW_COPY);
        String info = Lab.sh("virsh", "-c", URI, "blockjob", GUEST, DISK, "--info", "--bytes");
        assertTrue(info.contains("Bandwidth limit: " + 2 * SLOW_COPY + " bytes/s"), info);
        Thread.sleep(2000);
        BlockJobProgress midway = copy.progress().orElseThrow();
        assertEquals(MirrorState.COPYING, copy.state());
        copy.abort();
        int writesAfterAbort = writes();
        awaitWrites(writesAfterAbort + 2);
        stopWriter();

        assertEquals(Optional.empty(), copy.progress());
        assertEquals(DomainState.RUNNING, libvirt.state(GUEST));
        assertEquals(Optional.of(IMAGE.toString()), MirrorState.sourceOf(libvirt.liveXml(GUEST), GUEST, DISK));
        verifyInGuest();
        // QEMU let go of the LV: it can be removed, as a rollback will.
        lvm.remove(VG, "aborted");
        report.add("abort: first progress " + first.cur() + " of " + first.end() + " bytes; aborted 2 s later at "
                + midway.percent() + "% (" + midway.cur() + " of " + midway.end()
                + " bytes); the guest wrote on, on its"
                + " source, and read back everything");
    }

    @Test
    @Order(2)
    void aCopyWhileTheGuestWritesPivotsOntoTheLvWithEverythingTheGuestWrote() throws Exception {
        BlockCopy copy = copyOntoNewLv("moved", DISK_BYTES);
        startWriter();
        awaitWrites(writes() + 1);

        long started = System.nanoTime();
        int writesAtStart = writes();
        // A cap far above the guest's writes: at 4 MiB/s the mirror sat at 99% for 150 s and more on a
        // loaded machine, and converging a busy guest is what LiveCopy's fallback is for, not this test.
        copy.start(device("moved"), BlockCopySettings.DEFAULTS.withBandwidth(COPY_CAP));
        List<Integer> percents = new ArrayList<>();
        copy.awaitReady(Duration.ofSeconds(180), Duration.ofMillis(500), progress -> percents.add(progress.percent()));
        long ready = System.nanoTime();
        int writesAtReady = writes();
        Optional<String> persistent = pivotPaused(copy, device("moved"));
        long pivoted = System.nanoTime();
        int writesAtPivot = writes();
        awaitWrites(writesAtPivot + 3);
        stopWriter();

        assertTrue(
                writesAtReady > writesAtStart,
                "the guest wrote during the copy: " + writesAtStart + " -> " + writesAtReady);
        assertEquals(Optional.of(device("moved")), MirrorState.sourceOf(libvirt.liveXml(GUEST), GUEST, DISK));
        assertEquals(
                Optional.of(device("moved")), persistent, "libvirt 9.0 rewrites the persistent definition on pivot");
        assertEquals(DomainState.RUNNING, libvirt.state(GUEST));
        verifyInGuest();
        report.add(String.format(
                "pivot: ready %.1f s after the start at 32 MiB/s, pivot with the guest paused %.2f s; progress seen %s",
                (ready - started) / 1e9, (pivoted - ready) / 1e9, percents));
        report.add("pivot: guest writes " + writesAtStart + " at the start, " + writesAtReady + " when ready, "
                + writesAtPivot + " after the pivot, " + writes() + " in all; "
                + writeGaps(writesAtStart));
        report.add("pivot: live and persistent definitions name " + persistent.orElse("nothing"));

        long allocated = allocatedBytes("moved");
        report.add("thin: " + allocated / MIB + " MiB allocated in the LV after the pivot, for " + TOUCHED_BYTES / MIB
                + " MiB the guest wrote (" + DISK_BYTES / MIB + " MiB disk, " + CHUNK / MIB + " MiB chunks)");
        assertTrue(allocated >= TOUCHED_BYTES, allocated + " bytes");
        // QEMU 7.2's mirror writes every zero the source reads as, and dm-thin has no write-zeroes:
        // the LV is provisioned in full. When this fails, the mirror keeps it thin: tighten this
        // and update docs/live.md.
        assertEquals(DISK_BYTES, allocated, "the mirror of QEMU 7.2 provisions the whole thin LV");

        // The guest's discard reaches the LV through the pivoted disk and gives the zeros back, but
        // only whole chunks: dm-thin keeps a chunk that a discard request covers in part.
        guest("blkdiscard -o " + TOUCHED_BYTES + " -l " + (DISK_BYTES - TOUCHED_BYTES) + " /dev/sda", 120);
        long reclaimed = allocatedBytes("moved");
        report.add("thin: " + reclaimed / MIB + " MiB allocated after the guest discarded the "
                + (DISK_BYTES - TOUCHED_BYTES) / MIB + " MiB it never wrote");
        assertTrue(reclaimed >= TOUCHED_BYTES && reclaimed < allocated, reclaimed + " bytes");
        verifyInGuest();
    }

    @Test
    @Order(3)
    void aDestinationOfAnotherSizeEndsTheJobAndTheGuestStaysOnItsSource() {
        BlockCopy copy = copyOntoNewLv("larger", DISK_BYTES + CHUNK);

        copy.start(device("larger"), BlockCopySettings.DEFAULTS);
        VirtTuneException e = assertThrows(
                VirtTuneException.class,
                () -> copy.awaitReady(Duration.ofSeconds(60), Duration.ofMillis(200), progress -> {}));

        assertTrue(e.getMessage().contains("the block copy ended before it was ready"), e.getMessage());
        assertEquals(Optional.of(device("moved")), MirrorState.sourceOf(libvirt.liveXml(GUEST), GUEST, DISK));
        assertEquals(DomainState.RUNNING, libvirt.state(GUEST));
        lvm.remove(VG, "larger");
        report.add("size: a copy onto an LV " + CHUNK / MIB
                + " MiB larger than the disk started, then ended by itself: " + e.getMessage());
    }

    @Test
    @Order(4)
    void synchronousWritesAndAGranularityAreAcceptedAndAnAbortKeepsTheGuestOnTheLv() throws Exception {
        BlockCopy copy = copyOntoNewLv("synced", DISK_BYTES);

        long started = System.nanoTime();
        copy.start(device("synced"), new BlockCopySettings(0, (int) CHUNK, 0, true, false));
        copy.awaitReady(Duration.ofSeconds(120), Duration.ofMillis(500), progress -> {});
        long ready = System.nanoTime();
        copy.abort();

        assertEquals(Optional.of(device("moved")), MirrorState.sourceOf(libvirt.liveXml(GUEST), GUEST, DISK));
        verifyInGuest();
        report.add(String.format(
                "synchronous writes, %d MiB granularity: ready %.1f s after the start (from the LV,"
                        + " no bandwidth cap), then aborted; %d MiB allocated in the second LV",
                CHUNK / MIB, (ready - started) / 1e9, allocatedBytes("synced") / MIB));
    }

    /**
     * Pivots with the guest paused, as apply does (PivotPause): QEMU 7.2 can abort when a SATA
     * guest's write meets the mirror's node swap (docs/live.md, "The pause at each pivot").
     */
    private static Optional<String> pivotPaused(BlockCopy copy, String device) {
        BlockJobs jobs = JnaBlockJobs.on(libvirt, GUEST);
        jobs.pause();
        try {
            return copy.pivot(device);
        } finally {
            jobs.resume();
        }
    }

    /** A fresh thin LV in the pool and the copy of the guest's disk that may go onto it. */
    private static BlockCopy copyOntoNewLv(String lv, long bytes) {
        lvm.createThin(VG, POOL, lv, bytes);
        return new BlockCopy(JnaBlockJobs.on(libvirt, GUEST), DISK);
    }

    private static String device(String lv) {
        return "/dev/" + VG + "/" + lv;
    }

    private static BlockJobProgress awaitProgress(BlockCopy copy) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            Optional<BlockJobProgress> progress = copy.progress();
            if (progress.isPresent() && progress.get().cur() > 0) {
                return progress.get();
            }
            Thread.sleep(200);
        }
        return fail("the block copy made no progress in 60 s");
    }

    private static long allocatedBytes(String lv) {
        LogicalVolume volume = lvm.report().logicalVolume(VG, lv).orElseThrow();
        return Math.round(volume.sizeBytes() * volume.dataPercent().orElseThrow() / 100);
    }

    private static void startWriter() {
        writer.start();
    }

    private static void stopWriter() {
        writer.stop();
    }

    private static int writes() {
        return writer.writes();
    }

    private static void awaitWrites(int count) throws InterruptedException {
        writer.awaitWrites(count);
    }

    private static String writeGaps(int first) {
        return writer.writeGaps(first);
    }

    private static void verifyInGuest() {
        writer.verifyInGuest();
    }

    private static String guest(String script, int timeoutSeconds) {
        return writer.guest(script, timeoutSeconds);
    }
}
