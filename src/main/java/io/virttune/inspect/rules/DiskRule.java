package io.virttune.inspect.rules;

import io.virttune.inspect.DiskFacts;
import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.Finding;
import io.virttune.inspect.HostFacts;
import io.virttune.recipe.DiskRole;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** A rule about one disk at a time, applied to every disk the recipe moves or retunes. */
abstract class DiskRule implements Rule {

  @Override
  public final List<Finding> check(HostFacts host) {
    List<Finding> findings = new ArrayList<>();
    for (DomainFacts domain : host.domains()) {
      for (DiskFacts disk : domain.disks()) {
        if (disk.verdict().role() != DiskRole.LEAVE_ALONE && disk.problem().isEmpty()) {
          check(host, domain, disk).ifPresent(findings::add);
        }
      }
    }
    return findings;
  }

  abstract Optional<Finding> check(HostFacts host, DomainFacts domain, DiskFacts disk);
}
