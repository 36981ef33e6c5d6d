package io.virttune.apply.undo;

import io.virttune.VirtTuneException;
import io.virttune.apply.custody.Custody;
import io.virttune.apply.custody.CustodyChange;
import io.virttune.apply.custody.CustodyVerdict;
import io.virttune.apply.custody.DefinedStores;
import io.virttune.apply.custody.DiskCustody;
import io.virttune.apply.guards.CustodyReads;
import io.virttune.apply.guards.VolumeOwnership;
import io.virttune.apply.journal.DomainJournal;
import io.virttune.apply.journal.DomainJournal.Status;
import io.virttune.apply.journal.StateDirectory;
import io.virttune.apply.ports.ApplyPorts;
import io.virttune.apply.ports.DomainResult;
import io.virttune.apply.ports.ImagePorts;
import io.virttune.apply.ports.RunPorts;
import io.virttune.libvirt.DomainDefinitions;
import io.virttune.libvirt.LiveDomain;
import io.virttune.lvm.Lvm;
import io.virttune.lvm.VolumeName;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Removes the source images a verified migration left behind, only when asked, under the domain's
 * lock, and only those custody lets go (see {@link io.virttune.apply.custody}) and no process holds.
 */
public final class Cleanup {
    private final Function<PrintWriter, DomainDefinitions> definitions;
    private final Lvm lvmReads;
    private final ImagePorts images;
    private final RunPorts run;
    private final PrintWriter out;

    /** Takes from {@code ports} what cleanup uses: LVM it only reads, and it copies nothing. */
    public Cleanup(ApplyPorts ports, PrintWriter out) {
        this.definitions = ports.guests().definitions();
        this.lvmReads = ports.lvm().reads();
        this.images = ports.images();
        this.run = ports.run();
        this.out = out;
    }

    public DomainResult run(String name) {
        try (DomainDefinitions definitions = this.definitions.apply(out)) {
            LiveDomain live = definitions
                    .find(name)
                    .orElseThrow(() -> VirtTuneException.refused("no domain named '" + name + "'"));
            if (run.state().journal(live.uuid()).isEmpty()) {
                // The answer rollback gives too: nothing of virt-tune's is there to act on.
                return new DomainResult(
                        name, DomainResult.Result.NOTHING_TO_DO, "virt-tune never applied anything to it");
            }
            try (StateDirectory.Held held = run.state().lock(live.uuid(), name, run.now())) {
                // Read again under the lock: a rollback or an apply that held it may have changed both.
                LiveDomain now = definitions.find(name).orElse(live);
                return cleanUp(
                        definitions, now, run.state().journal(live.uuid()).orElseThrow());
            }
        } catch (VirtTuneException e) {
            return DomainResult.stopped(name, e, e.getMessage());
        }
    }

    private DomainResult cleanUp(DomainDefinitions definitions, LiveDomain live, DomainJournal found) {
        String name = live.name();
        if (found.status() == Status.CLEANED_UP) {
            return new DomainResult(name, DomainResult.Result.NOTHING_TO_DO, "cleaned up already");
        }
        if (found.status() != Status.COMPLETED) {
            throw VirtTuneException.refused("the migration of '" + name + "' is "
                    + found.status().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ')
                    + ", not completed and verified: its source"
                    + " images are still the only good copy");
        }
        DefinedStores stores = CustodyReads.stores(images, definitions, live.uuid(), lvmReads.report());
        List<String> after = CustodyReads.sourcesOf(images, live.inactiveXml(), definitions);
        DomainJournal journal = found;
        List<String> removed = new ArrayList<>();
        List<String> kept = new ArrayList<>();
        for (DiskCustody disk : found.custody()) {
            if (!images.files().exists(Path.of(disk.source()))) {
                continue;
            }
            Optional<String> why = whyKept(disk, name, stores, after, found);
            if (why.isPresent()) {
                out.println("keep " + disk.source() + ": " + why.get());
                kept.add(disk.source());
                continue;
            }
            // Journaled before the file goes: a rollback after it knows who removed its way back.
            journal = journal.withDisk(
                    disk.sourceRemovedBy("virt-tune cleanup at " + run.clock().instant()));
            run.state().save(journal);
            out.println(run.mode().says("remove ", "would remove ") + disk.source());
            images.files().delete(Path.of(disk.source()));
            removed.add(disk.source());
        }
        // A kept image is still a way back: rollback stays possible and a later cleanup tries again.
        if (kept.isEmpty()) {
            run.state().save(journal.withStatus(Status.CLEANED_UP));
        }
        return new DomainResult(
                name,
                run.mode().finished(),
                removed.size() + " source image(s)" + run.mode().says(" removed", " would be removed")
                        + (kept.isEmpty() ? "" : ", " + kept.size() + " kept"));
    }

    /** Why a source must stay: custody's rules first (in use, the newest, the last copy), then a process holding it. */
    private Optional<String> whyKept(
            DiskCustody disk, String name, DefinedStores stores, List<String> after, DomainJournal journal) {
        CustodyVerdict verdict = Custody.check(
                journal.custody(), new CustodyChange("cleanup", name, Set.of(disk.source()), after, false), stores);
        if (!verdict.allowed()) {
            return Optional.of(verdict.reasons());
        }
        // The record is only a file: the copy it names must be the LV virt-tune made (a journal edited by hand).
        VolumeName lv = VolumeName.parse(disk.volume(), "the journal of '" + journal.domain() + "'");
        Optional<String> notOurs = lvmReads.identity(lv.vg(), lv.lv())
                .flatMap(identity -> VolumeOwnership.notOurs(
                        identity, journal.uuid(), journal.volumeUuids().get(disk.volume())));
        if (notOurs.isPresent()) {
            return Optional.of(
                    "its journal names " + disk.volumeDevice() + " as its verified copy, but " + notOurs.get());
        }
        return images.locks().holder(disk.source());
    }
}
