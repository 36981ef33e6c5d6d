package io.virttune.report;

import io.virttune.inspect.Finding;
import io.virttune.inspect.InspectResult;
import io.virttune.lvm.LogicalVolume;
import io.virttune.lvm.LvmReport;
import io.virttune.lvm.VolumeGroup;
import io.virttune.recipe.DiskRole;
import java.util.Comparator;
import java.util.Optional;

/**
 * What to run after an inspect, as virt-xml and Proxmox end theirs: the plan that shows the
 * changes as diffs (its target the thin pool, else the volume group, with the most room here),
 * the host's snippets, or why there is nothing to do.
 */
final class NextStep {
    private NextStep() {}

    static String of(InspectResult result) {
        boolean disks = result.diskCount(DiskRole.MOVE_DATA) > 0
                || result.findings().stream()
                        .anyMatch(finding -> finding.domain().isPresent()
                                && finding.disk().isPresent()
                                && !finding.ruleId().startsWith("skip."));
        boolean host = result.hostFindings().stream().map(Finding::ruleId).anyMatch(id -> id.startsWith("host."));
        String snippets = "virt-tune snippets --out DIR writes the host's udev, sysctl and GRUB lines for review";
        if (!disks) {
            return host ? snippets : "nothing to tune in the domains read here";
        }
        String target = result.facts().lvm().flatMap(NextStep::target).orElse("--vg VG");
        return "virt-tune plan --all " + target + " --diff shows every change as an XML diff; nothing changes before"
                + " apply --execute" + (host ? "; " + snippets : "");
    }

    /**
     * The thin pool with the most free data among those that zero new chunks (one that does not can
     * show a tenant another's deleted data: inspect warns of it), then among the others; else the VG
     * with the most free space.
     */
    private static Optional<String> target(LvmReport lvm) {
        Optional<LogicalVolume> pool = lvm.logicalVolumes().stream()
                .filter(LogicalVolume::isThinPool)
                .max(Comparator.comparing(
                                (LogicalVolume candidate) -> candidate.zeroing().orElse(false))
                        .thenComparingLong(LogicalVolume::freeDataBytes));
        if (pool.isPresent()) {
            return Optional.of("--thin-pool " + pool.get().volumeName());
        }
        return lvm.volumeGroups().stream()
                .max(Comparator.comparingLong(VolumeGroup::freeBytes))
                .map(vg -> "--vg " + vg.name());
    }
}
