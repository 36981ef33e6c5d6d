package io.virttune.apply.undo;

import io.virttune.IoErrors;
import io.virttune.VirtTuneException;
import io.virttune.apply.custody.Custody;
import io.virttune.apply.custody.CustodyChange;
import io.virttune.apply.custody.CustodyRefusal;
import io.virttune.apply.custody.CustodyVerdict;
import io.virttune.apply.custody.DefinedStores;
import io.virttune.apply.custody.DiskCustody;
import io.virttune.apply.guards.CustodyReads;
import io.virttune.apply.journal.DomainJournal;
import io.virttune.apply.journal.DomainJournal.Status;
import io.virttune.apply.journal.StateDirectory;
import io.virttune.apply.live.AutostartPause;
import io.virttune.apply.live.LiveRollback;
import io.virttune.apply.live.PivotPause;
import io.virttune.apply.ports.ApplyPorts;
import io.virttune.apply.ports.DomainResult;
import io.virttune.apply.ports.GuestPorts;
import io.virttune.apply.ports.ImagePorts;
import io.virttune.apply.ports.LvmPorts;
import io.virttune.apply.ports.RunPorts;
import io.virttune.libvirt.DomainDefinitions;
import io.virttune.libvirt.LiveDomain;
import io.virttune.lvm.LvmReport;
import io.virttune.lvm.VolumeIdentity;
import io.virttune.plan.Fingerprints;
import io.virttune.xml.DomainXml;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Undoes an apply of one domain from its journal: restores the backed-up definition and removes
 * the LVs this tool created for it, and nothing else. Safe to repeat. Whatever the journal says,
 * an LV that any domain's definition uses, that is open, or that is not provably the one this
 * tool created (tag and uuid) is never removed.
 */
public final class Rollback {
    private final GuestPorts guests;
    private final LvmPorts lvm;
    private final ImagePorts images;
    private final RunPorts run;
    private final PrintWriter out;

    /** Takes from {@code ports} all but the copy tools: a rollback copies nothing. */
    public Rollback(ApplyPorts ports, PrintWriter out) {
        this.guests = ports.guests();
        this.lvm = ports.lvm();
        this.images = ports.images();
        this.run = ports.run();
        this.out = out;
    }

    public DomainResult run(String name, boolean force) {
        try (DomainDefinitions definitions = guests.definitions().apply(out)) {
            Optional<LiveDomain> live = definitions.find(name);
            Optional<DomainJournal> found = live.flatMap(domain -> run.state().journal(domain.uuid()))
                    .or(() -> run.state().journalByName(name));
            if (found.isEmpty()
                    || found.get().status() == Status.ROLLED_BACK
                    || found.get().status() == Status.NOTHING_CHANGED) {
                return new DomainResult(
                        name,
                        DomainResult.Result.NOTHING_TO_DO,
                        found.isEmpty()
                                ? "virt-tune never applied anything to it"
                                : found.get().status() == Status.ROLLED_BACK
                                        ? "already rolled back"
                                        : "its last apply failed before it changed anything");
            }
            String uuid = found.get().uuid();
            try (StateDirectory.Held held = run.state().lock(uuid, name, run.now())) {
                // Read again under the lock: a run that held it may have written since.
                return rollBack(definitions, live, run.state().journal(uuid).orElse(found.get()), name, force);
            }
        } catch (VirtTuneException e) {
            return DomainResult.stopped(name, e, e.getMessage());
        }
    }

