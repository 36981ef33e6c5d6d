package io.virttune.plan;

import io.virttune.inspect.DiskFacts;
import io.virttune.inspect.DomainFacts;
import io.virttune.text.Bytes;
import java.util.ArrayList;
import java.util.List;

/**
 * A running domain's move: what a disk must be for its block copy to be safe while the guest runs
 * (each rule broken refuses the domain's live plan, naming the disk and what to do; a shareable
 * disk is never moved at all), and what of the plan happens now and what at the next cold boot.
 */
final class LiveMoves {
    private LiveMoves() {}

    /** The plan's words for what happens while the guest runs, and what waits for its next cold boot. */
    static String timing(DomainFacts facts, List<Step> steps) {
        List<String> copies = steps.stream()
                .filter(step -> step instanceof CopyLive)
                .map(step -> ((CopyLive) step).disk())
                .toList();
        boolean redefined = steps.stream().anyMatch(step -> step instanceof DefineDomain);
        boolean compared = steps.stream().anyMatch(step -> step instanceof CopyLive copy && copy.verifyPaused());
        return "live now: disk(s) " + String.join(", ", copies) + " copied onto their LVs while the guest runs, and the"
                + " guest switched onto them (the source images stay as they are)"
                + (compared
                        ? "; the guest pauses before each switch while its source and LV are compared (qemu-img compare"
                                + " reads both: seconds per GiB of disk)"
                        : "")
                + "; "
                + (redefined
                        ? "at the next cold boot (a full power-off and start, not a reboot inside the guest): every"
                                + " other change in the diff (bus and target, cache and io, IOThreads, hugepages), defined in the"
                                + " persistent definition only"
                        : "nothing waits for a cold boot");
    }

    static List<String> refusals(DomainFacts facts, long extentBytes) {
        List<String> reasons = new ArrayList<>();
        for (DiskFacts disk : DomainPlanner.moved(facts)) {
            String where = "disk " + disk.target() + " (moved live): ";
            disk.image()
                    .map(image -> image.virtualSizeBytes())
                    .filter(size -> size % extentBytes != 0)
                    .ifPresent(size ->
                            reasons.add(where + "its virtual size " + size + " bytes is not a multiple of the VG's "
                                    + Bytes.format(extentBytes)
                                    + " extents, and a block copy needs an LV of exactly the disk's size"
                                    + " (rule: docs/live.md); resize the image to a multiple (qemu-img resize, with the guest shut"
                                    + " down), or shut it down and plan without --live"));
        }
        return reasons;
    }
}
