package io.virttune.inspect.rules;

import io.virttune.inspect.Finding;
import io.virttune.inspect.HostFacts;
import io.virttune.inspect.Severity;
import java.util.List;

/** A host with no hugepages reserved: no guest can be backed by them until it is rebooted. */
final class HostHugepagesRule implements Rule {
  @Override
  public List<Finding> check(HostFacts host) {
    return host.settings().stream()
        .filter(settings -> settings.hugepagePools().stream().allMatch(pool -> pool.total() == 0))
        .map(
            settings ->
                Finding.host(
                    "host.hugepages",
                    Severity.INFO,
                    "no hugepages reserved on the host",
                    "kernel command line: " + settings.kernelCommandLine().raw(),
                    "reserve them at boot (default_hugepagesz, hugepagesz, hugepages on the GRUB"
                        + " line; virt-tune snippets computes the count)"))
        .toList();
  }
}
