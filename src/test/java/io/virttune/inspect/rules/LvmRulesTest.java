package io.virttune.inspect.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.inspect.Finding;
import io.virttune.inspect.FindingLines;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.TestHost;
import io.virttune.lvm.LvmReport;
import io.virttune.lvm.LvmReportParser;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** The LVM rules on the recorded hv01 reports (UML, thin pools) and loop-device reports. */
class LvmRulesTest {
    private static final Path LOOP = Path.of("src/test/resources/io/virttune/lvm");

    private static HostFacts hv01() {
        return TestHost.hv01().facts();
    }

    private static HostFacts loop() {
        return new TestHost()
                .lvm(TestHost.lvm(
                        LOOP.resolve("loop-vgs.json"), LOOP.resolve("loop-lvs.json"), LOOP.resolve("loop-pvs.json")))
                .facts();
    }

    @Test
    void smallExtentsAreReportedOnlyForTheVgBelow256MiB() {
        List<Finding> findings = new VgExtentRule().check(hv01());
        assertEquals(List.of("lvm.vg-extent info"), FindingLines.of(findings));
        assertEquals("VG vg_guests has 4 MiB extents", findings.get(0).summary());
        assertEquals("vg_extent_size=4194304", findings.get(0).evidence());
        assertEquals(
                List.of("VG vt_small has 4 MiB extents"),
                new VgExtentRule().check(loop()).stream().map(Finding::summary).toList());
    }

    @Test
    void aVgBelowTheReserveIsReportedAndOneWellAboveIsNot() {
        List<Finding> findings = new VgReserveRule().check(hv01());
        assertEquals(List.of("lvm.vg-free warning"), FindingLines.of(findings));
        assertEquals(
                "39.8 GiB free of 480.0 GiB (8.3%, reserve 10%)",
                findings.get(0).evidence());
        assertEquals(List.of(), new VgReserveRule().check(loop()));
    }

    @Test
    void thinPoolsAreCheckedForChunkSizeAndZeroingEachWay() {
        List<Finding> findings = new ThinPoolRule().check(hv01());
        assertEquals(
                List.of("lvm.thin-zeroing-off warning", "lvm.thin-chunk warning", "lvm.thin-zeroing info"),
                FindingLines.of(findings));
        assertEquals(
                "thin pool vg_fast/tpool does not zero new chunks",
                findings.get(0).summary());
        assertEquals("chunk_size=262144", findings.get(1).evidence());
        assertEquals(
                "thin pool vg_guests/pool0 zeroes new chunks", findings.get(2).summary());
    }

    @Test
    void aThinPoolAbove80PercentMetadataIsFillingUp() {
        List<Finding> findings = thinPoolFindings(
                lvs -> lvs.replace("\"metadata_percent\":\"10.48\"", "\"metadata_percent\":\"85.00\""));
        assertEquals(List.of("lvm.thin-full warning"), FindingLines.of(findings));
        assertEquals("thin pool vg_guests/pool0 is filling up", findings.get(0).summary());
        assertEquals("data 0.2%, metadata 85.0%", findings.get(0).evidence());
    }

    @Test
    void anInactiveThinPoolsUsageIsUnknownNotZero() {
        List<Finding> findings = thinPoolFindings(lvs -> lvs.replace("\"twi-aotz--\"", "\"twi---tz--\"")
                .replace("\"data_percent\":\"0.16\"", "\"data_percent\":\"\"")
                .replace("\"metadata_percent\":\"10.48\"", "\"metadata_percent\":\"\""));
        assertEquals(List.of("lvm.thin-usage-unknown warning"), FindingLines.of(findings));
        assertEquals(
                "thin pool vg_guests/pool0 is inactive: lvs reports no usage of it, so its free space is unknown"
                        + " and counts as none; activate it (lvchange -ay vg_guests/pool0)",
                findings.get(0).summary());
        assertEquals("data unknown, metadata unknown", findings.get(0).evidence());
    }

