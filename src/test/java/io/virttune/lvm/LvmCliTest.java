package io.virttune.lvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.ExitCode;
import io.virttune.Fixtures;
import io.virttune.VirtTuneException;
import io.virttune.process.ScriptedProcessRunner;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LvmCliTest {
    private static final long MIB = 1L << 20;
    private static final List<String> REPORT_FLAGS =
            List.of("--reportformat", "json", "--units", "b", "--nosuffix", "-o");

    private final ScriptedProcessRunner runner = new ScriptedProcessRunner();
    private final LvmCli lvm = new LvmCli(runner);

    private static final String REMOVE_CHECK_FIELDS = LvmCli.LV_FIELDS + ",lv_parent";

    private static List<String> query(String command, String fields, String... selection) {
        List<String> argv = new java.util.ArrayList<>(List.of("lvm", command));
        argv.addAll(REPORT_FLAGS);
        argv.add(fields);
        argv.addAll(List.of(selection));
        return argv;
    }

    @Test
    void reportRunsOneVgsOneLvsOnePvs() {
        runner.succeed(Fixtures.project("examples/hv01/lvm/vgs.json"))
                .succeed(Fixtures.project("examples/hv01/lvm/lvs.json"))
                .succeed(Fixtures.project("examples/hv01/lvm/pvs.json"));
        LvmReport report = lvm.report();
        assertEquals(
                List.of(
                        query("vgs", "vg_name,vg_extent_size,vg_size,vg_free,pv_count,lv_count"),
                        query(
                                "lvs",
                                "vg_name,lv_name,lv_size,segtype,lv_attr,lv_read_ahead,pool_lv,chunk_size,"
                                        + "zero,data_percent,metadata_percent,lv_metadata_size,lv_tags"),
                        query("pvs", "pv_name,vg_name,pv_size,pv_free")),
                runner.commands());
        assertEquals(2, report.volumeGroups().size());
        assertEquals(6, report.logicalVolumes().size());
        assertEquals(2, report.physicalVolumes().size());
    }

    @Test
    void reportSurvivesDeviceMapperComplaintsOnStderr() {
        runner.succeed(Fixtures.read(getClass(), "loop-vgs.json"))
                .reply(
                        0,
                        Fixtures.read(getClass(), "loop-lvs.json"),
                        "  /dev/mapper/control: open failed: No such device\n")
                .succeed(Fixtures.read(getClass(), "loop-pvs.json"));
        assertEquals(2, lvm.report().logicalVolumes().size());
    }

    @Test
    void aThinLvTakesDiscardsWhenTheKernelGivesItADiscardLimit() {
        // What lsblk printed in the lab for a thin LV of a pool with 4 MiB chunks, and of one made with --discards
        // ignore.
        runner.succeed("4294967296\n").succeed("       0\n").succeed("");
        assertTrue(lvm.takesDiscards("vg", "thin"));
        assertEquals(false, lvm.takesDiscards("vg", "ignored"));
        assertEquals(
                "Could not read the discard limit of vg/gone: lsblk printed '', not a number of bytes",
                assertThrows(VirtTuneException.class, () -> lvm.takesDiscards("vg", "gone"))
                        .getMessage());
        assertEquals(
                List.of("lsblk", "--nodeps", "--noheadings", "--bytes", "--output", "DISC-MAX", "/dev/vg/thin"),
                runner.commands().get(0));
    }

    @Test
    void createsVolumeGroupWithExactExtentSize() {
        runner.succeed("");
        lvm.createVolumeGroup("vg_fast", List.of("/dev/sdb", "/dev/sdc"), 256 * MIB);
        assertEquals(
                List.of(List.of(
                        "lvm", "vgcreate", "--physicalextentsize", "268435456b", "vg_fast", "/dev/sdb", "/dev/sdc")),
                runner.commands());
    }

    @Test
    void createsLinearVolumeInBytes() {
        runner.succeed("");
        lvm.createLinear("vg_guests", "db01-vda", 60L << 30);
        assertEquals(
                List.of(List.of(
                        "lvm",
                        "lvcreate",
                        "--yes",
                        "--type",
                        "linear",
                        "-L",
                        "64424509440b",
                        "-n",
                        "db01-vda",
                        "vg_guests")),
                runner.commands());
    }

    @Test
    void createsThinPoolWithChunkSizeZeroingAndMetadataSize() {
        runner.succeed("").succeed("");
        lvm.createThinPool("vg_fast", "tpool", 150L << 30, 4 * MIB, false, 256 * MIB);
        lvm.createThinPool("vg_fast", "safe", 8L << 30, 64 * 1024, true, 64 * MIB);
        assertEquals(
                List.of(
                        List.of(
                                "lvm",
                                "lvcreate",
                                "--yes",
                                "--type",
                                "thin-pool",
                                "-L",
                                "161061273600b",
                                "--chunksize",
                                "4194304b",
                                "--zero",
                                "n",
                                "--poolmetadatasize",
                                "268435456b",
                                "-n",
                                "tpool",
                                "vg_fast"),
                        List.of(
                                "lvm",
                                "lvcreate",
                                "--yes",
                                "--type",
                                "thin-pool",
                                "-L",
                                "8589934592b",
                                "--chunksize",
                                "65536b",
                                "--zero",
                                "y",
                                "--poolmetadatasize",
                                "67108864b",
                                "-n",
                                "safe",
                                "vg_fast")),
                runner.commands());
    }

    @Test
    void createsThinVolumeInPool() {
        runner.succeed("");
        lvm.createThin("vg_fast", "tpool", "db03-vdb", 30L << 30);
        assertEquals(
                List.of(List.of(
                        "lvm",
                        "lvcreate",
                        "--yes",
                        "--type",
                        "thin",
                        "-V",
                        "32212254720b",
                        "--thinpool",
                        "tpool",
                        "-n",
                        "db03-vdb",
                        "vg_fast")),
                runner.commands());
    }

    @Test
    void tagsTheVolumesItCreatesInTheSameCommand() {
        runner.succeed("").succeed("");
        lvm.createLinear("vg_guests", "db01-vda", 4 * MIB, "virt-tune", "virt-tune-4f0c");
        lvm.createThin("vg_fast", "tpool", "db03-vdb", 4 * MIB, "virt-tune");
        assertEquals(
                List.of(
                        List.of(
                                "lvm",
                                "lvcreate",
                                "--yes",
                                "--addtag",
                                "virt-tune",
                                "--addtag",
                                "virt-tune-4f0c",
                                "--type",
                                "linear",
                                "-L",
                                "4194304b",
                                "-n",
                                "db01-vda",
                                "vg_guests"),
                        List.of(
                                "lvm",
                                "lvcreate",
                                "--yes",
                                "--addtag",
                                "virt-tune",
                                "--type",
                                "thin",
                                "-V",
                                "4194304b",
                                "--thinpool",
                                "tpool",
                                "-n",
                                "db03-vdb",
                                "vg_fast")),
                runner.commands());
        assertThrows(IllegalArgumentException.class, () -> lvm.createLinear("vg", "lv", 4 * MIB, "-rf"));
    }

    @Test
    void readsAVolumesUuidTagsAndOpenStateFromItsVolumeGroupsReport() {
        String lvs = "{\"report\": [{\"lv\": ["
                + "{\"vg_name\":\"vg_guests\", \"lv_name\":\"site1-vda\", \"lv_uuid\":\"aB3d-0001\","
                + " \"lv_tags\":\"virt-tune,virt-tune-4f0c\", \"lv_attr\":\"-wi-ao----\"},"
                + "{\"vg_name\":\"vg_guests\", \"lv_name\":\"other\", \"lv_uuid\":\"aB3d-0002\","
                + " \"lv_tags\":\"\", \"lv_attr\":\"-wi-a-----\"}]}]}";
        runner.succeed(lvs).succeed(lvs).succeed(lvs);

        VolumeIdentity site1 = lvm.identity("vg_guests", "site1-vda").orElseThrow();
        VolumeIdentity other = lvm.identity("vg_guests", "other").orElseThrow();

        assertEquals(
                query("lvs", "vg_name,lv_name,lv_uuid,lv_tags,lv_attr", "vg_guests"),
                runner.commands().get(0));
        assertEquals("aB3d-0001", site1.uuid());
        assertEquals(List.of("virt-tune", "virt-tune-4f0c"), site1.tags());
        assertTrue(site1.isOpen());
        assertEquals(List.of(), other.tags());
        assertTrue(!other.isOpen());
        assertTrue(lvm.identity("vg_guests", "gone").isEmpty());
    }

    @Test
    void setsReadAheadInSectors() {
        runner.succeed("");
        lvm.setReadAhead("vg_fast", "db03-root", 0);
        assertEquals(List.of(List.of("lvm", "lvchange", "--readahead", "0", "vg_fast/db03-root")), runner.commands());
    }

    @Test
    void removesVolumeAfterCheckingItIsNotAPoolInUse() {
        runner.succeed(Fixtures.project("examples/hv01/lvm/lvs.json")).succeed("");
        lvm.remove("vg_guests", "db01-disk0");
        assertEquals(
                List.of(
                        query("lvs", REMOVE_CHECK_FIELDS, "-a", "vg_guests"),
                        List.of("lvm", "lvremove", "--yes", "vg_guests/db01-disk0")),
                runner.commands());
    }

    @Test
    void removeOfAThinLvInAPoolAnInterruptedLvmStrandedDeactivatesTheStrandedMetadataLvFirst() {
        runner.succeed(Fixtures.read(getClass(), "stranded/stranded-pool-lvs.json"))
                .succeed("")
                .succeed("");
        lvm.remove("vg_guests", "web1-vda");
        assertEquals(
                List.of(
                        query("lvs", REMOVE_CHECK_FIELDS, "-a", "vg_guests"),
                        List.of("lvm", "lvchange", "--activate", "n", "vg_guests/pool0_tmeta"),
                        List.of("lvm", "lvremove", "--yes", "vg_guests/web1-vda")),
                runner.commands());
    }

    @ParameterizedTest
    @CsvSource({"active-pool-lvs.json", "in-use-pool-lvs.json"})
    void removeOfAThinLvInAPoolInUseTouchesNoneOfItsHiddenLvs(String lvs) {
        runner.succeed(Fixtures.read(getClass(), "stranded/" + lvs)).succeed("");
        lvm.remove("vg_guests", "web1-vda");
        assertEquals(
                List.of("lvm", "lvremove", "--yes", "vg_guests/web1-vda"),
                runner.commands().get(1));
        assertEquals(2, runner.commands().size());
    }

    @Test
    void aStrandedMetadataLvSomeoneHoldsOpenIsRefusedWithWhatToDo() {
        runner.succeed(Fixtures.read(getClass(), "stranded/stranded-open-pool-lvs.json"));
        VirtTuneException e = assertThrows(VirtTuneException.class, () -> lvm.remove("vg_guests", "web1-vda"));
        assertEquals(ExitCode.REFUSED, e.exitCode());
        assertTrue(e.getMessage().contains("vg_guests/pool0_tmeta is active without it and open"), e.getMessage());
        assertTrue(e.getMessage().contains("lvchange -an vg_guests/pool0_tmeta"), e.getMessage());
        assertEquals(1, runner.commands().size());
    }

    @Test
    void createThinInAStrandedPoolDeactivatesTheStrandedMetadataLvAndTriesOnceMore() {
        runner.fail(5, Fixtures.read(getClass(), "stranded/stranded-lvcreate.stderr"))
                .succeed(Fixtures.read(getClass(), "stranded/stranded-pool-lvs.json"))
                .succeed("")
                .succeed("");
        lvm.createThin("vg_guests", "pool0", "web2-vda", 16 * MIB);
        List<String> lvcreate = List.of(
                "lvm",
                "lvcreate",
                "--yes",
                "--type",
                "thin",
                "-V",
                "16777216b",
                "--thinpool",
                "pool0",
                "-n",
                "web2-vda",
                "vg_guests");
        assertEquals(
                List.of(
                        lvcreate,
                        query("lvs", "vg_name,lv_name,lv_attr,pool_lv,lv_parent", "-a", "vg_guests"),
                        List.of("lvm", "lvchange", "--activate", "n", "vg_guests/pool0_tmeta"),
                        lvcreate),
                runner.commands());
    }

    @Test
    void createThinThatFailsInAPoolNothingStrandsSaysLvmsReasonAndTriesNoMore() {
        runner.fail(5, Fixtures.read(getClass(), "errors/thin-pool-not-found.stderr"))
                .succeed(Fixtures.read(getClass(), "stranded/active-pool-lvs.json"));
        assertFailure(
                () -> lvm.createThin("vg_guests", "pool0", "web2-vda", 16 * MIB),
                "vg_guests/web2-vda in pool pool0",
                "the thin pool does not exist");
        assertEquals(2, runner.commands().size());
    }

    @Test
    void refusesToRemovePoolThatStillHoldsThinVolumes() {
        runner.succeed(Fixtures.project("examples/hv01/lvm/lvs.json"));
        VirtTuneException e = assertThrows(VirtTuneException.class, () -> lvm.remove("vg_guests", "pool0"));
        assertEquals(ExitCode.REFUSED, e.exitCode());
        assertTrue(e.getMessage().contains("db02-data, db02-root"), e.getMessage());
        assertEquals(1, runner.commands().size());
    }

    @Test
    void removeOfMissingVolumeNamesIt() {
        runner.succeed(Fixtures.project("examples/hv01/lvm/lvs.json"));
        assertFailure(() -> lvm.remove("vg_guests", "nope"), "vg_guests/nope", "does not exist");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "insufficient-linear|5|too little free space|(197 extents): 400 required",
                "insufficient-pool|5|too little free space|(197 extents): 1200 required",
                "exists|5|name already exists|\"db01-disk0\" already exists",
                "invalid-name|3|does not accept that name|\"bad name\" is invalid",
                "reserved-name|3|does not accept that name|\"_tmeta\" are reserved",
                "vg-not-found|5|volume group does not exist|\"vg_nope\" not found",
                "thin-pool-not-found|5|thin pool does not exist|Pool nopool not found",
                "readahead-not-found|5|logical volume does not exist|\"vg_guests/nope\"",
                "remove-not-found|5|logical volume does not exist|\"vg_guests/nope\"",
                "remove-pool-no-yes|5|confirmation virt-tune does not give|will remove 2 dependent"
            })
    void mapsRecordedLvcreateFailures(String fixture, int exitCode, String cause, String lvmSaid) {
        runner.fail(exitCode, Fixtures.read(getClass(), "errors/" + fixture + ".stderr"));
        assertFailure(
                () -> lvm.createLinear("vg_fast", "big", 100L << 30),
                "Could not create linear LV vg_fast/big",
                cause,
                lvmSaid);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "vgcreate-exists|3|name already exists|/dev/vg_guests: already exists in filesystem",
                "vgcreate-exists-inactive|5|name already exists|A volume group called vt_small",
                "vgcreate-pv-in-use|5|already belongs to a volume group|'/dev/ubda' is already in",
                "vgcreate-bad-extent|3|exited with code 3|Size is not a multiple of 512"
            })
    void mapsRecordedVgcreateFailures(String fixture, int exitCode, String cause, String lvmSaid) {
        runner.fail(exitCode, Fixtures.read(getClass(), "errors/" + fixture + ".stderr"));
        assertFailure(
                () -> lvm.createVolumeGroup("vg_new", List.of("/dev/ubda"), 4 * MIB),
                "Could not create volume group vg_new",
                cause,
                lvmSaid);
    }

    @Test
    void saysWhenLvmIsMissing() {
        runner.fail(127, "Cannot run program \"lvm\": error=2, No such file or directory");
        assertFailure(lvm::report, "Could not list the volume groups", "not installed (package lvm2)");
    }

    @Test
    void refusesUnsafeArgumentsBeforeRunningAnything() {
        assertUsage(() -> lvm.createLinear("vg", "-rf", 4 * MIB));
        assertUsage(() -> lvm.createThin("vg", "pool", "pool_tmeta", 4 * MIB));
        assertUsage(() -> lvm.createLinear("--config", "lv", 4 * MIB));
        assertUsage(() -> lvm.createVolumeGroup("vg", List.of("--force"), 4 * MIB));
        assertUsage(() -> lvm.createVolumeGroup("vg", List.of(), 4 * MIB));
        assertUsage(() -> lvm.createThinPool("vg", "pool", 8L << 30, 3 * MIB, false, 64 * MIB));
        assertUsage(() -> lvm.createThinPool("vg", "my pool", 8L << 30, 4 * MIB, false, 64 * MIB));
        assertThrows(IllegalArgumentException.class, () -> lvm.createLinear("vg", "lv", 1000));
        assertThrows(IllegalArgumentException.class, () -> lvm.setReadAhead("vg", "lv", -1));
        assertEquals(List.of(), runner.commands());
    }

    private static void assertUsage(Executable call) {
        assertEquals(ExitCode.USAGE, assertThrows(VirtTuneException.class, call).exitCode());
    }

    private static void assertFailure(Executable call, String... fragments) {
        VirtTuneException e = assertThrows(VirtTuneException.class, call);
        assertEquals(ExitCode.FAILED, e.exitCode());
        for (String fragment : fragments) {
            assertTrue(e.getMessage().contains(fragment), e.getMessage());
        }
    }
}
