package io.virttune.report;

import io.virttune.apply.journal.PredictedBesideTaken;
import io.virttune.text.Durations;
import io.virttune.text.WrappedText;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** After apply's results: each guest's copies and their verify as the plan predicted them, beside the time they took. */
public final class PredictedBesideTakenTable {
    private PredictedBesideTakenTable() {}

    /** Nothing when no guest moved this run was predicted. */
    public static void print(PrintWriter out, List<PredictedBesideTaken> domains, int width) {
        if (domains.isEmpty()) {
            return;
        }
        TextTable table =
                new TextTable("DOMAIN", "MOVE", "PREDICTED", "TOOK", "TOOK / PREDICTED", "PAUSE (PREDICTED)", "PAUSED");
        domains.forEach(domain -> table.row(
                domain.domain(),
                domain.live() ? "live" : "down",
                Durations.format(domain.predictedSeconds()),
                Durations.format(domain.tookSeconds()),
                String.format(Locale.ROOT, "%.2f", domain.ratio()),
                domain.pause()
                        .map(pause -> ScheduleText.pause(pause.predictedSeconds(), pause.predictedSwitchMillis()))
                        .orElse("-"),
                domain.pause().map(pause -> pause.tookMillis() + " ms").orElse("-")));
        out.println();
        WrappedText.lines(
                        "Predicted and taken: ",
                        "a guest down to move, its copies and their verify (its downtime); one moved live, its block"
                                + " copies (what they took includes each switch), and beside them how long it was"
                                + " paused for its switches; as the plan's schedule predicted them and as the journal"
                                + " timed them",
                        width)
                .forEach(out::println);
        table.render("  ", width).forEach(out::println);
    }
}
