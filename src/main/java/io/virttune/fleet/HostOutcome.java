package io.virttune.fleet;

import io.virttune.inspect.InspectResult;
import java.util.Optional;

/** What inspecting one host of a fleet gave: its report, or why it could not be read at all. */
public record HostOutcome(FleetHost host, Optional<InspectResult> result, Optional<String> failure) {

    public static HostOutcome inspected(FleetHost host, InspectResult result) {
        return new HostOutcome(host, Optional.of(result), Optional.empty());
    }

    public static HostOutcome failed(FleetHost host, String why) {
        return new HostOutcome(host, Optional.empty(), Optional.of(why));
    }

    /** Failed outright, or read with parts missing: either way the fleet's exit status is 1. */
    public boolean incomplete() {
        return failure.isPresent() || result.orElseThrow().incomplete();
    }
}
