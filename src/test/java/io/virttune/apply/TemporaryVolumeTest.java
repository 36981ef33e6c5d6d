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
import org.mockito.Mockito;

/**
 * A temporary LV's release (a guest's mirror into it stopped) runs before its removal, on a signal as
 * on close, once; an LV lvm keeps open is said open, and by what.
 */
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
        return created(() -> order.add("release"));
    }

    /** The LV, {@code release} run before its removal. */
    private TemporaryVolume created(Runnable release) {
        host.succeed("");
        return created(new StaleWriters(), ROW, release);
    }

    /** The LV of the lvs report row {@code row}, whose writers {@code writers} finds; lvremove as scripted. */
    private TemporaryVolume created(StaleWriters writers, String row, Runnable release) {
        return TemporaryVolume.create(
                ports(writers, row), RunMode.EXECUTE, NAME, release, new PrintWriter(log, true), () -> {});
    }

    /** The host's LVM, the LV of the lvs report row {@code row}, whose writers {@code writers} finds. */
    private LvmPorts ports(StaleWriters writers, String row) {
        host.answer(command("lvm", "lvs"), argv -> "{\"report\": [{\"lv\": [" + row + "]}]}")
                .observe(argv -> {
                    if (command("lvm", "lvremove").test(argv)) {
                        order.add("lvremove");
                    }
                });
        LvmCli lvm = new LvmCli(host);
        return new LvmPorts(
                lvm,
                lvm,
                ThinDiscards.through(lvm),
                writers,
                new DirectIo(host),
                new ThinMappings(host, MetadataSnapshotHolds.none()));
    }

    @Test
    void aSignalReleasesTheVolumeBeforeItRemovesItAndTheCloseAfterDoesNothingMore() {
        TemporaryVolume volume = created();

        volume.onSignal().run();
        volume.close();

        assertEquals(List.of("release", "lvremove"), order);
    }

    @Test
    void aReleaseThatFailsKeepsTheVolumeAndSaysWhy() {
        TemporaryVolume volume = created(() -> {
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

    /**
     * An LV lvm keeps because a process still writes it (a dd a signal stopped too late) is said open,
     * naming the process and what to do, where lvm's "in use" named nobody.
     */
    @Test
    void aVolumeLvmKeepsOpenNamesItsWriter() {
        StaleWriters writers = Mockito.mock(StaleWriters.class);
        Mockito.when(writers.of(NAME.devicePath()))
                .thenReturn(List.of(new StaleWriters.Writer(
                        4242, "dd if=/dev/zero of=" + NAME.devicePath() + " bs=4M oflag=direct")));
        host.fail(5, "  Logical volume vg_vms/virt-tune-calibration-1 in use.");
        TemporaryVolume volume = created(writers, ROW.replace("-wi-a-----", "-wi-ao----"), () -> {});

        volume.close();

        assertEquals(List.of("lvremove"), order);
        assertEquals(
                "Kept the calibration's temporary LV vg_vms/virt-tune-calibration-1: its device is open (lv_attr"
                        + " -wi-ao----), for writing by pid 4242 (dd if=/dev/zero of=/dev/vg_vms/virt-tune-calibration-1"
                        + " bs=4M oflag=direct), and lvm removes no open LV (virt-tune never forces it); once that has"
                        + " let it go (kill 4242 if need be), the next calibrate of vg_vms removes it, or: lvremove"
                        + " vg_vms/virt-tune-calibration-1\n",
                log.toString());
    }

    /**
     * The LV a guest's mirror copied into, kept open after the mirror's abort by the guest's QEMU: no
     * kill of that pid (the guest would die with it), no bare lvremove (lvm refuses an open LV, and the
     * mirror may still write it), but what aborts such a mirror and removes the LV.
     */
    @Test
    void aMirrorsLvKeptOpenByTheGuestsQemuIsLeftToCleanupNeverToKillNorLvremove() {
        StaleWriters writers = Mockito.mock(StaleWriters.class);
        Mockito.when(writers.of(NAME.devicePath()))
                .thenReturn(List.of(new StaleWriters.Writer(4343, "/usr/bin/qemu-system-x86_64 -name guest=g1")));
        host.succeed("").fail(5, "  Logical volume vg_vms/virt-tune-calibration-1 in use.");
        TemporaryVolume volume = TemporaryVolume.mirrorTarget(
                ports(writers, ROW.replace("-wi-a-----", "-wi-ao----")),
                RunMode.EXECUTE,
                NAME,
                null,
                1 << 30,
                () -> order.add("abort"),
                new PrintWriter(log, true));

        volume.close();

        assertEquals(List.of("abort", "lvremove"), order);
        assertEquals(
                "Kept the calibration's temporary LV vg_vms/virt-tune-calibration-1: its device is open (lv_attr"
                        + " -wi-ao----), for writing by pid 4343 (/usr/bin/qemu-system-x86_64 -name guest=g1), and lvm"
                        + " removes no open LV (virt-tune never forces it); " + CLEANED_UP + "\n",
                log.toString());
    }

    /** A mirror's LV lvm keeps for another cause: its open state unread, what removes it stops a mirror first. */
    @Test
    void aMirrorsLvLvmKeepsForAnotherCauseIsLeftToCleanup() {
        host.succeed("").fail(5, "  Volume group \"vg_vms\" has insufficient free space.");
        TemporaryVolume volume = TemporaryVolume.mirrorTarget(
                ports(new StaleWriters(), ROW),
                RunMode.EXECUTE,
                NAME,
                null,
                1 << 30,
                () -> {},
                new PrintWriter(log, true));

        volume.close();

        assertTrue(log.toString().startsWith("Could not remove the calibration's temporary LV"), log.toString());
        assertTrue(log.toString().endsWith("; " + CLEANED_UP + "\n"), log.toString());
    }

    /** A release that fails leaves a guest's mirror into the LV: the cleanup that aborts it, named as it runs. */
    @Test
    void aReleaseThatFailsNamesTheCleanupThatAbortsTheMirror() {
        TemporaryVolume volume = created(() -> {
            throw VirtTuneException.failed("cannot abort the block job: Broken pipe");
        });

        volume.close();

        assertTrue(log.toString().endsWith("; unless a guest runs on it, " + CLEANED_UP + "\n"), log.toString());
    }

    /** What removes a mirror's LV once this calibrate has ended, as virt-tune's cleanup runs (CleanupCommand). */
    private static final String CLEANED_UP = "once this calibrate has ended and nothing holds it open, the next"
            + " virt-tune calibrate --vg vg_vms --execute (or --thin-pool vg_vms/POOL) aborts a guest's mirror into it"
            + " and removes it; so does virt-tune cleanup --all --execute, but that also removes the source images of"
            + " every completed migration on the host, after which none can be rolled back (its dry run, without"
            + " --execute, lists them) (aborted, not pivoted: the guest stays on its source)";
}
