package io.virttune.apply.journal;

/** One step's record in a domain's journal: which step, whether it started or finished, when. */
public record JournalEntry(int step, String kind, StepState state, String at, String detail) {

    /** Where a step got to; STARTED without DONE means it was interrupted. */
    public enum StepState {
        STARTED,
        DONE,
        FAILED
    }
}
