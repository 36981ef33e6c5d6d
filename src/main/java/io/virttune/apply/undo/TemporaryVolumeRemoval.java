package io.virttune.apply.undo;

import io.virttune.apply.custody.Custody;
import io.virttune.apply.custody.CustodyChange;
import io.virttune.apply.custody.CustodyVerdict;
import io.virttune.apply.custody.DefinedStores;
import io.virttune.apply.guards.CustodyReads;
import io.virttune.apply.guards.VolumeOwnership;
import io.virttune.apply.journal.DomainJournal;
import io.virttune.apply.ports.ImagePorts;
import io.virttune.apply.ports.LvmPorts;
import io.virttune.libvirt.DomainDefinitions;
import io.virttune.lvm.VolumeIdentity;
import io.virttune.lvm.VolumeName;
import io.virttune.plan.RemoveVolume;
import io.virttune.text.ShellWords;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Removes a Windows guest's temporary LV once its new definition no longer names it: only one the
 * journal lists, with virt-tune's tags and uuid, that custody lets go and nothing has open; any
 * other is kept and said why (a kept LV costs only its space).
 */
public record TemporaryVolumeRemoval(LvmPorts lvm, ImagePorts images, String domain, PrintWriter log) {

    public void remove(RemoveVolume step, DomainJournal journal, DomainDefinitions definitions) {
        VolumeName name = step.volume();
        Optional<VolumeIdentity> lv = lvm.reads().identity(step.vg(), step.name());
        if (lv.isEmpty()) {
            log.println("  " + name + " is gone already");
            return;
        }
        Optional<String> kept = why(lv.get(), journal, definitions);
        if (kept.isPresent()) {
            log.println("  keep " + name + ": " + kept.get() + "; remove it by hand once it is not needed (lvremove "
                    + ShellWords.argument(name.toString()) + ")");
            return;
        }
        // A copy a killed apply left running would go on writing into the LV, or into its extents' next owner.
        lvm.writers().requireNone(name.devicePath(), domain);
        lvm.actions().remove(step.vg(), step.name());
    }

    private Optional<String> why(VolumeIdentity lv, DomainJournal journal, DomainDefinitions definitions) {
        VolumeName volume = new VolumeName(lv.vgName(), lv.name());
        String name = volume.toString();
        if (!journal.createdVolumes().contains(name)) {
            return Optional.of("the journal of '" + domain + "' does not list it as created by virt-tune");
        }
        Optional<String> notOurs = VolumeOwnership.notOurs(
                lv, journal.uuid(), journal.volumeUuids().get(name));
        if (notOurs.isPresent()) {
            return notOurs;
        }
        DefinedStores stores = CustodyReads.stores(
                images, definitions, journal.uuid(), lvm.reads().report());
        List<String> after = definitions
                .find(domain)
                .map(live -> CustodyReads.sourcesOf(images, live.inactiveXml(), definitions))
                .orElse(List.of());
        CustodyVerdict verdict = Custody.check(
                journal.custody(),
                new CustodyChange("the temporary volume's removal", domain, Set.of(volume.devicePath()), after, false),
                stores);
        if (!verdict.allowed()) {
            return Optional.of(verdict.reasons());
        }
        return lv.isOpen() ? Optional.of("its device is open (lv_attr " + lv.attributes() + ")") : Optional.empty();
    }
}
