package io.virttune.plan;

/**
 * What each switch of a live copy is predicted to pause its guest for, a paused compare apart (the
 * catch-up, the pivot and the switch's own work), and where that comes from.
 *
 * @param millis the pause of one switch; 0 when nothing measured it
 * @param basis where it comes from, in words; empty when nothing measured it
 */
public record SwitchPause(long millis, String basis) {
    /** Nothing measured: each switch's pause is not known. */
    public static final SwitchPause UNMEASURED = new SwitchPause(0, "");

    /** Whether a measurement predicts it. */
    boolean measured() {
        return millis > 0;
    }
}
