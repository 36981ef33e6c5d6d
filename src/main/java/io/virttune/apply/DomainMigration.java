package io.virttune.apply;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import io.virttune.apply.DomainJournal.Status;
import io.virttune.apply.JournalEntry.StepState;
import io.virttune.libvirt.DomainDefinitions;
import io.virttune.libvirt.LiveDomain;
import io.virttune.lvm.LvmReport;
import io.virttune.plan.ConvertImage;
import io.virttune.plan.CreateVolume;
import io.virttune.plan.DefineDomain;
import io.virttune.plan.DomainOutcome;
import io.virttune.plan.DomainPlan;
import io.virttune.plan.Plan;
import io.virttune.plan.SetReadAhead;
import io.virttune.plan.Step;
import io.virttune.plan.VerifyCopy;
import io.virttune.qemu.Comparison;
import io.virttune.qemu.LvConversion;
import io.virttune.lvm.ThinPoolRoom;
import io.virttune.text.ProgressMeter;
import io.virttune.text.ShellWords;
import java.io.PrintWriter;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Applies one domain's plan: preflight, backup, then each step journaled before and after it
 * runs, so that a crash at any point can be resumed or rolled back. The source images are only
 * ever read.
 */
final class DomainMigration {
  private final ApplyPorts ports;
  private final Plan plan;
  private final DomainPlan domain;
  private final ThinPools pools;
  private final ThinSpace space;
  private final OwnedVolumes volumes;
  private final Redefinition redefinition;
  private final boolean resume;
  private final PrintWriter log;
  private final boolean redrawProgress;
  private static final String INTERRUPTED = "Interrupted";
  private final Set<String> verifiedInThisRun = new HashSet<>();
  private DomainJournal journal;
  private JournalEntry interruption;
  private SourceHolds sources;

  DomainMigration(ApplyPorts ports, Plan plan, DomainPlan domain, ThinPools pools, ThinSpace space, boolean resume,
      PrintWriter log, boolean redrawProgress) {
    this.ports = ports;
    this.plan = plan;
    this.domain = domain;
    this.pools = pools;
    this.space = space;
    this.volumes = new OwnedVolumes(ports);
    this.redefinition = new Redefinition(ports, domain, log);
    this.resume = resume;
    this.log = log;
    this.redrawProgress = redrawProgress;
  }

  DomainResult run() {
    if (domain.steps().isEmpty()) {
      return result(DomainResult.Result.NOTHING_TO_DO, domain.outcome() == DomainOutcome.STOPPED
          ? "not planned: " + String.join("; ", domain.reasons()) : "nothing to change");
    }
    Interruptions.started(this);
    try (DomainDefinitions definitions = ports.definitions().get()) {
      try {
        return migrate(definitions);
      } catch (VirtTuneException e) {
        return failed(definitions, e.exitCode() == ExitCode.REFUSED ? DomainResult.Result.REFUSED
            : DomainResult.Result.FAILED, e.getMessage());
      } catch (RuntimeException e) {
        // One domain's surprise must not stop the others' copies: it fails alone, journaled.
        return failed(definitions, DomainResult.Result.FAILED, "internal error: " + e);
      }
    } catch (VirtTuneException e) {
      return result(e.exitCode() == ExitCode.REFUSED ? DomainResult.Result.REFUSED : DomainResult.Result.FAILED,
          e.getMessage());
    } finally {
      Interruptions.ended(this);
    }
  }

