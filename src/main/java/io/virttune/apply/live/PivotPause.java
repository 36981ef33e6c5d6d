package io.virttune.apply.live;

import io.virttune.Sleep;
import io.virttune.VirtTuneException;
import io.virttune.apply.journal.DomainJournal;
import io.virttune.apply.journal.JournalEntry;
import io.virttune.apply.journal.PivotPauses;
import io.virttune.apply.ports.BlockJobsSource;
import io.virttune.apply.ports.RunPorts;
import io.virttune.blockjob.BlockJobs;
import io.virttune.blockjob.PauseReason;
import java.io.PrintWriter;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * A running guest paused for the moment of each pivot and resumed right after, also when the pivot
 * fails.
 */
public final class PivotPause {
    public static final String KIND = PivotPauses.KIND;
    public static final String PAUSED = "paused by virt-tune for a pivot";
    static final String RESUMED = "resumed";
    /** At a poll of a second, a minute: a libvirtd restart takes seconds. */
    private static final int RECONNECT_ATTEMPTS = 60;

    /** The guests this process holds paused now, each with what resumes it once: for the shutdown hook. */
    private static final Map<String, Runnable> PAUSED_NOW = new ConcurrentHashMap<>();

    private final BlockJobs jobs;
    private final BlockJobsSource reconnect;
    private final RunPorts run;
    private final PrintWriter log;

    /** {@code reconnect} reaches the guest again should libvirtd restart under {@code jobs}. */
    public PivotPause(BlockJobs jobs, BlockJobsSource reconnect, RunPorts run, PrintWriter log) {
        this.jobs = jobs;
        this.reconnect = reconnect;
        this.run = run;
        this.log = log;
    }

    /** True when virt-tune paused the guest for a pivot and has not resumed it since. */
    public static boolean pending(DomainJournal journal) {
        return journal.lastDetailOf(KIND).filter(PAUSED::equals).isPresent();
    }

    /**
     * Runs {@code pivot} with the guest paused, journaled through {@code save} before the pause and
     * after the resume, with what it pauses the guest to switch {@code into}; a guest that is paused
     * already is left as it is.
     *
     * @param beforeSuspend what the pivot needs that need not see the guest still, run once the guest
     *     may be switched, before the suspend: every call in the pause is pause time
     * @param pivot true when it switched the guest, false when it found it must not (and did not);
     *     it marks the end of each of its parts in the pause it is given
     * @return what {@code pivot} returned
     */
    boolean around(
            DomainJournal journal,
            Consumer<DomainJournal> save,
            PivotPauses.Target into,
            Runnable beforeSuspend,
            Predicate<PauseParts> pivot) {
        Optional<PauseReason> pausedBefore = jobs.pausedFor();
        if (pausedBefore.isPresent()) {
            PauseReason reason = pausedBefore.get();
            if (reason == PauseReason.IOERROR) {
                throw VirtTuneException.refused(
                        "the guest was paused " + reason.words() + " (rule: virt-tune switches no"
                                + " guest QEMU stopped on an I/O error: the write that stopped it has not reached the source); the copy"
                                + " is left ready and the guest paused: see the error with virsh domblkerror "
                                + journal.domain()
                                + ", fix it, resume the guest (virsh resume), then apply --resume");
            }
            log.println("  the guest is paused " + reason.words() + ", not by virt-tune: switching it while paused,"
                    + " leaving it paused");
            beforeSuspend.run();
            return pivot.test(new PauseParts(run.clock()));
        }
        beforeSuspend.run();
        DomainJournal paused = journal.with(entry(PAUSED));
        save.accept(paused);
        PauseParts parts = new PauseParts(run.clock());
        AtomicBoolean held = new AtomicBoolean(true);
        jobs.pause();
        parts.ended("suspend");
        // A SIGTERM or SIGINT during the pause: the shutdown hook resumes the guest, once.
        PAUSED_NOW.put(journal.domain(), () -> {
            if (held.getAndSet(false)) {
                jobs.resume();
            }
        });
        boolean switched;
        try {
            switched = pivot.test(parts);
        } catch (RuntimeException failure) {
            PAUSED_NOW.remove(journal.domain());
            if (held.getAndSet(false)) {
                resumeAfter(failure, paused, save, into, parts);
            }
            throw failure;
        }
        PAUSED_NOW.remove(journal.domain());
        if (held.getAndSet(false)) {
            resume(paused, save, false, into, parts, switched);
        } else {
            save.accept(paused.with(entry(RESUMED)));
        }
        log.println("  "
                + run.mode()
                        .says(
                                "the guest was paused " + parts.millis() + " ms for the pivot"
                                        + (switched ? "" : ", then resumed on its source, not switched") + " ("
                                        + parts + ")",
                                "the guest would be paused for the pivot"));
        return switched;
    }