    private DomainResult rollBack(
            DomainDefinitions definitions, Optional<LiveDomain> live, DomainJournal found, String name, boolean force) {
        DomainJournal journal = resumeLeftPaused(live, found);
        if (journal.status() == Status.CLEANED_UP) {
            // Even an image put back by hand since is not the one the guest left: it may be any older copy.
            List<String> removed =
                    journal.custody().stream().map(DiskCustody::source).toList();
            throw VirtTuneException.refused(new CustodyRefusal(
                            "way-back",
                            String.join(", ", removed),
                            "rollback of '"
                                    + name + "' would go back to " + String.join(", ", removed)
                                    + ", removed by virt-tune cleanup; the disks' bytes"
                                    + " are on "
                                    + journal.custody().stream()
                                            .map(DiskCustody::volumeDevice)
                                            .collect(Collectors.joining(", "))
                                    + " only; nothing was changed, --force or not: keep the domain on the disks it has")
                    .message());
        }
        boolean running = live.isPresent() && !live.get().state().isShutOff();
        if (running && !journal.movedLive()) {
            throw VirtTuneException.refused(
                    "'" + name + "' is " + live.get().state().label()
                            + ": shut it down first; its disks cannot be swapped under a running guest");
        }
        if (running) {
            // Refused if the guest runs on an LV already; before the pivot it runs on its sources.
            new LiveRollback(guests.blockJobs(), out).abortCopies(live.get(), journal, force);
        }
        // A live move's pivot rewrote the persistent definition onto the LVs, as a define does.
        boolean defined = journal.definitionTouched()
                || journal.movedLive()
                        && live.filter(domain -> LiveRollback.onOwnVolume(domain.inactiveXml(), journal))
                                .isPresent();
        if (defined && !force) {
            throw VirtTuneException.refused("the new definition of '" + name + "' was defined: the guest may have"
                    + " run on its new disks since, and rolling back discards what it wrote there; add --force to"
                    + " roll back anyway");
        }
        // Going back to the definition before virt-tune frees every LV virt-tune made; undoing a
        // later apply that never defined anything frees only its own, the earlier one's stay in use.
        List<String> volumes = new ArrayList<>(defined ? journal.createdVolumes() : journal.ownVolumes());
        Collections.reverse(volumes);
        RollbackVolumes lvs = new RollbackVolumes(lvm, out);
        Map<String, VolumeIdentity> ours = lvs.provablyOurs(volumes, journal);
        LvmReport report = lvm.reads().report();
        DefinedStores stores = CustodyReads.stores(images, definitions, journal.uuid(), report);
        String backup = defined ? read(Path.of(journal.backupFile())) : null;
        List<String> after = backup != null
                ? CustodyReads.sourcesOf(images, backup, definitions)
                : live.map(domain -> CustodyReads.sourcesOf(images, domain.inactiveXml(), definitions))
                        .orElse(List.of());
        Map<String, VolumeIdentity> removable = lvs.removable(ours, stores, after, name);
        CustodyVerdict verdict = Custody.check(
                journal.custody(),
                new CustodyChange(
                        "rollback",
                        name,
                        removable.keySet().stream()
                                .map(volume -> "/dev/" + volume)
                                .collect(Collectors.toSet()),
                        after,
                        force),
                stores);
        if (!verdict.allowed()) {
            throw VirtTuneException.refused(verdict.reasons());
        }
        verdict.discardedWrites()
                .forEach(writes ->
                        out.println("--force: " + run.mode().says("discard", "would discard") + " " + writes));
        if (defined) {
            restoreDefinition(definitions, live, journal, backup);
        }
        List<String> removed = lvs.remove(removable);
        if (defined || journal.earlierJournal() == null) {
            new PoolRelease(lvm, run, out).release(journal.uuid(), removed);
        }
        finish(
                live.isPresent() ? AutostartPause.restore(definitions, journal, run.now(), out, run.mode()) : journal,
                defined);
        String what = defined ? "restored/removed" : "removed";
        return new DomainResult(
                name,
                run.mode().finished(),
                (defined ? "original definition and " : "") + removed.size() + " LV(s) "
                        + run.mode().says(what, "would be " + what)
                        + (!defined && journal.earlierJournal() != null
                                ? "; the earlier apply's definition and LVs kept"
                                : ""));
    }

    /** The guest resumed first if the apply rolled back stopped while it was paused for a pivot. */
    private DomainJournal resumeLeftPaused(Optional<LiveDomain> live, DomainJournal journal) {
        if (live.isEmpty() || !PivotPause.pending(journal)) {
            return journal;
        }
        DomainJournal resumed = guests.blockJobs()
                .with(
                        journal.domain(),
                        jobs -> new PivotPause(jobs, guests.blockJobs(), run, out).resumeLeftPaused(journal));
        run.state().save(resumed);
        return resumed;
    }

    private void restoreDefinition(
            DomainDefinitions definitions, Optional<LiveDomain> live, DomainJournal journal, String backup) {
        String wanted = Fingerprints.of(DomainXml.parse(backup, "backup").toXml());
        boolean same = live.isPresent()
                && Fingerprints.of(DomainXml.parse(live.get().secureInactiveXml(), "current")
                                .toXml())
                        .equals(wanted);
        if (same) {
            out.println("the definition is the original already");
            return;
        }
        out.println("restore the definition from " + journal.backupFile());
        definitions.define(backup);
    }

    /** Marks the apply rolled back; a later apply undone before its define hands back to the earlier one. */
    private void finish(DomainJournal journal, boolean defined) {
        DomainJournal rolledBack = journal.withStatus(Status.ROLLED_BACK);
        if (!defined && journal.earlierJournal() != null) {
            run.state()
                    .reinstate(
                            rolledBack,
                            Path.of(journal.earlierJournal()),
                            run.clock().instant());
        } else {
            run.state().save(rolledBack);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw IoErrors.failed("read the backup", file, e);
        }
    }
}
