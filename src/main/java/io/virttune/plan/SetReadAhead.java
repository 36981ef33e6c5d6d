package io.virttune.plan;

/** Set an LV's read-ahead in sectors; 0 turns it off, as the recipe does for VM volumes. */
public record SetReadAhead(String vg, String name, int sectors) implements Step {
  @Override
  public <R> R accept(Visitor<R> visitor) {
    return visitor.setReadAhead(this);
  }

  @Override
  public String describe() {
    return "set read-ahead of " + vg + "/" + name + " to " + sectors;
  }
}
