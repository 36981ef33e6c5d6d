package io.virttune.apply.ports;

/**
 * Whether a run changes the host or shows what it would do. Decided once, where {@link
 * ApplyPorts} are made (a dry run's acting ports print instead of acting); the classes that run
 * ask it only for the words of what they report.
 */
public enum RunMode {
    EXECUTE,
    DRY_RUN;

    /** The result of a domain that went through: done, or would run. */
    public DomainResult.Result finished() {
        return this == EXECUTE ? DomainResult.Result.DONE : DomainResult.Result.WOULD_RUN;
    }

    /**
     * Whether what an acting port made can be read back from the host afterwards: a dry run's LV
     * is not there to read its uuid from.
     */
    public boolean changesHost() {
        return this == EXECUTE;
    }

    /** {@code done} in a real run, {@code wouldBe} in a dry run. */
    public String says(String done, String wouldBe) {
        return this == EXECUTE ? done : wouldBe;
    }
}
