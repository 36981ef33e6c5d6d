package io.virttune.apply.journal;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.virttune.plan.CopyLive;
import io.virttune.plan.DefineDomain;
import io.virttune.plan.Step;
import java.util.List;
import java.util.Optional;

/** What a domain journal's entries say: where each step got to, and whether the define or a live copy started. */
public interface JournalHistory {
    /** Every step's record, in the order written. */
    List<JournalEntry> entries();

    /** True once this apply started to define the domain: the guest may have run on the new LVs. */
    @JsonIgnore
    default boolean definitionTouched() {
        // Journals written before steps had one kind name the step by its Java class.
        return entries().stream()
                .anyMatch(entry -> entry.kind().equals(Step.kindOf(DefineDomain.class))
                        || entry.kind().equals(DefineDomain.class.getSimpleName()));
    }

    /** True once this apply started a live copy: the guest may run on a new LV without a define. */
    @JsonIgnore
    default boolean movedLive() {
        return entries().stream().anyMatch(entry -> entry.kind().equals(Step.kindOf(CopyLive.class)));
    }

    /** The detail of the last entry of {@code kind}, if there is one: where a pause of something stands. */
    default Optional<String> lastDetailOf(String kind) {
        String detail = null;
        for (JournalEntry entry : entries()) {
            if (entry.kind().equals(kind)) {
                detail = entry.detail();
            }
        }
        return Optional.ofNullable(detail);
    }

    /** The last recorded state of a step, if it was ever started. */
    default Optional<JournalEntry.StepState> stateOf(int step) {
        JournalEntry.StepState state = null;
        for (JournalEntry entry : entries()) {
            if (entry.step() == step) {
                state = entry.state();
            }
        }
        return Optional.ofNullable(state);
    }

    @JsonIgnore
    default boolean isDone(int step) {
        return stateOf(step).equals(Optional.of(JournalEntry.StepState.DONE));
    }
}
