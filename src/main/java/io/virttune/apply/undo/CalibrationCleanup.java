package io.virttune.apply.undo;

import io.virttune.VirtTuneException;
import io.virttune.apply.custody.Custody;
import io.virttune.apply.custody.CustodyChange;
import io.virttune.apply.custody.CustodyVerdict;
import io.virttune.apply.custody.DefinedStores;
import io.virttune.apply.guards.CustodyReads;
import io.virttune.apply.guards.VolumeOwnership;
import io.virttune.apply.ports.ApplyPorts;
import io.virttune.apply.ports.DomainResult;
import io.virttune.apply.ports.ImagePorts;
import io.virttune.apply.ports.LvmPorts;
import io.virttune.apply.ports.RunMode;
import io.virttune.libvirt.DomainDefinitions;
import io.virttune.lvm.CalibrationVolume;
import io.virttune.lvm.LvmReport;
import io.virttune.lvm.VolumeIdentity;
import io.virttune.lvm.VolumeName;
import io.virttune.process.ProcessTable;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Removes the temporary LVs killed calibrations left (a SIGKILL runs no cleanup), host-wide for
 * cleanup or one VG's before calibrate measures it: only one with virt-tune's calibration tags,
 * whose virt-tune no longer runs on this host, that custody lets go and nothing has open once the
 * block copies a killed {@code calibrate --mirror} left copying into it are aborted (no pivot); any
 * other is kept and said why. The one rule both commands remove such an LV by.
 */
public final class CalibrationCleanup {
    /** What the result table calls these LVs: they belong to no domain. */
    public static final String ROW = "calibration LVs";

    private static final String GONE = "lvs no longer lists it: another cleanup or calibrate removed it meanwhile";

    private final Function<PrintWriter, DomainDefinitions> definitions;
    private final LvmPorts lvm;
    private final ImagePorts images;
    private final MirrorsInto mirrors;
    private final RunMode mode;
    private final PrintWriter out;

    public CalibrationCleanup(ApplyPorts ports, PrintWriter out) {
        this.definitions = ports.guests().definitions();
        this.lvm = ports.lvm();
        this.images = ports.images();
        this.mirrors = new MirrorsInto(ports.guests().blockJobs());
        this.mode = ports.run().mode();
        this.out = out;
    }

    /** Removes (or, in a dry run, says it would remove) what it may; empty when no calibration left an LV. */
    public Optional<DomainResult> run() {
        return sweep(volume -> true).map(Sweep::result);
    }

    /**
     * As {@link #run()}, of the calibration LVs in volume group {@code vg} alone: the LVs it removed
     * (in a dry run, would remove), whose room an LVM report read before still shows as used.
     */
    public List<VolumeName> in(String vg) {
        return sweep(volume -> volume.volume().vg().equals(vg))
                .map(Sweep::removed)
                .orElse(List.of());
    }

    /** What a sweep did: the LVs it removed (or would), stopped or not, and its row for the result table. */
    private record Sweep(List<VolumeName> removed, DomainResult result) {}

