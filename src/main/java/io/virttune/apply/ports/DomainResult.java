package io.virttune.apply.ports;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;
import java.util.List;

/**
 * How applying one domain's plan ended, with a line for the final table and, for a domain refused
 * or failed, every reason (each naming its rule) for a report that lists them.
 */
public record DomainResult(String domain, Result result, String detail, List<String> reasons) {

    public DomainResult {
        reasons = List.copyOf(reasons);
    }

    /** An end with nothing more to list than its detail. */
    public DomainResult(String domain, Result result, String detail) {
        this(domain, result, detail, result == Result.REFUSED || result == Result.FAILED ? List.of(detail) : List.of());
    }

    /** A domain stopped by {@code e}: refused or failed by its exit code, {@code detail} for the table. */
    public static DomainResult stopped(String domain, VirtTuneException e, String detail) {
        return new DomainResult(
                domain, e.exitCode() == ExitCode.REFUSED ? Result.REFUSED : Result.FAILED, detail, e.reasons());
    }

    /** The end states, from best to worst. */
    public enum Result {
        DONE,
        WOULD_RUN,
        ALREADY_DONE,
        NOTHING_TO_DO,
        REFUSED,
        FAILED;

        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
        }
    }
}
