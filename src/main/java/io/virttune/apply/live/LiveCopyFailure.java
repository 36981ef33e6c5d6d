package io.virttune.apply.live;

import io.virttune.VirtTuneException;
import io.virttune.blockjob.BlockJobs;
import io.virttune.blockjob.MirrorState;
import io.virttune.lvm.LogicalVolume;
import io.virttune.lvm.Lvm;
import io.virttune.lvm.LvmReport;
import io.virttune.plan.CopyLive;
import io.virttune.text.ShellWords;
import java.util.Locale;
import java.util.Optional;

/**
 * What a live copy that failed means, in the words the operator needs.
 */
final class LiveCopyFailure {
    private final Lvm lvmReads;
    private final String domain;

    /** {@code lvmReads} tells whether the copy's thin pool is full. */
    LiveCopyFailure(Lvm lvmReads, String domain) {
        this.lvmReads = lvmReads;
        this.domain = domain;
    }

    /** {@code cause}, the failure of the wait for the copy of {@code step}, explained. */
    VirtTuneException explain(BlockJobs jobs, CopyLive step, VirtTuneException cause) {
        boolean running;
        try {
            running = jobs.running();
        } catch (VirtTuneException unreachable) {
            return libvirtdLost(step, cause, unreachable);
        }
        if (!running) {
            return failed(
                    step,
                    "the guest stopped during its live copy onto " + step.device() + ", before the pivot ("
                            + cause.getMessage() + "): the copy ended with it; its definitions still name "
                            + step.source()
                            + ", which holds every write it made (rule: until the pivot the source is the truth), and the LV holds"
                            + " an incomplete copy; start it and apply --resume to copy again, or roll back ("
                            + rollback()
                            + ") to remove the LV",
                    cause);
        }
        if (jobs.progress(step.disk()).isPresent()) {
            return cause; // not ready in time: the job was left running, as the cause says
        }
        return fullPool(step)
                .map(pool -> failed(
                        step,
                        "the live copy onto " + step.device() + " failed: thin pool " + pool.volumeName() + " "
                                + fullness(pool)
                                + " the copy could not write the LV, and its job ended before it was ready; the guest"
                                + " runs on " + step.source()
                                + ", which holds every write it made (rule: until the pivot the source is the"
                                + " truth); the LV holds an incomplete copy and the chunks it took: roll back ("
                                + rollback() + ") to remove it"
                                + " and give them back to the pool, or make room in the pool (lvextend) and apply --resume to copy again",
                        cause))
                .orElse(cause);
    }

    /**
     * {@code cause}, the failure of the pivot of {@code step}, explained when the guest ended with it
     * (QEMU can abort at a mirror's completion); a guest still running keeps libvirt's words.
     */
    VirtTuneException atPivot(BlockJobs jobs, CopyLive step, VirtTuneException cause) {
        try {
            if (jobs.running()) {
                return cause;
            }
            Optional<String> persistent = MirrorState.sourceOf(jobs.inactiveXml(), domain, step.disk());
            String where = persistent.equals(Optional.of(step.device()))
                    ? "its persistent definition names " + step.device()
                            + " already: the switch was made, and the LV holds"
                            + " its writes; start it (it boots on the LV) and apply --resume to finish"
                    : "its persistent definition names " + persistent.orElse("no source")
                            + ", which holds every write it made"
                            + " until then (rule: until the pivot completes the source is the truth), and the LV an unfinished"
                            + " copy; start it and apply --resume to copy again, or roll back (" + rollback()
                            + ") to remove the LV";
            return failed(
                    step,
                    "the guest stopped at the pivot onto " + step.device() + " (" + cause.getMessage()
                            + "): QEMU ended during the switch (its log under /var/log/libvirt/qemu/ says why); "
                            + where,
                    cause);
        } catch (VirtTuneException unreachable) {
            return cause;
        }
    }

    /** Both calls failed: the connection to libvirtd is gone (restarted, stopped); QEMU and its job are not. */
    private VirtTuneException libvirtdLost(CopyLive step, VirtTuneException cause, VirtTuneException unreachable) {
        return failed(
                step,
                "virt-tune lost libvirtd while it followed the live copy onto " + step.device() + " ("
                        + cause.getMessage() + "; then " + unreachable.getMessage()
                        + "): libvirtd restarted or stopped; the copy"
                        + " is QEMU's and may still run; the guest runs on " + step.source()
                        + " until a pivot, which holds every"
                        + " write it made (rule: until the pivot the source is the truth); once libvirtd answers, apply --resume"
                        + " takes the copy up (pivots it when ready, else copies again), or roll back (" + rollback()
                        + ") to"
                        + " abort it and remove the LV",
                cause);
    }

    /**
     * The thin pool of the copy's LV, when the LV is thin and its pool has no data space left, as
     * {@link LogicalVolume#freeDataBytes} reads it: a pool whose usage lvs does not report counts
     * as full, as it does before a copy.
     */
    private Optional<LogicalVolume> fullPool(CopyLive step) {
        LvmReport lvm;
        try {
            lvm = lvmReads.report();
        } catch (VirtTuneException unreadable) {
            return Optional.empty();
        }
        return lvm.thinPoolOf(step.device()).filter(pool -> pool.freeDataBytes() == 0);
    }

    /** How full {@code pool} is, said so when lvs does not tell, before what its being full did. */
    private static String fullness(LogicalVolume pool) {
        if (pool.dataPercent().isEmpty()) {
            return "may be full (it is inactive: lvs reports no usage of it, so its room cannot be told and counts as"
                    + " none; lvchange -ay " + pool.volumeName() + " activates it): if so,";
        }
        return String.format(
                Locale.ROOT,
                "is full (%.2f%% of its data used):",
                pool.dataPercent().getAsDouble());
    }

    /** The command that undoes this domain's move. */
    String rollback() {
        return "virt-tune rollback " + ShellWords.operand(domain);
    }

    private VirtTuneException failed(CopyLive step, String what, VirtTuneException cause) {
        return VirtTuneException.failed("disk " + step.disk() + " of '" + domain + "': " + what, cause);
    }
}
