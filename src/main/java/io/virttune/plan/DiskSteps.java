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

    /**
     * What the offline {@code convert} writes to its LV, and its verify reads back: a fresh thin LV
     * its data; a linear LV all of it, qemu-img writing the image's zeros and the zeroing the rest.
     * Apply journals a copy's pace as these bytes over its time, and plan predicts a copy by them.
     */
    public long writtenBy(ConvertImage convert) {
        return convert.targetIsZero()
                ? convert.allocatedBytes()
                : creationOf(convert).sizeBytes();
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
