package io.virttune.plan;

/**
 * Remove the LV of a Windows guest's temporary disk once the new definition no longer names it;
 * only if it is still the one virt-tune created, and no definition uses it and nothing has it open.
 */
public record RemoveVolume(String vg, String name) implements Step {
  @Override
  public <R> R accept(Visitor<R> visitor) {
    return visitor.removeVolume(this);
  }

  @Override
  public String describe() {
    return "remove the temporary LV " + vg + "/" + name + ", which the new definition no longer names";
  }
}
