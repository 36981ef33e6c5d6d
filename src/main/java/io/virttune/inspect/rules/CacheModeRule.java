package io.virttune.inspect.rules;

import io.virttune.inspect.DiskFacts;
import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.Finding;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.Severity;
import java.util.Optional;

/**
 * The host page cache in the I/O path. cache=none (O_DIRECT) is the recipe's default;
 * cache=writeback was faster for random writes in the source but loses acknowledged writes on a
 * host crash or power cut, so it is only ever a conscious choice.
 */
final class CacheModeRule extends DiskRule {
  @Override
  Optional<Finding> check(HostFacts host, DomainFacts domain, DiskFacts disk) {
    Optional<String> cache = disk.view().cache();
    String mode = cache.orElse("default");
    return switch (mode) {
      case "none", "directsync" -> Optional.empty();
      case "writeback" -> Optional.of(
          finding(domain, disk, Severity.INFO, mode,
              "cache=writeback is fast but loses writes on power loss; keep it only with reliable"
                  + " power and backups, else use cache=none"));
      case "unsafe" -> Optional.of(
          finding(domain, disk, Severity.WARNING, mode,
              "cache=unsafe ignores the guest's flushes: a host crash corrupts the guest's"
                  + " filesystem; use cache=none"));
      default -> Optional.of(
          finding(domain, disk, Severity.WARNING, mode,
              "use cache=none with io=native (the host page cache doubles the guest's own)"));
    };
  }

  private static Finding finding(DomainFacts domain, DiskFacts disk, Severity severity, String mode, String fix) {
    String evidence =
        mode.equals("default")
            ? "no cache attribute: QEMU's default is writeback through the host page cache"
            : "driver cache='" + mode + "'";
    return Finding.disk(
        "disk.cache", severity, domain.name(), disk.target(), "cache mode " + mode, evidence, fix);
  }
}
