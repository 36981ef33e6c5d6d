package io.virttune.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Explains host counters that are near zero while the guest was busy: that direction's I/O did
 * not reach the backing device during the run, which with a caching mode other than none or
 * directsync means the host's page cache served it (and the guest's figures measure that cache,
 * not the disk).
 */
public final class HostActivity {
    /** Below this share of the guest's request rate in one direction, the host device counts as idle in it. */
    static final double IDLE_SHARE = 0.1;

    private HostActivity() {}

    /** The explanation, when the host device saw less than a tenth of the guest's reads or of its writes per second. */
    public static Optional<String> note(BenchResult result) {
        IostatFigures host = result.host().device();
        if (host == null) {
            return Optional.empty();
        }
        List<String> seen = new ArrayList<>();
        List<String> guest = new ArrayList<>();
        List<String> directions = new ArrayList<>();
        for (Direction direction : Direction.values()) {
            OptionalDouble iops = result.profiles().stream()
                    .map(p -> p.direction(direction))
                    .filter(Objects::nonNull)
                    .mapToDouble(IoMetrics::iops)
                    .average();
            double perSecond = direction == Direction.READ ? host.readsPerSecond() : host.writesPerSecond();
            if (iops.isPresent() && iops.getAsDouble() > 0 && perSecond < iops.getAsDouble() * IDLE_SHARE) {
                seen.add(Figures.format(perSecond) + " " + direction.label() + "s/s");
                guest.add(Figures.format(iops.getAsDouble()) + " " + direction.label() + " IOPS");
                directions.add(direction.label() + "s");
            }
        }
        if (seen.isEmpty()) {
            return Optional.empty();
        }
        String io = String.join(" and ", directions);
        String cache = result.disk().cache();
        String why = cache.equals("none") || cache.equals("directsync")
                ? "the guest's " + io + " did not reach this device during the run (check that it is the disk's backing"
                        + " device)"
                : "with cache=" + cache + " the host's page cache served the guest's " + io
                        + ", so those figures measure" + " that cache, not the device";
        return Optional.of(host.device() + " saw " + String.join(" and ", seen) + " while the guest averaged "
                + String.join(" and ", guest) + ": " + why + ".");
    }
}
