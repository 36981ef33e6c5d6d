package io.virttune.plan;

/**
 * Redefine the domain with the plan's new XML, after backing up the current definition and
 * checking it still matches the fingerprint taken at planning time.
 */
public record DefineDomain(String domain, String expectedFingerprint) implements Step {
    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.defineDomain(this);
    }

    @Override
    public String describe() {
        return "redefine domain '" + domain + "' with the new XML (the current one is backed up first)";
    }
}
