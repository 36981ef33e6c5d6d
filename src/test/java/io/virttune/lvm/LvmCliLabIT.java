package io.virttune.lvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import io.virttune.process.LocalProcessRunner;
import io.virttune.process.ProcessIdentity;
import io.virttune.testing.Cli;
import io.virttune.testing.Lab;
import io.virttune.testing.LabGuest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Every {@link LvmCli} operation against the lab's real LVM and device-mapper (udev-less, like a
 * minimal host): what it creates is read back through {@link LvmCli#report()}, and LVM's refusals
 * come back as messages naming the volume.
 */
class LvmCliLabIT {
    private static final long MIB = 1L << 20;
    private static final long EXTENT = 256 * MIB;
    private static final String VG = "vt_lab";

    private static final LvmCli lvm = new LvmCli(new LocalProcessRunner());

    @BeforeAll
    static void volumeGroupOnPv0() {
        lvm.createVolumeGroup(VG, List.of(Lab.disk("pv0")), EXTENT);
    }

    @Test
    void volumeGroupHasTheChosenExtentSize() {
        VolumeGroup vg = lvm.report().volumeGroup(VG).orElseThrow();
        assertEquals(EXTENT, vg.extentSizeBytes());
        assertEquals(1, vg.pvCount());
        assertTrue(lvm.report().physicalVolumes().stream()
                .anyMatch(
                        pv -> pv.device().equals(Lab.disk("pv0")) && pv.vgName().equals(Optional.of(VG))));
    }

    @Test
    void linearVolumeIsExtentRoundedWithReadAheadOffAndRemovable() {
        lvm.createLinear(VG, "lin", 300 * MIB);
        assertTrue(Files.exists(Path.of("/dev", VG, "lin")), "no device node /dev/" + VG + "/lin");
        lvm.setReadAhead(VG, "lin", 0);

        LogicalVolume lin = volume("lin");
        assertEquals("linear", lin.segmentType());
        assertEquals(Sizes.roundUp(300 * MIB, EXTENT), lin.sizeBytes());
        assertEquals(OptionalLong.of(0), lin.readAheadBytes());

        lvm.remove(VG, "lin");
        assertEquals(Optional.empty(), lvm.report().logicalVolume(VG, "lin"));
    }

    @Test
    void thinPoolWithLargeChunksNoZeroingAndItsThinVolume() {
        lvm.createThinPool(VG, "pool", 1024 * MIB, 4 * MIB, false, 64 * MIB);
        lvm.createThin(VG, "pool", "thin", 2048 * MIB);
        lvm.setReadAhead(VG, "thin", 0);

        LogicalVolume pool = volume("pool");
        assertTrue(pool.isThinPool(), pool.toString());
        assertEquals(1024 * MIB, pool.sizeBytes());
        assertEquals(4 * MIB, pool.chunkSizeBytes());
        assertEquals(Optional.of(false), pool.zeroing());
        assertEquals(Sizes.roundUp(64 * MIB, EXTENT), pool.metadataSizeBytes());
        LogicalVolume thin = volume("thin");
        assertTrue(thin.isThin(), thin.toString());
        assertEquals(Optional.of("pool"), thin.poolName());
        assertEquals(2048 * MIB, thin.sizeBytes());
        assertEquals(OptionalLong.of(0), thin.readAheadBytes());
        assertEquals(List.of(thin), lvm.report().thinVolumesOf(pool));
        assertTrue(lvm.takesDiscards(VG, "thin"), "a thin LV of a pool LVM made with its default discards");

        VirtTuneException busy = assertThrows(VirtTuneException.class, () -> lvm.remove(VG, "pool"));
        assertEquals(ExitCode.REFUSED, busy.exitCode());
        lvm.remove(VG, "thin");
        lvm.remove(VG, "pool");
        assertEquals(Optional.empty(), lvm.report().logicalVolume(VG, "pool"));
    }

    @Test
    void aPoolWhoseMetadataLvAnInterruptedLvmLeftActiveStillGivesUpAndTakesThinVolumes() {
        lvm.createThinPool(VG, "stranded", 256 * MIB, 4 * MIB, false, 4 * MIB);
        lvm.createThin(VG, "stranded", "kept", 64 * MIB);
        lvm.createThin(VG, "stranded", "gone", 64 * MIB);

        strandMetadataOf("stranded");
        lvm.remove(VG, "gone");
        strandMetadataOf("stranded");
        lvm.createThin(VG, "stranded", "new", 64 * MIB);

        LogicalVolume pool = volume("stranded");
        assertEquals(
                List.of("kept", "new"),
                lvm.report().thinVolumesOf(pool).stream()
                        .map(LogicalVolume::name)
                        .toList());
        lvm.remove(VG, "kept");
        lvm.remove(VG, "new");
        lvm.remove(VG, "stranded");
        assertEquals(Optional.empty(), lvm.report().logicalVolume(VG, "stranded"));
    }

    /**
     * What an lvm command killed while it activates or deactivates a pool leaves behind (a fault
     * matrix case met it): the pool and its thin LVs inactive, the pool's metadata LV active on its
     * own, which makes LVM refuse to activate the pool.
     */
    private static void strandMetadataOf(String pool) {
        Lab.sh("lvm", "lvchange", "-q", "-an", "-S", "pool_lv=" + pool, VG);
        Lab.sh("lvm", "lvchange", "-q", "-an", VG + "/" + pool);
        Lab.sh("lvm", "lvchange", "-q", "-ay", "-y", VG + "/" + pool + "_tmeta");
        String attributes = Lab.sh("lvm", "lvs", "-a", "--noheadings", "-o", "lv_attr", VG + "/" + pool + "_tmeta")
                .strip();
        assertEquals('a', attributes.charAt(4), "the metadata LV is not active on its own: " + attributes);
    }

    @Test
    void aThinLvOfAPoolThatIgnoresDiscardsTakesNoneThroughBlkdiscardOrInThisProcess() {
        Lab.thinPool(VG, "deaf", "256M", "4M", "n", "--discards", "ignore");
        lvm.createThin(VG, "deaf", "unheard", 64 * MIB);

        assertEquals(false, lvm.takesDiscards(VG, "unheard"));
        VirtTuneException refused = assertThrows(VirtTuneException.class, () -> lvm.discard(VG, "unheard", 0, 4 * MIB));
        assertTrue(refused.getMessage().contains("Operation not supported"), refused.getMessage());
        // The live copy's reclaim discards in this process: the kernel's refusal reaches it in its own words.
        try (ThinDiscards.Discarding lv = new IoctlDiscards().open(VG, "unheard")) {
            VirtTuneException inProcess = assertThrows(VirtTuneException.class, () -> lv.discard(0, 4 * MIB));
            assertEquals(
                    "Could not discard 0+" + 4 * MIB + " of " + VG + "/unheard: Operation not supported (errno 95)",
                    inProcess.getMessage());
        }
        lvm.remove(VG, "unheard");
        lvm.remove(VG, "deaf");
    }

    /**
     * Why a live copy's chunks given back before the pause are discarded again in it: in a pool that
     * does not zero new chunks, a chunk discarded and then partly written again (as the mirror's
     * write-zeroes of one granule writes it) reads the old bytes of a freed chunk in the rest.
     */
    @Test
    void aDiscardedChunkPartlyWrittenAgainReadsOldBytesInAPoolThatDoesNotZero() {
        lvm.createThinPool(VG, "reusing", 256 * MIB, 4 * MIB, false, 4 * MIB);
        lvm.createThin(VG, "reusing", "again", 512 * MIB);
        String device = "/dev/" + VG + "/again";
        // Every chunk of the pool holds old bytes, then none is provisioned.
        Lab.sh("dd", "if=/dev/urandom", "of=" + device, "bs=4M", "count=64", "oflag=direct", "status=none");
        lvm.discard(VG, "again", 0, 256 * MIB);
        assertEquals(0, nonZeroBytesOfChunk(device, 5));

        Lab.sh("blkdiscard", "-z", "--offset", Long.toString(20 * MIB), "--length", "65536", device);
        assertTrue(nonZeroBytesOfChunk(device, 5) > 0, "the rest of the chunk read as zeros");
        lvm.discard(VG, "again", 20 * MIB, 4 * MIB);
        assertEquals(0, nonZeroBytesOfChunk(device, 5));
        lvm.remove(VG, "again");
        lvm.remove(VG, "reusing");
    }

    /**
     * The discards a live copy's reclaim makes in its own process ({@link IoctlDiscards}: one opening
     * of the LV, one BLKDISCARD a range) do what blkdiscard does on a real thin LV: the chunks go back
     * to the pool, a chunk partly written again after its discard reads zeros again, a pool that
     * ignores discards refuses them with the kernel's words.
     */
    @Test
    void theDiscardsInThisProcessGiveChunksBackAndClearAChunkPartlyWrittenAgain() {
        lvm.createThinPool(VG, "ioctl-pool", 256 * MIB, 4 * MIB, false, 4 * MIB);
        lvm.createThin(VG, "ioctl-pool", "ioctl", 512 * MIB);
        String device = "/dev/" + VG + "/ioctl";
        Lab.sh("dd", "if=/dev/urandom", "of=" + device, "bs=4M", "count=64", "oflag=direct", "status=none");
        assertEquals(50.0, volume("ioctl").dataPercent().orElseThrow(), 0.01);

        try (ThinDiscards.Discarding lv = new IoctlDiscards().open(VG, "ioctl")) {
            lv.discard(0, 128 * MIB);
            lv.discard(128 * MIB, 128 * MIB);
        }
        assertEquals(0.0, volume("ioctl").dataPercent().orElseThrow(), 0.01);
        assertEquals(0, nonZeroBytesOfChunk(device, 5));

        Lab.sh("blkdiscard", "-z", "--offset", Long.toString(20 * MIB), "--length", "65536", device);
        assertTrue(nonZeroBytesOfChunk(device, 5) > 0, "the rest of the chunk read as zeros");
        try (ThinDiscards.Discarding lv = new IoctlDiscards().open(VG, "ioctl")) {
            lv.discard(20 * MIB, 4 * MIB);
        }
        assertEquals(0, nonZeroBytesOfChunk(device, 5));
        lvm.remove(VG, "ioctl");
        lvm.remove(VG, "ioctl-pool");
    }

    /**
     * {@link ThinMappings} reads exactly the chunks a thin LV's writes provisioned (a partial write
     * provisions its whole chunk) from a snapshot of the pool's metadata, and releases it; while
     * another holds the pool's one snapshot it refuses, and leaves that snapshot held.
     */
    @Test
    void theChunksWritesProvisionedAreReadFromTheMetadataSnapshotWhichIsReleased() {
        long chunk = 64 * 1024;
        lvm.createThinPool(VG, "mapped-pool", 256 * MIB, chunk, false, 4 * MIB);
        lvm.createThin(VG, "mapped-pool", "mapped", 256 * MIB);
        String device = "/dev/" + VG + "/mapped";
        Lab.sh("dd", "if=/dev/urandom", "of=" + device, "bs=64K", "count=3", "oflag=direct", "status=none");
        Lab.sh("dd", "if=/dev/urandom", "of=" + device, "bs=4K", "count=1", "seek=257", "oflag=direct", "status=none");
        Lab.sh("dd", "if=/dev/urandom", "of=" + device, "bs=1M", "count=1", "seek=100", "oflag=direct", "status=none");
        ThinMappings mappings = new ThinMappings(new LocalProcessRunner(), MetadataSnapshotHolds.none());
        VolumeName thin = new VolumeName(VG, "mapped");
        VolumeName pool = new VolumeName(VG, "mapped-pool");

        assertEquals(
                new ProvisionedChunks(
                        chunk,
                        List.of(
                                new ProvisionedChunks.Run(0, 3 * chunk),
                                new ProvisionedChunks.Run(MIB, chunk),
                                new ProvisionedChunks.Run(100 * MIB, MIB))),
                mappings.of(thin, pool));

        String tpool = VG + "-mapped--pool-tpool";
        Lab.sh("dmsetup", "message", tpool, "0", "reserve_metadata_snap");
        VirtTuneException held = assertThrows(VirtTuneException.class, () -> mappings.of(thin, pool));
        assertTrue(held.getMessage().contains("Device or resource busy"), held.getMessage());
        Lab.sh("dmsetup", "message", tpool, "0", "release_metadata_snap");
        lvm.remove(VG, "mapped");
        lvm.remove(VG, "mapped-pool");
    }

    private static long nonZeroBytesOfChunk(String device, int chunk) {
        return Long.parseLong(Lab.sh(
                        "sh",
                        "-c",
                        "dd if=" + device + " bs=4M skip=" + chunk + " count=1 iflag=direct"
                                + " status=none | tr -d '\\0' | wc -c")
                .strip());
    }

    @Test
    void thinPoolZeroingOnIsReadBackAsOn() {
        lvm.createThinPool(VG, "zeroing", 256 * MIB, 64 * 1024, true, 4 * MIB);
        LogicalVolume pool = volume("zeroing");
        assertEquals(Optional.of(true), pool.zeroing());
        assertEquals(64 * 1024, pool.chunkSizeBytes());
        lvm.remove(VG, "zeroing");
    }

    @Test
    void insufficientFreeSpaceNamesTheVolume() {
        assertFails(
                "Could not create linear LV " + VG + "/huge: the volume group has too little free space",
                () -> lvm.createLinear(VG, "huge", 64L << 30));
    }

    @Test
    void existingNameNamesTheVolume() {
        lvm.createLinear(VG, "twice", EXTENT);
        try {
            assertFails(
                    "Could not create linear LV " + VG + "/twice: the name already exists",
                    () -> lvm.createLinear(VG, "twice", EXTENT));
        } finally {
            lvm.remove(VG, "twice");
        }
    }

    @Test
    void missingVolumeGroupAndPoolAreNamed() {
        assertFails(
                "Could not create linear LV vt_missing/lv: the volume group does not exist",
                () -> lvm.createLinear("vt_missing", "lv", EXTENT));
        assertFails(
                "Could not create thin LV " + VG + "/thin2 in pool nopool: the thin pool does not exist",
                () -> lvm.createThin(VG, "nopool", "thin2", EXTENT));
        assertFails(
                "Could not remove " + VG + "/ghost: the logical volume does not exist", () -> lvm.remove(VG, "ghost"));
    }

    @Test
    void invalidNamesAreRefusedBeforeLvmRunsAndMatchLvmsOwnLimit() {
        VirtTuneException invalid =
                assertThrows(VirtTuneException.class, () -> lvm.createLinear(VG, "bad name", EXTENT));
        assertEquals(ExitCode.USAGE, invalid.exitCode());
        assertEquals(
                "'bad name' is not a valid LVM logical volume name (in volume group " + VG + ")", invalid.getMessage());

        // LVM's own limit on VG/LV: the longest name passes, one character more is refused.
        String longest = "l".repeat(LvmNames.MAX_QUALIFIED_LENGTH - VG.length() - 1);
        lvm.createLinear(VG, longest, EXTENT);
        lvm.remove(VG, longest);
        VirtTuneException tooLong =
                assertThrows(VirtTuneException.class, () -> lvm.createLinear(VG, longest + "l", EXTENT));
        assertEquals(ExitCode.USAGE, tooLong.exitCode());
        assertTrue(
                tooLong.getMessage().startsWith("'" + VG + "/" + longest + "l' is longer than"), tooLong.getMessage());
    }

    /** The calibration LVs lvs lists by their tag: what a killed calibrate leaves, and nothing else. */
    private static List<String> calibrationLvs() {
        return Lab.sh("lvm", "lvs", "--noheadings", "-o", "lv_name", "@virt-tune-calibration")
                .lines()
                .map(String::strip)
                .filter(line -> !line.isEmpty())
                .toList();
    }

    @Test
    void calibrateMeasuresOnATaggedLvItRemovesAndKeepsItsThreePaces() throws Exception {
        Path state = Files.createTempDirectory("vt-calibration");

        Cli cli = Cli.run(
                "calibrate", "--vg", VG, "--size", "256M", "--execute", "--json", "--state-dir", state.toString());

        assertEquals(0, cli.exitCode(), cli.err());
        assertTrue(cli.err().contains("Creating " + VG + "/virt-tune-calibration-"), cli.err());
        JsonNode measured = new ObjectMapper().readTree(cli.out()).get("calibration");
        assertTrue(measured.get("writtenBytes").asLong() > 0, cli.out());
        assertTrue(measured.get("writeBytesPerSecond").asLong() > 0, cli.out());
        assertTrue(measured.get("readBytesPerSecond").asLong() > 0, cli.out());
        // The 256 MiB LV's 4096 granules, 2048 of them written scattered by qemu-img bench.
        assertEquals(128L << 20, measured.get("scatteredWrittenBytes").asLong(), cli.out());
        assertTrue(measured.get("scatteredWriteBytesPerSecond").asLong() > 0, cli.out());
        assertTrue(Files.exists(state.resolve("calibrations").resolve(VG + ".json")));
        assertEquals(List.of(), calibrationLvs());
        System.out.println("calibration of the lab's " + VG + ": " + cli.out());
    }

    @Test
    void calibrateRefusesAFullVolumeGroupCreatingAndKeepingNothing() throws Exception {
        Path state = Files.createTempDirectory("vt-calibration");
        Lab.sh("lvm", "lvcreate", "-q", "-y", "-l", "100%FREE", "-n", "filler", VG);
        try {
            Cli cli = Cli.run("calibrate", "--vg", VG, "--execute", "--state-dir", state.toString());

            assertEquals(3, cli.exitCode(), cli.err());
            assertTrue(cli.err().contains("volume group " + VG + " has 0 B free"), cli.err());
            assertEquals(List.of(), calibrationLvs());
            assertFalse(Files.exists(state.resolve("calibrations")));
        } finally {
            lvm.remove(VG, "filler");
        }
    }

    @Test
    void aCalibrationStoppedBySigtermRemovesItsLvAndOneKilledLeavesItForInspectCleanupAndTheNextToRemove()
            throws Exception {
        // ... and one a domain's definition names is kept by calibrate and by cleanup alike, until undefined.
        Path state = Files.createTempDirectory("vt-calibration");

        Process stopped = calibrateInItsOwnProcess(state);
        stopped.toHandle().destroy();
        assertTrue(stopped.waitFor(60, TimeUnit.SECONDS), "calibrate did not end within 60 s of SIGTERM");
        assertEquals(List.of(), calibrationLvs(), "SIGTERM: the shutdown hook removes the LV");

        String first = killedCalibration(state);
        Cli inspect = Cli.run("-c", "qemu:///system", "inspect", "--json");
        assertTrue(
                inspect.out().contains("\"ruleId\" : \"lvm.calibration-leftover\"")
                        && inspect.out()
                                .contains("made by virt-tune (" + maker(first).describe() + "), which no longer runs"),
                inspect.transcript());
        Cli dryRun = Cli.run("-c", "qemu:///system", "cleanup", "--all", "--state-dir", state.toString());
        assertTrue(dryRun.out().contains("would remove " + VG + "/" + first), dryRun.transcript());
        assertEquals(List.of(first), calibrationLvs(), "a dry run removes nothing");
        Cli cleanup = Cli.run(
                "-c", "qemu:///system", "cleanup", "--all", "--execute", "--yes", "--state-dir", state.toString());
        assertEquals(0, cleanup.exitCode(), cleanup.transcript());
        assertTrue(
                cleanup.out().contains("remove " + VG + "/" + first + ", left by a calibration"), cleanup.transcript());
        assertEquals(List.of(), calibrationLvs(), "cleanup --execute removes what a killed calibrate left");

        String left = killedCalibration(state);
        LabGuest attached = LabGuest.defineWithDisks(
                "vt-calibration-attached",
                state,
                "    <disk type='block' device='disk'><driver name='qemu' type='raw'/><source dev='/dev/" + VG + "/"
                        + left + "'/><target dev='vdb' bus='virtio'/></disk>\n",
                "checksum");
        try {
            Cli calibrate =
                    Cli.run("calibrate", "--vg", VG, "--size", "128M", "--execute", "--state-dir", state.toString());
            assertEquals(0, calibrate.exitCode(), calibrate.transcript());
            assertTrue(
                    calibrate.out().contains("keep " + VG + "/" + left + ": [custody: in-use]"),
                    calibrate.transcript());
            assertEquals(List.of(left), calibrationLvs(), "calibrate removed an LV a domain's definition names");
            Cli kept = Cli.run(
                    "-c", "qemu:///system", "cleanup", "--all", "--execute", "--yes", "--state-dir", state.toString());
            assertTrue(kept.out().contains("keep " + VG + "/" + left + ": [custody: in-use]"), kept.transcript());
            assertEquals(List.of(left), calibrationLvs(), "cleanup removed an LV a domain's definition names");
        } finally {
            attached.undefine();
        }
        // The leftover's 2 GiB are all the VG has free: the next calibrate measures on them once it removed it.
        Lab.sh("lvm", "lvcreate", "-q", "-y", "-l", "100%FREE", "-n", "filler", VG);
        try {
            Cli next = Cli.run("calibrate", "--vg", VG, "--size", "2G", "--execute", "--state-dir", state.toString());

            assertEquals(0, next.exitCode(), next.transcript());
            assertTrue(
                    next.out()
                            .contains("remove " + VG + "/" + left + ", left by a calibration whose virt-tune ("
                                    + maker(left).describe() + ") no longer runs"),
                    next.out());
            assertTrue(next.transcript().contains("Creating " + VG + "/virt-tune-calibration-"), next.transcript());
            assertEquals(List.of(), calibrationLvs());
        } finally {
            lvm.remove(VG, "filler");
        }
    }

    /** The virt-tune calibrate a calibration LV's name records: its pid and start time. */
    private static ProcessIdentity maker(String lv) {
        return ProcessIdentity.parse(lv.substring("virt-tune-calibration-".length()));
    }

    /** The LV a calibrate killed with SIGKILL while its dd writes leaves: SIGKILL runs no hook. */
    private static String killedCalibration(Path state) throws Exception {
        Process killed = calibrateInItsOwnProcess(state);
        killed.toHandle().destroyForcibly();
        assertTrue(killed.waitFor(60, TimeUnit.SECONDS));
        List<String> left = calibrationLvs();
        assertEquals(1, left.size(), "SIGKILL runs no hook: the LV stays, tagged " + left);
        return left.get(0);
    }

    /** calibrate from the jar, returned as soon as its LV exists and its dd writes it. */
    private static Process calibrateInItsOwnProcess(Path state) throws Exception {
        Process process = new ProcessBuilder(
                        "java",
                        "-XX:TieredStopAtLevel=1",
                        "-XX:+UseSerialGC",
                        "-jar",
                        "target/virt-tune.jar",
                        "calibrate",
                        "--vg",
                        VG,
                        "--size",
                        "2G",
                        "--execute",
                        "--state-dir",
                        state.toString())
                .redirectErrorStream(true)
                .redirectOutput(state.resolve("calibrate.log").toFile())
                .start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (calibrationLvs().isEmpty() || !Lab.sh("ps", "-eo", "args").contains("dd if=/dev/zero of=/dev/" + VG)) {
            assertTrue(process.isAlive(), Files.readString(state.resolve("calibrate.log")));
            assertTrue(System.nanoTime() < deadline, "no calibration LV and dd within 120 s");
            Thread.sleep(100);
        }
        // At once: a lab's LV takes 1 GiB in about two seconds, and a calibration that ends by itself
        // leaves nothing for the signal to stop.
        return process;
    }

    private static LogicalVolume volume(String name) {
        return lvm.report()
                .logicalVolume(VG, name)
                .orElseThrow(() -> new AssertionError("lvs does not list " + VG + "/" + name));
    }

    private static void assertFails(String messageStart, Executable action) {
        VirtTuneException e = assertThrows(VirtTuneException.class, action);
        assertEquals(ExitCode.FAILED, e.exitCode());
        assertTrue(e.getMessage().startsWith(messageStart), e.getMessage());
    }
}