  private DomainResult migrate(DomainDefinitions definitions) {
    {
      LiveDomain live = definitions.find(domain.name()).orElseThrow(() -> VirtTuneException.refused(
          "domain '" + domain.name() + "' no longer exists"));
      Optional<DomainJournal> earlier = ports.state().journal(live.uuid());
      if (earlier.isPresent() && earlier.get().status() == Status.COMPLETED
          && earlier.get().planFingerprint().equals(domain.fingerprint())) {
        return result(DomainResult.Result.ALREADY_DONE, "applied earlier (journal in " + ports.state().root() + ")");
      }
      boolean unfinished = earlier.isPresent()
          && (earlier.get().status() == Status.IN_PROGRESS || earlier.get().status() == Status.FAILED);
      if (unfinished && !resume) {
        throw VirtTuneException.refused("an earlier apply of '" + domain.name() + "' did not finish: continue it"
            + " with --resume, or undo it with virt-tune rollback " + ShellWords.operand(domain.name()));
      }
      journal = unfinished ? earlier.get() : null;
      if (journal != null) {
        refuseAnotherPlansJournal();
        if (finishedByTheInterruptedRun(live)) {
          save(AutostartPause.restore(definitions, journal, now(), log));
          return result(DomainResult.Result.DONE, "the new definition was in place already (the interrupted run had defined it):"
              + " finished on its LVs, without comparing them with the old images again");
        }
      }
      Optional<DomainJournal> completed = earlier.filter(e -> e.status() == Status.COMPLETED);
      LvmReport lvm = ports.lvmReads().report();
      List<String> refusals = new Preflight(ports, plan.hostSteps()).check(domain, live, journal, lvm);
      if (!refusals.isEmpty()) {
        refusals.forEach(reason -> log.println("refused: " + reason));
        throw VirtTuneException.refused(refusals.get(0)
            + (refusals.size() > 1 ? " (and " + (refusals.size() - 1) + " more reason(s) above)" : ""));
      }
      if (journal == null) {
        start(live, completed);
      }
      pauseAutostart(definitions);
      sources = new SourceHolds(ports.holds(), domain.steps().stream().filter(step -> step instanceof ConvertImage)
          .map(step -> ((ConvertImage) step).source()).toList(), domain.name());
      try (SourceHolds held = sources) {
        if (ports.execute()) {
          held.take();
        }
        for (int i = 0; i < domain.steps().size(); i++) {
          if (!journal.isDone(i)) {
            runStep(i, domain.steps().get(i), definitions, lvm);
          }
        }
        save(journal.withStatus(Status.COMPLETED));
      } finally {
        save(AutostartPause.restore(definitions, journal, now(), log));
      }
      return result(ports.execute() ? DomainResult.Result.DONE : DomainResult.Result.WOULD_RUN, doneDetail());
    }
  }

  /** Autostart would boot the guest on the images being copied, at a reboot of the host. */
  private void pauseAutostart(DomainDefinitions definitions) {
    if (ports.execute()) {
      AutostartPause.pause(definitions, journal, now(), this::save);
    } else if (definitions.autostart(domain.name())) {
      log.println("would turn autostart off while applying, and on again afterwards");
    }
  }

  /** Called by the shutdown hook: the journal says the run was stopped, not only where. */
  synchronized void interrupted(String why) {
    interruption = new JournalEntry(AutostartPause.DOMAIN, INTERRUPTED, StepState.FAILED, now(), why);
    if (journal != null) {
      save(journal);
    }
  }

  /** Steps are resumed by their index: a journal of another plan would skip the wrong ones. */
  private void refuseAnotherPlansJournal() {
    boolean samePlan = journal.planDigest() != null
        ? journal.planDigest().equals(PlanDigest.of(domain))
        : journal.planCreatedAt().equals(plan.createdAt());
    if (!samePlan) {
      String name = journal.domain();
      String createdAt = journal.planCreatedAt();
      // That journal is the other plan's record: failing this run must not mark it.
      journal = null;
      throw VirtTuneException.refused("the unfinished apply of '" + name + "' was made from another plan (created "
          + createdAt + ", with other steps) than this one (created " + plan.createdAt() + "): resume it with that plan, or undo it"
          + " with virt-tune rollback " + ShellWords.operand(name) + " and apply this plan afterwards");
    }
  }

  /**
   * After a crash right after define, the guest may have booted on its LVs and written there:
   * once the definition points at them, they are the truth, and comparing them with the old
   * images again would only advise destroying that data.
   */
  private boolean finishedByTheInterruptedRun(LiveDomain live) {
    int define = defineStep();
    if (define < 0 || journal.stateOf(define).isEmpty() || !redefinition.inPlace(live)) {
      return false;
    }
    log.println("the new definition is in place: the interrupted run defined it");
    mark(define, domain.steps().get(define), StepState.DONE, "found in place on resume");
    save(journal.withStatus(Status.COMPLETED));
    return true;
  }

  private int defineStep() {
    for (int i = 0; i < domain.steps().size(); i++) {
      if (domain.steps().get(i) instanceof DefineDomain) {
        return i;
      }
    }
    return -1;
  }

  private DomainResult failed(DomainDefinitions definitions, DomainResult.Result result, String message) {
    if (journal != null) {
      try {
        if (new UnchangedHost(ports, domain, definitions).holds(journal)) {
          closeUnchanged();
          message += "; nothing changed on the host: the journal is closed (the backup is kept), a plain apply"
              + " runs again";
        } else {
          save(journal.withStatus(Status.FAILED));
        }
      } catch (RuntimeException e) {
        message += "; the journal could not be updated either: " + e.getMessage();
      }
    }
    return result(result, message);
  }

