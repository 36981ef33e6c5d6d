package io.virttune.plan;

import io.virttune.inspect.DiskFacts;
import io.virttune.inspect.DomainFacts;
import io.virttune.libvirt.DomainState;
import io.virttune.lvm.Sizes;
import io.virttune.recipe.DiskRole;
import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The edits to one domain's private copy of its definition, in order: disks, IOThreads, Windows
 * staging, hugepages; then the steps, the outcome and the warnings of its plan.
 */
final class DomainEdit {
    private final PlanEnvironment env;
    private final DomainFacts facts;
    private final DomainXml edited;
    private final List<DiskView> views;
    private final List<String> warnings = new ArrayList<>();
    private final List<Step> volumeSteps = new ArrayList<>();
    private final List<Step> afterDefine = new ArrayList<>();
    private final WindowsStaging staging;

    DomainEdit(PlanEnvironment env, DomainFacts facts, DomainXml edited) {
        this.env = env;
        this.facts = facts;
        this.edited = edited;
        this.views = edited.disks();
        this.staging = new WindowsStaging(env, facts, edited, views, warnings);
    }

    DomainPlan run(String original, String fingerprint) {
        Set<String> usedTargets = new HashSet<>();
        views.forEach(view -> usedTargets.add(view.targetDev()));
        // The temporary disk is the plan's own: never retuned, and its target freed once it goes.
        staging.freedTarget().ifPresent(usedTargets::remove);
        boolean live = DomainPlanner.movesLive(env, facts);
        DiskEdits diskEdits =
                new DiskEdits(env, facts.name(), edited, staging, usedTargets, volumeSteps, afterDefine, live);
        List<List<String>> changes = new ArrayList<>();
        for (int i = 0; i < facts.disks().size(); i++) {
            DiskFacts disk = facts.disks().get(i);
            List<String> diskChanges = new ArrayList<>();
            changes.add(diskChanges);
            if (disk.verdict().role() != DiskRole.LEAVE_ALONE && !staging.untouchable(views.get(i))) {
                diskEdits.edit(disk, views.get(i), diskChanges, warnings);
            }
        }
        IothreadAssignment.assign(edited, diskEdits.needIothread(), views, changes, env.queueIothreads());
        boolean staged = staging.stage(usedTargets, volumeSteps, afterDefine, warnings);
        HugepageBacking.add(env, edited, warnings);
        List<DiskPlan> disks = new ArrayList<>();
        for (int i = 0; i < facts.disks().size(); i++) {
            disks.add(diskPlan(facts.disks().get(i), views.get(i), changes.get(i)));
        }
        String revised = edited.toXml();
        List<Step> steps = new ArrayList<>();
        if (live) {
            // Before the copies: the pivot rewrites the persistent definition, and a rollback must find
            // the one that names the sources.
            steps.add(new BackupDefinition(facts.name()));
        }
        steps.addAll(volumeSteps);
        if (!revised.equals(original)) {
            // The backup is what a rollback defines again: taken right before the define, with secrets.
            if (!live) {
                steps.add(new BackupDefinition(facts.name()));
            }
            steps.add(new DefineDomain(facts.name(), fingerprint));
        }
        steps.addAll(afterDefine);
        if (live) {
            warnings.add(LiveMoves.timing(facts, steps));
        } else {
            warnIfLive(steps);
        }
        return new DomainPlan(
                facts.name(),
                edited.uuid().orElse(null),
                facts.state().label(),
                outcome(staged, steps),
                List.of(),
                fingerprint,
                disks,
                steps,
                warnings,
                original,
                steps.isEmpty() ? null : revised,
                XmlDiff.unified(facts.name(), original, revised),
                staging.driverEvidence().orElse(null));
    }

    private void warnIfLive(List<Step> steps) {
        boolean live = !facts.state().isShutOff() && facts.state() != DomainState.UNKNOWN;
        if (live && DomainPlanner.movesData(facts)) {
            warnings.add(
                    "the domain is " + facts.state().label() + ": apply copies only the images of shut-off"
                            + " domains; shut it down first, or plan with --live to move a running guest's disks while it runs");
        } else if (live && !steps.isEmpty()) {
            warnings.add("the domain is " + facts.state().label() + ": the new definition takes effect at its next"
                    + " cold boot (a full power-off and start, not a reboot from inside the guest)");
        }
    }

    private DomainOutcome outcome(boolean staged, List<Step> steps) {
        if (staged) {
            return DomainOutcome.STAGE;
        }
        if (DomainPlanner.movesData(facts)) {
            return DomainOutcome.MIGRATE;
        }
        return steps.isEmpty() ? DomainOutcome.UNCHANGED : DomainOutcome.RETUNE;
    }

    private DiskPlan diskPlan(DiskFacts disk, DiskView view, List<String> diskChanges) {
        if (staging.untouchable(view)) {
            return staging.diskPlan(disk, view);
        }
        String source = disk.view().sourcePath().orElse(null);
        if (disk.verdict().role() == DiskRole.LEAVE_ALONE) {
            return DiskPlan.leave(disk.target(), source, disk.verdict().reason().orElseThrow());
        }
        boolean move = disk.verdict().role() == DiskRole.MOVE_DATA;
        String destination = move ? view.sourcePath().orElse(null) : null;
        long size = move
                ? disk.image()
                        .map(i -> Sizes.roundUp(i.virtualSizeBytes(), env.extentBytes()))
                        .orElse(0L)
                : 0;
        String action = move ? "move" : diskChanges.isEmpty() ? "unchanged" : "retune";
        return new DiskPlan(
                disk.target(),
                view.targetDev(),
                action,
                source,
                destination,
                size,
                diskChanges,
                null,
                disk.image().map(Fingerprints::of).orElse(null));
    }
}
