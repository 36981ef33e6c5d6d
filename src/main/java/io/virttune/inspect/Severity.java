package io.virttune.inspect;

/** How much a finding matters to an operator. */
public enum Severity {
    /** Something could not be read or would break: the plan cannot go ahead as is. */
    ERROR,
    /** Slower or riskier than it needs to be; the recipe has a fix. */
    WARNING,
    /** Worth knowing: advice, trade-offs, and disks left alone with the reason. */
    INFO;

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
