package io.virttune.process;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import java.time.Duration;
import java.util.List;

/** A command that ran past the limit its caller gave it, and was stopped with every command it started. */
public final class CommandTimedOut extends VirtTuneException {
    private final Duration limit;

    CommandTimedOut(List<String> argv, Duration limit) {
        this(argv, "", limit);
    }

    /** @param where where it ran, for a command on another host ("on hv02"), else empty */
    CommandTimedOut(List<String> argv, String where, Duration limit) {
        super(
                ExitCode.FAILED,
                "'" + String.join(" ", argv) + "'" + (where.isEmpty() ? "" : " " + where) + " did not end within "
                        + limit.toSeconds() + " s, so virt-tune stopped it and every command it started");
        this.limit = limit;
    }

    public Duration limit() {
        return limit;
    }
}
