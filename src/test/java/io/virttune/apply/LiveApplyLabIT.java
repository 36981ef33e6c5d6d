package io.virttune.apply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.apply.journal.JournalEntry;
import io.virttune.apply.journal.PivotPauses;
import io.virttune.apply.journal.StateDirectory;
import io.virttune.blockjob.MirrorState;
import io.virttune.libvirt.DomainState;
import io.virttune.libvirt.LibvirtJavaConnection;
import io.virttune.testing.Cli;
import io.virttune.testing.GuestWriter;
import io.virttune.testing.Lab;
import io.virttune.testing.LiveLabGuest;
import io.virttune.testing.MonitorLog;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * plan --live and apply against the lab's libvirtd: the running test guest's SATA qcow2 disk moved
 * onto an LV while a writer in the guest keeps writing (and fio writes 4k random beside it),
 * compared with the LV by apply with the guest paused before the pivot, then read back inside the
 * guest; both definitions name the LV, and the persistent one has the
 * cold-boot changes; a cold boot then starts the guest on them with every block it wrote intact.
 * The guests run on io='io_uring': libvirt opens a copy's target with the disk's aio mode, which
 * the plan keeps on a thin LV and says of a thick one. Runs only inside the lab (scripts/lab run --disk pv4:2G --libvirtd).
 */
class LiveApplyLabIT {
    private static final String GUEST = "vt-liveit";
    private static final String VG = "vt_live";
    private static final String LV = "/dev/" + VG + "/" + GUEST + "-sda";
    private static final String SECOND = "vt-liveit2";

    private final LiveLabGuest guest = new LiveLabGuest(GUEST, VG);
    private MonitorLog monitor;

    @AfterEach
    void cleanUp() {
        if (monitor != null) {
            monitor.close();
        }
        guest.close();
    }

