package io.virttune.plan;

/** Check with qemu-img compare that the copy reads exactly like the source image, its reads capped (0: no cap). */
public record VerifyCopy(String source, String sourceFormat, String target, long bandwidthBytesPerSecond)
        implements Step {
    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.verifyCopy(this);
    }

    @Override
    public String describe() {
        return "verify " + target + " reads the same as " + source + Bandwidth.atMost(bandwidthBytesPerSecond);
    }
}
