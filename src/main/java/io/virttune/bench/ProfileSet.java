package io.virttune.bench;

import java.util.List;

/**
 * Which of the job file's profiles run, in which order, and the size, runtime, loops and pause
 * between profiles used unless told otherwise.
 */
public enum ProfileSet {
    /**
     * CrystalDiskMark's and KDiskMark's default four (SEQ1M Q8T1, SEQ1M Q1T1, RND4K Q32T1, RND4K
     * Q1T1), read and write, as KDiskMark runs them: a 1 GiB file, 5 s per run, 5 runs each, 5 s
     * between profiles.
     */
    DEFAULT(
            List.of(
                    "seq1m_q8t1_read",
                    "seq1m_q8t1_write",
                    "seq1m_q1t1_read",
                    "seq1m_q1t1_write",
                    "rnd4k_q32t1_read",
                    "rnd4k_q32t1_write",
                    "rnd4k_q1t1_read",
                    "rnd4k_q1t1_write"),
            1L << 30,
            5,
            5,
            5),
    /** The two headline profiles, read and write, once each and without pauses: minutes become seconds. */
    QUICK(List.of("seq1m_q8t1_read", "seq1m_q8t1_write", "rnd4k_q32t1_read", "rnd4k_q32t1_write"), 64L << 20, 5, 1, 0);

    private final List<String> sections;
    private final long sizeBytes;
    private final int runtimeSeconds;
    private final int loops;
    private final int intervalSeconds;

    ProfileSet(List<String> sections, long sizeBytes, int runtimeSeconds, int loops, int intervalSeconds) {
        this.sections = sections;
        this.sizeBytes = sizeBytes;
        this.runtimeSeconds = runtimeSeconds;
        this.loops = loops;
        this.intervalSeconds = intervalSeconds;
    }

    /** The job file's sections to run, in order, each as its own fio run ({@code --section}). */
    public List<String> sections() {
        return sections;
    }

    public long sizeBytes() {
        return sizeBytes;
    }

    public int runtimeSeconds() {
        return runtimeSeconds;
    }

    public int loops() {
        return loops;
    }

    /** The pause between two profiles (KDiskMark's "interval time"), so one profile's writes settle before the next. */
    public int intervalSeconds() {
        return intervalSeconds;
    }
}
