package io.virttune.plan;

import io.virttune.text.Bytes;

/**
 * The rate plan predicts copies by, and where it comes from: what an operator judges the
 * predictions by, and what a script reads to decide whether to trust them.
 *
 * @param bytesPerSecond the pace of a copy and its verify together
 * @param source one of {@code copy-rate}, {@code earlier-copies}, {@code calibration}, {@code
 *     bandwidth}, {@code default}
 * @param basis the rate's basis in words, as plan prints it
 * @param calibration what it was measured by, when {@code source} is {@code calibration}; else null
 */
public record CopyRate(long bytesPerSecond, String source, String basis, Schedule.Calibrated calibration) {
    /**
     * The rate of a host nothing was measured on: about a copy and its verify on one spinning disk
     * (each byte written, then read back, at some 100 MiB/s each), low rather than high, so that a
     * first night's window is more likely to end early than to overrun.
     */
    public static final long DEFAULT_BYTES_PER_SECOND = 50L << 20;

    public CopyRate {
        if (bytesPerSecond <= 0) {
            throw new IllegalArgumentException("a copy rate is positive: " + bytesPerSecond);
        }
    }

    /** The operator's {@code --copy-rate}. */
    public static CopyRate given(long bytesPerSecond) {
        return new CopyRate(bytesPerSecond, "copy-rate", "--copy-rate", null);
    }

    /** The median pace of this host's earlier copies, as their journals record them. */
    public static CopyRate earlierCopies(long bytesPerSecond, String basis) {
        return new CopyRate(bytesPerSecond, "earlier-copies", basis, null);
    }

    /** The pace {@code virt-tune calibrate} measured on the plan's VG or pool. */
    public static CopyRate calibrated(long bytesPerSecond, String basis, Schedule.Calibrated calibration) {
        return new CopyRate(bytesPerSecond, "calibration", basis, calibration);
    }

    /** The {@code --bandwidth} cap, the fastest a copy goes. */
    public static CopyRate bandwidth(long cap) {
        return new CopyRate(cap, "bandwidth", "the --bandwidth cap, the fastest a copy goes", null);
    }

    /** This rate, its basis followed by {@code note}: what else the operator is to judge it by. */
    public CopyRate noting(String note) {
        return new CopyRate(bytesPerSecond, source, basis + "; " + note, calibration);
    }

    /** {@link #DEFAULT_BYTES_PER_SECOND}, with {@code unmeasured}: what was not measured and how to measure it. */
    public static CopyRate statedDefault(String unmeasured) {
        return new CopyRate(
                DEFAULT_BYTES_PER_SECOND,
                "default",
                "a stated default of " + Bytes.format(DEFAULT_BYTES_PER_SECOND) + "/s, about a copy and its verify on"
                        + " one spinning disk, measured nowhere: " + unmeasured,
                null);
    }
}
