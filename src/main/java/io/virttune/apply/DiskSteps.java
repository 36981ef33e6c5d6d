package io.virttune.apply;

import io.virttune.plan.ConvertImage;
import io.virttune.plan.CreateVolume;
import io.virttune.plan.DomainPlan;
import java.util.Optional;

/** The steps of one domain's plan that make the same LV: the volume created and the copy into it. */
record DiskSteps(DomainPlan domain) {

  /** The copy that fills {@code create}'s LV; none for a Windows guest's temporary disk. */
  Optional<ConvertImage> copyInto(CreateVolume create) {
    return domain.steps().stream().filter(step -> step instanceof ConvertImage convert
        && convert.target().equals(create.devicePath())).map(step -> (ConvertImage) step).findFirst();
  }

  /** The creation of the LV {@code convert} copies into: the planner makes one for every copy. */
  CreateVolume creationOf(ConvertImage convert) {
    return domain.steps().stream()
        .filter(step -> step instanceof CreateVolume create && create.devicePath().equals(convert.target()))
        .map(step -> (CreateVolume) step).findFirst()
        .orElseThrow(() -> new IllegalStateException("no volume step for " + convert.target()));
  }
}
