package io.virttune.plan;

import io.virttune.lvm.VolumeName;

/** The steps of one domain's plan that act on the same LV: its creation, found from a later step. */
public record DiskSteps(DomainPlan domain) {

    /** The creation of the LV {@code volume}, which a step after it acts on. */
    public CreateVolume creationOf(VolumeName volume) {
        return creationOf(volume.devicePath());
    }

    /** The creation of the LV {@code convert} copies into: the planner makes one for every copy. */
    public CreateVolume creationOf(ConvertImage convert) {
        return creationOf(convert.target());
    }

    /** The creation of the LV at {@code devicePath}. */
    public CreateVolume creationOf(String devicePath) {
        return domain.steps().stream()
                .filter(step -> step instanceof CreateVolume create
                        && create.devicePath().equals(devicePath))
                .map(step -> (CreateVolume) step)
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no volume step for " + devicePath));
    }
}
