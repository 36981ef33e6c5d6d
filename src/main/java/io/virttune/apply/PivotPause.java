package io.virttune.apply;

import io.virttune.VirtTuneException;
import io.virttune.libvirt.BlockJobs;
import io.virttune.libvirt.PauseReason;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * A running guest is paused for the moment of each pivot and resumed right after, also when the
 * pivot fails. QEMU 7.2 (Debian 12) can abort while a mirror completes under guest writes: a
 * request that arrives while the job swaps the disk's nodes meets one that gave up its write
 * permission ({@code bdrv_co_write_req_prepare: Assertion `child->perm & BLK_PERM_WRITE' failed},
 * seen in the lab on a SATA disk under 4k random writes at queue depth 8), and the guest dies with
 * QEMU. Paused, the guest's devices send no request until the swap is over. The pause is journaled
 * before it happens, so that a resume or a rollback after a crash in between resumes the guest;
 * a guest paused by someone else stays paused.
 */
final class PivotPause {
  static final String KIND = "PivotPause";
  static final String PAUSED = "paused by virt-tune for a pivot";
  static final String RESUMED = "resumed";

  private final BlockJobs jobs;
  private final ApplyPorts ports;
  private final PrintWriter log;

  PivotPause(BlockJobs jobs, ApplyPorts ports, PrintWriter log) {
    this.jobs = jobs;
    this.ports = ports;
    this.log = log;
  }

  /** True when virt-tune paused the guest for a pivot and has not resumed it since. */
  static boolean pending(DomainJournal journal) {
    return journal.lastDetailOf(KIND).filter(PAUSED::equals).isPresent();
  }

  /**
   * Runs {@code pivot} with the guest paused, journaled through {@code save} before the pause and
   * after the resume; a guest that is paused already is left as it is.
   *
   * @param pivot true when it switched the guest, false when it found it must not (and did not)
   * @return what {@code pivot} returned
   */
  boolean around(DomainJournal journal, Consumer<DomainJournal> save, BooleanSupplier pivot) {
    Optional<PauseReason> pausedBefore = jobs.pausedFor();
    if (pausedBefore.isPresent()) {
      PauseReason reason = pausedBefore.get();
      if (reason == PauseReason.IOERROR) {
        throw VirtTuneException.refused("the guest was paused " + reason.words() + " (rule: virt-tune switches no"
            + " guest QEMU stopped on an I/O error: the write that stopped it has not reached the source); the copy"
            + " is left ready and the guest paused: see the error with virsh domblkerror " + journal.domain()
            + ", fix it, resume the guest (virsh resume), then apply --resume");
      }
      log.println("  the guest is paused " + reason.words() + ", not by virt-tune: switching it while paused,"
          + " leaving it paused");
      return pivot.getAsBoolean();
    }
    DomainJournal paused = journal.with(entry(PAUSED));
    save.accept(paused);
    Instant start = ports.clock().instant();
    jobs.pause();
    boolean switched;
    try {
      switched = pivot.getAsBoolean();
    } catch (RuntimeException failure) {
      resumeAfter(failure, paused, save);
      throw failure;
    }
    jobs.resume();
    save.accept(paused.with(entry(RESUMED)));
    log.println("  " + ports.mode().says("the guest was paused " + millis(start) + " ms for the pivot"
        + (switched ? "" : ", then resumed on its source, not switched"), "the guest would be paused for the pivot"));
    return switched;
  }

  /** After a failed pivot: the guest resumed if it is still there; a failure to is kept with the pivot's. */
  private void resumeAfter(RuntimeException failure, DomainJournal paused, Consumer<DomainJournal> save) {
    try {
      // QEMU may have ended with the pivot: then there is no guest to resume.
      if (jobs.pausedFor().isPresent()) {
        jobs.resume();
      }
      save.accept(paused.with(entry(RESUMED)));
    } catch (RuntimeException resume) {
      failure.addSuppressed(resume);
      log.println("  the guest could not be resumed after the failed pivot (" + resume.getMessage() + "); apply"
          + " --resume or rollback resumes it");
    }
  }

  /**
   * After a run stopped between a pause and its resume: resumes the guest if virt-tune paused it
   * and it is paused still.
   *
   * @return the journal, with the resume if there was one to make
   */
  DomainJournal resumeLeftPaused(DomainJournal journal) {
    if (!pending(journal)) {
      return journal;
    }
    if (jobs.pausedFor().isPresent()) {
      jobs.resume();
      log.println(ports.mode().says("resumed", "would resume") + " '" + journal.domain() + "', which a stopped run"
          + " had paused for a pivot");
    }
    return journal.with(entry(RESUMED));
  }

  private long millis(Instant start) {
    return Duration.between(start, ports.clock().instant()).toMillis();
  }

  private JournalEntry entry(String detail) {
    return new JournalEntry(AutostartPause.DOMAIN, KIND, JournalEntry.StepState.DONE, ports.clock().instant().toString(),
        detail);
  }
}
