package io.virttune.apply.custody;

import java.util.List;

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
}
