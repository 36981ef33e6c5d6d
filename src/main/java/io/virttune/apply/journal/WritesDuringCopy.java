package io.virttune.apply.journal;

import java.util.Locale;
import java.util.OptionalDouble;

/**
 * What a guest wrote while its disk was copied live, as its block stats counted it from the
 * mirror's start until it was ready, beside what plan sampled it writing before the move: a
 * mirror's load slows its guest, which a later plan learns from.
 *
 * @param perSecond the guest's write requests a second during the copy
 * @param sampledPerSecond its write requests a second when plan sampled it; empty where plan did not
 */
public record WritesDuringCopy(double perSecond, OptionalDouble sampledPerSecond) {
    /** As a live copy's DONE entry ends with it ({@link CopyPaces#liveDetail}). */
    String detail() {
        return String.format(Locale.ROOT, ", the guest writing %.0f times a second during it", perSecond)
                + (sampledPerSecond.isPresent()
                        ? String.format(Locale.ROOT, " (%.0f sampled by plan)", sampledPerSecond.getAsDouble())
                        : "");
    }
}
