package io.virttune.apply;

import io.virttune.VirtTuneException;
import io.virttune.apply.guards.VolumeOwnership;
import io.virttune.apply.ports.LvmPorts;
import io.virttune.apply.ports.RunMode;
import io.virttune.lvm.CalibrationVolume;
import io.virttune.lvm.VolumeName;
import io.virttune.process.CleanupOnSignal;
import java.io.PrintWriter;

/**
 * An LV that lives only as long as the work on it: removed when closed, and by a shutdown hook
 * when a SIGTERM or SIGINT stops virt-tune first (a SIGKILL leaves it, tagged for the next run).
 */
final class TemporaryVolume implements AutoCloseable {
    private final LvmPorts lvm;
    private final RunMode mode;
    private final PrintWriter log;
    private final VolumeName name;
    private final CleanupOnSignal removal;
    /** What still writes the LV and must stop before it goes (a guest's mirror into it); nothing by default. */
    private volatile Runnable release = () -> {};

    private TemporaryVolume(LvmPorts lvm, RunMode mode, VolumeName name, PrintWriter log) {
        this.lvm = lvm;
        this.mode = mode;
        this.log = log;
        this.name = name;
        // The commands writing it keep it open, and lvm refuses to remove an open LV: they stop first.
        this.removal = CleanupOnSignal.register("remove-" + name.lv(), this::remove);
    }

    /**
     * Runs {@code create}, which makes the LV {@code name}; removes it on a signal from then on. A
     * removal that fails is said on {@code log}, with what to do: it never hides what the work did.
     */
    static TemporaryVolume create(LvmPorts lvm, RunMode mode, VolumeName name, PrintWriter log, Runnable create) {
        TemporaryVolume volume = new TemporaryVolume(lvm, mode, name, log);
        try {
            create.run();
        } catch (RuntimeException failed) {
            volume.removal.cancel();
            throw failed;
        }
        return volume;
    }

    /**
     * Creates the calibration LV {@code volume} of {@code size}, tagged as a calibration's, linear in
     * its VG or thin in {@code thinPool} (null: linear).
     */
    static TemporaryVolume calibration(
            LvmPorts lvm, RunMode mode, VolumeName volume, String thinPool, long size, PrintWriter log) {
        String[] tags = VolumeOwnership.tagsFor(CalibrationVolume.OWNER);
        return create(lvm, mode, volume, log, () -> {
            if (thinPool == null) {
                lvm.actions().createLinear(volume.vg(), volume.lv(), size, tags);
            } else {
                lvm.actions().createThin(volume.vg(), thinPool, volume.lv(), size, tags);
            }
        });
    }

    /**
     * Runs {@code release} before the LV's removal, on every path the removal takes (closed, or a
     * signal's hook): a writer lvm does not know of, a guest's block job into it, stops first. When
     * {@code release} fails the LV is kept, and said why.
     */
    void releasedFirstBy(Runnable release) {
        this.release = release;
    }

    /** What a SIGTERM or SIGINT runs for this LV: its release, then its removal. */
    Thread onSignal() {
        return removal.onSignal();
    }

    @Override
    public void close() {
        removal.close();
    }

    /** Removes the LV; a dry run's was never created, and its log said it would be removed. */
    private void remove() {
        if (mode.changesHost()) {
            try {
                release.run();
            } catch (RuntimeException failed) {
                log.println("Kept the calibration's temporary LV " + name + ": what writes it could not be stopped ("
                        + failed.getMessage() + "); unless a guest runs on it, the next calibrate of " + name.vg()
                        + " or virt-tune cleanup stops it and removes the LV");
                log.flush();
                return;
            }
            try {
                lvm.actions().remove(name.vg(), name.lv());
            } catch (VirtTuneException failed) {
                log.println("Could not remove the calibration's temporary LV " + name + ": " + failed.getMessage()
                        + "; the next calibrate of " + name.vg() + " removes it, or: lvremove " + name);
                log.flush();
            }
        }
    }
}
