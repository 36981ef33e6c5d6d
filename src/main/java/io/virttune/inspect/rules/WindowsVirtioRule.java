package io.virttune.inspect.rules;

import io.virttune.report.ShellWords;
import io.virttune.inspect.DiskFacts;
import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.Finding;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.Severity;
import io.virttune.recipe.DiskRole;
import io.virttune.recipe.Recipe;
import io.virttune.xml.DomainXml;
import java.util.List;
import java.util.Optional;

/**
 * A Windows guest with disks on an emulated bus: Windows boots from virtio only once its VirtIO
 * storage driver is bound to a virtio disk (having the driver installed is not enough), which
 * nothing on the host can see.
 */
final class WindowsVirtioRule extends DomainRule {
  @Override
  Optional<Finding> check(HostFacts host, DomainFacts domain, DomainXml xml) {
    if (!xml.os().isWindows()) {
      return Optional.empty();
    }
    List<String> emulated =
        domain.disks().stream()
            .filter(disk -> disk.verdict().role() != DiskRole.LEAVE_ALONE)
            .filter(disk -> !disk.view().targetBus().orElse("").equals(Recipe.BUS))
            .map(DiskFacts::target)
            .toList();
    boolean driverBound = domain.disks().stream().anyMatch(disk -> disk.view().device().equals("disk")
        && disk.view().targetBus().filter(Recipe.BUS::equals).isPresent());
    // A virtio-blk disk the guest already uses means viostor is installed and bound.
    if (emulated.isEmpty() || driverBound) {
      return Optional.empty();
    }
    return Optional.of(
        Finding.domain(
            "domain.windows-virtio",
            Severity.WARNING,
            domain.name(),
            "Windows guest: VirtIO storage driver readiness unknown",
            xml.os().windowsEvidence().orElse("Windows guest") + "; disks on emulated buses: "
                + String.join(", ", emulated),
            "confirm viostor is bound (--virtio-ready=" + ShellWords.quote(domain.name()) + "), or let the plan"
                + " stage it: a small temporary virtio disk for one boot, then the switch"));
  }
}
