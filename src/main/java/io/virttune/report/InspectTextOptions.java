package io.virttune.report;

import io.virttune.inspect.Severity;

/**
 * What an inspect text report shows and how wide: every finding's evidence or not, the least
 * severity shown, and the width to fit (0: no limit).
 */
public record InspectTextOptions(boolean verbose, Severity threshold, int width) {

    /** Everything, in whole lines. */
    public static InspectTextOptions all(boolean verbose) {
        return new InspectTextOptions(verbose, Severity.INFO, 0);
    }

    boolean shows(Severity severity) {
        return severity.compareTo(threshold) <= 0;
    }
}
