package io.virttune.apply;

import io.virttune.VirtTuneException;
import io.virttune.apply.guards.ThinSpace;
import io.virttune.apply.journal.Calibration;
import io.virttune.apply.ports.ApplyPorts;
import io.virttune.apply.ports.LvmPorts;
import io.virttune.apply.ports.RunPorts;
import io.virttune.apply.undo.CalibrationCleanup;
import io.virttune.lvm.CalibrationVolume;
import io.virttune.lvm.DirectIo;
import io.virttune.lvm.LogicalVolume;
import io.virttune.lvm.LvmReport;
import io.virttune.lvm.Sizes;
import io.virttune.lvm.VolumeGroup;
import io.virttune.lvm.VolumeName;
import io.virttune.process.ProcessTable;
import io.virttune.text.Bytes;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Measures how fast a VG (or a thin pool in it) writes and reads, on a temporary LV of its own:
 * created tagged as virt-tune's, written then read with direct I/O, then written again in scattered
 * 64 KiB pieces, each pass bounded by size and time, removed on every path; what it measured is kept
 * in the state directory for plan.
 */
public final class VgCalibration {
    /** Less than this times mostly the device's start, not its pace. */
    public static final long SMALLEST = 64L << 20;
    /** Each pass's time bound: a slow device is measured on less data rather than for longer. */
    static final Duration PASS_LIMIT = Duration.ofSeconds(60);
    /**
     * What the scattered pass writes at most: 2048 granules, enough to average a device's seeks, a
     * few seconds where a live copy's mirror copies granules again (400 a second in the lab).
     */
    static final long SCATTERED_BYTES = 128L << 20;

    private final LvmPorts lvm;
    private final RunPorts run;
    private final CalibrationCleanup leftovers;
    private final CalibrationRoom room;
    private final PrintWriter out;

    public VgCalibration(ApplyPorts ports, PrintWriter out) {
        this.lvm = ports.lvm();
        this.run = ports.run();
        this.leftovers = new CalibrationCleanup(ports, out);
        this.room = new CalibrationRoom(new ThinSpace(lvm.reads(), run.state()));
        this.out = out;
    }

    /**
     * What to measure: a VG's linear space, or a thin pool in it.
     *
     * @param thinPool null for a linear LV in the VG's free extents
     * @param sizeBytes how much to write and read back, at most
     */
    public record Target(String vg, String thinPool, long sizeBytes) {}

