package io.virttune.apply;

import io.virttune.VirtTuneException;
import io.virttune.apply.guards.PoolReports;
import io.virttune.apply.guards.ThinSpace;
import io.virttune.apply.journal.CopyPaces;
import io.virttune.apply.journal.JournalEntry.StepState;
import io.virttune.apply.journal.WritesDuringCopy;
import io.virttune.apply.live.HostBandwidth;
import io.virttune.apply.live.LiveCopy;
import io.virttune.apply.ports.ApplyPorts;
import io.virttune.apply.undo.TemporaryVolumeRemoval;
import io.virttune.libvirt.DomainDefinitions;
import io.virttune.lvm.LvmReport;
import io.virttune.plan.BackupDefinition;
import io.virttune.plan.ConvertImage;
import io.virttune.plan.CopyLive;
import io.virttune.plan.CreateThinPool;
import io.virttune.plan.CreateVolume;
import io.virttune.plan.DefineDomain;
import io.virttune.plan.DiskSteps;
import io.virttune.plan.DomainPlan;
import io.virttune.plan.RemoveVolume;
import io.virttune.plan.Schedule;
import io.virttune.plan.SetReadAhead;
import io.virttune.plan.Step;
import io.virttune.plan.VerifyCopy;
import io.virttune.plan.ZeroVolume;
import io.virttune.text.ProgressMeters;
import java.io.PrintWriter;
import java.util.OptionalDouble;

/**
 * Runs one domain's steps, each journaled as started before it runs and done (or failed) after:
 * one method per kind of step, so that a new kind does not compile until it is handled here.
 */
final class StepExecutor implements Step.Visitor<Void> {
    /**
     * What the steps of one domain's run share: the host, the journal and the run's own state.
     *
     * @param schedule the plan's predictions, null in a plan without them: the guest's writes plan
     *     sampled, which a live copy's entry puts beside those it read
     */
    record Context(
            ApplyPorts ports,
            DomainPlan domain,
            Schedule schedule,
            MigrationJournal journal,
            ThinPools pools,
            ThinSpace space,
            HostBandwidth bandwidth,
            DomainDefinitions definitions,
            LvmReport lvm,
            SourceHolds sources,
            PrintWriter log,
            ProgressMeters progress) {}

    private final Context run;
    private final PoolReports pools;
    private final ApplyPorts ports;
    private final RunVolumes volumes;
    private final Redefinition redefinition;
    private final CopyVerification copies;
    private final EarlierCopyCompare earlierCopies;
    private final OfflineCopy offline;
    private boolean interrupted;
    /** What the journal's DONE entry of the running step says: a copy's pace, for the next plan. */
    private String doneDetail = "";

    StepExecutor(Context run) {
        this.run = run;
        this.pools = new PoolReports(run.ports().lvm().reads(), run.lvm());
        this.ports = run.ports();
        this.volumes = new RunVolumes(run);
        this.redefinition = new Redefinition(ports.images(), run.domain(), run.log());
        this.copies = new CopyVerification(run.domain().name(), run.log(), run.progress());
        this.earlierCopies =
                new EarlierCopyCompare(ports.copies(), new DiskSteps(run.domain())::creationOf, volumes::notThisMoves);
        this.offline = new OfflineCopy(run, pools, volumes, copies);
    }

    /** Runs the step at {@code index}; one an interrupted run started is taken up where it may have stopped. */
    void run(int index, Step step) {
        interrupted = run.journal().current().stateOf(index).isPresent();
        run.log().println((index + 1) + "/" + run.domain().steps().size() + " " + step.describe());
        run.journal().mark(index, step, StepState.STARTED, "");
        try {
            step.accept(this);
        } catch (VirtTuneException e) {
            run.journal().mark(index, step, StepState.FAILED, e.getMessage());
            throw e;
        }
        run.journal().mark(index, step, StepState.DONE, doneDetail);
        doneDetail = "";
    }

    @Override
    public Void createThinPool(CreateThinPool step) {
        throw new IllegalStateException(
                "a thin pool is a host step, created by the first domain that needs it: " + step);
    }

    @Override
    public Void createVolume(CreateVolume create) {
        volumes.create(create);
        return null;
    }

