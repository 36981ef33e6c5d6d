package io.virttune.inspect;

import io.virttune.host.HostSettings;
import io.virttune.lvm.LvmReport;
import java.util.List;
import java.util.Optional;

/**
 * Everything inspect read about one host, as immutable facts: the pure input of the rules and of
 * planning. Parts that could not be read are empty, with the reason in {@code problems}.
 */
public record HostFacts(
    HostIdentity identity,
    Optional<HostSettings> settings,
    Optional<LvmReport> lvm,
    List<DomainFacts> domains,
    List<String> problems) {

  public HostFacts {
    domains = List.copyOf(domains);
    problems = List.copyOf(problems);
  }
}
