package io.virttune.plan;

import io.virttune.host.HostSettings;
import io.virttune.host.HugepagePool;
import io.virttune.inspect.HostFacts;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Collectors;

/**
 * The hugepages a plan may give its domains: the host's available pool of the default page size
 * (per NUMA node where there are several), less what its shut-off guests already on hugepages
 * claim when they start; none when the policy or the host's facts do not allow them.
 */
final class HugepageSupply {
    private HugepageSupply() {}

    static HugepageBudget budget(PlanPolicy policy, HostFacts facts, List<String> assumptions) {
        if (!policy.hugepages()) {
            return HugepageBudget.unknown();
        }
        Optional<HostSettings> settings = facts.settings();
        OptionalLong size = settings.map(HostSettings::defaultHugepageSizeKiB).orElse(OptionalLong.empty());
        if (size.isEmpty()) {
            assumptions.add("the host's hugepages were not read: no domain gets hugepage memory backing in this plan");
            return HugepageBudget.unknown();
        }
        long pageSize = size.getAsLong();
        long available = settings.get()
                .hugepagePool(pageSize)
                .map(HugepagePool::availableKiB)
                .orElse(0L);
        // The kernel counts reservations only host-wide, so a node's free pages are what it can give.
        Map<Integer, Long> nodes = settings.get().hugepagePools().stream()
                .filter(pool -> !pool.isSystemWide() && pool.pageSizeKiB() == pageSize)
                .collect(Collectors.toMap(pool -> pool.numaNode().getAsInt(), pool -> pool.free() * pageSize));
        HugepageBudget budget = new HugepageBudget(size, available, nodes.size() > 1 ? nodes : Map.of());
        facts.hugepageClaims().stream()
                .filter(claim -> claim.drawsOnDefaultPool(pageSize))
                .forEach(claim -> budget.claim(claim.memoryKiB(), claim.nodes()));
        return budget;
    }
}
