package io.virttune.apply.guards;

import io.virttune.libvirt.DomainRecord;
import io.virttune.plan.CreateThinPool;
import io.virttune.plan.DomainPlan;
import io.virttune.plan.MigrationPlanner;
import io.virttune.plan.Plan;
import io.virttune.plan.PlanTarget;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** The gates planning has on a plan's policy and on the cache modes its new definitions set, checked again at apply. */
final class PlannedPolicyCheck {
    private PlannedPolicyCheck() {}

    /** The gates planning has, checked again: an edited policy must not slip past them. */
    static List<String> problems(Plan plan) {
        List<String> problems = new ArrayList<>();
        if (!List.of("none", "writeback").contains(plan.cacheMode())) {
            problems.add("cacheMode '" + plan.cacheMode() + "': virt-tune plans only none, or writeback with"
                    + " --accept-writeback-risk");
        } else if (plan.cacheMode().equals("writeback")
                && !plan.warnings().contains(MigrationPlanner.WRITEBACK_ACCEPTED)) {
            problems.add("cacheMode 'writeback' without the risk acknowledgement planning records"
                    + " (--accept-writeback-risk)");
        }
        PlanTarget target = plan.target();
        for (var step : plan.hostSteps()) {
            if (!(step instanceof CreateThinPool pool)
                    || target.newPool() == null
                    || !pool.vg().equals(target.vg())
                    || !pool.name().equals(target.thinPool())
                    || pool.chunkSizeBytes() != target.newPool().chunkSizeBytes()
                    || pool.zeroing() != target.newPool().zeroing()) {
                problems.add("host step " + step + " is not the thin pool the plan's target asks for");
            }
        }
        return problems;
    }

    /**
     * The gate on cache modes, over what the domain's new definition would set (a mode its disk at
     * that target does not have now), not over the plan's policy field alone: none, directsync (the
     * recipe keeps it), and writeback under the plan's accepted writeback policy, which {@link PlanTrust} asks the
     * operator about again.
     */
    static List<String> cacheProblems(Plan plan, DomainPlan domain, DomainRecord record) {
        if (domain.newXml() == null || domain.steps().isEmpty()) {
            return List.of();
        }
        Map<String, Optional<String>> now =
                DomainXml.parse(record.inactiveXml(), "domain '" + record.name() + "'").disks().stream()
                        .collect(Collectors.toMap(DiskView::targetDev, DiskView::cache, (a, b) -> a));
        Set<String> allowed = plan.cacheMode().equals("writeback")
                ? Set.of("none", "directsync", "writeback")
                : Set.of("none", "directsync");
        List<String> problems = new ArrayList<>();
        for (DiskView disk :
                DomainXml.parse(domain.newXml(), "the plan's newXml").disks()) {
            Optional<String> cache = disk.cache();
            if (cache.isPresent()
                    && !allowed.contains(cache.get())
                    && !cache.equals(now.getOrDefault(disk.targetDev(), Optional.empty()))) {
                problems.add(
                        "domain '" + domain.name() + "': disk " + disk.targetDev() + " would be defined with cache '"
                                + cache.get() + "'; virt-tune plans none, or writeback with --accept-writeback-risk");
            }
        }
        return problems;
    }
}
