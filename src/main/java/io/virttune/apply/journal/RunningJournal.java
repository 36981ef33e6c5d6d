package io.virttune.apply.journal;

/** The journal of a domain's apply while it runs: what it holds now, and the one way to write it. */
public interface RunningJournal {
    /** The domain it records. */
    String domainName();

    /** The journal as last written; null before the run has begun it. */
    DomainJournal current();

    /** Writes {@code next} durably and makes it current. */
    void save(DomainJournal next);
}