  /**
   * Nothing is left to resume or undo: a later apply after a completed one hands back to that
   * one's journal, a first apply's journal is closed.
   */
  private void closeUnchanged() {
    DomainJournal closed = journal.withStatus(Status.NOTHING_CHANGED);
    if (closed.earlierJournal() != null && ports.execute()) {
      journal = closed;
      ports.state().reinstate(closed, java.nio.file.Path.of(closed.earlierJournal()), ports.clock().instant());
    } else {
      save(closed);
    }
  }

  private String doneDetail() {
    if (domain.outcome() == DomainOutcome.STAGE) {
      return "staged: boot it once so Windows binds its VirtIO driver, then plan again with --virtio-ready="
          + ShellWords.quote(domain.name());
    }
    return domain.steps().size() + " step(s)" + (ports.execute() ? "" : " (dry run: nothing changed)");
  }

  /**
   * A new journal. After an earlier completed apply (a Windows guest's second step, a later
   * retune), it carries that one's original backup, sources and volumes: rollback then still goes
   * back to the definition before virt-tune, and cleanup still finds the first images.
   */
  private void start(LiveDomain live, Optional<DomainJournal> completed) {
    String backup;
    if (ports.execute()) {
      backup = ports.state().backup(live.uuid(), live.secureInactiveXml(), ports.clock().instant()).toString();
    } else {
      backup = ports.state().root().resolve("domains").resolve(live.uuid()).resolve("original-TIME.xml").toString();
      log.println("would back up the current definition to " + backup);
    }
    List<String> sources = domain.steps().stream().filter(step -> step instanceof ConvertImage)
        .map(step -> ((ConvertImage) step).source()).toList();
    if (completed.isPresent()) {
      String archived = ports.execute()
          ? ports.state().archive(live.uuid(), ports.clock().instant()).toString() : "the completed journal";
      journal = completed.get().continuing(archived, sources)
          .forPlan(plan.createdAt(), domain.fingerprint(), PlanDigest.of(domain));
    } else {
      journal = DomainJournal.start(domain.name(), live.uuid(), plan.createdAt(), domain.fingerprint(),
          PlanDigest.of(domain), backup, sources);
    }
    save(journal);
  }

  private void runStep(int index, Step step, DomainDefinitions definitions, LvmReport lvm) {
    Optional<StepState> before = journal.stateOf(index);
    log.println((index + 1) + "/" + domain.steps().size() + " " + step.describe());
    mark(index, step, StepState.STARTED, "");
    try {
      if (step instanceof CreateVolume create) {
        createVolume(create, lvm);
      } else if (step instanceof SetReadAhead readAhead) {
        ports.lvmActions().setReadAhead(readAhead.vg(), readAhead.name(), readAhead.sectors());
      } else if (step instanceof ConvertImage convert) {
        sources.whileReleased(() -> convert(convert, before.isPresent(), lvm));
      } else if (step instanceof VerifyCopy verify) {
        sources.whileReleased(() -> verify(verify));
      } else if (step instanceof DefineDomain) {
        define(definitions);
      } else {
        throw new IllegalStateException("not a domain step: " + step);
      }
    } catch (VirtTuneException e) {
      mark(index, step, StepState.FAILED, e.getMessage());
      throw e;
    }
    mark(index, step, StepState.DONE, "");
  }

  private void createVolume(CreateVolume create, LvmReport lvm) {
    String name = create.vg() + "/" + create.name();
    if (journal.createdVolumes().contains(name) && lvm.logicalVolume(create.vg(), create.name()).isPresent()) {
      requireOurs(create);
      log.println("  " + name + " exists from the interrupted run; keeping it");
      return;
    }
    if (create.thin()) {
      pools.ensure(create.vg(), create.thinPool(), journal.uuid(), log);
    }
    // Recorded before lvcreate runs: if we crash right after it, rollback still knows the LV is ours.
    save(journal.withCreatedVolume(name));
    try {
      lvcreate(create);
    } catch (VirtTuneException e) {
      // The name may be someone else's now: it must not stay in the journal as ours.
      save(journal.withoutCreatedVolume(name));
      throw e;
    }
    boolean filledByACopy = domain.steps().stream()
        .anyMatch(step -> step instanceof ConvertImage convert && convert.target().equals(create.devicePath()));
    if (!create.thin() && !filledByACopy) {
      // A linear LV holds whatever its extents held before, maybe another tenant's data.
      ports.zeroing().zero(create.devicePath(), 0, create.sizeBytes());
    }
  }

  /** Creates the LV as virt-tune's and journals its uuid: what proves it ours later. */
  private void lvcreate(CreateVolume create) {
    volumes.create(create, journal.uuid())
        .ifPresent(uuid -> save(journal.withVolumeUuid(create.vg() + "/" + create.name(), uuid)));
  }

