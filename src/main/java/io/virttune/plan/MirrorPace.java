package io.virttune.plan;

import io.virttune.text.Bytes;

/**
 * What a live copy's mirror is predicted to write at beside the copy rate, and where that comes from.
 *
 * @param earlierBytesPerSecond the median pace of this host's earlier live copies, all their mirrors
 *     wrote over their time (zeros, readiness and switch included); 0 when none is journaled
 * @param calibratedBytesPerSecond the pace of a guest's mirror {@code calibrate --mirror} timed into
 *     the plan's VG or pool, in that guest's QEMU, start and zeros included (readiness and switch
 *     apart); 0 when none was timed
 * @param zeroBytesPerSecond the write pace a calibration measured on the plan's VG or pool, the pace
 *     the mirror's zeros go at; 0 when none was measured
 * @param basis where the pace comes from, in words; empty when neither was measured
 */
public record MirrorPace(
        long earlierBytesPerSecond, long calibratedBytesPerSecond, long zeroBytesPerSecond, String basis) {
    /** Nothing measured: a mirror's zeros are predicted at the copy rate, as its data. */
    public static final MirrorPace UNMEASURED = new MirrorPace(0, 0, 0, "");

    /** The pace of this host's earlier live copies, as their journals record them. */
    public static MirrorPace earlierLiveCopies(long bytesPerSecond, String basis) {
        return new MirrorPace(bytesPerSecond, 0, 0, basis);
    }

    /** The pace of the guest's mirror a calibration of the plan's VG or pool timed, for all the mirror writes. */
    public static MirrorPace calibratedMirror(long bytesPerSecond, String basis) {
        return new MirrorPace(0, bytesPerSecond, 0, basis);
    }

    /** The calibration's write pace on the plan's VG or pool, for the zeros, with its basis. */
    public static MirrorPace calibratedWrites(long writeBytesPerSecond, String basis) {
        return new MirrorPace(0, 0, writeBytesPerSecond, basis);
    }

    /** The basis of the mirror's pace as a copy's basis says it, with {@code rate} for its data. */
    String describe(long rate) {
        long whole = wholeBytesPerSecond();
        if (whole > 0) {
            return "at " + Bytes.format(whole) + "/s, " + basis;
        }
        if (zeroBytesPerSecond > 0) {
            return "its data at " + Bytes.format(rate) + "/s, its zeros at " + Bytes.format(zeroBytesPerSecond) + "/s, "
                    + basis;
        }
        return "its data and zeros at " + Bytes.format(rate) + "/s";
    }

    /** Seconds the mirror takes to write {@code data} bytes of data and {@code zeros} of zeros, data at {@code rate}. */
    double seconds(long data, long zeros, long rate) {
        long whole = wholeBytesPerSecond();
        if (whole > 0) {
            return (double) (data + zeros) / whole;
        }
        return (double) data / rate + (double) zeros / (zeroBytesPerSecond > 0 ? zeroBytesPerSecond : rate);
    }

    /** The one pace all a mirror writes goes at, measured over a mirror; 0 when none was. */
    private long wholeBytesPerSecond() {
        return earlierBytesPerSecond > 0 ? earlierBytesPerSecond : calibratedBytesPerSecond;
    }
}
