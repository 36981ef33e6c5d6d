package io.virttune.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * Two stored runs of one domain side by side: every profile and direction measured in both,
 * the mean IOPS change per direction (the articles' "writes +58%, reads +25%", as the geometric mean
 * of the ratios), and every loss.
 */
public final class BenchComparison {
    private final BenchResult before;
    private final BenchResult after;
    private final List<ProfileChange> changes;
    private final List<String> unmatched;

    private BenchComparison(
            BenchResult before, BenchResult after, List<ProfileChange> changes, List<String> unmatched) {
        this.before = before;
        this.after = after;
        this.changes = List.copyOf(changes);
        this.unmatched = List.copyOf(unmatched);
    }

    public static BenchComparison of(BenchResult before, BenchResult after) {
        List<ProfileChange> changes = new ArrayList<>();
        List<String> unmatched = new ArrayList<>();
        for (ProfileResult first : before.profiles()) {
            ProfileResult second = after.profile(first.name()).orElse(null);
            if (second == null) {
                unmatched.add(first.name() + " (only in " + before.label() + ")");
                continue;
            }
            for (Direction direction : Direction.values()) {
                if (first.direction(direction) != null && second.direction(direction) != null) {
                    changes.add(ProfileChange.of(first, second, direction));
                }
            }
        }
        after.profiles().stream()
                .filter(p -> before.profile(p.name()).isEmpty())
                .forEach(p -> unmatched.add(p.name() + " (only in " + after.label() + ")"));
        return new BenchComparison(before, after, changes, unmatched);
    }

    public BenchResult before() {
        return before;
    }

    public BenchResult after() {
        return after;
    }

    public List<ProfileChange> changes() {
        return changes;
    }

    /** Profiles measured on one side only (different --quick, or another job file). */
    public List<String> unmatched() {
        return unmatched;
    }

    /**
     * The mean IOPS change for one direction over the profiles, as a ratio (after / before): the
     * geometric mean of theirs ({@link MeanChange}); empty when none was measured.
     */
    public OptionalDouble meanIopsRatio(Direction direction) {
        return MeanChange.of(changes.stream()
                .filter(c -> c.direction() == direction)
                .mapToDouble(c -> c.iops().ratio()));
    }

    /** {@link #meanIopsRatio} in percent, as the reports give it: +25 for 1.25 times. */
    public OptionalDouble meanIopsPercent(Direction direction) {
        return meanIopsRatio(direction).stream().map(Percent::ofRatio).findFirst();
    }

    /** {@link #meanIopsPercent} as text: {@code +25%}, or {@code n/a}. */
    public String meanIopsChange(Direction direction) {
        return meanIopsPercent(direction).stream()
                .mapToObj(Percent::format)
                .findFirst()
                .orElse("n/a");
    }

    /** Every metric that got worse, by name, e.g. {@code rnd4k_q1t1_write: IOPS -10%}. */
    public List<String> losses() {
        List<String> losses = new ArrayList<>();
        for (ProfileChange change : changes) {
            Map<String, Change> metrics = new LinkedHashMap<>();
            metrics.put("IOPS", change.iops());
            metrics.put("MB/s", change.megabytesPerSecond());
            metrics.put("mean latency", change.meanLatencyMicros());
            metrics.put("p99 latency", change.p99LatencyMicros());
            List<String> worse = metrics.entrySet().stream()
                    .filter(e -> e.getValue().isLoss())
                    .map(e -> e.getKey() + " " + Percent.format(e.getValue().percent()))
                    .toList();
            if (!worse.isEmpty()) {
                losses.add(change.label() + ": " + String.join(", ", worse));
            }
        }
        return losses;
    }
}
