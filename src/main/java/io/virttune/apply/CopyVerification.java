package io.virttune.apply;

import io.virttune.VirtTuneException;
import io.virttune.apply.live.HostBandwidth;
import io.virttune.plan.VerifyCopy;
import io.virttune.qemu.Comparison;
import io.virttune.text.ProgressMeter;
import io.virttune.text.ProgressMeters;
import io.virttune.text.ShellWords;
import java.io.PrintWriter;
import java.util.HashSet;
import java.util.Set;

/** The copies of one domain's run: those this run made verify themselves; one an interrupted earlier run made is compared again. */
final class CopyVerification {
    private final String domain;
    private final PrintWriter log;
    private final ProgressMeters progress;
    private final Set<String> verifiedInThisRun = new HashSet<>();

    CopyVerification(String domain, PrintWriter log, ProgressMeters progress) {
        this.domain = domain;
        this.log = log;
        this.progress = progress;
    }

    /** This run's copy into {@code target} is done, compared by qemu-img as it copied. */
    void copied(String target) {
        verifiedInThisRun.add(target);
    }

    boolean copiedInThisRun(String target) {
        return verifiedInThisRun.contains(target);
    }

    /**
     * Compares source and copy unless this run's copy verified itself, its progress shown; the
     * compare takes its share of the host's {@code bandwidth} while it reads, a skipped one none.
     */
    void verify(VerifyCopy verify, HostBandwidth bandwidth, EarlierCopyCompare comparer) {
        if (verifiedInThisRun.contains(verify.target())) {
            log.println("  verified by the copy (qemu-img compare)");
            return;
        }
        Comparison comparison;
        ProgressMeter meter = progress.verify(verify.target());
        try (HostBandwidth.Lease share = bandwidth.startFixed(verify.bandwidthBytesPerSecond())) {
            comparison = Comparison.metered(meter, () -> comparer.compare(verify, share.speed(), meter));
        }
        if (!comparison.identical()) {
            meter.failed();
            throw VirtTuneException.failed("the copy " + verify.target() + " differs from " + verify.source() + ": "
                    + comparison.detail() + "; the source is untouched; remove the new LVs with virt-tune rollback "
                    + ShellWords.operand(domain));
        }
        // Reading the whole LV takes longer than reading its data: the log says why; else what was read.
        log.println("  "
                + comparison
                        .readInFullBecause()
                        .map(why -> "compared " + verify.target() + " by reading it in full: "
                                + String.join(" ", why.strip().split("\\s*\n\\s*")))
                        .orElse(comparison.detail()));
    }
}
