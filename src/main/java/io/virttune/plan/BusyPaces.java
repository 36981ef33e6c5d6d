package io.virttune.plan;

import io.virttune.inspect.GuestWriteRate;
import io.virttune.text.Bytes;
import java.util.Locale;

/**
 * The paces a busy guest's live copy goes at, each with where it comes from: the dirtied granules
 * copied again, scattered over the disk, and the copy made again with synchronous writes once the
 * guest outpaces the background one; its first pass where this host's busy copies went slower than
 * its idle ones; and how fast the guest writes meanwhile beside what plan sampled, the mirror's
 * load slowing it.
 *
 * @param granules the pace of the scattered 64 KiB granules the mirror copies again
 * @param synchronous the pace of a copy made again with synchronous writes
 * @param writesDuringCopy the guest's writes during its copy over its sampled rate; null only in a
 *     plan read from a file written before it, which carries it as read: {@link #duringCopy} and
 *     {@link #describe} are for a schedule being made, which always has one
 * @param firstPass the pace of the first pass over the disk while the guest writes; null as
 *     {@code writesDuringCopy} is
 */
public record BusyPaces(Pace granules, Pace synchronous, WritesFactor writesDuringCopy, Pace firstPass) {
    /**
     * The share of the first pass's pace the lab's scattered granule copies went at, 25.7 of 53 MB/s
     * (docs/benchmarks.md, "A busy guest's writes sampled at plan time"): what a host that measured
     * no scattered writes is predicted by.
     */
    static final double GRANULE_SHARE = 25.7 / 53;

    private static final String CALIBRATED_BUSY = "calibrated-busy-mirror";

    /**
     * Nothing measured: the granules at the lab's share of each first pass, the copy again at their
     * pace, the guest writing as sampled.
     */
    public static final BusyPaces UNMEASURED = new BusyPaces(
            Pace.derivedGranules("no scattered-write pace measured"),
            Pace.atGranules("no synchronous copy journaled"),
            WritesFactor.sampled("no busy live copy journaled"),
            Pace.asIdle("no busy live copy journaled"));

    /**
     * How fast a busy guest is predicted to write during its copy, as a share of what plan sampled.
     *
     * @param factor its writes during the copy over its sampled rate
     * @param source for a script: {@code earlier-live-copies} (the median of this host's journaled
     *     busy copies) or {@code sampled} (none journaled: the sampled rate, a factor of 1)
     * @param basis where it comes from, in words
     */
    public record WritesFactor(double factor, String source, String basis) {
        /** The median ratio of this host's journaled busy live copies, {@code basis} saying it. */
        public static WritesFactor earlierLiveCopies(double factor, String basis) {
            return new WritesFactor(factor, "earlier-live-copies", basis);
        }

        /** The sampled rate as it is; {@code unmeasured} says why. */
        public static WritesFactor sampled(String unmeasured) {
            return new WritesFactor(1, "sampled", "as sampled, " + unmeasured);
        }
    }

    /** The writes a guest sampled at {@code sampled} is predicted to make during its copy. */
    GuestWriteRate duringCopy(GuestWriteRate sampled) {
        double factor = writesDuringCopy.factor();
        return new GuestWriteRate(
                sampled.writesPerSecond() * factor,
                Math.round(sampled.bytesPerSecond() * factor),
                sampled.sampledMillis());
    }

    /**
     * One pace and its basis.
     *
     * @param bytesPerSecond the pace; 0 where it is derived from each copy's own first pass
     * @param source for a script: the granules' {@code calibration} or {@code derived}, the
     *     synchronous copy's {@code earlier-synchronous-copies} or {@code granules}, the first pass's
     *     {@code earlier-busy-live-copies}, {@code calibrated-busy-mirror} or {@code mirror}
     * @param basis where it comes from, in words
     */
    public record Pace(long bytesPerSecond, String source, String basis) {
        /** The scattered 64 KiB writes {@code virt-tune calibrate} measured on the plan's VG or pool. */
        public static Pace calibratedGranules(long bytesPerSecond, String basis) {
            return new Pace(bytesPerSecond, "calibration", basis);
        }

        /** The granules at {@link #GRANULE_SHARE} of each copy's first pass; {@code unmeasured} says why. */
        public static Pace derivedGranules(String unmeasured) {
            return new Pace(
                    0,
                    "derived",
                    String.format(
                                    Locale.ROOT,
                                    "%.0f%% of the first pass's pace, the share the lab's scattered granule copies went at"
                                            + " (25.7 of 53 MB/s, docs/benchmarks.md): ",
                                    GRANULE_SHARE * 100)
                            + unmeasured);
        }

        /** The median pace of this host's earlier copies made with synchronous writes, as their journals record them. */
        public static Pace earlierSynchronous(long bytesPerSecond, String basis) {
            return new Pace(bytesPerSecond, "earlier-synchronous-copies", basis);
        }

        /** A synchronous copy at the granules' pace, the slower of the two a copy sees; {@code unmeasured} says why. */
        public static Pace atGranules(String unmeasured) {
            return new Pace(0, "granules", "the scattered granules' pace: " + unmeasured);
        }

        /**
         * The median pace of this host's earlier live copies whose guest wrote during them, as their
         * journals record them: a busy guest's load slows its mirror (the lab's went at half its idle
         * copies' pace, docs/benchmarks.md).
         */
        public static Pace earlierBusy(long bytesPerSecond, String basis) {
            return new Pace(bytesPerSecond, "earlier-busy-live-copies", basis);
        }

