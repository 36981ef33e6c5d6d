package io.virttune.qemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.Fixtures;
import io.virttune.lvm.MetadataSnapshotHolds;
import io.virttune.lvm.RecordedThinDevices;
import io.virttune.lvm.VolumeName;
import io.virttune.process.ScriptedProcessRunner;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ThinCopyCompareTest {
    private static final long MIB = 1L << 20;
    private static final VolumeName LV = new VolumeName("vg_guests", "web1-vda");
    private static final VolumeName POOL = new VolumeName("vg_guests", "pool-0");
    /** The source's map when it holds no data: 256 MiB that read as zeros. */
    private static final AllocationMap ALL_ZERO = AllocationMap.parse(
            "[{\"start\": 0, \"length\": 268435456, \"depth\": 0, \"present\": false, \"zero\": true, \"data\": false}]");

    private final ScriptedProcessRunner runner = new ScriptedProcessRunner();

    @Test
    void wherethePoolsMappingCannotBeReadTheWholeLvIsCompared() {
        runner.answerFailure(
                ScriptedProcessRunner.command("dmsetup"), 1, "/dev/mapper/control: open failed: Permission denied");
        runner.succeed(Fixtures.read(getClass(), "compare-identical.stdout"));

        Comparison result = new ThinCopyCompare(runner, MetadataSnapshotHolds.none())
                .compare("/srv/a.qcow2", "qcow2", ALL_ZERO, LV, POOL, 256 * MIB, 256 * MIB, (done, total) -> {});

        assertTrue(result.identical(), result.detail());
        assertTrue(
                result.detail()
                        .startsWith("Images are identical. (read in full: 'dmsetup table vg_guests-web1--vda'"
                                + " failed with exit code 1: /dev/mapper/control: open failed: Permission denied)"),
                result.detail());
        assertEquals(
                Optional.of("'dmsetup table vg_guests-web1--vda' failed with exit code 1: /dev/mapper/control: open"
                        + " failed: Permission denied"),
                result.readInFullBecause());
        assertEquals(
                List.of(
                        "qemu-img",
                        "compare",
                        "-p",
                        "-f",
                        "qcow2",
                        "-F",
                        "raw",
                        "/srv/a.qcow2",
                        "/dev/vg_guests/web1-vda"),
                runner.commands().get(runner.commands().size() - 1));
    }

    @Test
    void eachWindowIsComparedUntilOneDiffers() {
        RecordedThinDevices.answer(runner);
        // The source: data only in its first MiB; the LV: the recording's chunks at 0, 1 MiB and 100 MiB.
        AllocationMap firstMib = AllocationMap.parse("[{\"start\": 0, \"length\": 1048576, \"depth\": 0, \"present\":"
                + " true, \"zero\": false, \"data\": true}, {\"start\": 1048576, \"length\": 267386880, \"depth\": 0,"
                + " \"present\": false, \"zero\": true, \"data\": false}]");
        runner.answer(
                ScriptedProcessRunner.command("qemu-img", "compare"),
                argv -> Fixtures.read(getClass(), "compare-identical.stdout"));
        runner.answer(
                ScriptedProcessRunner.command("qemu-img", "compare")
                        .and(argv -> argv.get(4).contains("offset=104857600,")),
                1,
                argv -> "Content mismatch at offset 0!\n");

        Comparison result = new ThinCopyCompare(runner, MetadataSnapshotHolds.none())
                .compare("/srv/a.qcow2", "qcow2", firstMib, LV, POOL, 256 * MIB, 256 * MIB, (done, total) -> {});

        assertFalse(result.identical());
        assertEquals("Content mismatch at offset 104857600!", result.detail());
        List<List<String>> compares = compares();
        assertEquals(2, compares.size(), compares.toString());
        assertTrue(
                compares.stream()
                        .anyMatch(
                                argv -> argv.get(4)
                                        .equals(
                                                "driver=raw,offset=0,size=1114112,file.driver=qcow2,file.file.filename=/srv/a.qcow2")),
                compares.toString());
        assertTrue(
                compares.stream()
                        .anyMatch(
                                argv -> argv.get(5)
                                        .equals(
                                                "driver=raw,offset=104857600,size=1048576,file.filename=/dev/vg_guests/web1-vda")),
                compares.toString());
    }

    @Test
    void theFirstWindowThatDiffersIsReportedWhereLaterOnesDifferToo() {
        RecordedThinDevices.answer(runner);
        runner.answer(
                ScriptedProcessRunner.command("qemu-img", "compare"), 1, argv -> "Content mismatch at offset 4096!\n");

        Comparison result = new ThinCopyCompare(runner, MetadataSnapshotHolds.none())
                .compare("/srv/a.qcow2", "qcow2", ALL_ZERO, LV, POOL, 256 * MIB, 256 * MIB, (done, total) -> {});

        assertEquals(new Comparison(false, "Content mismatch at offset 4096!"), result);
    }

    @Test
    void theWindowsComparedAtOnceShareTheCap() {
        RecordedThinDevices.answer(runner);
        runner.answer(ScriptedProcessRunner.command("qemu-img", "compare"), argv -> "Images are identical.\n");

        new ThinCopyCompare(runner, MetadataSnapshotHolds.none())
                .capped(8 * MIB)
                .compare("/srv/a.qcow2", "qcow2", ALL_ZERO, LV, POOL, 256 * MIB, 256 * MIB, (done, total) -> {});

        assertEquals(2, compares().size(), compares().toString());
        assertTrue(
                compares().stream()
                        .allMatch(argv -> argv.contains("throttle-group,id=virt-tune-verify,limits.bps-read=4194304")),
                "two windows at once, 4 MiB/s each: " + compares());
    }

    @Test
    void aWholeLvCompareTakesTheWholeCap() {
        runner.answerFailure(ScriptedProcessRunner.command("dmsetup"), 1, "/dev/mapper/control: open failed");
        runner.succeed(Fixtures.read(getClass(), "compare-identical.stdout"));

        new ThinCopyCompare(runner, MetadataSnapshotHolds.none())
                .capped(8 * MIB)
                .compare("/srv/a.qcow2", "qcow2", ALL_ZERO, LV, POOL, 256 * MIB, 256 * MIB, (done, total) -> {});

        assertTrue(
                compares().get(0).contains("throttle-group,id=virt-tune-verify,limits.bps-read=8388608"),
                compares().toString());
    }

    private List<List<String>> compares() {
        return runner.commands().stream()
                .filter(argv -> argv.get(0).equals("qemu-img") && argv.get(1).equals("compare"))
                .toList();
    }

    @Test
    void theProgressCountsTheBytesReadOverAllWindowsTogether() {
        RecordedThinDevices.answer(runner);
        runner.answer(
                ScriptedProcessRunner.command("qemu-img", "compare"),
                argv -> Fixtures.read(getClass(), "compare-window-progress.stdout"));
        List<List<Long>> progress = progressOfAllZeroSource(256 * MIB);

        // The recording's chunks: 1 MiB + 64 KiB at 0, 1 MiB at 100 MiB; each window drawn 0, 25, 50, 100%.
        long first = MIB + 64 * 1024;
        long both = first + MIB;
        assertEquals(8, progress.size(), progress.toString());
        assertTrue(progress.stream().allMatch(step -> step.get(1) == both), progress.toString());
        for (int i = 1; i < progress.size(); i++) {
            assertTrue(progress.get(i).get(0) >= progress.get(i - 1).get(0), "never back: " + progress);
        }
        assertEquals(List.of(both, both), progress.get(progress.size() - 1));
        // The windows run at once: either may be drawn first, each counted on top of the other's bytes.
        assertTrue(
                progress.contains(List.of(first / 4, both)) || progress.contains(List.of(MIB / 4, both)),
                progress.toString());
    }

    @Test
    void aWholeCompareWhereTheMappingCannotBeReadCountsTheWholeLv() {
        runner.answerFailure(
                ScriptedProcessRunner.command("dmsetup"), 1, "/dev/mapper/control: open failed: Permission denied");
        runner.succeed(Fixtures.read(getClass(), "compare-progress-identical.stdout"));
        List<List<Long>> progress = progressOfAllZeroSource(200 * MIB);

        assertEquals(
                List.of(List.of(0L, 256 * MIB), List.of(128 * MIB, 256 * MIB), List.of(256 * MIB, 256 * MIB)),
                progress);
    }

    @Test
    void anIdenticalCopySaysWhatItReadAndWhatTheMappingProved() {
        RecordedThinDevices.answer(runner);
        runner.answer(ScriptedProcessRunner.command("qemu-img", "compare"), argv -> "Images are identical.\n");

        Comparison result = new ThinCopyCompare(runner, MetadataSnapshotHolds.none())
                .compare("/srv/a.qcow2", "qcow2", ALL_ZERO, LV, POOL, 256 * MIB, 256 * MIB, (done, total) -> {});

        assertEquals(
                new Comparison(
                        true,
                        "Images are identical: compared 2.1 MiB in 2 windows; the other 253.9 MiB read as zeros in the"
                                + " source's map and are chunks thin pool vg_guests/pool-0 never provisioned for"
                                + " vg_guests/web1-vda"),
                result);
    }

    /** The bytes done and total a compare of an all-zero source of {@code imageBytes} with the 256 MiB LV reports. */
    private List<List<Long>> progressOfAllZeroSource(long imageBytes) {
        List<List<Long>> progress = new ArrayList<>();
        new ThinCopyCompare(runner, MetadataSnapshotHolds.none())
                .compare(
                        "/srv/a.qcow2",
                        "qcow2",
                        ALL_ZERO,
                        LV,
                        POOL,
                        imageBytes,
                        256 * MIB,
                        (done, total) -> progress.add(List.of(done, total)));
        return progress;
    }
}
