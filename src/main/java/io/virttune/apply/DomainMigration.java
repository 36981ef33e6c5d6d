package io.virttune.apply;

import io.virttune.VirtTuneException;
import io.virttune.apply.guards.Preflight;
import io.virttune.apply.guards.ThinSpace;
import io.virttune.apply.journal.DomainJournal;
import io.virttune.apply.journal.DomainJournal.Status;
import io.virttune.apply.journal.StateDirectory;
import io.virttune.apply.live.AutostartPause;
import io.virttune.apply.live.HostBandwidth;
import io.virttune.apply.ports.ApplyPorts;
import io.virttune.apply.ports.DomainResult;
import io.virttune.libvirt.DomainDefinitions;
import io.virttune.libvirt.LiveDomain;
import io.virttune.lvm.LvmReport;
import io.virttune.plan.ConvertImage;
import io.virttune.plan.CopyLive;
import io.virttune.plan.DomainOutcome;
import io.virttune.plan.DomainPlan;
import io.virttune.plan.Plan;
import io.virttune.text.ProgressMeters;
import io.virttune.text.ShellWords;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Supplier;
import java.util.stream.IntStream;

/**
 * Applies one domain's plan: decides whether it runs (done already, to resume, refused by
 * preflight), then hands the steps to a {@link StepExecutor} and the journal's life to a {@link
 * MigrationJournal}, so that a crash at any point can be resumed or rolled back. The source
 * images are only ever read.
 */
final class DomainMigration {
    private final ApplyPorts ports;
    private final Plan plan;
    private final DomainPlan domain;
    private final ThinPools pools;
    private final ThinSpace space;
    private final HostBandwidth bandwidth;
    private final boolean resume;
    private final PrintWriter log;
    private final ProgressMeters progress;
    private final MigrationJournal journal;

    DomainMigration(
            ApplyPorts ports,
            Plan plan,
            DomainPlan domain,
            ThinPools pools,
            ThinSpace space,
            HostBandwidth bandwidth,
            boolean resume,
            PrintWriter log,
            ProgressMeters progress) {
        this.ports = ports;
        this.plan = plan;
        this.domain = domain;
        this.pools = pools;
        this.space = space;
        this.bandwidth = bandwidth;
        this.resume = resume;
        this.log = log;
        this.progress = progress;
        this.journal = new MigrationJournal(ports.run(), ports.guests().blockJobs(), plan, domain);
    }

    DomainResult run() {
        if (domain.steps().isEmpty()) {
            return result(
                    DomainResult.Result.NOTHING_TO_DO,
                    domain.outcome() == DomainOutcome.STOPPED
                            ? "not planned: " + String.join("; ", domain.reasons())
                            : "nothing to change");
        }
        Interruptions.started(this);
        try (DomainDefinitions definitions = ports.guests().definitions().apply(log)) {
            try {
                return migrate(definitions);
            } catch (VirtTuneException e) {
                return failed(definitions, e);
            } catch (RuntimeException e) {
                // One domain's surprise must not stop the others' copies: it fails alone, journaled.
                return result(DomainResult.Result.FAILED, "internal error: " + e + journal.fail(definitions));
            }
        } catch (VirtTuneException e) {
            return DomainResult.stopped(domain.name(), e, e.getMessage());
        } finally {
            Interruptions.ended(this);
        }
    }

    private DomainResult migrate(DomainDefinitions definitions) {
        LiveDomain live = definitions
                .find(domain.name())
                .orElseThrow(() -> VirtTuneException.refused("domain '" + domain.name() + "' no longer exists"));
        try (StateDirectory.Held held =
                ports.run().state().lock(live.uuid(), domain.name(), ports.run().now())) {
            return migrate(definitions, live);
        }
    }

