package io.virttune.plan;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.virttune.lvm.VolumeName;

/**
 * Zero a new linear LV that no copy fills (a Windows guest's temporary disk): a linear LV holds
 * whatever its extents held before, maybe another tenant's data.
 */
public record ZeroVolume(String vg, String name) implements Step {
    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.zeroVolume(this);
    }

    /** The LV as lvm names it. */
    @JsonIgnore
    public VolumeName volume() {
        return new VolumeName(vg, name);
    }

    @Override
    public String describe() {
        return "zero linear LV " + volume() + " (its extents may hold old data)";
    }
}
