package io.virttune.inspect.rules;

import io.virttune.inspect.DiskFacts;
import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.Finding;
import io.virttune.inspect.HostFacts;
import io.virttune.recipe.CacheMode;
import io.virttune.recipe.DiskRecipe;
import io.virttune.recipe.DiskRole;
import io.virttune.recipe.DiskTarget;
import io.virttune.recipe.TemporaryDisk;
import io.virttune.xml.DomainXml;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A rule about one disk at a time, applied to every disk the recipe moves or retunes (not to a
 * disk named like virt-tune's temporary disk, which the plan never tunes).
 */
abstract class DiskRule implements Rule {

  @Override
  public final List<Finding> check(HostFacts host) {
    List<Finding> findings = new ArrayList<>();
    for (DomainFacts domain : host.domains()) {
      for (DiskFacts disk : domain.disks()) {
        if (disk.verdict().role() != DiskRole.LEAVE_ALONE && disk.problem().isEmpty()
            && TemporaryDisk.of(disk.view(), disk.logicalVolume(), domain.xml().flatMap(DomainXml::uuid))
                == TemporaryDisk.Kind.NONE) {
          check(host, domain, disk).ifPresent(findings::add);
        }
      }
    }
    return findings;
  }

  abstract Optional<Finding> check(HostFacts host, DomainFacts domain, DiskFacts disk);

  /**
   * What the recipe makes of the disk under the default policy, with nothing confirmed: inspect
   * knows no operator's choices. Discard is taken as supported; whether the host's QEMU passes it
   * is the plan's to check.
   */
  static DiskTarget target(DomainFacts domain, DiskFacts disk) {
    boolean waits = WindowsVirtioRule.waiting(domain).contains(disk.view());
    return DiskRecipe.decide(disk.view(), disk.logicalVolume(), waits, CacheMode.NONE, true);
  }
}