  /** Refuses an LV of a journaled name that is not provably the one created; adopts its uuid after a crash. */
  private void requireOurs(CreateVolume create) {
    ports.writers().requireNone(create.devicePath(), domain.name());
    String uuid = volumes.requireOurs(create, journal);
    String name = create.vg() + "/" + create.name();
    if (!journal.volumeUuids().containsKey(name)) {
      save(journal.withVolumeUuid(name, uuid));
    }
  }

  private void convert(ConvertImage convert, boolean interrupted, LvmReport lvm) {
    CreateVolume create = creation(convert);
    ProgressMeter progress = new ProgressMeter(log, "  " + domain.name() + " " + convert.target(), redrawProgress);
    LvConversion.Outcome outcome;
    if (interrupted) {
      // The interrupted run's copy may still be writing there (a qemu-img that outlived it).
      ports.writers().requireNone(convert.target(), domain.name());
    }
    if (convert.targetIsZero()) {
      if (interrupted) {
        // A half-written thin LV no longer reads as zeros: start again from a fresh one.
        log.println("  the copy was interrupted: recreating " + create.vg() + "/" + create.name());
        if (lvm.logicalVolume(create.vg(), create.name()).isPresent()) {
          requireOurs(create);
          ports.lvmActions().remove(create.vg(), create.name());
        }
        lvcreate(create);
        ports.lvmActions().setReadAhead(create.vg(), create.name(), 0);
      }
      // A pool created by this run is not in the report read before it: read it fresh then.
      long chunk = lvm.logicalVolume(create.vg(), create.thinPool())
          .or(() -> ports.lvmReads().report().logicalVolume(create.vg(), create.thinPool()))
          .map(pool -> pool.chunkSizeBytes())
          .orElseThrow(() -> VirtTuneException.failed("thin pool " + create.vg() + "/" + create.thinPool() + " vanished"));
      try (ThinSpace.Reservation room = space.reserve(convert, create.vg(), create.thinPool(), chunk, domain.name())) {
        outcome = ports.conversion().intoFreshThin(convert.source(), convert.sourceFormat(), convert.target(),
            create.sizeBytes(), chunk, new ThinPoolRoom(ports.lvmReads(), create.vg(), create.thinPool()), progress);
      }
    } else {
      outcome = ports.conversion().intoLinear(convert.source(), convert.sourceFormat(), convert.target(),
          create.sizeBytes(), progress);
    }
    verifiedInThisRun.add(convert.target());
    if (outcome == LvConversion.Outcome.REWROTE_IN_FULL) {
      log.println("  old data showed through chunks the copy wrote in part (a reused pool without zeroing):"
          + " rewrote " + convert.target() + " in full; verified");
    }
  }

  private CreateVolume creation(ConvertImage convert) {
    return domain.steps().stream()
        .filter(s -> s instanceof CreateVolume c && c.devicePath().equals(convert.target()))
        .map(s -> (CreateVolume) s).findFirst()
        .orElseThrow(() -> new IllegalStateException("no volume step for " + convert.target()));
  }

  /** The copy verifies itself; a copy made by an interrupted earlier run is compared again. */
  private void verify(VerifyCopy verify) {
    if (verifiedInThisRun.contains(verify.target())) {
      log.println("  verified by the copy (qemu-img compare)");
      return;
    }
    Comparison comparison = ports.comparer().compare(verify.source(), verify.sourceFormat(), verify.target());
    if (!comparison.identical()) {
      throw VirtTuneException.failed("the copy " + verify.target() + " differs from " + verify.source() + ": "
          + comparison.detail() + "; the source is untouched; remove the new LVs with virt-tune rollback "
          + ShellWords.operand(domain.name()));
    }
  }

  private void define(DomainDefinitions definitions) {
    redefinition.define(definitions, copy -> {
      // A copy made by an earlier run may be stale: the guest may have run on its images since.
      if (!verifiedInThisRun.contains(copy.target())) {
        sources.whileReleased(() -> verify(new VerifyCopy(copy.source(), copy.sourceFormat(), copy.target())));
      }
    });
  }

  private void mark(int index, Step step, StepState state, String detail) {
    save(journal.with(new JournalEntry(index, kind(step), state, now(), detail)));
  }

  private String now() {
    return ports.clock().instant().toString();
  }

  private static String kind(Step step) {
    return step.getClass().getSimpleName();
  }

  private synchronized void save(DomainJournal next) {
    // Kept in every later write: the job's own writes may start from a journal read before it.
    if (interruption != null && !next.entries().contains(interruption)) {
      next = next.with(interruption);
    }
    journal = next;
    if (ports.execute()) {
      ports.state().save(next);
    }
  }

  private DomainResult result(DomainResult.Result result, String detail) {
    return new DomainResult(domain.name(), result, detail);
  }
}
