package io.virttune.plan;

/**
 * Zero a new linear LV that no copy fills (a Windows guest's temporary disk): a linear LV holds
 * whatever its extents held before, maybe another tenant's data.
 */
public record ZeroVolume(String vg, String name) implements Step {
  @Override
  public <R> R accept(Visitor<R> visitor) {
    return visitor.zeroVolume(this);
  }

  @Override
  public String describe() {
    return "zero linear LV " + vg + "/" + name + " (its extents may hold old data)";
  }
}
