package io.virttune.apply.custody;

import java.util.List;
import java.util.stream.Collectors;

/**
 * What {@link Custody#check} answers: the rules a change breaks (none: it may go ahead), and the
 * writes it discards because the operator said {@code --force}, each named for the operator.
 */
public record CustodyVerdict(List<CustodyRefusal> refusals, List<String> discardedWrites) {

    public CustodyVerdict {
        refusals = List.copyOf(refusals);
        discardedWrites = List.copyOf(discardedWrites);
    }

    public boolean allowed() {
        return refusals.isEmpty();
    }

    /** The refusals in one line for a person, each with its rule. */
    public String reasons() {
        return refusals.stream().map(CustodyRefusal::message).collect(Collectors.joining("; "));
    }
}
