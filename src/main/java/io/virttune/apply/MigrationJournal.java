package io.virttune.apply;

import io.virttune.VirtTuneException;
import io.virttune.apply.custody.DiskCustody;
import io.virttune.apply.guards.UnchangedHost;
import io.virttune.apply.journal.DomainJournal;
import io.virttune.apply.journal.DomainJournal.Status;
import io.virttune.apply.journal.JournalEntry;
import io.virttune.apply.journal.JournalEntry.StepState;
import io.virttune.apply.journal.PlanDigest;
import io.virttune.apply.journal.RunningJournal;
import io.virttune.apply.live.AutostartPause;
import io.virttune.apply.live.PivotPause;
import io.virttune.apply.ports.BlockJobsSource;
import io.virttune.apply.ports.RunPorts;
import io.virttune.libvirt.DomainDefinitions;
import io.virttune.libvirt.LiveDomain;
import io.virttune.plan.ConvertImage;
import io.virttune.plan.CopyLive;
import io.virttune.plan.DomainPlan;
import io.virttune.plan.Plan;
import io.virttune.plan.Step;
import io.virttune.plan.VerifyCopy;
import io.virttune.text.ShellWords;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The journal of one domain's apply through its life: begun (with the backup of the definition)
 * or taken over from an interrupted run, written before and after each step, and closed as
 * completed, failed, or as having changed nothing. Every write goes to the state port, which a
 * dry run keeps in memory.
 */
final class MigrationJournal implements RunningJournal {
    private static final String INTERRUPTED = "Interrupted";
    private final RunPorts run;
    /** Resumes a guest a stopped run left paused for a pivot. */
    private final BlockJobsSource blockJobs;
    /** When the plan was made: what a journal without a plan digest (an older one) is matched by. */
    private final String planCreatedAt;

    private final DomainPlan domain;
    private DomainJournal journal;
    private JournalEntry interruption;

    MigrationJournal(RunPorts run, BlockJobsSource blockJobs, Plan plan, DomainPlan domain) {
        this.run = run;
        this.blockJobs = blockJobs;
        this.planCreatedAt = plan.createdAt();
        this.domain = domain;
    }

    @Override
    public String domainName() {
        return domain.name();
    }

    @Override
    public synchronized DomainJournal current() {
        return journal;
    }

    /** Takes over an interrupted run's journal; steps resume by index, so it must be this plan's. */
    void resume(DomainJournal earlier) {
        boolean samePlan = earlier.planDigest() != null
                ? earlier.planDigest().equals(PlanDigest.of(domain))
                : earlier.planCreatedAt().equals(planCreatedAt);
        if (!samePlan) {
            // That journal is the other plan's record: failing this run must not mark it.
            throw VirtTuneException.refused(
                    "the unfinished apply of '" + earlier.domain() + "' was made from another plan"
                            + " (created " + earlier.planCreatedAt() + ", with other steps) than this one (created "
                            + planCreatedAt
                            + "): resume it with that plan, or undo it with virt-tune rollback "
                            + ShellWords.operand(earlier.domain())
                            + " and apply this plan afterwards");
        }
        journal = earlier;
    }

    /**
     * A new journal. After an earlier completed apply (a
     * Windows guest's second step, a later retune), it carries that one's original backup, sources
     * and volumes: rollback then still goes back to the definition before virt-tune, and cleanup
     * still finds the first images.
     */
    void begin(LiveDomain live, Optional<DomainJournal> completed) {
        List<DiskCustody> disks = custodyOf(domain);
        List<String> sources = disks.stream().map(DiskCustody::source).toList();
        if (completed.isPresent()) {
            String archived =
                    run.state().archive(live.uuid(), run.clock().instant()).toString();
            save(completed
                    .get()
                    .continuing(archived, sources, disks)
                    .forPlan(planCreatedAt, domain.fingerprint(), PlanDigest.of(domain)));
        } else {
            save(DomainJournal.start(
                    domain.name(),
                    live.uuid(),
                    planCreatedAt,
                    domain.fingerprint(),
                    PlanDigest.of(domain),
                    null,
                    sources,
                    disks));
        }
    }

