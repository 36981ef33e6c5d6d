package io.virttune.apply.ports;

import io.virttune.apply.journal.StateDirectory;
import java.time.Clock;

/**
 * The run's own: where it keeps its journals, the time it writes in them, and whether it acts.
 *
 * @param state the journals, backups and locks; a dry run's reads the real one and writes nothing
 * @param clock the time of journal entries, archives and backups
 * @param mode whether anything really changes, for the words of the results
 */
public record RunPorts(StateDirectory state, Clock clock, RunMode mode) {

    /** Now, as the journals write it. */
    public String now() {
        return clock.instant().toString();
    }
}
