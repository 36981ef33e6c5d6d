package io.virttune.plan;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.virttune.lvm.VolumeName;

/**
 * Remove the LV of a Windows guest's temporary disk once the new definition no longer names it;
 * only if it is still the one virt-tune created, and no definition uses it and nothing has it open.
 */
public record RemoveVolume(String vg, String name) implements Step {
    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.removeVolume(this);
    }

    /** The LV as lvm names it. */
    @JsonIgnore
    public VolumeName volume() {
        return new VolumeName(vg, name);
    }

    @Override
    public String describe() {
        return "remove the temporary LV " + volume() + ", which the new definition no longer names";
    }
}
