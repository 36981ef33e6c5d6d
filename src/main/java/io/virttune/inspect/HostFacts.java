package io.virttune.inspect;

import io.virttune.host.HostSettings;
import io.virttune.lvm.LvmReport;
import io.virttune.recipe.IoUringRule;
import java.util.List;
import java.util.Optional;

/**
 * Everything inspect read about one host, as immutable facts: the pure input of the rules and of
 * planning. Parts that could not be read are empty, with the reason in {@code problems}.
 * {@code hugepageClaims} come from every domain of the host, selected or not.
 */
public record HostFacts(
    HostIdentity identity,
    Optional<HostSettings> settings,
    Optional<LvmReport> lvm,
    List<DomainFacts> domains,
    List<String> problems,
    List<HugepageClaim> hugepageClaims) {

  public HostFacts {
    domains = List.copyOf(domains);
    hugepageClaims = List.copyOf(hugepageClaims);
    problems = List.copyOf(problems);
  }

  /** Whether an operator's io_uring may stay, by this host's kernel, QEMU and libvirt. */
  public IoUringRule ioUringRule() {
    return IoUringRule.of(settings.flatMap(HostSettings::kernelRelease), identity.libvirtVersion(),
        identity.hypervisorVersion());
  }

  /** Facts whose domains are all the host has: the hugepage claims are theirs. */
  public HostFacts(HostIdentity identity, Optional<HostSettings> settings, Optional<LvmReport> lvm,
      List<DomainFacts> domains, List<String> problems) {
    this(identity, settings, lvm, domains, problems, HugepageClaim.of(domains));
  }
}
