package io.virttune.fleet;

import io.virttune.apply.ports.DomainResult;
import java.util.List;
import java.util.Optional;

/** What a command run on one fleet host (apply, rollback) did to each of its domains, or why it could not run there. */
public record HostResults(String host, List<DomainResult> results, Optional<String> error) {

    public HostResults {
        results = List.copyOf(results);
    }

    public static HostResults failed(String host, String why) {
        return new HostResults(host, List.of(), Optional.of(why));
    }

    /** Each host's results in the order worked, a host whose work threw failed with its reason. */
    static List<HostResults> of(List<FleetWork.Done<HostResults>> done) {
        return done.stream()
                .map(host -> host.value()
                        .orElseGet(
                                () -> failed(host.host().name(), host.failure().orElseThrow())))
                .toList();
    }
}
