package io.virttune.plan;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.virttune.lvm.VolumeName;

/** Set an LV's read-ahead in sectors; 0 turns it off, as the recipe does for VM volumes. */
public record SetReadAhead(String vg, String name, int sectors) implements Step {
    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.setReadAhead(this);
    }

    /** The LV as lvm names it. */
    @JsonIgnore
    public VolumeName volume() {
        return new VolumeName(vg, name);
    }

    @Override
    public String describe() {
        return "set read-ahead of " + volume() + " to " + sectors;
    }
}
