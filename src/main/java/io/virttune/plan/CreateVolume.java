package io.virttune.plan;

import io.virttune.text.Bytes;

/** Create a logical volume: linear in the VG, or thin in {@code thinPool} when that is set. */
public record CreateVolume(String vg, String name, long sizeBytes, String thinPool) implements Step {
  @Override
  public <R> R accept(Visitor<R> visitor) {
    return visitor.createVolume(this);
  }

  public boolean thin() {
    return thinPool != null;
  }

  public String devicePath() {
    return "/dev/" + vg + "/" + name;
  }

  @Override
  public String describe() {
    return "create " + (thin() ? "thin LV " + vg + "/" + name + " in pool " + thinPool : "linear LV " + vg + "/" + name)
        + " of " + Bytes.format(sizeBytes);
  }
}
