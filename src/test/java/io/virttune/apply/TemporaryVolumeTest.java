package io.virttune.apply;

import static io.virttune.process.ScriptedProcessRunner.command;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.virttune.VirtTuneException;
import io.virttune.apply.ports.LvmPorts;
import io.virttune.apply.ports.RunMode;
import io.virttune.apply.ports.StaleWriters;
import io.virttune.lvm.DirectIo;
import io.virttune.lvm.LvmCli;
import io.virttune.lvm.MetadataSnapshotHolds;
import io.virttune.lvm.ThinDiscards;
import io.virttune.lvm.ThinMappings;
import io.virttune.lvm.VolumeName;
import io.virttune.process.ScriptedProcessRunner;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A temporary LV's release (a guest's mirror into it stopped) runs before its removal, on a signal as on close, once. */
class TemporaryVolumeTest {
    private static final VolumeName NAME = new VolumeName("vg_vms", "virt-tune-calibration-1");
    private static final String ROW = "{\"vg_name\":\"vg_vms\", \"lv_name\":\"virt-tune-calibration-1\","
            + " \"lv_size\":\"1073741824\", \"segtype\":\"linear\", \"lv_attr\":\"-wi-a-----\", \"lv_read_ahead\":"
            + "\"auto\", \"pool_lv\":\"\", \"chunk_size\":\"0\", \"zero\":\"\", \"data_percent\":\"\","
            + " \"metadata_percent\":\"\", \"lv_metadata_size\":\"\", \"lv_uuid\":\"uuid\", \"lv_tags\":\"virt-tune\"}";

    private final ScriptedProcessRunner host = new ScriptedProcessRunner();
    private final List<String> order = new ArrayList<>();
    private final StringWriter log = new StringWriter();

    private TemporaryVolume created() {
        host.answer(command("lvm", "lvs"), argv -> "{\"report\": [{\"lv\": [" + ROW + "]}]}")
                .observe(argv -> {
                    if (command("lvm", "lvremove").test(argv)) {
                        order.add("lvremove");
                    }
                })
                .succeed("");
        LvmCli lvm = new LvmCli(host);
        LvmPorts ports = new LvmPorts(
                lvm,
                lvm,
                ThinDiscards.through(lvm),
                new StaleWriters(),
                new DirectIo(host),
                new ThinMappings(host, MetadataSnapshotHolds.none()));
        return TemporaryVolume.create(ports, RunMode.EXECUTE, NAME, new PrintWriter(log, true), () -> {});
    }

    @Test
    void aSignalReleasesTheVolumeBeforeItRemovesItAndTheCloseAfterDoesNothingMore() {
        TemporaryVolume volume = created();
        volume.releasedFirstBy(() -> order.add("release"));

        volume.onSignal().run();
        volume.close();

        assertEquals(List.of("release", "lvremove"), order);
    }

    @Test
    void aReleaseThatFailsKeepsTheVolumeAndSaysWhy() {
        TemporaryVolume volume = created();
        volume.releasedFirstBy(() -> {
            throw VirtTuneException.failed("cannot abort the block job: Broken pipe");
        });

        volume.close();

        assertEquals(List.of(), order);
        assertTrue(
                log.toString()
                        .contains("Kept the calibration's temporary LV vg_vms/virt-tune-calibration-1: what writes it"
                                + " could not be stopped (cannot abort the block job: Broken pipe)"),
                log.toString());
    }
}
