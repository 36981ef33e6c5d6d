package io.virttune.apply;

import io.virttune.apply.guards.PoolReports;
import io.virttune.apply.guards.ThinSpace;
import io.virttune.apply.journal.CopyPaces;
import io.virttune.apply.live.HostBandwidth;
import io.virttune.apply.ports.ApplyPorts;
import io.virttune.lvm.ThinPoolRoom;
import io.virttune.plan.ConvertImage;
import io.virttune.plan.CreateVolume;
import io.virttune.plan.DiskSteps;
import io.virttune.qemu.AllocationMap;
import io.virttune.qemu.LvConversion;
import io.virttune.text.Bytes;
import io.virttune.text.Pace;
import java.util.Optional;

/** One offline copy of a domain's run: into its LV, verified, under the host's cap, its pace reported. */
final class OfflineCopy {
    private final StepExecutor.Context run;
    private final ApplyPorts ports;
    private final PoolReports pools;
    private final RunVolumes volumes;
    private final CopyVerification copies;

    OfflineCopy(StepExecutor.Context run, PoolReports pools, RunVolumes volumes, CopyVerification copies) {
        this.run = run;
        this.ports = run.ports();
        this.pools = pools;
        this.volumes = volumes;
        this.copies = copies;
    }

    /**
     * Copies and verifies {@code convert} under its share of the host's cap; returns what its
     * journal entry says of it when done: its pace, which the next night's downtime is predicted by
     * (plan --window, {@link CopyPaces}); nothing in a dry run.
     */
    String copy(ConvertImage convert, boolean interrupted) {
        long started = System.nanoTime();
        long speed;
        LvConversion.Verified copied;
        try (HostBandwidth.Lease share = run.bandwidth().startFixed(convert.bandwidthBytesPerSecond())) {
            speed = share.speed();
            copied = convert(convert, ports.copies().conversion().capped(speed), interrupted);
        }
        if (!ports.run().mode().changesHost()) {
            return "";
        }
        // Reading the whole LV takes longer than reading its data: the log says why, for the operator to mend.
        copied.readInFullBecause()
                .ifPresent(why -> run.log()
                        .println("  verified " + convert.target()
                                + " by reading it in full, as the pool's mapping could not be read: "
                                + String.join(" ", why.strip().split("\\s*\n\\s*"))));
        long took = System.nanoTime() - started;
        long written = writtenBytes(convert, copied);
        run.log()
                .println("  copied and verified " + Pace.of(written, took) + " ("
                        + (written == convert.allocatedBytes()
                                ? ""
                                : Bytes.format(convert.allocatedBytes()) + " of data, the LV's zeros written too; ")
                        + "a pace for plan --copy-rate)");
        return CopyPaces.detail(convert.allocatedBytes(), written, took, speed);
    }

    /** What the copy wrote and its verify read back: a thin LV rewritten in full its data first, then all of it. */
    private long writtenBytes(ConvertImage convert, LvConversion.Verified copied) {
        DiskSteps steps = new DiskSteps(run.domain());
        return copied.outcome() == LvConversion.Outcome.REWROTE_IN_FULL
                ? convert.allocatedBytes() + steps.creationOf(convert).sizeBytes()
                : steps.writtenBy(convert);
    }

    /** Copies and verifies {@code convert}; returns how. */
    private LvConversion.Verified convert(ConvertImage convert, LvConversion conversion, boolean interrupted) {
        CreateVolume create = new DiskSteps(run.domain()).creationOf(convert);
        LvConversion.Verified copied;
        if (interrupted && !convert.targetIsZero()) {
            // Written by name: it must still be the LV created, no definition on it; nor a copy still writing it.
            volumes.requireOurs(create, true);
        }
        if (convert.targetIsZero()) {
            if (interrupted) {
                // A half-written thin LV no longer reads as zeros: start again from a fresh one.
                run.log().println("  the copy was interrupted: recreating " + create.volume());
                if (run.lvm().logicalVolume(create.vg(), create.name()).isPresent()) {
                    volumes.requireOurs(create, true);
                    ports.lvm().actions().remove(create.vg(), create.name());
                }
                volumes.lvcreate(create);
                ports.lvm().actions().setReadAhead(create.vg(), create.name(), 0);
            }
            long chunk = pools.chunkOf(create);
            // One map for the pool's room and the verify's windows. The source cannot change between
            // them: the domain is shut off, and every qemu-img that opens the source meanwhile (this
            // map, the convert, the compares) takes QEMU's image lock without -U, so a guest started
            // in the moments between them still runs at the next one's open, which fails the copy.
            AllocationMap sourceMap = ports.copies().qemuImg().map(convert.source(), convert.sourceFormat());
            try (ThinSpace.PoolReservation room = run.space()
                    .reserve(
                            convert,
                            sourceMap,
                            create.pool(),
                            chunk,
                            run.domain().name())) {
                copied = conversion.intoFreshThin(
                        convert.source(),
                        convert.sourceFormat(),
                        sourceMap,
                        create.volume(),
                        create.sizeBytes(),
                        chunk,
                        new ThinPoolRoom(ports.lvm().reads(), create.pool(), room),
                        run.progress());
            }
        } else {
            copied = new LvConversion.Verified(
                    conversion.intoLinear(
                            convert.source(),
                            convert.sourceFormat(),
                            convert.target(),
                            create.sizeBytes(),
                            run.progress()),
                    Optional.empty());
        }
        copies.copied(convert.target());
        if (copied.outcome() == LvConversion.Outcome.REWROTE_IN_FULL) {
            run.log()
                    .println("  old data showed through chunks the copy wrote in part (a reused pool without zeroing):"
                            + " rewrote " + convert.target() + " in full; verified");
        }
        return copied;
    }
}
