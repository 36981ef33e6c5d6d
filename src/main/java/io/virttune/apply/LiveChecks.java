package io.virttune.apply;

import io.virttune.libvirt.DomainState;
import io.virttune.libvirt.LiveDomain;
import io.virttune.plan.CopyLive;
import io.virttune.plan.DomainPlan;
import java.util.ArrayList;
import java.util.List;

/** The checks before a live plan's copies: the guest runs, and nothing outside its definition names its sources. */
final class LiveChecks {
  private LiveChecks() {}

  /** Reasons to refuse the copies still to run (a copy pivoted already is done: the guest runs on its LV). */
  static List<String> refusals(DomainPlan plan, LiveDomain live, DomainJournal journal) {
    boolean copiesLeft = false;
    for (int i = 0; i < plan.steps().size(); i++) {
      copiesLeft |= plan.steps().get(i) instanceof CopyLive && (journal == null || !journal.isDone(i));
    }
    List<String> reasons = new ArrayList<>();
    if (!copiesLeft) {
      return reasons;
    }
    if (live.state() != DomainState.RUNNING) {
      reasons.add("'" + plan.name() + "' is " + live.state().label() + ": its plan copies its disks while it runs"
          + " (--live), and it does not run now; nothing was copied; plan again (a shut-off guest gets the offline"
          + " copy)");
    }
    if (live.snapshots() > 0) {
      reasons.add("'" + plan.name() + "' has " + live.snapshots() + " libvirt snapshot(s) that name its old"
          + " images; reverting one after the move would run the guest on stale data; delete them first");
    }
    return reasons;
  }
}