    /** Each copy of the plan, offline or live, as a custody record: its source and its LV, not verified yet. */
    static List<DiskCustody> custodyOf(DomainPlan domain) {
        List<DiskCustody> disks = new ArrayList<>();
        for (Step step : domain.steps()) {
            if (step instanceof ConvertImage convert) {
                disks.add(DiskCustody.copying(convert.source(), volumeOf(convert.target())));
            } else if (step instanceof CopyLive copy) {
                disks.add(DiskCustody.copying(copy.source(), volumeOf(copy.device())));
            }
        }
        return disks;
    }

    private static String volumeOf(String device) {
        return device.startsWith("/dev/") ? device.substring("/dev/".length()) : device;
    }

    /**
     * Backs up the definition read with its secrets (every backup is kept); the journal keeps the
     * first one, from before virt-tune, which is what a rollback defines again.
     */
    void backUp(LiveDomain live, PrintWriter log) {
        String backup = run.state()
                .backup(live.uuid(), live.secureInactiveXml(), run.clock().instant())
                .toString();
        log.println("  " + run.mode().says("backed up", "would back up") + " the current definition to " + backup);
        if (journal.backupFile() == null) {
            save(journal.withBackupFile(backup));
        }
    }

    void mark(int index, Step step, StepState state, String detail) {
        DomainJournal next = journal.with(new JournalEntry(index, step.kind(), state, run.now(), detail));
        if (state == StepState.DONE && step instanceof VerifyCopy verify) {
            next = next.verified(verify.target());
        } else if (state == StepState.DONE && step instanceof CopyLive copy) {
            next = next.verified(copy.device());
        }
        save(next);
    }

    void complete() {
        save(journal.withStatus(Status.COMPLETED));
    }

    /** Autostart on again if virt-tune turned it off, journaled. */
    void restoreAutostart(DomainDefinitions definitions, PrintWriter log) {
        save(AutostartPause.restore(definitions, journal, run.now(), log, run.mode()));
    }

    /**
     * The guest resumed if the run this one continues stopped while the guest was paused for a
     * pivot, journaled; true when it was.
     */
    boolean resumeGuestLeftPaused(PrintWriter log) {
        if (!PivotPause.pending(journal)) {
            return false;
        }
        save(blockJobs.with(
                journal.domain(), jobs -> new PivotPause(jobs, blockJobs, run, log).resumeLeftPaused(journal)));
        return true;
    }

    /**
     * Closes a failed run's journal: as failed, or, when the host is as it was, as having changed
     * nothing, so that a plain apply runs again.
     *
     * @return what to add to the failure's message
     */
    String fail(DomainDefinitions definitions) {
        if (journal == null) {
            return "";
        }
        try {
            if (!new UnchangedHost(run.state(), domain, definitions).holds(journal)) {
                save(journal.withStatus(Status.FAILED));
                return "";
            }
            DomainJournal closed = journal.withStatus(Status.NOTHING_CHANGED);
            if (closed.earlierJournal() == null) {
                save(closed);
            } else {
                // A later apply after a completed one hands back to that one's journal.
                journal = closed;
                run.state()
                        .reinstate(
                                closed,
                                Path.of(closed.earlierJournal()),
                                run.clock().instant());
            }
            return "; nothing changed on the host: the journal is closed"
                    + (closed.backupFile() == null ? "" : " (the backup " + closed.backupFile() + " is kept)")
                    + ", a plain apply runs again";
        } catch (RuntimeException e) {
            return "; the journal could not be updated either: " + e.getMessage();
        }
    }

    /** Called by the shutdown hook: the journal says the run was stopped, not only where. */
    synchronized void interrupted(String why) {
        interruption = new JournalEntry(AutostartPause.DOMAIN, INTERRUPTED, StepState.FAILED, run.now(), why);
        if (journal != null) {
            save(journal);
        }
    }

    @Override
    public synchronized void save(DomainJournal next) {
        // Kept in every later write: the job's own writes may start from a journal read before it.
        if (interruption != null && !next.entries().contains(interruption)) {
            next = next.with(interruption);
        }
        journal = next;
        run.state().save(next);
    }
}
