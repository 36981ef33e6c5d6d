package io.virttune.apply;

import io.virttune.VirtTuneException;
import io.virttune.apply.custody.Custody;
import io.virttune.apply.custody.CustodyChange;
import io.virttune.apply.custody.CustodyVerdict;
import io.virttune.apply.guards.CustodyReads;
import io.virttune.apply.guards.VolumeOwnership;
import io.virttune.apply.journal.DomainJournal;
import io.virttune.apply.ports.ImagePorts;
import io.virttune.apply.ports.LvmPorts;
import io.virttune.apply.ports.RunMode;
import io.virttune.libvirt.DomainDefinitions;
import io.virttune.lvm.VolumeIdentity;
import io.virttune.plan.CreateVolume;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Creates a domain's LVs as virt-tune's (tagged in the {@code lvcreate} itself, uuid read right
 * after) and checks, before apply keeps or recreates an LV of a journaled name, that it is still
 * the one created. The caller journals what it returns.
 */
final class OwnedVolumes {
    private final LvmPorts lvm;
    private final ImagePorts images;
    private final RunMode mode;

    /** {@code images} read the stores definitions name, for custody; {@code mode}: whether a created LV is there. */
    OwnedVolumes(LvmPorts lvm, ImagePorts images, RunMode mode) {
        this.lvm = lvm;
        this.images = images;
        this.mode = mode;
    }

    /** Creates the LV tagged for the domain. */
    void create(CreateVolume create, String domainUuid) {
        String[] tags = VolumeOwnership.tagsFor(domainUuid);
        if (create.thin()) {
            lvm.actions().createThin(create.vg(), create.thinPool(), create.name(), create.sizeBytes(), tags);
        } else {
            lvm.actions().createLinear(create.vg(), create.name(), create.sizeBytes(), tags);
        }
    }

    /** The {@code lv_uuid} of an LV {@link #create} made just now, or empty in a dry run. */
    Optional<String> uuidOfCreated(CreateVolume create) {
        if (!mode.changesHost()) {
            return Optional.empty();
        }
        return Optional.of(lvm.reads()
                .identity(create.vg(), create.name())
                .map(VolumeIdentity::uuid)
                .orElseThrow(() -> VirtTuneException.failed(
                        "LV " + create.volume() + " is not there right after lvcreate made it")));
    }

    /**
     * The LV's uuid, after refusing an LV that is not provably the one created for the journal's
     * domain; and when {@code overwrite}, one custody says must not be written over: a definition
     * names it, or the guest runs on it.
     */
    /** Why the LV of {@code create} is not provably the one the journal lists as created; empty when it is. */
    Optional<String> notThisMoves(CreateVolume create, DomainJournal journal) {
        String name = create.volume().toString();
        if (!journal.createdVolumes().contains(name)) {
            return Optional.of("the journal does not list " + name + " as created by this move");
        }
        return lvm.reads()
                .identity(create.vg(), create.name())
                .map(lv -> VolumeOwnership.notOurs(
                        lv, journal.uuid(), journal.volumeUuids().get(name)))
                .orElse(Optional.of("LV " + name + " vanished"));
    }

    String requireOurs(CreateVolume create, DomainJournal journal, DomainDefinitions definitions, boolean overwrite) {
        if (overwrite) {
            // A copy an interrupted run left may still write there; a live copy's writer is the guest's own mirror.
            lvm.writers().requireNone(create.devicePath(), journal.domain());
        }
        String name = create.volume().toString();
        VolumeIdentity lv = lvm.reads()
                .identity(create.vg(), create.name())
                .orElseThrow(() -> VirtTuneException.failed("LV " + name + " vanished"));
        Optional<String> notOurs = VolumeOwnership.notOurs(
                lv, journal.uuid(), journal.volumeUuids().get(name));
        if (notOurs.isPresent()) {
            throw VirtTuneException.refused("disk LV of '" + journal.domain() + "': " + notOurs.get());
        }
        if (!overwrite) {
            return lv.uuid();
        }
        List<String> after = definitions
                .find(journal.domain())
                .map(live -> CustodyReads.sourcesOf(images, live.inactiveXml(), definitions))
                .orElse(List.of());
        CustodyVerdict verdict = Custody.check(
                journal.custody(),
                new CustodyChange("a resumed apply", journal.domain(), Set.of(create.devicePath()), after, false),
                CustodyReads.stores(
                        images, definitions, journal.uuid(), lvm.reads().report()));
        if (!verdict.allowed()) {
            throw VirtTuneException.refused(verdict.reasons() + " (it would be written over)");
        }
        return lv.uuid();
    }
}