    /**
     * What the shutdown hook calls: every guest this process paused for a pivot is resumed, since a
     * stopped virt-tune would leave it paused until someone noticed; the journal's pending pause
     * then tells a resume or a rollback to check it again.
     */
    public static void resumeAllPaused() {
        PAUSED_NOW.values().forEach(resume -> {
            try {
                resume.run();
            } catch (RuntimeException e) {
                // libvirtd gone too: apply --resume or rollback resumes the guest from the journal.
            }
        });
        PAUSED_NOW.clear();
    }

    /** After a failed pivot: the guest resumed if it is still there; a failure to is kept with the pivot's. */
    private void resumeAfter(
            RuntimeException failure,
            DomainJournal paused,
            Consumer<DomainJournal> save,
            PivotPauses.Target into,
            PauseParts parts) {
        try {
            // QEMU may have ended with the pivot: then there is no guest to resume.
            resume(paused, save, true, into, parts, false);
        } catch (RuntimeException resume) {
            failure.addSuppressed(resume);
            log.println("  the guest could not be resumed after the failed pivot (" + resume.getMessage() + "); apply"
                    + " --resume or rollback resumes it");
        }
    }

    /**
     * Resumes the guest ({@code ifPaused}: only if it is still paused), through a new connection
     * when libvirtd restarted under this one, and journals it with how long the pause of {@code
     * parts} took, the resume its last part, and whether it {@code switched} the guest {@code into}
     * its LV.
     */
    private void resume(
            DomainJournal paused,
            Consumer<DomainJournal> save,
            boolean ifPaused,
            PivotPauses.Target into,
            PauseParts parts,
            boolean switched) {
        try {
            if (!ifPaused || jobs.pausedFor().isPresent()) {
                jobs.resume();
            }
        } catch (RuntimeException lost) {
            resumeThroughNewConnection(paused.domain(), lost);
        }
        parts.ended("resume");
        save.accept(paused.with(entry(PivotPauses.resumedAfter(parts.millis(), into, parts.toString(), switched))));
    }

    /**
     * The first connection is gone (libvirtd restarted under it): a new one is opened as soon as
     * libvirtd answers again, tried once a poll for up to {@link #RECONNECT_ATTEMPTS} polls, since
     * the guest waits paused until then.
     */
    private void resumeThroughNewConnection(String domain, RuntimeException lost) {
        for (int attempt = 1; ; attempt++) {
            try {
                reconnect.with(domain, fresh -> {
                    if (fresh.pausedFor().isPresent()) {
                        fresh.resume();
                    }
                    return null;
                });
                log.println("  resumed the guest through a new libvirt connection (the first was lost: "
                        + lost.getMessage() + ")");
                return;
            } catch (RuntimeException down) {
                if (attempt == RECONNECT_ATTEMPTS) {
                    down.addSuppressed(lost);
                    throw down;
                }
                Sleep.of(reconnect.timings().poll(), e -> {
                    VirtTuneException interrupted = VirtTuneException.failed(
                            "interrupted while waiting for libvirtd to answer again; the guest '" + domain
                                    + "' is left paused: apply --resume or rollback resumes it",
                            e);
                    // Kept as the last attempt's failure keeps it: the libvirt error that started the wait.
                    interrupted.addSuppressed(lost);
                    return interrupted;
                });
            }
        }
    }

    /**
     * After a run stopped between a pause and its resume: resumes the guest if virt-tune paused it
     * and it is paused still.
     *
     * @return the journal, with the resume if there was one to make
     */
    public DomainJournal resumeLeftPaused(DomainJournal journal) {
        if (!pending(journal)) {
            return journal;
        }
        if (jobs.pausedFor().isPresent()) {
            jobs.resume();
            log.println(run.mode().says("resumed", "would resume") + " '" + journal.domain() + "', which a stopped run"
                    + " had paused for a pivot");
        }
        return journal.with(entry(RESUMED));
    }

    private JournalEntry entry(String detail) {
        return new JournalEntry(AutostartPause.DOMAIN, KIND, JournalEntry.StepState.DONE, run.now(), detail);
    }
}
