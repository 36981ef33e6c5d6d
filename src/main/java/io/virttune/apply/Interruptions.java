package io.virttune.apply;

import io.virttune.apply.live.PivotPause;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The migrations running in this JVM, so that a SIGTERM or SIGINT (a shutdown hook) is written
 * into the journal of each domain it interrupted. A SIGKILL leaves no such record: the journal
 * then shows only a step started and never done.
 */
final class Interruptions {
    /** What the journal says of a run stopped by a signal; the JVM does not tell which one. */
    static final String BY_SIGNAL = "interrupted by SIGTERM or SIGINT: virt-tune was stopped";

    private static final Set<DomainMigration> RUNNING = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> interruptAll(BY_SIGNAL), "journal-interruptions"));
    }

    private Interruptions() {}

    static void started(DomainMigration migration) {
        RUNNING.add(migration);
    }

    static void ended(DomainMigration migration) {
        RUNNING.remove(migration);
    }

    /** Journals {@code why} for every migration still running: what the shutdown hook does. */
    static void interruptAll(String why) {
        PivotPause.resumeAllPaused();
        RUNNING.forEach(migration -> migration.interrupted(why));
    }
}
