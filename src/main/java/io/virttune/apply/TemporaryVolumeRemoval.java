package io.virttune.apply;

import io.virttune.libvirt.DomainDefinitions;
import io.virttune.lvm.LvmReport;
import io.virttune.lvm.VolumeIdentity;
import io.virttune.plan.RemoveVolume;
import io.virttune.text.ShellWords;
import java.io.PrintWriter;
import java.util.Optional;

/**
 * Removes a Windows guest's temporary LV once its new definition no longer names it, guarded as a
 * rollback's removals are: only an LV the journal lists as created for the domain, with virt-tune's
 * tags and the journaled uuid, that no definition uses and nothing has open. Any other is kept,
 * and said why: the domain is defined by then, and a kept LV costs only its space.
 */
record TemporaryVolumeRemoval(ApplyPorts ports, String domain, PrintWriter log) {

  void remove(RemoveVolume step, DomainJournal journal, DomainDefinitions definitions) {
    String name = step.vg() + "/" + step.name();
    Optional<VolumeIdentity> lv = ports.lvmReads().identity(step.vg(), step.name());
    if (lv.isEmpty()) {
      log.println("  " + name + " is gone already");
      return;
    }
    Optional<String> kept = why(lv.get(), journal, definitions);
    if (kept.isPresent()) {
      log.println("  keep " + name + ": " + kept.get() + "; remove it by hand once it is not needed (lvremove "
          + ShellWords.argument(name) + ")");
      return;
    }
    // A copy a killed apply left running would go on writing into the LV, or into its extents' next owner.
    ports.writers().requireNone("/dev/" + name, domain);
    ports.lvmActions().remove(step.vg(), step.name());
  }

  private Optional<String> why(VolumeIdentity lv, DomainJournal journal, DomainDefinitions definitions) {
    String name = lv.vgName() + "/" + lv.name();
    if (!journal.createdVolumes().contains(name)) {
      return Optional.of("the journal of '" + domain + "' does not list it as created by virt-tune");
    }
    Optional<String> notOurs = VolumeOwnership.notOurs(lv, journal.uuid(), journal.volumeUuids().get(name));
    if (notOurs.isPresent()) {
      return notOurs;
    }
    LvmReport lvm = ports.lvmReads().report();
    Optional<String> user = lvm.logicalVolume(lv.vgName(), lv.name())
        .flatMap(new VolumesInUse(definitions.allDefinitions())::user);
    if (user.isPresent()) {
      return Optional.of("the definition of " + ShellWords.quote(user.get()) + " uses it");
    }
    return lv.isOpen() ? Optional.of("its device is open (lv_attr " + lv.attributes() + ")") : Optional.empty();
  }
}
