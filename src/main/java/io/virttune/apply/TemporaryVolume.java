package io.virttune.apply;

import io.virttune.VirtTuneException;
import io.virttune.apply.guards.VolumeOwnership;
import io.virttune.apply.ports.LvmPorts;
import io.virttune.apply.ports.RunMode;
import io.virttune.apply.ports.StaleWriters;
import io.virttune.lvm.CalibrationVolume;
import io.virttune.lvm.VolumeIdentity;
import io.virttune.lvm.VolumeName;
import io.virttune.process.CleanupOnSignal;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

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
    /** What still writes the LV and must stop before it goes (a guest's mirror into it). */
    private final Runnable release;
    /**
     * Whether a guest's mirror copies into it: the QEMU that may hold it open is the guest's, which
     * no kill may end, and only an abort of that mirror lets the LV go.
     */
    private final boolean mirrored;

    private TemporaryVolume(
            LvmPorts lvm, RunMode mode, VolumeName name, Runnable release, boolean mirrored, PrintWriter log) {
        this.lvm = lvm;
        this.mode = mode;
        this.log = log;
        this.name = name;
        this.release = release;
        this.mirrored = mirrored;
        // The commands writing it keep it open, and lvm refuses to remove an open LV: they stop first.
        this.removal = CleanupOnSignal.register("remove-" + name.lv(), this::remove);
    }

    /**
     * Runs {@code create}, which makes the LV {@code name}; removes it on a signal from then on. A
     * removal that fails is said on {@code log}, with what to do: it never hides what the work did.
     * {@code release} runs before the removal, on every path it takes (closed, or a signal's hook),
     * registered with it before the LV exists, so that no signal finds an LV without it: a writer lvm
     * does not know of, a guest's block job into it, stops first. When it fails the LV is kept, and
     * said why.
     */
    static TemporaryVolume create(
            LvmPorts lvm, RunMode mode, VolumeName name, Runnable release, PrintWriter log, Runnable create) {
        return create(lvm, mode, name, release, false, log, create);
    }

    /** As the other, {@code mirrored} where a guest's mirror copies into the LV. */
    private static TemporaryVolume create(
            LvmPorts lvm,
            RunMode mode,
            VolumeName name,
            Runnable release,
            boolean mirrored,
            PrintWriter log,
            Runnable create) {
        TemporaryVolume volume = new TemporaryVolume(lvm, mode, name, release, mirrored, log);
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
     * its VG or thin in {@code thinPool} (null: linear), {@code release} run before its removal.
     */
    static TemporaryVolume calibration(
            LvmPorts lvm,
            RunMode mode,
            VolumeName volume,
            String thinPool,
            long size,
            Runnable release,
            PrintWriter log) {
        return create(lvm, mode, volume, release, false, log, creating(lvm, volume, thinPool, size));
    }

    /**
     * As {@link #calibration}, the LV a guest's mirror copies into, {@code abort} ending that mirror
     * (no pivot) before its removal: one lvm keeps is left to what aborts such a mirror first.
     */
    static TemporaryVolume mirrorTarget(
            LvmPorts lvm,
            RunMode mode,
            VolumeName volume,
            String thinPool,
            long size,
            Runnable abort,
            PrintWriter log) {
        return create(lvm, mode, volume, abort, true, log, creating(lvm, volume, thinPool, size));
    }

    /** Creates {@code volume}, tagged as a calibration's, linear in its VG or thin in {@code thinPool} (null: linear). */
    private static Runnable creating(LvmPorts lvm, VolumeName volume, String thinPool, long size) {
        String[] tags = VolumeOwnership.tagsFor(CalibrationVolume.OWNER);
        return () -> {
            if (thinPool == null) {
                lvm.actions().createLinear(volume.vg(), volume.lv(), size, tags);
            } else {
                lvm.actions().createThin(volume.vg(), thinPool, volume.lv(), size, tags);
            }
        };
    }

    /** What a SIGTERM or SIGINT runs for this LV: its release, then its removal. */
    Thread onSignal() {
        return removal.onSignal();
    }

    @Override
    public void close() {
        removal.close();
    }

    /**
     * Removes the LV, never forced: one lvm keeps is said kept, and why. A dry run's was never
     * created, and its log said it would be removed.
     */
    private void remove() {
        if (mode.changesHost()) {
            try {
                release.run();
            } catch (RuntimeException failed) {
                log.println("Kept the calibration's temporary LV " + name + ": what writes it could not be stopped ("
                        + failed.getMessage() + "); unless a guest runs on it, " + mirrorAborted());
                log.flush();
                return;
            }
            // Tried before any look at lv_attr: the passes' commands have just closed the LV, and udev
            // opens it a moment to probe it, which lvm waits out (retry_deactivation) where a look would not.
            try {
                lvm.actions().remove(name.vg(), name.lv());
            } catch (VirtTuneException failed) {
                log.println(whyKept(failed));
                log.flush();
            }
        }
    }

    /**
     * Why lvm kept the LV: open still, said so with what holds it; for any other cause, or when that
     * cannot be read, lvm's {@code failed}.
     */
    private String whyKept(VirtTuneException failed) {
        try {
            Optional<VolumeIdentity> lv = lvm.reads().identity(name.vg(), name.lv());
            if (lv.isPresent() && lv.get().isOpen()) {
                return keptOpen(lv.get().attributes());
            }
        } catch (VirtTuneException unread) {
            // lvm's own words are what there is to say, then.
        }
        return "Could not remove the calibration's temporary LV " + name + ": " + failed.getMessage() + "; "
                + removedLater();
    }

    /**
     * The LV kept open, {@code attributes} its lv_attr: by the processes writing it, where /proc names
     * them (a dd a signal stopped too late, a guest's QEMU), else with how to find a reader or a
     * device stacked on it, which /proc does not tell.
     */
    private String keptOpen(String attributes) {
        String device = name.devicePath();
        List<StaleWriters.Writer> writers = lvm.writers().of(device);
        String by = writers.isEmpty()
                ? "by something virt-tune cannot name (fuser -v " + device + " finds a process, lsblk " + device
                        + " a device stacked on it)"
                : "for writing by " + StaleWriters.describe(writers);
        String stop = writers.isEmpty()
                ? ""
                : " (kill "
                        + writers.stream()
                                .map(writer -> Long.toString(writer.pid()))
                                .collect(Collectors.joining(" "))
                        + " if need be)";
        // A mirror's LV is held by the guest's QEMU, which no kill may end (the guest would die with it).
        return "Kept the calibration's temporary LV " + name + ": its device is open (lv_attr " + attributes + "), "
                + by + ", and lvm removes no open LV (virt-tune never forces it); "
                + (mirrored ? "" : "once that has let it go" + stop + ", ") + removedLater();
    }

    /** What removes the LV later: for a mirror's, what aborts a mirror into it first, lvm refusing it open. */
    private String removedLater() {
        return mirrored ? mirrorAborted() : "the next calibrate of " + name.vg() + " removes it, or: lvremove " + name;
    }

    /**
     * What aborts a guest's mirror into the LV and removes it ({@link
     * io.virttune.apply.undo.CalibrationCleanup}, which keeps it while this calibrate runs): cleanup as
     * it runs, naming domains or --all, a dry run unless --execute.
     */
    private String mirrorAborted() {
        return "once this calibrate has ended and nothing holds it open, " + CalibrationVolume.removal(name.vg())
                + " (aborted, not pivoted: the guest stays on its source)";
    }
}
