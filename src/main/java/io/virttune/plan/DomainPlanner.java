package io.virttune.plan;

import io.virttune.inspect.DiskFacts;
import io.virttune.inspect.DomainFacts;
import io.virttune.inspect.ImageFacts;
import io.virttune.libvirt.DomainState;
import io.virttune.libvirt.EmulatorCapabilities;
import io.virttune.recipe.DiskRole;
import io.virttune.text.ShellWords;
import io.virttune.xml.DomainXml;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Plans one domain: which disks move to which new LVs, how each disk's definition changes, and
 * the steps in order. Pure: it edits a private copy of the definition ({@link DomainEdit}) and
 * reads only facts.
 */
final class DomainPlanner {
    private final PlanEnvironment env;

    DomainPlanner(PlanEnvironment env) {
        this.env = env;
    }

    /**
     * @param emulator what libvirt says the domain's emulator offers, when it was asked: a plan that
     *     adds a lever it lacks leaves the domain alone ({@link EmulatorGate})
     */
    DomainPlan plan(DomainFacts facts, Optional<EmulatorCapabilities> emulator) {
        if (facts.xml().isEmpty()) {
            return stopped(facts, null, List.of(facts.problem().orElse("definition unreadable")));
        }
        DomainXml current = facts.xml().get();
        String original = current.toXml();
        String fingerprint = Fingerprints.of(original);
        List<String> violations = LibvirtDefinitionRules.violations(facts.name(), current);
        if (!violations.isEmpty()) {
            return stopped(facts, fingerprint, violations);
        }
        List<String> refusals = refusals(facts);
        if (!refusals.isEmpty()) {
            return stopped(facts, fingerprint, refusals);
        }
        DiskSpace space = new DiskSpace(env, movesLive(env, facts));
        long needed = space.needed(facts);
        Optional<String> noSpace = env.space().debit(needed);
        if (noSpace.isPresent()) {
            return stopped(facts, fingerprint, List.of(noSpace.get()));
        }
        HugepageBudget.Balance hugepages = env.hugepages().balance();
        DomainXml edited = DomainXml.parse(original, "domain " + ShellWords.quote(facts.name()));
        DomainPlan planned = new DomainEdit(env, facts, edited).run(original, fingerprint);
        Optional<String> unrunnable = emulator.flatMap(offered -> EmulatorGate.refusal(offered, current, edited));
        if (unrunnable.isPresent()) {
            // Left alone, the domain takes none of the room and hugepages the plan shares out.
            env.space().credit(needed);
            env.hugepages().restore(hugepages);
            return stopped(facts, fingerprint, List.of(unrunnable.get()));
        }
        return space.shownIn(planned, facts);
    }

    /** Reasons this domain cannot be planned at all; checked before anything is allocated. */
    private List<String> refusals(DomainFacts facts) {
        List<String> reasons = new ArrayList<>();
        for (DiskFacts disk : facts.disks()) {
            if (disk.verdict().role() == DiskRole.LEAVE_ALONE) {
                continue;
            }
            disk.problem().ifPresent(problem -> reasons.add("disk " + disk.target() + ": " + problem));
            Optional<ImageFacts> image = disk.image();
            int snapshots = image.map(i -> i.internalSnapshots().orElse(0)).orElse(0);
            if (snapshots > 0 && !env.policy().dropSnapshots()) {
                reasons.add("disk " + disk.target() + ": " + image.get().path() + " holds " + snapshots
                        + " internal snapshot(s) that a raw LV cannot keep; delete them, or plan with"
                        + " --drop-snapshots to accept losing them");
            }
        }
        if (movesLive(env, facts)) {
            reasons.addAll(LiveMoves.refusals(facts, env.extentBytes()));
        }
        return reasons;
    }

    /** Whether the domain's data moves while it runs: planned with --live, running, and a disk to move. */
    static boolean movesLive(PlanEnvironment env, DomainFacts facts) {
        return env.policy().live() != null && facts.state() == DomainState.RUNNING && movesData(facts);
    }

    static List<DiskFacts> moved(DomainFacts facts) {
        return facts.disks().stream()
                .filter(d -> d.verdict().role() == DiskRole.MOVE_DATA)
                .toList();
    }

    static boolean movesData(DomainFacts facts) {
        return !moved(facts).isEmpty();
    }

    /** The plan of a domain left alone, for {@code reasons}. */
    static DomainPlan stopped(DomainFacts facts, String fingerprint, List<String> reasons) {
        List<DiskPlan> disks = facts.disks().stream()
                // A stopped domain may be one libvirt refuses, with a disk that has no target at all.
                .map(d -> DiskPlan.leave(
                        d.view().declaredTargetDev().orElse("(no target)"),
                        d.view().sourcePath().orElse(null),
                        "domain not planned"))
                .toList();
        return new DomainPlan(
                facts.name(),
                facts.xml().flatMap(DomainXml::uuid).orElse(null),
                facts.state().label(),
                DomainOutcome.STOPPED,
                reasons,
                fingerprint,
                disks,
                List.of(),
                List.of(),
                null,
                null,
                "",
                null);
    }
}