        /**
         * The pace of the guest's mirror {@code virt-tune calibrate --mirror} timed while its guest
         * wrote as a busy one does: the first pass of a host with no busy copy journaled yet.
         */
        public static Pace calibratedBusy(long bytesPerSecond, String basis) {
            return new Pace(bytesPerSecond, CALIBRATED_BUSY, basis);
        }

        /** A first pass at the mirror's pace, as an idle guest's copy; {@code unmeasured} says why. */
        public static Pace asIdle(String unmeasured) {
            return new Pace(0, "mirror", "the mirror's pace: " + unmeasured);
        }
    }

    /**
     * The three paces of a copy whose mirror goes at {@code mirror} bytes a second with its guest idle
     * (or capped so), its guest {@code sampled} writing: its first pass at this host's busy copies'
     * pace where that is slower and the guest busy.
     */
    BusyMirror.Paces of(double mirror, GuestWriteRate sampled) {
        double firstPass = busyFirstPass(sampled) ? Math.min(mirror, this.firstPass.bytesPerSecond()) : mirror;
        double scattered = granules.bytesPerSecond() > 0 ? granules.bytesPerSecond() : firstPass * GRANULE_SHARE;
        if (calibratedFirstPass(sampled)) {
            // The share is of the pace calibrate measured, uncapped; the job's speed limit then holds the
            // granules as it holds the first pass: a cap counted once.
            scattered = Math.min(Math.min(scattered, this.firstPass.bytesPerSecond() * GRANULE_SHARE), firstPass);
        } else if (busyGranules(sampled)) {
            // Capped as the first pass is: the job's speed limit holds the granules too.
            scattered = firstPass;
        }
        double again = synchronous.bytesPerSecond() > 0 ? synchronous.bytesPerSecond() : scattered;
        return new BusyMirror.Paces(firstPass, scattered, again);
    }

    /**
     * Whether a guest {@code sampled} writing has its first pass at the pace of a busy guest's mirror
     * calibrate timed: 20 s or so of a first pass, no granule copied again yet, so its granules go at
     * the share of it the lab's busy granule copies went at ({@link #GRANULE_SHARE}), or slower.
     */
    private boolean calibratedFirstPass(GuestWriteRate sampled) {
        return busyFirstPass(sampled) && firstPass.source().equals(CALIBRATED_BUSY);
    }

    /**
     * Whether the granules of a guest {@code sampled} writing go at this host's busy copies' pace:
     * that pace is of all a busy copy's mirror wrote, the granules it copied again included (forky's
     * went at 45 MB/s in all, its calibration's scattered writes at 256 MiB/s, docs/benchmarks.md),
     * so none of them went faster; where the granules were measured slower, they keep that pace.
     */
    private boolean busyGranules(GuestWriteRate sampled) {
        return busyFirstPass(sampled) && granules.bytesPerSecond() > firstPass.bytesPerSecond();
    }

    /**
     * Whether a guest {@code sampled} writing has its first pass at this host's busy copies' pace: one
     * measured, and the guest as busy as those copies' guests, at or above {@link
     * GuestWriteRate#BUSY_FLOOR}; a trickle below it slows a mirror no more than an idle guest does.
     */
    private boolean busyFirstPass(GuestWriteRate sampled) {
        return firstPass.bytesPerSecond() > 0 && sampled.writesPerSecond() >= GuestWriteRate.BUSY_FLOOR;
    }

    /** Where the granules' pace of a guest {@code sampled} writing comes from, in words. */
    private String granulesBasis(BusyMirror.Paces paces, GuestWriteRate sampled) {
        if (calibratedFirstPass(sampled)) {
            if (paces.granules() >= paces.firstPass()) {
                return "held at its first pass's pace, the job's speed limit holding both";
            }
            if (paces.granules() < granulesAsMeasured(paces)) {
                return String.format(
                        Locale.ROOT,
                        "%.0f%% of the first pass calibrate timed: the mirror it timed is a first pass, and the lab's"
                                + " busy granule copies went at that share of theirs (25.7 of 53 MB/s,"
                                + " docs/benchmarks.md)",
                        GRANULE_SHARE * 100);
            }
            return granules.basis();
        }
        return busyGranules(sampled)
                ? "as its first pass: the busy copies' pace is of all their mirrors wrote, granules copied again"
                        + " included (" + granules.basis() + ": " + Bytes.format(granules.bytesPerSecond()) + "/s)"
                : granules.basis();
    }

    /** The granules' pace as calibrated or derived, before a busy first pass bounds it. */
    private double granulesAsMeasured(BusyMirror.Paces paces) {
        return granules.bytesPerSecond() > 0 ? granules.bytesPerSecond() : paces.firstPass() * GRANULE_SHARE;
    }

    /**
     * The paces after the first pass and the guest's writes during the copy, as the basis of a copy
     * whose guest was {@code sampled} writing says them.
     */
    String describe(BusyMirror.Paces paces, GuestWriteRate sampled) {
        String firstPassBasis = firstPass.bytesPerSecond() > 0 && !busyFirstPass(sampled)
                ? String.format(
                        Locale.ROOT,
                        "the mirror's pace: the guest was sampled writing %.0f times a second, fewer than the %.0f a"
                                + " busy guest's first pass is predicted from",
                        sampled.writesPerSecond(),
                        GuestWriteRate.BUSY_FLOOR)
                : firstPass.basis();
        return "its first pass at " + Bytes.format(Math.round(paces.firstPass())) + "/s, " + firstPassBasis
                + "; the granules copied again at " + Bytes.format(Math.round(paces.granules())) + "/s, "
                + granulesBasis(paces, sampled)
                + "; a copy made again at " + Bytes.format(Math.round(paces.synchronous()))
                + "/s, " + synchronous.basis() + "; the guest's writes during its copy: " + writesDuringCopy.basis();
    }
}