    @Test
    void aRunningGuestMovesOntoItsLvWhileItWritesAndReadsBackEverything() throws Exception {
        // On io_uring, which the plan takes to native on a thick LV, at the next cold boot.
        GuestWriter writer = guest.start("vt-live-", "io='io_uring'");
        Path work = guest.work();
        LibvirtJavaConnection libvirt = guest.libvirt();
        monitor = MonitorLog.start(work);
        writer.start();
        writer.awaitWrites(1);
        startFio(writer);

        Path plan = work.resolve("plan.json");
        // With a window, plan samples the guest's writes, which the copy's journal entry puts beside its own.
        // The outpaced background copy given up is what this test follows: plan would otherwise copy it
        // with synchronous writes from its start.
        Cli planned = planSampled(work, "--verify-paused", "--background-first", "--out", plan.toString());
        assertEquals(0, planned.exitCode(), planned.out() + planned.err());
        assertTrue(
                planned.out().contains("sda: the running guest keeps io_uring on its new LV until its next cold boot"),
                planned.out());
        // Planned by default, the same move under fio's writes: the guest sampled, its 2 MiB/s copy predicted
        // outpaced, so planned with synchronous writes from its start.
        Cli byDefault = planSampled(work, "--json");
        assertEquals(0, byDefault.exitCode(), byDefault.out() + byDefault.err());
        io.virttune.plan.Plan predicted = io.virttune.plan.PlanJson.read(byDefault.out(), "stdout");
        assertTrue(
                predicted.schedule().live().get(0).disks().get(0).synchronousWrites(),
                predicted.schedule().live().get(0).disks().get(0).basis());
        assertTrue(
                predicted.domains().get(0).steps().stream()
                        .anyMatch(step -> step instanceof io.virttune.plan.CopyLive copy && copy.synchronousWrites()),
                byDefault.out());
        int writesAtStart = writer.writes();
        // Each of fio's 4k writes dirties a 64 KiB granule of the mirror's bitmap: at the 169 IOPS of the
        // slowest lab run that is 10 MiB/s dirtied against 2 MiB/s copied, so the background copy never
        // converges, and apply copies again with synchronous writes, at the latest after 15 s without getting closer.
        Cli applied = Cli.run(
                "apply",
                plan.toString(),
                "--state-dir=" + work.resolve("state"),
                "--execute",
                "--converge-within",
                "15");
        int writesAtEnd = writer.writes();
        writer.awaitWrites(writesAtEnd + 2);
        writer.guest("kill -INT $(pidof fio)", 30);
        // fio's report, written as it ends: the load was there for the whole move.
        String fio = writer.guest("while pidof fio >/dev/null; do sleep 0.2; done; cat /tmp/fio.out", 60);
        writer.stop();

        assertEquals(0, applied.exitCode(), applied.out() + applied.err());
        // What the plan warned of: libvirt opened the copy's target with the disk's io_uring, and the
        // guest went on writing on it through the pivot.
        assertEquals(Optional.of("io_uring"), monitor.aioOpening(LV), monitor::summary);
        assertTrue(applied.out().contains(" ms for the pivot"), "the guest was paused for the pivot: " + applied.out());
        assertTrue(
                applied.out()
                        .matches("(?s).*the guest outpaces the copy of sda: [^\\n]*; copying again with"
                                + " synchronous writes.*"),
                "the outpaced copy copied again: " + applied.out());
        // Paused under fio's writes, the copy caught up: qemu-img finds the qcow2 and the LV equal.
        assertTrue(applied.out().contains(" ms, the guest paused: identical"), "the paused compare: " + applied.out());
        assertTrue(
                writesAtEnd > writesAtStart,
                "the guest wrote during the move: " + writesAtStart + " -> " + writesAtEnd);
        assertEquals(DomainState.RUNNING, libvirt.state(GUEST));
        assertEquals(Optional.of(LV), MirrorState.sourceOf(libvirt.liveXml(GUEST), GUEST, "sda"));
        DiskView persistent = DomainXml.parse(Lab.sh("virsh", "dumpxml", "--inactive", GUEST), GUEST)
                .disks()
                .get(0);
        assertEquals(
                List.of(LV, "vda", "virtio", "native"),
                List.of(
                        persistent.sourcePath().orElseThrow(),
                        persistent.targetDev(),
                        persistent.targetBus().orElseThrow(),
                        persistent.io().orElseThrow()));
        writer.verifyInGuest();
        assertTrue(fio.contains("write: IOPS="), fio);
        // What the guest wrote during the copy, read from its disk's counters, beside plan's sample:
        // the ratio a later plan predicts busy guests' writes by.
        List<String> copies = new StateDirectory(work.resolve("state"))
                .journals().stream()
                        .flatMap(journal -> journal.entries().stream())
                        .filter(entry ->
                                entry.kind().equals("copy-live") && entry.state() == JournalEntry.StepState.DONE)
                        .map(JournalEntry::detail)
                        .toList();
        copies.forEach(line -> System.out.println("live apply: journal: " + line));
        assertTrue(
                copies.size() == 1
                        && copies.get(0)
                                .matches(
                                        ".*, the guest writing [1-9]\\d* times a second during it \\([1-9]\\d* sampled by"
                                                + " plan\\)"),
                copies.toString());
        System.out.println("live apply: guest writes " + writesAtStart + " at the start, " + writesAtEnd
                + " at the end; " + writer.writeGaps(writesAtStart));
        printLines(applied, "live apply", "identical", "for the pivot", "got no closer", "(live) 100%");
        fio.lines()
                .filter(line -> line.contains("write: IOPS="))
                .forEach(line -> System.out.println("live apply: fio " + line.strip()));

        // The cold boot the report asks for: the staged definition takes over, its disk now vda on virtio.
        String log = writer.log();
        Lab.sh("virsh", "-q", "destroy", GUEST);
        Lab.sh("virsh", "-q", "start", GUEST);
        GuestWriter booted = new GuestWriter(guest.awaitAgent().agent(), "/dev/vda");
        booted.restoreLog(log);
        booted.verifyInGuest();
        DiskView live = DomainXml.parse(libvirt.liveXml(GUEST), GUEST).disks().get(0);
        assertEquals(
                List.of(LV, "vda", "virtio", "native", "none"),
                List.of(
                        live.sourcePath().orElseThrow(),
                        live.targetDev(),
                        live.targetBus().orElseThrow(),
                        live.io().orElseThrow(),
                        live.cache().orElseThrow()));
    }

