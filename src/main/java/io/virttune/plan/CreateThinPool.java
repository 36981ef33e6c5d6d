package io.virttune.plan;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.virttune.lvm.VolumeName;
import io.virttune.text.Bytes;

/** Create the thin pool the plan's thin volumes go into, with the chunk size and zeroing chosen. */
public record CreateThinPool(
        String vg, String name, long sizeBytes, long chunkSizeBytes, boolean zeroing, long metadataSizeBytes)
        implements Step {
    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.createThinPool(this);
    }

    /** The LV as lvm names it. */
    @JsonIgnore
    public VolumeName volume() {
        return new VolumeName(vg, name);
    }

    @Override
    public String describe() {
        return "create thin pool " + volume() + " of " + Bytes.format(sizeBytes) + ", chunk "
                + Bytes.format(chunkSizeBytes) + ", zeroing " + (zeroing ? "on" : "off") + ", metadata "
                + Bytes.format(metadataSizeBytes);
    }
}
