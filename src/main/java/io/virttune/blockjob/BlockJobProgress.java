package io.virttune.blockjob;

/**
 * How far a block job is, as virDomainGetBlockJobInfo reports it: bytes done of bytes to do.
 * {@code end} grows while the guest writes, so a copy can go backwards in percent.
 */
public record BlockJobProgress(long cur, long end) {
    /** Whole percent done, 0 while QEMU has not yet counted the work (end 0). */
    public int percent() {
        return end <= 0 ? 0 : (int) Math.min(100, cur * 100 / end);
    }

    /** Everything counted so far is copied: a mirror is then in sync, or about to say so. */
    public boolean caughtUp() {
        return end > 0 && cur == end;
    }
}
