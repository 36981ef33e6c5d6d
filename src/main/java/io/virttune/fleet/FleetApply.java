package io.virttune.fleet;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.virttune.apply.DomainResult;
import io.virttune.plan.PlanJson;
import io.virttune.process.ProcessResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Optional;

/**
 * Applies a fleet plan: each host's part runs on that host, by that host's own virt-tune (the
 * plan given on its stdin over SSH), so that its journal, its image holds and its checks are
 * that host's, exactly as an apply run there by hand; at most {@code parallel} hosts at once, a
 * host that fails never stopping the others.
 */
public final class FleetApply {
  /** The remote apply's options: the host's own libvirt (the plan binds to the host by its identity). */
  private static final List<String> APPLY = List.of("virt-tune", "apply", "/dev/stdin", "--connect", "qemu:///system", "--json");
  private static final ObjectMapper JSON = new ObjectMapper();

  /** What one host's apply did to each of its domains, or why it could not run there. */
  public record HostApplied(String host, List<DomainResult> results, Optional<String> error) {}

  private final FleetDoors doors;
  private final int parallel;

  public FleetApply(FleetDoors doors, int parallel) {
    this.doors = doors;
    this.parallel = parallel;
  }

  /** {@code options}: what the remote apply is also given ({@code --execute}, {@code --resume}, domains). */
  public List<HostApplied> apply(FleetPlan fleet, List<String> options) {
    // Hosts are named once in a fleet plan (FleetOptions keeps the first of each name).
    Map<String, FleetPlan.HostPlan> sections = new HashMap<>();
    fleet.hosts().forEach(section -> sections.putIfAbsent(section.name(), section));
    return new FleetWork<>(host -> applyOn(sections.get(host.name()), options), parallel)
        .run(fleet.hosts().stream().map(FleetPlan.HostPlan::host).toList()).stream()
        .map(host -> host.value().orElseGet(() -> new HostApplied(host.host().name(), List.of(), host.failure())))
        .toList();
  }

  private HostApplied applyOn(FleetPlan.HostPlan section, List<String> options) {
    if (section.plan().isEmpty()) {
      return failed(section, "not planned: " + section.error().orElse("no plan"));
    }
    List<String> argv = new ArrayList<>(APPLY);
    argv.addAll(options);
    ProcessResult answer = doors.commands(section.host()).feed(argv, PlanJson.write(section.plan().orElseThrow()));
    if (answer.exitCode() == 127) {
      return failed(section, "virt-tune is not installed there (install its package on " + section.name()
          + ": docs/package.md)");
    }
    Optional<List<DomainResult>> results = results(answer.stdout());
    if (results.isEmpty()) {
      String said = answer.stderr().strip();
      return failed(section, "its virt-tune apply exited " + answer.exitCode() + (said.isEmpty() ? "" : ": "
          + said.lines().reduce((first, last) -> last).orElse(said)));
    }
    return new HostApplied(section.name(), results.get(), Optional.empty());
  }

  private static HostApplied failed(FleetPlan.HostPlan section, String why) {
    return new HostApplied(section.name(), List.of(), Optional.of(why));
  }

  /** The domains of a {@code virt-tune/apply} results document; empty when stdout is not one. */
  private static Optional<List<DomainResult>> results(String stdout) {
    JsonNode document;
    try {
      document = JSON.readTree(stdout);
    } catch (JsonProcessingException e) {
      return Optional.empty();
    }
    if (document == null || !"virt-tune/apply".equals(document.path("schema").asText())) {
      return Optional.empty();
    }
    List<DomainResult> results = new ArrayList<>();
    for (JsonNode domain : document.path("domains")) {
      results.add(new DomainResult(domain.path("name").asText(), result(domain.path("result").asText()),
          domain.path("detail").asText()));
    }
    return Optional.of(results);
  }

  /** A result the remote virt-tune named; one this virt-tune does not know counts as failed, never as done. */
  private static DomainResult.Result result(String name) {
    try {
      return DomainResult.Result.valueOf(name.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      return DomainResult.Result.FAILED;
    }
  }
}