    /** plan of the guest's live move into the VG, its copy capped at 2 MiB/s, its writes sampled (a window), and {@code more}. */
    private static Cli planSampled(Path work, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of(
                "plan",
                GUEST,
                "--vg",
                VG,
                "--live",
                "--bandwidth",
                "2M",
                "--window",
                "1h",
                "--state-dir",
                work.resolve("state").toString()));
        args.addAll(List.of(more));
        return Cli.run(args.toArray(String[]::new));
    }

    /** plan of the guest's live move into the lab's thin pool, its copy capped at {@code bandwidth}, verified paused. */
    private static Cli planLiveIntoThePool(String bandwidth, Path plan) {
        return Cli.run(
                "plan",
                GUEST,
                "--thin-pool",
                VG + "/pool",
                "--live",
                "--bandwidth",
                bandwidth,
                "--verify-paused",
                "--out",
                plan.toString());
    }

    /** Prints the lines of {@code applied}'s output that contain any of {@code words}, each after {@code prefix}. */
    private static void printLines(Cli applied, String prefix, String... words) {
        applied.out()
                .lines()
                .filter(line -> java.util.Arrays.stream(words).anyMatch(line::contains))
                .forEach(line -> System.out.println(prefix + ": " + line.strip()));
    }

    /**
     * Beside the writer, between its blocks and the ones that must stay zero: 4k random writes at queue
     * depth 8, the load under which QEMU 7.2 aborted at a pivot made with the guest running; fio's
     * report in the guest's /tmp/fio.out once it is stopped.
     */
    private static void startFio(GuestWriter writer) {
        writer.guest(
                "fio --name=load --filename=$DISK --offset=33M --size=31M --rw=randwrite --bs=4k --iodepth=8"
                        + " --ioengine=libaio --direct=1 --time_based --runtime=3600 >/tmp/fio.out 2>&1 &",
                30);
    }

    /**
     * A guest that outpaces its background copy into a zeroing pool gets a copy made again with
     * synchronous writes; where the stack can skip zeros (forky) the LV is first given back whole and
     * proven to map nothing, and the copy made again writes the guest's data alone, told the LV reads
     * as zeros; elsewhere it writes them. Either way the compare with the guest paused finds the LV
     * identical, it ends as thin as the guest's data, and the guest reads back every block.
     */
    @Test
    void aThinLvInAZeroingPoolOutpacedByItsGuestIsCopiedAgainWithoutItsZerosWhereTheStackCanSkipThem()
            throws Exception {
        boolean skips = System.getenv().getOrDefault("VTLAB_SUITE", "bookworm").equals("forky");
        GuestWriter writer = writingBesideAThinPool("vt-outpaced-", "y");
        startFio(writer);
        Path plan = guest.work().resolve("plan.json");
        // 2 MiB/s copied against fio's 4k writes, each dirtying a 64 KiB granule: never converges.
        Cli planned = planLiveIntoThePool("2M", plan);
        assertEquals(0, planned.exitCode(), planned.transcript());

        Cli applied = Cli.run(
                "apply",
                plan.toString(),
                "--state-dir=" + guest.work().resolve("state"),
                "--execute",
                "--converge-within",
                "15");
        writer.guest("kill -INT $(pidof fio)", 30);
        writer.stop();

        assertEquals(0, applied.exitCode(), applied.transcript());
        assertTrue(
                applied.out()
                        .matches("(?s).*the guest outpaces the copy of sda: [^\\n]*; copying again with"
                                + " synchronous writes.*"),
                applied.out());
        assertEquals(
                skips, applied.out().contains(" was given back whole to thin pool " + VG + "/pool"), applied.out());
        assertTrue(applied.out().contains(" ms, the guest paused: identical"), "the paused compare: " + applied.out());
        assertEquals(Optional.of(LV), MirrorState.sourceOf(guest.libvirt().liveXml(GUEST), GUEST, "sda"));
        if (skips) {
            // The writer's blocks and fio's 31 MiB, in 4 MiB chunks: no copy wrote the disk's zeros.
            long allocated = allocatedBytes();
            assertTrue(
                    allocated <= 72 * GuestWriter.MIB, "thin LV allocated " + allocated + " bytes: " + applied.out());
        }
        writer.verifyInGuest();
        printLines(applied, "live outpaced", "outpaces", "certified", "for the pivot", "identical");
    }

    /**
     * A live move into a fresh thin LV takes what the guest wrote, not the disk's size: QEMU 7.2's
     * mirror fills the LV with the source's zeros (128 MiB of 128 in the lab), and apply gives the
     * chunks that hold only zeros back to the pool before the pause for the pivot, the guest running,
     * then checks them against the source with the guest paused and discards them again; nothing is
     * left for the pause to give back. The compare with the guest paused, and the guest's own
     * read-back, show that no byte it reads changed.
     */
    @Test
    void aThinLvStaysThinThroughALiveMove() throws Exception {
        // On io_uring, which a thin LV keeps on the lab's stacks (Linux 7.2, QEMU 7.2 and 10.0, libvirt 9.0 and 11.3).
        GuestWriter writer = writingBesideAThinPool("vt-livethin-", "n");
        Path work = guest.work();

        Path plan = work.resolve("plan.json");
        Cli planned = planLiveIntoThePool("16M", plan);
        assertEquals(0, planned.exitCode(), planned.transcript());
        assertTrue(planned.out().contains("io_uring kept on an LVM thin volume with Linux "), planned.transcript());
        Cli applied = Cli.run("apply", plan.toString(), "--state-dir=" + work.resolve("state"), "--execute");
        writer.awaitWrites(writer.writes() + 2);
        writer.stop();

        assertEquals(0, applied.exitCode(), applied.transcript());
        assertEquals(Optional.of("io_uring"), monitor.aioOpening(LV), monitor::summary);
        assertEquals(
                Optional.of("io_uring"),
                DomainXml.parse(Lab.sh("virsh", "dumpxml", "--inactive", GUEST), GUEST)
                        .disks()
                        .get(0)
                        .io(),
                "the definition keeps it");
        // 96 MiB, the 24 chunks past the guest's data, given back with the guest running; in the pause the
        // same again and nothing more: the pause has no zeros of its own to give back.
        assertTrue(
                applied.out()
                        .contains("gave 96 MiB of zero chunks of " + LV + " back to thin pool " + VG + "/pool in "),
                "given back before the pause: " + applied.out());
        assertTrue(applied.out().contains(" ms before the pause, the guest running"), applied.out());
        assertTrue(
                applied.out().contains("discarded again the 96 MiB given back before the pause (zeros in ")
                        && applied.out().contains(" still) and gave 0 B more"),
                "checked and given back again in the pause: " + applied.out());
        assertTrue(applied.out().contains(" ms, the guest paused: identical"), "the paused compare: " + applied.out());
        // The guest's image is a plain qcow2 on this machine: no qemu-img process in the pause.
        assertTrue(
                applied.out().contains(" in the pause: read in this process from its qcow2 tables"),
                "the map in the pause: " + applied.out());
        long allocated = allocatedBytes();
        // The guest wrote its first 32 MiB, eight whole 4 MiB chunks, before and during the move; its
        // writes after the pivot fall in the same ones.
        assertTrue(
                allocated <= GuestWriter.TOUCHED_BYTES,
                "thin LV allocated " + allocated + " bytes, more than the " + GuestWriter.TOUCHED_BYTES
                        + " the guest wrote: " + applied.out());
        writer.verifyInGuest();
        printLines(applied, "live thin", "back to thin pool", "in the pause: ", "for the pivot", "identical");
        System.out.println("live thin: thin LV allocated " + allocated + " bytes of 128 MiB");
        // The resume names the thin LV: a later plan predicts switches into thin LVs by this one alone.
        List<String> resumes = new StateDirectory(work.resolve("state"))
                .journals().stream()
                        .flatMap(journal -> journal.entries().stream())
                        .filter(entry -> entry.kind().equals(PivotPauses.KIND)
                                && entry.detail().startsWith("resumed after"))
                        .map(JournalEntry::detail)
                        .toList();
        resumes.forEach(line -> System.out.println("live thin: journal: " + line));
        assertTrue(
                !resumes.isEmpty()
                        && resumes.stream()
                                .allMatch(line -> line.matches("resumed after \\d+ ms into a thin LV \\(.*\\)")),
                resumes.toString());
    }

    /**
     * A thin LV in a pool that zeroes new chunks, created by this apply: where libvirt and QEMU can be
     * told so (Debian testing's: libvirt 12.2 and QEMU 10.1 or later), the mirror is started with
     * {@code target-is-zero} and writes only the guest's data, so the pool never provisions the zeros
     * and nothing is given back before the pause; on Debian 12's and 13's stacks the mirror writes
     * them and the reclaim gives them back. Either way the LV ends as thin as the guest's data, the
     * compare with the guest paused finds it identical, and the guest reads back every block.
     */
    @Test
    void aThinLvInAZeroingPoolIsCopiedWithoutItsZerosWhereTheStackCanSkipThem() throws Exception {
        boolean skips = System.getenv().getOrDefault("VTLAB_SUITE", "bookworm").equals("forky");
        GuestWriter writer = writingBesideAThinPool("vt-livezero-", "y");
        Path work = guest.work();
        Path plan = work.resolve("plan.json");
        Cli planned = Cli.run(
                "plan", GUEST, "--thin-pool", VG + "/pool", "--live", "--verify-paused", "--out", plan.toString());
        assertEquals(0, planned.exitCode(), planned.transcript());
        // The most the LV holds while the copy runs, read beside it: what the pool must have room for.
        AtomicLong peak = new AtomicLong();
        AtomicBoolean applying = new AtomicBoolean(true);
        Thread sampler = new Thread(() -> {
            while (applying.get()) {
                try {
                    peak.accumulateAndGet(allocatedBytes(), Math::max);
                } catch (RuntimeException notYetCreated) {
                    // lvs fails until apply has created the LV.
                }
            }
        });
        sampler.start();
        Cli applied;
        try {
            applied = Cli.run("apply", plan.toString(), "--state-dir=" + work.resolve("state"), "--execute");
        } finally {
            applying.set(false);
            sampler.join();
        }
        writer.awaitWrites(writer.writes() + 2);
        writer.stop();

        assertEquals(0, applied.exitCode(), applied.transcript());
        String mirror = monitor.mirrorStart().orElseThrow(() -> new AssertionError(monitor.summary()));
        assertEquals(skips, mirror.contains("\"target-is-zero\":true"), mirror);
        assertEquals(skips, applied.out().contains("the LV certified to read as zeros"), applied.out());
        assertEquals(!skips, applied.out().contains(" ms before the pause, the guest running"), applied.out());
        assertEquals(skips, applied.out().contains("'s zeros: none to give back with the guest paused"), applied.out());
        assertTrue(applied.out().contains(" ms, the guest paused: identical"), "the paused compare: " + applied.out());
        long allocated = allocatedBytes();
        assertTrue(
                allocated <= GuestWriter.TOUCHED_BYTES, "thin LV allocated " + allocated + " bytes: " + applied.out());
        if (skips) {
            // The guest's 32 MiB and, at most, one 4 MiB chunk a sample caught the in-pause round in.
            assertTrue(
                    peak.get() <= GuestWriter.TOUCHED_BYTES + 4 * GuestWriter.MIB,
                    "the LV held " + peak.get() + " bytes during the copy: " + applied.out());
        }
        writer.verifyInGuest();
        System.out.println(
                "live zeros (" + System.getenv().getOrDefault("VTLAB_SUITE", "bookworm") + "): target-is-zero " + skips
                        + ", the LV held at most " + peak.get() + " bytes during the move, " + allocated + " after");
        printLines(
                applied,
                "live zeros",
                "back to thin pool",
                "in the pause: ",
                "for the pivot",
                "certified",
                "identical");
    }

    /**
     * A guest that writes where its disk read as zeros while those chunks are given back before the
     * pause: 4 KiB into every other 64 KiB chunk from 33 MiB on, about one a second at most, so that
     * the zeros it skips are many runs of one chunk, the 64 given back before the pause take seconds,
     * and it writes into the one ahead of it meanwhile. The pause finds data in a chunk given back:
     * apply does not switch, resumes the guest on its source, aborts the copy and copies again, giving
     * chunks back only in the pause; the compare with the guest paused and the guest's own read-back
     * show no byte lost.
     */
    @Test
    void aGuestWritingWhereZerosWereGivenBackIsNotSwitchedOntoThatCopy() throws Exception {
        GuestWriter writer = guest.start("vt-livestride-");
        Path work = guest.work();
        createThinPool("64K", "n");
        writer.guest(
                // A write into the zeros past the last one as often as the guest can: the zero chunks given back
                // before the pause take milliseconds, so the guest must write within the moments between the map
                // read before the pause and the one in it. 128 KiB apart, from 33 MiB to 64 MiB, then from 65 to
                // 100 MiB: the writer's blocks and the blocks that must stay zeros (64, 100) are left alone.
                "p=0; while [ ! -e /tmp/stride.stop ] && [ $p -lt 528 ]; do"
                        + " if [ $p -lt 248 ]; then s=$((8448 + p * 32)); else s=$((16640 + (p - 248) * 32)); fi;"
                        + " dd if=/dev/urandom of=$DISK bs=4k count=1 seek=$s oflag=direct conv=fsync 2>/dev/null;"
                        + " p=$((p + 1)); sleep 0.02; done >/dev/null 2>&1 &",
                30);

        Path plan = work.resolve("plan.json");
        Cli planned = planLiveIntoThePool("32M", plan);
        assertEquals(0, planned.exitCode(), planned.transcript());
        Cli applied = Cli.run("apply", plan.toString(), "--state-dir=" + work.resolve("state"), "--execute");
        writer.guest("touch /tmp/stride.stop", 30);

        assertEquals(0, applied.exitCode(), applied.transcript());
        String out = applied.out();
        assertTrue(out.contains(" of the chunks given back before the pause hold data in "), "not switched: " + out);
        assertTrue(out.contains(" ms for the pivot, then resumed on its source, not switched"), out);
        assertTrue(
                out.contains("aborted the copy onto " + LV + " (the guest runs on its source, which holds every write"
                        + " it made); copying again, giving chunks back only with the guest paused"),
                out);
        assertTrue(out.contains(" ms, the guest paused: identical"), "the second copy's paused compare: " + out);
        assertEquals(Optional.of(LV), MirrorState.sourceOf(guest.libvirt().liveXml(GUEST), GUEST, "sda"));
        writer.verifyInGuest();
        out.lines()
                .filter(line -> line.contains("back to thin pool")
                        || line.contains("in the pause: ")
                        || line.contains("for the pivot")
                        || line.contains("not switched")
                        || line.contains("identical")
                        || line.contains("(live) 100%"))
                .forEach(line -> System.out.println("live stride: " + line.strip()));
    }

    /**
     * apply --jobs 2 --host-bandwidth: two running guests copied at once, each given half of the
     * host's cap while both copy (read back from libvirt as the copies run), never more than its own
     * --bandwidth; both then run on their LVs with every block.
     */
    @Test
    void twoGuestsMoveAtOnceSharingTheHostsCap() throws Exception {
        try (LiveLabGuest second = new LiveLabGuest(SECOND, VG)) {
            GuestWriter first = guest.start("vt-live-");
            GuestWriter other = second.start("vt-live2-");
            first.start();
            other.start();
            Path plan = guest.work().resolve("plan.json");
            // Synchronous writes: the writers cannot keep these copies from converging (the first test has
            // the other path), so the test is about the shares alone.
            Cli planned = Cli.run(
                    "plan",
                    GUEST,
                    SECOND,
                    "--vg",
                    VG,
                    "--live",
                    "--bandwidth",
                    "8M",
                    "--synchronous-writes",
                    "--out",
                    plan.toString());
            assertEquals(0, planned.exitCode(), planned.out() + planned.err());

            CompletableFuture<Cli> applying = CompletableFuture.supplyAsync(() -> Cli.run(
                    "apply",
                    plan.toString(),
                    "--state-dir=" + guest.work().resolve("state"),
                    "--execute",
                    "--jobs",
                    "2",
                    "--host-bandwidth",
                    "12M"));
            Set<List<Long>> speedsSeen = new LinkedHashSet<>();
            while (!applying.isDone()) {
                speedsSeen.add(List.of(copySpeed(GUEST), copySpeed(SECOND)));
                Thread.sleep(500);
            }
            Cli applied = applying.get();
            first.stop();
            other.stop();

            assertEquals(0, applied.exitCode(), applied.out() + applied.err());
            System.out.println(
                    "live apply, two at once under a 12 MiB/s cap: speeds seen (bytes/s, 0: no copy) " + speedsSeen);
            long half = 6L << 20;
            assertTrue(speedsSeen.contains(List.of(half, half)), "both copies at half the cap at once: " + speedsSeen);
            // The two are read one after the other, so a pair can straddle a change of shares: the sum is
            // HostBandwidthTest's; here each copy stays within its own --bandwidth.
            assertTrue(
                    speedsSeen.stream().flatMap(List::stream).allMatch(speed -> speed <= 8L << 20),
                    "each copy within its own 8 MiB/s: " + speedsSeen);
            for (String domain : List.of(GUEST, SECOND)) {
                assertEquals(
                        Optional.of("/dev/" + VG + "/" + domain + "-sda"),
                        MirrorState.sourceOf(guest.libvirt().liveXml(domain), domain, "sda"));
            }
            first.verifyInGuest();
            other.verifyInGuest();
        }
    }

    /** The bandwidth limit libvirt reports for the copy of {@code domain}'s sda, 0 when it has none. */
    private static long copySpeed(String domain) {
        Matcher limit = Pattern.compile("Bandwidth limit: (\\d+) bytes/s")
                .matcher(Lab.sh("sh", "-c", "virsh blockjob " + domain + " sda --info --bytes 2>&1 || true"));
        return limit.find() ? Long.parseLong(limit.group(1)) : 0;
    }

    /**
     * The test guest started on io_uring, its writer over all its blocks, so that its data stays in its
     * first 32 MiB (the zeros of the map read before the pause are still zeros in it, and no copy is
     * made again); beside it a thin pool of 4 MiB chunks, zeroing new chunks as {@code zero} (y or n) says.
     */
    private GuestWriter writingBesideAThinPool(String workPrefix, String zero) throws InterruptedException {
        GuestWriter writer = guest.start(workPrefix, "io='io_uring'");
        monitor = MonitorLog.start(guest.work());
        writer.start();
        writer.awaitWrites(GuestWriter.WRITER_BLOCKS);
        createThinPool("4M", zero);
        return writer;
    }

    /** The 256 MiB thin pool the guest's disk moves into, of {@code chunk} chunks, zeroing them as {@code zero} says. */
    private static void createThinPool(String chunk, String zero) {
        Lab.thinPool(VG, "pool", "256M", chunk, zero);
    }

    /** What the guest's 128 MiB thin LV holds of its pool now, in bytes, from lvs's data_percent. */
    private static long allocatedBytes() {
        double percent =
                Double.parseDouble(Lab.sh("lvm", "lvs", "--noheadings", "-o", "data_percent", VG + "/" + GUEST + "-sda")
                        .strip());
        return Math.round(percent / 100 * 128 * GuestWriter.MIB);
    }
}
