package io.virttune.apply.live;

import io.virttune.apply.journal.DomainJournal;
import io.virttune.apply.ports.BlockJobsSource;
import io.virttune.blockjob.BlockJobs;
import io.virttune.blockjob.MirrorState;
import io.virttune.libvirt.DomainState;
import io.virttune.libvirt.LiveDomain;
import io.virttune.plan.CopyLive;
import io.virttune.plan.DiskSteps;
import io.virttune.plan.DomainPlan;
import io.virttune.text.Bytes;
import io.virttune.xml.DomainXml;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The checks before a live plan's copies, so that nothing is created for a copy that cannot
 * start: the guest runs, nothing outside its definition names its sources, and each disk still
 * to copy runs on its planned source, fits its planned LV, and has no block job of someone else's.
 */
public final class LiveChecks {
    private final BlockJobsSource blockJobs;

    public LiveChecks(BlockJobsSource blockJobs) {
        this.blockJobs = blockJobs;
    }

    /** Reasons to refuse the copies still to run (one a run before started is resumed, not checked here). */
    public List<String> refusals(DomainPlan plan, LiveDomain live, DomainJournal journal) {
        List<CopyLive> notStarted = new ArrayList<>();
        for (int i = 0; i < plan.steps().size(); i++) {
            if (plan.steps().get(i) instanceof CopyLive copy
                    && (journal == null || journal.stateOf(i).isEmpty())) {
                notStarted.add(copy);
            }
        }
        List<String> reasons = new ArrayList<>();
        if (notStarted.isEmpty()) {
            return reasons;
        }
        if (live.state() != DomainState.RUNNING) {
            reasons.add("'" + plan.name() + "' is " + live.state().label() + ": its plan copies its disks while it runs"
                    + " (--live), and it does not run now; nothing was copied; plan again (a shut-off guest gets the offline"
                    + " copy)");
            return reasons;
        }
        if (live.snapshots() > 0) {
            reasons.add("'" + plan.name() + "' has " + live.snapshots() + " libvirt snapshot(s) that name its old"
                    + " images; reverting one after the move would run the guest on stale data; delete them first");
        }
        blockJobs.with(plan.name(), jobs -> {
            String liveXml = jobs.liveXml();
            notStarted.forEach(copy -> check(
                    plan.name(),
                    jobs,
                    liveXml,
                    copy,
                    new DiskSteps(plan).creationOf(copy.device()).sizeBytes(),
                    reasons));
            return null;
        });
        return reasons;
    }

    /**
     * Why {@code copy} cannot fill its LV of {@code volumeBytes}: the guest's disk is larger now
     * (grown since the plan, {@code virsh blockresize}), and a copy onto a smaller LV would leave
     * out the disk's end, or libvirt cannot tell its size; empty when it fits. Read before anything is created and again right
     * before the copy starts, which the LV's creation comes between.
     */
    static Optional<String> outgrown(BlockJobs jobs, CopyLive copy, long volumeBytes) {
        long capacity = jobs.capacityBytes(copy.disk());
        if (capacity <= 0) {
            // A size libvirt cannot tell would pass as fitting any LV, and QEMU would find out mid-copy.
            return Optional.of(BlockJobs.noCapacity(jobs.domain(), copy.disk()) + ", so its planned LV " + copy.device()
                    + " of " + sized(volumeBytes) + " cannot be checked to hold it (rule: a live copy's LV holds the"
                    + " whole disk)");
        }
        if (capacity <= volumeBytes) {
            return Optional.empty();
        }
        return Optional.of("disk " + copy.disk() + " of '" + jobs.domain() + "' is " + sized(capacity)
                + " as the guest sees it now, more than its planned LV " + copy.device() + " of " + sized(volumeBytes)
                + " (rule: a live copy's LV holds the whole disk; a disk grown since the plan, virsh blockresize, needs"
                + " a new plan)");
    }

    private static String sized(long bytes) {
        return bytes + " bytes (" + Bytes.format(bytes) + ")";
    }

    private static void check(
            String domain, BlockJobs jobs, String liveXml, CopyLive copy, long volumeBytes, List<String> reasons) {
        String where = "disk " + copy.disk() + " of '" + domain + "'";
        if (DomainXml.parse(liveXml, "live definition of '" + domain + "'").disks().stream()
                .noneMatch(disk -> copy.disk().equals(disk.targetDev()))) {
            reasons.add(
                    where + " is in its persistent definition only: the running guest has no such disk (one attached"
                            + " for its next boot, --config), and a live copy copies what the guest runs (rule: a live copy starts from"
                            + " the disk the guest runs on); power the guest off and on, or plan again without --live");
            return;
        }
        Optional<String> source = MirrorState.sourceOf(liveXml, domain, copy.disk());
        if (!source.equals(Optional.of(copy.source()))) {
            reasons.add(where + " runs on " + source.orElse("no source") + ", not on the planned " + copy.source()
                    + " (rule: a live copy starts from the disk the guest runs on); plan again");
        }
        outgrown(jobs, copy, volumeBytes)
                .ifPresent(reason -> reasons.add(reason + "; nothing was created; plan again"));
        jobs.progress(copy.disk())
                .ifPresent(job -> reasons.add(where + " has a block job (" + job.percent()
                        + "% done) that this apply did not start; virt-tune starts no second one and leaves it alone: let it"
                        + " finish, or end it (virsh blockjob " + domain + " " + copy.disk()
                        + " --abort), then apply again"));
    }
}
