package io.virttune.plan;

/** Check with qemu-img compare that the copy reads exactly like the source image. */
public record VerifyCopy(String source, String sourceFormat, String target) implements Step {
  @Override
  public String describe() {
    return "verify " + target + " reads the same as " + source;
  }
}
