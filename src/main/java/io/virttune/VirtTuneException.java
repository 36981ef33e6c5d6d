package io.virttune;

import java.util.List;

/**
 * The one exception type virt-tune raises on purpose: a message written for an operator (what,
 * which domain or disk, why, what to do) and the exit code it maps to.
 */
public class VirtTuneException extends RuntimeException {
    private final ExitCode exitCode;
    private final List<String> reasons;

    public VirtTuneException(ExitCode exitCode, String message) {
        this(exitCode, message, (Throwable) null);
    }

    public VirtTuneException(ExitCode exitCode, String message, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
        this.reasons = List.of(message);
    }

    private VirtTuneException(String message, List<String> reasons) {
        super(message);
        this.exitCode = ExitCode.REFUSED;
        this.reasons = List.copyOf(reasons);
    }

    public static VirtTuneException failed(String message) {
        return new VirtTuneException(ExitCode.FAILED, message);
    }

    public static VirtTuneException failed(String message, Throwable cause) {
        return new VirtTuneException(ExitCode.FAILED, message, cause);
    }

    public static VirtTuneException refused(String message) {
        return new VirtTuneException(ExitCode.REFUSED, message);
    }

    /** A refusal for several reasons, each naming its rule; {@code message} sums them up for a terminal. */
    public static VirtTuneException refused(List<String> reasons, String message) {
        return new VirtTuneException(message, reasons);
    }

    public static VirtTuneException usage(String message) {
        return new VirtTuneException(ExitCode.USAGE, message);
    }

    public ExitCode exitCode() {
        return exitCode;
    }

    /** Every reason, for a report that lists them (--json); the message alone for most. */
    public List<String> reasons() {
        return reasons;
    }
}
