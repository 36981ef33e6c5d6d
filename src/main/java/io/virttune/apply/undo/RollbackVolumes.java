package io.virttune.apply.undo;

import io.virttune.VirtTuneException;
import io.virttune.apply.custody.Custody;
import io.virttune.apply.custody.CustodyChange;
import io.virttune.apply.custody.DefinedStores;
import io.virttune.apply.guards.VolumeOwnership;
import io.virttune.apply.journal.DomainJournal;
import io.virttune.apply.ports.LvmPorts;
import io.virttune.lvm.VolumeIdentity;
import io.virttune.lvm.VolumeName;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The LVs a rollback removes: each proved virt-tune's, kept while a definition uses it or it is open. */
final class RollbackVolumes {
    private final LvmPorts lvm;
    private final PrintWriter out;

    RollbackVolumes(LvmPorts lvm, PrintWriter out) {
        this.lvm = lvm;
        this.out = out;
    }

    /** The LVs still there, each checked to be the one virt-tune created, before anything changes. */
    Map<String, VolumeIdentity> provablyOurs(List<String> volumes, DomainJournal journal) {
        Map<String, VolumeIdentity> present = new LinkedHashMap<>();
        for (String volume : volumes) {
            VolumeName name = VolumeName.parse(volume, "the journal of '" + journal.domain() + "'");
            Optional<VolumeIdentity> lv = lvm.reads().identity(name.vg(), name.lv());
            if (lv.isEmpty()) {
                out.println(volume + " is gone already");
                continue;
            }
            Optional<String> notOurs = VolumeOwnership.notOurs(
                    lv.get(), journal.uuid(), journal.volumeUuids().get(volume));
            if (notOurs.isPresent()) {
                throw VirtTuneException.refused(
                        "rollback of '" + journal.domain() + "' refused, nothing changed: " + notOurs.get());
            }
            // A copy a killed apply left running would go on writing into the LV, or into its extents' next owner.
            lvm.writers().requireNone("/dev/" + volume, journal.domain());
            present.put(volume, lv.get());
        }
        return present;
    }

    /**
     * The LVs no definition uses, now or once the domain is defined as {@code after}, and none has
     * open; an open one fails the rollback, to repeat.
     */
    Map<String, VolumeIdentity> removable(
            Map<String, VolumeIdentity> volumes, DefinedStores stores, List<String> after, String domain) {
        List<String> open = new ArrayList<>();
        Map<String, VolumeIdentity> removable = new LinkedHashMap<>();
        for (Map.Entry<String, VolumeIdentity> volume : volumes.entrySet()) {
            VolumeIdentity lv = volume.getValue();
            String device = "/dev/" + volume.getKey();
            Optional<String> user =
                    Custody.user(device, new CustodyChange("rollback", domain, Set.of(device), after, false), stores);
            if (user.isPresent()) {
                out.println("keep " + volume.getKey() + ": " + user.get() + " uses it");
            } else if (lv.isOpen()) {
                out.println("keep " + volume.getKey() + ": its device is open (lv_attr " + lv.attributes() + ")");
                open.add(volume.getKey());
            } else {
                removable.put(volume.getKey(), lv);
            }
        }
        if (!open.isEmpty()) {
            throw VirtTuneException.failed(
                    "LV(s) " + String.join(", ", open) + " are open: a process (a guest, a"
                            + " backup, a mount) uses them; find it with fuser -v or dmsetup info, then run the rollback again");
        }
        return removable;
    }

    /** Removes {@code volumes}, each with a line saying so; the names removed, in order. */
    List<String> remove(Map<String, VolumeIdentity> volumes) {
        List<String> removed = new ArrayList<>();
        for (Map.Entry<String, VolumeIdentity> volume : volumes.entrySet()) {
            out.println("remove " + volume.getKey() + " (created by virt-tune)");
            lvm.actions().remove(volume.getValue().vgName(), volume.getValue().name());
            removed.add(volume.getKey());
        }
        return removed;
    }
}
