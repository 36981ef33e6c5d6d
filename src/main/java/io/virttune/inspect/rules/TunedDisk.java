package io.virttune.inspect.rules;

import io.virttune.inspect.DiskFacts;
import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.HostFacts;
import io.virttune.recipe.CacheMode;
import io.virttune.recipe.DiskRecipe;
import io.virttune.recipe.DiskRole;
import io.virttune.recipe.DiskStorage;
import io.virttune.recipe.DiskTarget;
import io.virttune.recipe.HostLevers;
import io.virttune.recipe.TemporaryDisk;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.util.ArrayList;
import java.util.List;

/**
 * A disk the recipe moves or retunes, with what the recipe makes of it, worked out once for all the
 * disk rules: deciding it walks the domain's disks for the Windows driver's wait, which done once
 * per rule cost the rules most of their time on a large host.
 *
 * @param levers what the host allows every disk, worked out once for the whole host (the io_uring
 *     rule reads its kernel's, QEMU's and libvirt's versions)
 */
record TunedDisk(DomainFacts domain, DiskFacts disk, DiskTarget target, HostLevers levers) {

    /**
     * The host's disks the rules judge: not one left alone, not one whose facts could not be read,
     * not one named like virt-tune's temporary disk (the plan never tunes those).
     */
    static List<TunedDisk> of(HostFacts host) {
        HostLevers levers = new HostLevers(CacheMode.NONE, true, host.ioUringRule());
        List<TunedDisk> tuned = new ArrayList<>();
        for (DomainFacts domain : host.domains()) {
            List<DiskView> waiting = WindowsVirtioRule.waiting(domain);
            for (DiskFacts disk : domain.disks()) {
                if (disk.verdict().role() != DiskRole.LEAVE_ALONE
                        && disk.problem().isEmpty()
                        && TemporaryDisk.of(
                                        disk.view(),
                                        disk.logicalVolume(),
                                        domain.xml().flatMap(DomainXml::uuid))
                                == TemporaryDisk.Kind.NONE) {
                    tuned.add(new TunedDisk(domain, disk, target(disk, waiting.contains(disk.view()), levers), levers));
                }
            }
        }
        return tuned;
    }

    /**
     * What the recipe makes of the disk under the default policy, with nothing confirmed: inspect
     * knows no operator's choices. Discard is taken as supported; whether the host's QEMU passes it
     * is the plan's to check.
     */
    private static DiskTarget target(DiskFacts disk, boolean waitsForVirtioDriver, HostLevers levers) {
        return DiskRecipe.decide(
                disk.view(),
                disk.logicalVolume(),
                DiskStorage.of(disk.view(), disk.logicalVolume()),
                waitsForVirtioDriver,
                levers);
    }
}
