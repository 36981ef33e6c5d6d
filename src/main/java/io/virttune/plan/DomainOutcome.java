package io.virttune.plan;

/** What the plan does with a domain as a whole. */
public enum DomainOutcome {
    /** Data moves to new LVs, and the definition changes. */
    MIGRATE,
    /** Only the definition (and LV read-ahead) changes; no data moves. */
    RETUNE,
    /** A Windows guest: a temporary virtio disk for one boot first, the bus switch later. */
    STAGE,
    /** Already as the recipe wants it. */
    UNCHANGED,
    /** Not planned, for the reasons given. */
    STOPPED
}