    private Optional<Sweep> sweep(Predicate<CalibrationVolume> offered) {
        LvmReport report = lvm.reads().report();
        List<CalibrationVolume> left =
                CalibrationVolume.in(report).stream().filter(offered).toList();
        if (left.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(removeAll(report, left));
    }

    private Sweep removeAll(LvmReport report, List<CalibrationVolume> left) {
        List<VolumeName> removed = new ArrayList<>();
        int tried = 0;
        try (DomainDefinitions defined = open(left)) {
            // Read once, as libvirt answers each domain in turn: custody and the mirrors into each LV are judged
            // by it, each abort reads its domain's live definition again before it acts, and each removal all
            // of them again right before it.
            List<String> all = defined.allDefinitions();
            // A uuid no domain has: every definition is another's, so any that names the LV keeps it.
            DefinedStores stores = CustodyReads.stores(images, defined, all, "", report);
            for (CalibrationVolume volume : left) {
                tried++;
                Optional<String> why = whyKept(volume, stores, all);
                if (why.isPresent()) {
                    out.println("keep " + volume.volume() + ": " + why.get());
                    continue;
                }
                // A dd the killed calibrate left running would go on writing into the extents' next owner.
                lvm.writers().requireNone(volume.volume().devicePath(), ROW);
                Optional<String> given = givenSince(volume, defined, report);
                if (given.isPresent()) {
                    out.println("keep " + volume.volume() + ": " + given.get());
                    continue;
                }
                out.println(mode.says("remove ", "would remove ") + volume.volume()
                        + ", left by a calibration whose virt-tune ("
                        + volume.maker().describe() + ") no longer runs");
                lvm.actions().remove(volume.volume().vg(), volume.volume().lv());
                removed.add(volume.volume());
            }
        } catch (VirtTuneException e) {
            // Said here too: calibrate goes on to measure, and its output would otherwise end at "remove".
            if (tried > 0) {
                out.println("keep " + left.get(tried - 1).volume() + ": removing it failed (" + e.getMessage() + ")");
                left.subList(tried, left.size())
                        .forEach(volume -> out.println("keep " + volume.volume() + ": not tried after that"));
            }
            // The LVs removed before the stop are gone all the same.
            return new Sweep(removed, DomainResult.stopped(ROW, e, e.getMessage()));
        }
        int kept = left.size() - removed.size();
        return new Sweep(
                removed,
                new DomainResult(
                        ROW,
                        mode.finished(),
                        removed.size() + " calibration LV(s)" + mode.says(" removed", " would be removed")
                                + (kept == 0 ? "" : ", " + kept + " kept")));
    }

    /** The domains' definitions; where libvirt does not answer, every LV is kept: one it names would be. */
    private DomainDefinitions open(List<CalibrationVolume> left) {
        try {
            return definitions.apply(out);
        } catch (VirtTuneException e) {
            for (CalibrationVolume volume : left) {
                out.println("keep " + volume.volume() + ": [custody: in-use] cannot be checked, the domains'"
                        + " definitions could not be read (" + e.getMessage() + "), and an LV a definition names"
                        + " must stay; once libvirt answers, "
                        + CalibrationVolume.removal(volume.volume().vg()));
            }
            throw e;
        }
    }

    /**
     * Why the LV must stay though it was free when the definitions were first read: a domain's
     * definition, live or persistent, read again now names it, or (the listed mirrors aborted) a
     * guest's block copy into it started since; empty when it is still no one's. A guest pivoted onto
     * the LV in between would lose its disk to the removal, which nothing gives back.
     */
    private Optional<String> givenSince(CalibrationVolume volume, DomainDefinitions defined, LvmReport report) {
        List<String> now = defined.allDefinitions();
        String device = volume.volume().devicePath();
        Optional<String> inUse = custodyKeeps(volume, CustodyReads.stores(images, defined, now, "", report));
        if (inUse.isPresent()) {
            return Optional.of(inUse.get() + "; read again right before the removal: a domain was given the LV while"
                    + " cleanup ran, by a pivot onto it or a disk attached, and removing it would take that disk from"
                    + " under the domain; check what the domain runs on, then run this again");
        }
        // A dry run aborted no mirror: those it listed still copy into the LV, and nothing else is news.
        List<MirrorsInto.MirroredDisk> copying = mode.changesHost() ? MirrorsInto.of(now, device) : List.of();
        return copying.stream()
                .findFirst()
                .map(disk -> "the block copy of disk " + disk.disk() + " of domain '" + disk.domain() + "' into it"
                        + " started while cleanup ran (rule: a calibration LV a guest copies into stays), and a pivot"
                        + " would make it the guest's disk; run this again once that copy has ended");
    }

    /** Why custody keeps the LV, by {@code stores}: a domain's definition names it; empty when none does. */
    private static Optional<String> custodyKeeps(CalibrationVolume volume, DefinedStores stores) {
        CustodyVerdict verdict = Custody.check(
                List.of(),
                new CustodyChange("cleanup", ROW, Set.of(volume.volume().devicePath()), List.of(), false),
                stores);
        return verdict.allowed() ? Optional.empty() : Optional.of(verdict.reasons());
    }

    /**
     * Why the LV must stay: its calibration runs, it is not provably virt-tune's, custody keeps it, a
     * guest's mirror into it could not be aborted, or it is open.
     */
    private Optional<String> whyKept(CalibrationVolume volume, DefinedStores stores, List<String> definitions) {
        if (ProcessTable.here().runs(volume.maker())) {
            return Optional.of(
                    "its virt-tune calibrate (" + volume.maker().describe() + ") runs on this host and removes it"
                            + " when it ends (rule: a running calibration's LV is its own)");
        }
        Optional<VolumeIdentity> identity =
                lvm.reads().identity(volume.volume().vg(), volume.volume().lv());
        if (identity.isEmpty()) {
            return Optional.of(GONE);
        }
        Optional<String> notOurs = VolumeOwnership.notOurs(identity.get(), CalibrationVolume.OWNER, null);
        if (notOurs.isPresent()) {
            return notOurs;
        }
        Optional<String> inUse = custodyKeeps(volume, stores);
        if (inUse.isPresent()) {
            return inUse;
        }
        // A killed calibrate --mirror left its guest's QEMU copying into the LV, holding it open: aborted,
        // the guest stays on its source and QEMU lets the LV go.
        List<MirrorsInto.MirroredDisk> mirrored =
                MirrorsInto.of(definitions, volume.volume().devicePath());
        mirrored.forEach(disk -> out.println(mode.says("abort ", "would abort ") + "the block copy of disk "
                + disk.disk() + " of '" + disk.domain() + "' into " + volume.volume()
                + " (no pivot: the guest stays on its source)"));
        Optional<String> notAborted = mirrors.abortAll(mirrored, volume.volume().devicePath());
        if (notAborted.isPresent()) {
            return notAborted;
        }
        if (!mirrored.isEmpty()) {
            if (!mode.changesHost()) {
                // A dry run's abort is only printed: QEMU holds the LV open still, as it would not in the run.
                return Optional.empty();
            }
            identity =
                    lvm.reads().identity(volume.volume().vg(), volume.volume().lv());
            if (identity.isEmpty()) {
                return Optional.of(GONE);
            }
        }
        return identity.get().isOpen()
                ? Optional.of("its device is open (lv_attr " + identity.get().attributes() + ")")
                : Optional.empty();
    }
}
