package io.virttune.apply;

import io.virttune.VirtTuneException;
import io.virttune.apply.journal.DomainJournal;
import io.virttune.lvm.LogicalVolume;
import io.virttune.plan.CreateVolume;
import java.util.Optional;

/** The LVs one domain's run creates: journaled as its own before lvcreate, proven its own before reuse. */
final class RunVolumes {
    private final StepExecutor.Context run;
    private final OwnedVolumes owned;

    RunVolumes(StepExecutor.Context run) {
        this.run = run;
        this.owned = new OwnedVolumes(
                run.ports().lvm(), run.ports().images(), run.ports().run().mode());
    }

    /** Creates the LV, or keeps the one an interrupted run created and activated; journaled as ours before lvcreate. */
    void create(CreateVolume create) {
        String name = create.volume().toString();
        DomainJournal journal = run.journal().current();
        Optional<LogicalVolume> existing = run.lvm().logicalVolume(create.vg(), create.name());
        if (journal.createdVolumes().contains(name) && existing.isPresent()) {
            requireOurs(create, true);
            if (existing.get().isActive()) {
                run.log().println("  " + name + " exists from the interrupted run; keeping it");
                return;
            }
            // lvcreate was stopped before it activated the LV, for a thin LV possibly before the pool made
            // its thin device, and then the LV can never be activated. It never held data: make it again.
            run.log().println("  " + name + " exists from the interrupted run, never activated; making it again");
            run.ports().lvm().actions().remove(create.vg(), create.name());
            lvcreate(create);
            return;
        }
        if (create.thin()) {
            run.pools().ensure(create.vg(), create.thinPool(), journal.uuid(), run.log());
        }
        // Recorded before lvcreate runs: if we crash right after it, rollback still knows the LV is ours.
        run.journal().save(run.journal().current().withCreatedVolume(name));
        try {
            owned.create(create, run.journal().current().uuid());
        } catch (VirtTuneException e) {
            // The name may be someone else's now: it must not stay in the journal as ours.
            run.journal().save(run.journal().current().withoutCreatedVolume(name));
            throw e;
        }
        // Past lvcreate the LV may exist, even if it cannot be read back: its name stays journaled.
        journalUuid(create);
    }

    /** Creates the LV as virt-tune's and journals its uuid: what proves it ours later. */
    void lvcreate(CreateVolume create) {
        owned.create(create, run.journal().current().uuid());
        journalUuid(create);
    }

    private void journalUuid(CreateVolume create) {
        owned.uuidOfCreated(create)
                .ifPresent(uuid -> run.journal()
                        .save(run.journal()
                                .current()
                                .withVolumeUuid(create.volume().toString(), uuid)));
    }

    /** Why the LV of {@code create} is not provably the one this move created, as the journal says; empty when it is. */
    Optional<String> notThisMoves(CreateVolume create) {
        return owned.notThisMoves(create, run.journal().current());
    }

    /**
     * Refuses an LV of a journaled name that is not provably the one created, or, to be written
     * over, one custody keeps; adopts its uuid after a crash.
     */
    void requireOurs(CreateVolume create, boolean overwrite) {
        String uuid = owned.requireOurs(create, run.journal().current(), run.definitions(), overwrite);
        String name = create.volume().toString();
        if (!run.journal().current().volumeUuids().containsKey(name)) {
            run.journal().save(run.journal().current().withVolumeUuid(name, uuid));
        }
    }
}
