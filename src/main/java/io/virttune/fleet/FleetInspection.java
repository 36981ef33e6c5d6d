package io.virttune.fleet;

import io.virttune.inspect.InspectResult;
import java.util.List;
import java.util.function.Function;

/**
 * Inspects the hosts of a fleet, at most {@code parallel} at a time, each on its own: a host that
 * cannot be reached or read becomes a failed outcome and never stops the others. Outcomes come back
 * in the order the hosts were given, whatever order they finished in.
 */
public final class FleetInspection {
    private final FleetWork<InspectResult> work;

    public FleetInspection(Function<FleetHost, InspectResult> inspectOne, int parallel) {
        this.work = new FleetWork<>(inspectOne, parallel);
    }

    public List<HostOutcome> inspect(List<FleetHost> hosts) {
        return work.run(hosts).stream()
                .map(done -> done.value()
                        .map(result -> HostOutcome.inspected(done.host(), result))
                        .orElseGet(() ->
                                HostOutcome.failed(done.host(), done.failure().orElseThrow())))
                .toList();
    }
}