    /** Measures {@code target}; empty in a dry run, which prints what it would run. */
    public Optional<Calibration> measure(Target target) {
        if (target.sizeBytes() < SMALLEST) {
            throw VirtTuneException.usage("--size " + Bytes.format(target.sizeBytes()) + " is too small to measure a"
                    + " device's pace by: give at least " + Bytes.format(SMALLEST));
        }
        LvmReport report = lvm.reads().report();
        VolumeGroup vg = volumeGroup(report, target.vg());
        if (!lvm.reads().writable(vg.name())) {
            throw VirtTuneException.refused("volume group " + vg.name() + " is read-only: a calibration creates and"
                    + " writes a temporary LV in it (vgchange --permission rw " + vg.name()
                    + " makes it writable, if it should be); nothing was measured");
        }
        List<VolumeName> removed = removeLeftovers(report, vg.name());
        // What the removed LVs held is free now, and may be the very room this calibration needs; in a
        // dry run they are still there, and their room is counted as the run would find it.
        List<LogicalVolume> freeing = List.of();
        if (!removed.isEmpty() && run.mode().changesHost()) {
            report = lvm.reads().report();
        } else {
            freeing = freeingRoom(report, removed, target.thinPool());
        }
        // Whole granules: the scattered pass's offsets wrap at the LV's end, and a granule cut there would fail.
        long size = Sizes.roundUp(target.sizeBytes(), Math.max(vg.extentSizeBytes(), DirectIo.GRANULE_BYTES));
        VolumeName volume =
                CalibrationVolume.of(vg.name(), ProcessTable.current()).volume();
        ThinSpace.Reservation held = room.book(
                report,
                target.thinPool(),
                volume,
                size,
                CalibrationRoom.Booker.calibration(freeing),
                new CalibrationRoom.Wording(
                        "a calibration writes " + Bytes.format(size),
                        "pass a smaller --size (at least " + Bytes.format(SMALLEST) + ")",
                        "nothing was measured"));
        out.println(run.mode().says("Creating ", "Would create ") + volume + ", " + Bytes.format(size)
                + (target.thinPool() == null ? " linear" : " thin in " + target.thinPool())
                + ", to write, read and write again scattered in 64 KiB pieces with direct I/O (each pass at most "
                + PASS_LIMIT.toSeconds() + " s), then"
                + " remove it");
        Calibration measured;
        // The room is given back once the LV is gone: the resources close in the reverse order.
        try (held;
                TemporaryVolume created =
                        TemporaryVolume.calibration(lvm, run.mode(), volume, target.thinPool(), size, () -> {}, out)) {
            DirectIo.Ran write = lvm.directIo().write(volume.devicePath(), size, PASS_LIMIT);
            if (!run.mode().changesHost()) {
                lvm.directIo().read(volume.devicePath(), size, PASS_LIMIT);
                lvm.directIo().scatteredWrite(volume.devicePath(), size, SCATTERED_BYTES, PASS_LIMIT);
                return Optional.empty();
            }
            DirectIo.Pass written = write.pass();
            DirectIo.Pass read = lvm.directIo()
                    .read(volume.devicePath(), written.bytes(), PASS_LIMIT)
                    .pass();
            // After the read, which reads back what the sequential write wrote; over the written LV, as a
            // mirror copies a granule again over what it copied once.
            DirectIo.Pass scattered = lvm.directIo()
                    .scatteredWrite(volume.devicePath(), size, SCATTERED_BYTES, PASS_LIMIT)
                    .pass();
            measured = new Calibration(
                    vg.name(),
                    target.thinPool(),
                    volume.devicePath(),
                    written.bytes(),
                    written.bytesPerSecond(),
                    read.bytes(),
                    read.bytesPerSecond(),
                    scattered.bytes(),
                    scattered.bytesPerSecond(),
                    run.clock().instant().toString(),
                    null);
        }
        run.state().save(measured);
        return Optional.of(measured);
    }

    /**
     * Removes the temporary LVs killed calibrations left in {@code vg} by cleanup's rule (a SIGKILL
     * runs no cleanup; one that rule keeps stays, said why). One still running is measuring this VG
     * now, and two at once would measure each other: refused. Returns those it removed (in a dry
     * run, would remove).
     */
    private List<VolumeName> removeLeftovers(LvmReport report, String vg) {
        for (CalibrationVolume left : CalibrationVolume.in(report)) {
            if (left.volume().vg().equals(vg) && ProcessTable.here().runs(left.maker())) {
                throw VirtTuneException.refused("another virt-tune calibrate ("
                        + left.maker().describe() + ") is measuring "
                        + vg + " now, on " + left.volume() + ": wait for it to end, or remove that LV if no such"
                        + " process is virt-tune");
            }
        }
        return leftovers.in(vg);
    }

    private static VolumeGroup volumeGroup(LvmReport report, String name) {
        return report.volumeGroup(name)
                .orElseThrow(() -> VirtTuneException.refused("no volume group '" + name + "' on this host:"
                        + " nothing to calibrate (vgs lists the volume groups; name one with --vg)"));
    }

    /**
     * Of the leftovers {@code removed}, those whose room a calibration in {@code thinPool} (null:
     * linear) gets back once they are gone: linear LVs free the VG's extents, thin LVs that pool's data.
     */
    private static List<LogicalVolume> freeingRoom(LvmReport report, List<VolumeName> removed, String thinPool) {
        return removed.stream()
                .flatMap(name -> report.logicalVolume(name.vg(), name.lv()).stream())
                .filter(volume -> thinPool == null
                        ? !volume.isThin()
                        : volume.isThin() && volume.poolName().equals(Optional.of(thinPool)))
                .toList();
    }
}
