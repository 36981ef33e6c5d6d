package io.virttune.cli;

import io.virttune.apply.journal.PredictedBesideTaken;
import io.virttune.apply.ports.DomainResult;
import io.virttune.report.ApplyResultTable;
import io.virttune.report.PredictedBesideTakenTable;
import io.virttune.report.ResultsJsonReport;
import io.virttune.text.ProgressStyle;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * How apply, rollback and cleanup report: the progress and the final table on stdout, or with
 * --json the results alone on stdout and the progress on stderr, so that stdout parses.
 */
public final class ResultOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(
            names = "--json",
            description = "print the results as JSON (schema virt-tune/${COMMAND-NAME}, version 1);"
                    + " progress goes to stderr")
    boolean json;

    /** Where the lines written while the command runs go. */
    PrintWriter progress() {
        return json ? spec.commandLine().getErr() : spec.commandLine().getOut();
    }

    /** How the copies show their progress: events beside a JSON report, else for a person at a {@code terminal} or not. */
    ProgressStyle progressStyle(boolean terminal) {
        if (json) {
            return ProgressStyle.EVENTS;
        }
        return terminal ? ProgressStyle.BAR : ProgressStyle.LINES;
    }

    void print(boolean execute, List<DomainResult> results) {
        print(execute, results, List.of());
    }

    /** The results, each domain {@code predictions} names with its copies' predicted and actual time. */
    void print(boolean execute, List<DomainResult> results, List<PredictedBesideTaken> predictions) {
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.print(ResultsJsonReport.render(spec.name(), execute, results, predictions));
        } else {
            int width = ReportWidth.of(VirtTuneCommand.terminal(spec));
            ApplyResultTable.print(out, results, width);
            PredictedBesideTakenTable.print(out, predictions, width);
        }
        out.flush();
        progress().flush();
    }
}
