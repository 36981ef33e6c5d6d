package io.virttune.inspect.rules;

import io.virttune.inspect.DiskFacts;
import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.Finding;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.Severity;
import java.util.Optional;

/**
 * The AIO mode. io=native needs O_DIRECT (cache none or directsync): with another cache mode QEMU
 * refuses to start the guest. Without it, a thread pool emulates asynchronous I/O.
 */
final class IoModeRule extends DiskRule {
  @Override
  Optional<Finding> check(HostFacts host, DomainFacts domain, DiskFacts disk) {
    String io = disk.view().io().orElse("default");
    String cache = disk.view().cache().orElse("default");
    boolean direct = cache.equals("none") || cache.equals("directsync");
    if (io.equals("native") && !direct) {
      return Optional.of(
          Finding.disk(
              "disk.io-mode",
              Severity.ERROR,
              domain.name(),
              disk.target(),
              "io=native without O_DIRECT",
              "driver io='native' cache='" + cache + "'",
              "io=native needs cache=none or directsync; with cache=writeback use io=threads"));
    }
    // io_uring is as asynchronous as native and also works without O_DIRECT.
    if (io.equals("native") || io.equals("io_uring") || (!direct && cache.equals("writeback"))) {
      return Optional.empty();
    }
    return Optional.of(
        Finding.disk(
            "disk.io-mode",
            Severity.WARNING,
            domain.name(),
            disk.target(),
            "io mode " + io + " instead of native",
            io.equals("default") ? "no io attribute: QEMU uses its thread pool" : "driver io='" + io + "'",
            "use io=native together with cache=none"));
  }
}