    @Test
    void aCalibrationsLvIsALeftoverOnceItsVirtTuneNoLongerRunsNamingItsPid() {
        HostFacts facts = new TestHost()
                .lvm(hv01Lvm(lvs -> lvs.replace("\"lv\": [", "\"lv\": [" + calibrationRow(4242) + calibrationRow(7))))
                .running(7L)
                .facts();

        List<Finding> findings = new CalibrationLeftoverRule().check(facts);

        assertEquals(
                List.of("lvm.calibration-leftover warning", "lvm.calibration-volume info"), FindingLines.of(findings));
        assertEquals(
                "LV vg_fast/virt-tune-calibration-4242 was left by a calibration that did not finish",
                findings.get(0).summary());
        assertEquals(
                "tagged virt-tune-calibration, made by virt-tune (pid 4242, recorded without its start time: judged by its"
                        + " pid alone), which no longer runs",
                findings.get(0).evidence());
        assertTrue(
                findings.get(0)
                        .fix()
                        .startsWith("on the host, the next virt-tune calibrate --vg vg_fast --execute (or"
                                + " --thin-pool vg_fast/POOL) aborts a guest's mirror into it and removes it; so does"
                                + " virt-tune cleanup --all --execute, but that also removes the source images"),
                findings.get(0).fix());
        // Only calibrate refuses while the pid runs; cleanup keeps the LV then.
        assertTrue(
                findings.get(0).fix().endsWith("; while that pid runs, calibrate refuses and cleanup keeps the LV"),
                findings.get(0).fix());
        assertEquals(
                "tagged virt-tune-calibration, made by virt-tune (pid 7, recorded without its start time: judged by its"
                        + " pid alone), which runs",
                findings.get(1).evidence());
    }

    @Test
    void aRecordedHostsCalibrationLvIsALeftoverWhoseProcessIsNotKnown() {
        HostFacts facts = new TestHost()
                .lvm(hv01Lvm(lvs -> lvs.replace("\"lv\": [", "\"lv\": [" + calibrationRow(4242))))
                .facts();

        assertEquals(
                List.of(
                        "tagged virt-tune-calibration, made by virt-tune (pid 4242, recorded without its start time: judged"
                                + " by its pid alone), whether it runs is not known here"),
                new CalibrationLeftoverRule()
                        .check(facts).stream().map(Finding::evidence).toList());
    }

    @Test
    void anLvOnlyNamedLikeACalibrationsIsNoLeftover() {
        HostFacts facts = new TestHost()
                .lvm(hv01Lvm(lvs -> lvs.replace(
                        "\"lv\": [",
                        "\"lv\": [" + calibrationRow(4242).replace("virt-tune,virt-tune-calibration", ""))))
                .running()
                .facts();

        assertEquals(List.of(), new CalibrationLeftoverRule().check(facts));
    }

    private static String calibrationRow(long pid) {
        return "{\"vg_name\":\"vg_fast\", \"lv_name\":\"virt-tune-calibration-" + pid
                + "\", \"lv_size\":\"1073741824\","
                + " \"segtype\":\"linear\", \"lv_attr\":\"-wi-ao----\", \"lv_read_ahead\":\"auto\", \"pool_lv\":\"\","
                + " \"chunk_size\":\"0\", \"zero\":\"unknown\", \"data_percent\":\"\", \"metadata_percent\":\"\","
                + " \"lv_metadata_size\":\"\", \"lv_tags\":\"virt-tune,virt-tune-calibration\"},";
    }

    /** hv01's LVM report with its lvs report edited by {@code edit}. */
    private static LvmReport hv01Lvm(UnaryOperator<String> edit) {
        return new LvmReportParser()
                .parse(
                        TestHost.read(TestHost.HV01.resolve("lvm/vgs.json")),
                        edit.apply(TestHost.read(TestHost.HV01.resolve("lvm/lvs.json"))),
                        TestHost.read(TestHost.HV01.resolve("lvm/pvs.json")));
    }

    /** The fullness findings of the thin-pool rule on hv01 with its lvs report edited by {@code edit}. */
    private static List<Finding> thinPoolFindings(UnaryOperator<String> edit) {
        LvmReport edited = hv01Lvm(edit);
        return new ThinPoolRule()
                .check(new TestHost().lvm(edited).facts()).stream()
                        .filter(finding -> finding.ruleId().equals("lvm.thin-full")
                                || finding.ruleId().equals("lvm.thin-usage-unknown"))
                        .toList();
    }

    @Test
    void noLvmReportMeansNoLvmFindingsButAnUnreadableHost() {
        HostFacts facts = new TestHost().facts();
        assertEquals(List.of(), new VgExtentRule().check(facts));
        assertEquals(List.of(), new VgReserveRule().check(facts));
        assertEquals(List.of(), new ThinPoolRule().check(facts));
        List<Finding> unreadable = new UnreadableRule().check(facts);
        assertEquals(List.of("host.unreadable error", "host.unreadable error"), FindingLines.of(unreadable));
        assertEquals(
                "host settings: no host settings recorded", unreadable.get(0).evidence());
        assertEquals("LVM: no LVM report recorded", unreadable.get(1).evidence());
    }
}
