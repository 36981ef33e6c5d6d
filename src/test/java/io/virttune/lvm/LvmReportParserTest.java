package io.virttune.lvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.Fixtures;
import io.virttune.VirtTuneException;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class LvmReportParserTest {
    private static final long GIB = 1L << 30;
    private static final long MIB = 1L << 20;

    private final LvmReportParser parser = new LvmReportParser();

    private LvmReport hv01() {
        return parser.parse(
                Fixtures.project("examples/hv01/lvm/vgs.json"),
                Fixtures.project("examples/hv01/lvm/lvs.json"),
                Fixtures.project("examples/hv01/lvm/pvs.json"));
    }

    private LogicalVolume lv(LvmReport report, String vg, String name) {
        return report.logicalVolume(vg, name).orElseThrow();
    }

    @Test
    void readsVolumeGroupsWithExtentSizeAndFreeSpace() {
        LvmReport report = hv01();
        assertEquals(
                new VolumeGroup("vg_guests", 4 * MIB, 515391881216L, 42744152064L, 1, 4),
                report.volumeGroup("vg_guests").orElseThrow());
        assertEquals(256 * MIB, report.volumeGroup("vg_fast").orElseThrow().extentSizeBytes());
        assertEquals(Optional.empty(), report.volumeGroup("vg_nope"));
    }

    @Test
    void readsPhysicalVolumes() {
        assertEquals(
                List.of(
                        new PhysicalVolume("/dev/ubda", Optional.of("vg_guests"), 515391881216L, 42744152064L),
                        new PhysicalVolume("/dev/ubdb", Optional.of("vg_fast"), 1099243192320L, 347087044608L)),
                hv01().physicalVolumes());
    }

    @Test
    void readsLinearVolumeWithAutomaticReadAhead() {
        LogicalVolume disk = lv(hv01(), "vg_guests", "db01-disk0");
        assertEquals(60 * GIB, disk.sizeBytes());
        assertEquals("linear", disk.segmentType());
        assertEquals(OptionalLong.empty(), disk.readAheadBytes());
        assertFalse(disk.isThin() || disk.isThinPool());
        assertEquals(Optional.empty(), disk.zeroing());
        assertEquals(OptionalDouble.empty(), disk.dataPercent());
        assertEquals(0, disk.chunkSizeBytes());
    }

    @Test
    void readsUntunedThinPoolWithDefaultChunkSizeAndZeroing() {
        LogicalVolume pool = lv(hv01(), "vg_guests", "pool0");
        assertTrue(pool.isThinPool());
        assertEquals(380 * GIB, pool.sizeBytes());
        assertEquals(256 * 1024, pool.chunkSizeBytes());
        assertEquals(Optional.of(true), pool.zeroing());
        assertEquals(OptionalDouble.of(0.16), pool.dataPercent());
        assertEquals(OptionalDouble.of(10.48), pool.metadataPercent());
        assertEquals(96 * MIB, pool.metadataSizeBytes());
        assertEquals("twi-aotz--", pool.attributes());
    }

    @Test
    void readsTunedThinPoolWithZeroingOff() {
        LogicalVolume pool = lv(hv01(), "vg_fast", "tpool");
        assertEquals(4 * MIB, pool.chunkSizeBytes());
        assertEquals(Optional.of(false), pool.zeroing());
    }

    @Test
    void readsThinVolumesWithPoolUsageAndReadAhead() {
        LvmReport report = hv01();
        LogicalVolume root = lv(report, "vg_fast", "db03-root");
        assertTrue(root.isThin());
        assertEquals(Optional.of("tpool"), root.poolName());
        assertEquals(OptionalLong.of(0), root.readAheadBytes());
        assertEquals(OptionalDouble.of(0.33), root.dataPercent());
        assertEquals(Optional.empty(), root.zeroing());
        assertEquals(
                List.of("db02-data", "db02-root"),
                report.thinVolumesOf(lv(report, "vg_guests", "pool0")).stream()
                        .map(LogicalVolume::name)
                        .toList());
    }

    @Test
    void findsVolumesByEitherDevicePath() {
        LvmReport report = hv01();
        LogicalVolume disk = lv(report, "vg_guests", "db01-disk0");
        assertEquals("/dev/vg_guests/db01-disk0", disk.devicePath());
        assertEquals(Optional.of(disk), report.logicalVolumeByDevice("/dev/vg_guests/db01-disk0"));
        assertEquals(Optional.of(disk), report.logicalVolumeByDevice("/dev/mapper/vg_guests-db01--disk0"));
        assertEquals(Optional.empty(), report.logicalVolumeByDevice("/dev/mapper/vg_guests-db01-disk0"));
        assertEquals(Optional.empty(), report.logicalVolumeByDevice("/var/lib/libvirt/images/db01.qcow2"));
    }

    @Test
    void leavesHiddenVolumesOut() {
        List<LogicalVolume> all = parser.logicalVolumes(Fixtures.read(getClass(), "hv01-lvs-all.json"));
        // Recorded a moment after the plain report, so usage figures differ; the set of LVs must not.
        assertEquals(names(hv01().logicalVolumes()), names(all));
    }

    private static List<String> names(List<LogicalVolume> lvs) {
        return lvs.stream().map(lv -> lv.vgName() + "/" + lv.name()).toList();
    }

    @Test
    void readsMetadataOnlyVolumesFromLoopDevices() {
        LvmReport report = parser.parse(
                Fixtures.read(getClass(), "loop-vgs.json"),
                Fixtures.read(getClass(), "loop-lvs.json"),
                Fixtures.read(getClass(), "loop-pvs.json"));
        assertEquals(OptionalLong.of(0), lv(report, "vt_small", "lin1").readAheadBytes());
        assertEquals(OptionalLong.empty(), lv(report, "vt_big", "lin2").readAheadBytes());
        assertEquals(256 * MIB, report.volumeGroup("vt_big").orElseThrow().extentSizeBytes());
    }

    @Test
    void readsEmptyReports() {
        LvmReport report = parser.parse(
                Fixtures.read(getClass(), "empty-vgs.json"),
                Fixtures.read(getClass(), "empty-lvs.json"),
                Fixtures.read(getClass(), "empty-pvs.json"));
        assertEquals(new LvmReport(List.of(), List.of(), List.of()), report);
        assertEquals(List.of(), parser.volumeGroups(""));
    }

    @Test
    void toleratesMissingOptionalFields() {
        LogicalVolume lv = parser.logicalVolumes("""
        {"report":[{"lv":[{"vg_name":"vg","lv_name":"lv","lv_size":"4194304"}]}]}""").get(0);
        assertEquals(OptionalLong.empty(), lv.readAheadBytes());
        assertEquals(Optional.empty(), lv.poolName());
        assertEquals(OptionalDouble.empty(), lv.dataPercent());
        assertEquals(0, lv.metadataSizeBytes());
        assertEquals("/dev/vg/lv", lv.devicePath());
    }

    @Test
    void refusesReportsWithoutSizesOrInOtherUnits() {
        VirtTuneException noSize = assertThrows(
                VirtTuneException.class,
                () -> parser.logicalVolumes("{\"report\":[{\"lv\":[{\"vg_name\":\"vg\",\"lv_name\":\"lv\"}]}]}"));
        assertTrue(noSize.getMessage().contains("lv_size"), noSize.getMessage());
        VirtTuneException units = assertThrows(
                VirtTuneException.class,
                () -> parser.volumeGroups(
                        "{\"report\":[{\"vg\":[{\"vg_name\":\"vg\",\"vg_extent_size\":\"4.00m\"}]}]}"));
        assertTrue(units.getMessage().contains("--units b"), units.getMessage());
        assertThrows(VirtTuneException.class, () -> parser.physicalVolumes("Incompatible libdevmapper"));
    }

    @Test
    void readsAnLvsTags() {
        String lvs = "{\"report\": [{\"lv\": [{\"vg_name\":\"vg_fast\", \"lv_name\":\"win-virtio-stage\","
                + " \"lv_size\":\"268435456\", \"lv_tags\":\"virt-tune,virt-tune-4dea22b3\"},"
                + " {\"vg_name\":\"vg_fast\", \"lv_name\":\"plain\", \"lv_size\":\"268435456\", \"lv_tags\":\"\"}]}]}";

        List<LogicalVolume> volumes = new LvmReportParser().logicalVolumes(lvs);

        assertEquals(List.of("virt-tune", "virt-tune-4dea22b3"), volumes.get(0).tags());
        assertTrue(volumes.get(0).hasTag("virt-tune-4dea22b3"));
        assertEquals(List.of(), volumes.get(1).tags());
    }
}
