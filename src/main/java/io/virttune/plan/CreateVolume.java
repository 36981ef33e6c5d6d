package io.virttune.plan;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.virttune.lvm.VolumeName;
import io.virttune.text.Bytes;

/** Create a logical volume: linear in the VG, or thin in {@code thinPool} when that is set. */
public record CreateVolume(String vg, String name, long sizeBytes, String thinPool) implements Step {
    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.createVolume(this);
    }

    /** The thin pool as lvm names it; only for a thin LV. */
    @JsonIgnore
    public VolumeName pool() {
        return new VolumeName(vg, thinPool);
    }

    /** The LV as lvm names it. */
    @JsonIgnore
    public VolumeName volume() {
        return new VolumeName(vg, name);
    }

    public boolean thin() {
        return thinPool != null;
    }

    public String devicePath() {
        return volume().devicePath();
    }

    @Override
    public String describe() {
        return "create " + (thin() ? "thin LV " + volume() + " in pool " + thinPool : "linear LV " + volume()) + " of "
                + Bytes.format(sizeBytes);
    }
}
