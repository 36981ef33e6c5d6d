package io.virttune.report;

import static io.virttune.process.ScriptedProcessRunner.command;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import io.virttune.apply.guards.ThinSpace;
import io.virttune.inspect.Finding;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.HostIdentity;
import io.virttune.inspect.InspectResult;
import io.virttune.inspect.Severity;
import io.virttune.lvm.LogicalVolume;
import io.virttune.lvm.LvmCli;
import io.virttune.lvm.LvmReport;
import io.virttune.lvm.ThinPoolRoom;
import io.virttune.process.ScriptedProcessRunner;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A thin pool whose data usage lvs does not report (it prints none for an inactive pool) has no
 * room anyone can count on: every place that reckons a pool's free data reads it as full.
 */
class UnknownPoolUsageTest {
    private static final long GIB = 1L << 30;
    /** What a refusal says of the inactive pool, in place of a usage it does not know. */
    private static final String INACTIVE = "which is inactive: lvs reports no usage of it, so its free space is unknown"
            + " and counts as none; activate it (lvchange -ay vg/dark)";

    /** 100 GiB, inactive, its usage unknown; 10 GiB, active, half full. */
    private static final String LVS = "{\"report\": [{\"lv\": ["
            + lv("dark", 100 * GIB, "twi---tz--", "")
            + ", "
            + lv("lit", 10 * GIB, "twi-aotz--", "50.00")
            + "]}]}";

    private final ScriptedProcessRunner runner = new ScriptedProcessRunner()
            .answer(command("lvm", "vgs"), argv -> "{\"report\": [{\"vg\": []}]}")
            .answer(command("lvm", "lvs"), argv -> LVS)
            .answer(command("lvm", "pvs"), argv -> "{\"report\": [{\"pv\": []}]}");
    private final LvmCli lvm = new LvmCli(runner);
    private final LvmReport report = lvm.report();
    private final LogicalVolume dark = report.logicalVolume("vg", "dark").orElseThrow();

    @Test
    void theNextStepAfterAnInspectTheChecksBeforeACopyAndTheConversionAllReadItAsFull() {
        InspectResult inspected = new InspectResult(
                new HostFacts(
                        new HostIdentity("qemu:///system", "hv-test", "9.0.0", "QEMU 7.2.0"),
                        Optional.empty(),
                        Optional.of(report),
                        List.of(),
                        List.of()),
                List.of(Finding.disk("disk.cache", Severity.WARNING, "web", "vda", "summary", "evidence", "fix")));

        String next = NextStep.of(inspected);
        Optional<String> beforeTheCopy =
                ThinSpace.shortfall("vg/dark", dark, new ThinSpace.Need(GIB, 0), ThinSpace.Need.NONE, ThinSpace.MAPPED);
        VirtTuneException conversion = assertThrows(
                VirtTuneException.class, () -> new ThinPoolRoom(lvm, "vg", "dark").require(GIB, "convert"));

        assertTrue(dark.dataPercent().isEmpty(), dark.toString());
        assertTrue(next.contains("--thin-pool vg/lit "), next);
        assertTrue(beforeTheCopy.isPresent(), "the check before a copy found 1 GiB free in a pool of unknown usage");
        assertTrue(beforeTheCopy.get().contains(INACTIVE), beforeTheCopy.get());
        assertEquals(ExitCode.REFUSED, conversion.exitCode());
        assertTrue(conversion.getMessage().contains(INACTIVE), conversion.getMessage());
    }

    private static String lv(String name, long size, String attributes, String dataPercent) {
        return "{\"vg_name\":\"vg\", \"lv_name\":\"" + name + "\", \"lv_size\":\"" + size
                + "\", \"segtype\":\"thin-pool\", \"lv_attr\":\"" + attributes
                + "\", \"lv_read_ahead\":\"auto\", \"pool_lv\":\"\", \"chunk_size\":\"" + (4L << 20)
                + "\", \"zero\":\"zero\", \"data_percent\":\"" + dataPercent + "\", \"metadata_percent\":\""
                + dataPercent + "\", \"lv_metadata_size\":\"" + (64L << 20) + "\", \"lv_tags\":\"\"}";
    }
}