    private DomainResult migrate(DomainDefinitions definitions, LiveDomain live) {
        Optional<DomainJournal> earlier = ports.run().state().journal(live.uuid());
        if (earlier.isPresent()
                && earlier.get().status() == Status.COMPLETED
                && earlier.get().planFingerprint().equals(domain.fingerprint())) {
            // Killed after the journal said COMPLETED and before autostart was on again: finish that.
            DomainJournal restored = AutostartPause.restore(
                    definitions,
                    earlier.get(),
                    ports.run().now(),
                    log,
                    ports.run().mode());
            if (restored != earlier.get()) {
                ports.run().state().save(restored);
            }
            return result(
                    DomainResult.Result.ALREADY_DONE,
                    "applied earlier (journal in " + ports.run().state().root() + ")");
        }
        boolean unfinished = earlier.isPresent()
                && (earlier.get().status() == Status.IN_PROGRESS
                        || earlier.get().status() == Status.FAILED);
        if (unfinished && !resume) {
            throw VirtTuneException.refused("an earlier apply of '" + domain.name() + "' did not finish: continue it"
                    + " with --resume, or undo it with virt-tune rollback " + ShellWords.operand(domain.name()));
        }
        if (unfinished) {
            journal.resume(earlier.get());
            if (journal.resumeGuestLeftPaused(log)) {
                live = definitions.find(domain.name()).orElse(live);
            }
            OptionalInt define =
                    new Redefinition(ports.images(), domain, log).definedByTheInterruptedRun(journal, live);
            if (define.isPresent()) {
                try {
                    runSteps(
                            definitions,
                            define.getAsInt() + 1,
                            List.of(),
                            ports.lvm().reads()::report);
                    journal.complete();
                } finally {
                    journal.restoreAutostart(definitions, log);
                }
                return result(
                        DomainResult.Result.DONE,
                        "the new definition was in place already (the interrupted run had"
                                + " defined it): finished on its LVs, without comparing them with the old images again");
            }
        }
        LvmReport lvm = ports.lvm().reads().report();
        List<String> refusals = new Preflight(
                        ports.images(),
                        ports.guests().blockJobs(),
                        ports.copies().qemuImg(),
                        plan.hostSteps())
                .check(domain, live, journal.current(), lvm);
        if (!refusals.isEmpty()) {
            refusals.forEach(reason -> log.println("refused: " + reason));
            throw VirtTuneException.refused(
                    refusals,
                    refusals.get(0)
                            + (refusals.size() > 1 ? " (and " + (refusals.size() - 1) + " more reason(s) above)" : ""));
        }
        if (!unfinished) {
            journal.begin(live, earlier.filter(e -> e.status() == Status.COMPLETED));
        }
        pauseAutostart(definitions);
        try {
            runSteps(
                    definitions,
                    0,
                    domain.steps().stream()
                            .filter(step -> step instanceof ConvertImage)
                            .map(step -> ((ConvertImage) step).source())
                            .toList(),
                    () -> lvm);
            journal.complete();
        } finally {
            journal.restoreAutostart(definitions, log);
        }
        return result(ports.run().mode().finished(), doneDetail());
    }

    /**
     * Runs the steps from {@code first} on that are not done yet, holding {@code sources} so that
     * no guest starts on them meanwhile; {@code lvm} is read only when a step is left to run.
     */
    private void runSteps(DomainDefinitions definitions, int first, List<String> sources, Supplier<LvmReport> lvm) {
        if (IntStream.range(first, domain.steps().size()).allMatch(journal.current()::isDone)) {
            return;
        }
        try (SourceHolds held = new SourceHolds(ports.images().holds(), sources, domain.name())) {
            held.take();
            StepExecutor steps = new StepExecutor(new StepExecutor.Context(
                    ports,
                    domain,
                    plan.schedule(),
                    journal,
                    pools,
                    space,
                    bandwidth,
                    definitions,
                    lvm.get(),
                    held,
                    log,
                    progress));
            for (int i = first; i < domain.steps().size(); i++) {
                if (!journal.current().isDone(i)) {
                    steps.run(i, domain.steps().get(i));
                }
            }
        }
    }

    /** Autostart would boot the guest on the images being copied, at a reboot of the host. */
    private void pauseAutostart(DomainDefinitions definitions) {
        AutostartPause.pause(definitions, journal.current(), ports.run().now(), journal::save);
    }

    /** Called by the shutdown hook: the journal says the run was stopped, not only where. */
    void interrupted(String why) {
        journal.interrupted(why);
    }

    private DomainResult failed(DomainDefinitions definitions, VirtTuneException e) {
        return DomainResult.stopped(domain.name(), e, e.getMessage() + journal.fail(definitions));
    }

    private String doneDetail() {
        if (domain.outcome() == DomainOutcome.STAGE) {
            return "staged: boot it once so Windows binds its VirtIO driver, then plan again with --virtio-ready="
                    + ShellWords.quote(domain.name());
        }
        String live = domain.steps().stream().anyMatch(step -> step instanceof CopyLive)
                ? "; moved live: it runs on its LVs now, the other changes take effect at its next cold boot"
                : "";
        return domain.steps().size() + " step(s)" + live + ports.run().mode().says("", " (dry run: nothing changed)");
    }

    private DomainResult result(DomainResult.Result result, String detail) {
        return new DomainResult(domain.name(), result, detail);
    }
}