    @Override
    public Void backupDefinition(BackupDefinition backup) {
        run.journal()
                .backUp(
                        run.definitions()
                                .find(run.domain().name())
                                .orElseThrow(() -> VirtTuneException.refused(
                                        "domain '" + run.domain().name()
                                                + "' disappeared before its definition could be backed up")),
                        run.log());
        return null;
    }

    @Override
    public Void zeroVolume(ZeroVolume zero) {
        CreateVolume create = new DiskSteps(run.domain()).creationOf(zero.volume());
        if (interrupted) {
            volumes.requireOurs(create, true);
        }
        ports.copies().zeroing().zero(create.devicePath(), 0, create.sizeBytes());
        return null;
    }

    @Override
    public Void removeVolume(RemoveVolume remove) {
        new TemporaryVolumeRemoval(ports.lvm(), ports.images(), run.domain().name(), run.log())
                .remove(remove, run.journal().current(), run.definitions());
        return null;
    }

    @Override
    public Void setReadAhead(SetReadAhead readAhead) {
        // The interrupted run may have set it already; lvchange refuses an unchanged value.
        boolean alreadySet = interrupted
                && run.lvm()
                        .logicalVolume(readAhead.vg(), readAhead.name())
                        .filter(lv -> lv.readAheadBytes().orElse(-1) == readAhead.sectors() * 512L)
                        .isPresent();
        if (alreadySet) {
            run.log().println("  the interrupted run set it already");
        } else {
            ports.lvm().actions().setReadAhead(readAhead.vg(), readAhead.name(), readAhead.sectors());
        }
        return null;
    }

    @Override
    public Void convertImage(ConvertImage convert) {
        run.sources().whileReleased(() -> doneDetail = offline.copy(convert, interrupted));
        return null;
    }

    @Override
    public Void verifyCopy(VerifyCopy verify) {
        run.sources().whileReleased(() -> verify(verify));
        return null;
    }

    @Override
    public Void copyLive(CopyLive copy) {
        CreateVolume create = new DiskSteps(run.domain()).creationOf(copy.device());
        if (interrupted) {
            // The copy itself refuses to start unless the guest runs on its source: the LV's identity is checked here.
            volumes.requireOurs(create, false);
        }
        long started = System.nanoTime();
        LiveCopy live = new LiveCopy(ports, run.journal(), run.log(), run.progress(), run.bandwidth(), create);
        try (ThinSpace.Reservation room =
                run.space().reserveLive(create, copy, run.domain().name(), pools)) {
            live.run(copy, interrupted);
        }
        if (ports.run().mode().changesHost()) {
            // What apply puts beside the plan's prediction of the copy (PredictedBesideTaken), and the
            // paces a later plan predicts live copies and their synchronous copies by (CopyPaces), and
            // how a busy guest's writes during its copy compare with plan's sample (WriteSlowdown).
            OptionalDouble sampled = run.schedule() == null
                    ? OptionalDouble.empty()
                    : run.schedule()
                            .sampledWrites(run.domain().name(), copy.disk())
                            .map(rate -> OptionalDouble.of(rate.writesPerSecond()))
                            .orElse(OptionalDouble.empty());
            doneDetail = CopyPaces.liveDetail(
                    live.mirroredBytes(),
                    System.nanoTime() - started,
                    live.synchronousBytes(),
                    live.synchronousNanos(),
                    copy.bandwidthBytesPerSecond(),
                    live.guestWrites().map(during -> new WritesDuringCopy(during.writesPerSecond(), sampled)));
        }
        return null;
    }

    @Override
    public Void defineDomain(DefineDomain define) {
        if (run.journal().current().backupFile() == null) {
            // A plan without its backup step: defining now would leave rollback nothing to go back to.
            throw VirtTuneException.refused("no backup of the definition of '"
                    + run.domain().name() + "' was made;" + " nothing was defined; plan again");
        }
        redefinition.define(run.definitions(), copy -> {
            // A copy made by an earlier run may be stale: the guest may have run on its images since.
            if (!copies.copiedInThisRun(copy.target())) {
                run.sources()
                        .whileReleased(() -> verify(new VerifyCopy(
                                copy.source(), copy.sourceFormat(), copy.target(), copy.bandwidthBytesPerSecond())));
            }
        });
        return null;
    }

    private void verify(VerifyCopy verify) {
        copies.verify(verify, run.bandwidth(), earlierCopies);
    }
}
