package io.virttune.plan;

import io.virttune.text.Bytes;

/** How a step's copy cap reads in its description. */
final class Bandwidth {
    private Bandwidth() {}

    /** ", at most 64.0 MiB/s" for a cap, nothing for none (0). */
    static String atMost(long bytesPerSecond) {
        return bytesPerSecond > 0 ? ", at most " + Bytes.format(bytesPerSecond) + "/s" : "";
    }
}
