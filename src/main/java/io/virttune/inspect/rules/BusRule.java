package io.virttune.inspect.rules;

import io.virttune.inspect.DiskFacts;
import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.Finding;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.Severity;
import io.virttune.recipe.KeptBus;
import io.virttune.recipe.Recipe;
import java.util.Optional;

/** An emulated bus (SATA, IDE, SCSI, USB): virtio-blk was faster in every test of the source. */
final class BusRule extends DiskRule {
  @Override
  Optional<Finding> check(HostFacts host, DomainFacts domain, DiskFacts disk) {
    String bus = disk.view().targetBus().orElse("default");
    if (bus.equals(Recipe.BUS)) {
      return Optional.empty();
    }
    Optional<String> kept = KeptBus.reason(disk.view());
    if (kept.isPresent()) {
      return Optional.of(Finding.disk("disk.bus", Severity.INFO, domain.name(), disk.target(),
          "emulated " + bus + " bus, kept", "target dev='" + disk.target() + "' bus='" + bus + "'",
          "keep the bus: " + kept.get() + "; the plan applies the rest of the recipe"));
    }
    boolean windows = domain.xml().map(xml -> xml.os().isWindows()).orElse(false);
    String fix =
        windows
            ? "move it to virtio-blk once the guest's VirtIO storage driver (viostor) is bound;"
                + " the plan stages this with a temporary virtio disk for one boot"
            : "move it to virtio-blk (the plan renames the target to vdX and drops the old address)";
    return Optional.of(
        Finding.disk(
            "disk.bus",
            Severity.WARNING,
            domain.name(),
            disk.target(),
            "emulated " + bus + " bus instead of virtio-blk",
            "target dev='" + disk.target() + "' bus='" + bus + "'",
            fix));
  }
}
