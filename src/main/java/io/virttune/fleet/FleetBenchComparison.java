package io.virttune.fleet;

import io.virttune.bench.StoredRuns;
import io.virttune.inspect.DomainSelection;
import java.nio.file.Path;
import java.util.List;

/**
 * Compares two bench labels on every host of a fleet: each host's stored runs are read through
 * its own files, where its own bench stored them (no virt-tune runs there), at most {@code
 * parallel} hosts at once, a host that fails never stopping the others.
 */
public final class FleetBenchComparison {
    private final FleetDoors doors;
    private final int parallel;

    public FleetBenchComparison(FleetDoors doors, int parallel) {
        this.doors = doors;
        this.parallel = parallel;
    }

    /** {@code stateDir}: where each host's bench stored its runs (an absolute path on the host). */
    public List<HostComparisons> compare(
            List<FleetHost> hosts, Path stateDir, String before, String after, DomainSelection selection) {
        return new FleetWork<>(
                        host -> new StoredRuns(doors.files(host), stateDir).compare(before, after, selection), parallel)
                .run(hosts).stream()
                        .map(done -> new HostComparisons(done.host().name(), done.value(), done.failure()))
                        .toList();
    }
}
