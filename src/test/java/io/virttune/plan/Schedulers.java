package io.virttune.plan;

import io.virttune.inspect.GuestWrites;
import java.time.Duration;

/** Schedulers as tests make them: the copy rate given and nothing else measured, no guest's writes sampled. */
public final class Schedulers {
    /** No guest's writes sampled: a live copy's mirror is predicted without them. */
    public static final GuestWrites UNSAMPLED = GuestWrites.none("no sample taken for this plan");

    private Schedulers() {}

    /** A scheduler that knows {@code rate} alone: live copies' mirrors predicted at it, no switch measured. */
    public static Scheduler atRate(CopyRate rate, Duration window) {
        return new Scheduler(rate, MirrorPace.UNMEASURED, BusyPaces.UNMEASURED, SwitchPause.UNMEASURED, window);
    }
}
