package io.virttune.inspect.rules;

import io.virttune.inspect.Finding;
import io.virttune.inspect.HostFacts;
import java.util.Comparator;
import java.util.List;

/** Every rule of the recipe, run in one pass; findings come back in a stable, readable order. */
public final class RuleBook {
    private static final List<Rule> RULES = List.of(
            new UnreadableRule(),
            new VgExtentRule(),
            new VgReserveRule(),
            new ThinPoolRule(),
            new CalibrationLeftoverRule(),
            new SchedulerRule(),
            new HostHugepagesRule(),
            new WindowsVirtioRule(),
            new RunningDomainRule(),
            new HugepagesRule(),
            new VcpuRule(),
            new DiskProblemRule(),
            new ImageFileRule(),
            new InternalSnapshotRule(),
            new BackingChainRule(),
            new BusRule(),
            new IoThreadRule(),
            new CacheModeRule(),
            new IoModeRule(),
            new DiscardRule(),
            new LvReadAheadRule(),
            new LeftAloneRule());

    private static final Comparator<Finding> ORDER = Comparator.comparing(
                    (Finding f) -> f.domain().orElse(""))
            .thenComparing(f -> f.disk().orElse(""))
            .thenComparing(Finding::severity);

    private RuleBook() {}

    public static List<Finding> check(HostFacts host) {
        List<TunedDisk> tuned = TunedDisk.of(host);
        return RULES.stream()
                .flatMap(
                        rule -> (rule instanceof DiskRule diskRule ? diskRule.check(tuned) : rule.check(host)).stream())
                .sorted(ORDER)
                .toList();
    }
}
