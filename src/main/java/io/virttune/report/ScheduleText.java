package io.virttune.report;

import io.virttune.plan.Schedule;
import io.virttune.text.Bytes;
import io.virttune.text.Durations;
import io.virttune.text.WrappedText;
import java.util.ArrayList;
import java.util.List;

/** A plan's schedule as text: each shut-off guest's predicted downtime, by window. */
final class ScheduleText {
    private ScheduleText() {}

    /** The schedule's lines, its table aligned to {@code width}. */
    static List<String> lines(Schedule schedule, int width) {
        List<String> lines = new ArrayList<>();
        String window = schedule.windowSeconds() > 0 ? Durations.format(schedule.windowSeconds()) : "";
        lines.addAll(WrappedText.lines(
                "Schedule: ",
                "guests down to move, one after another, each copy and its verify at "
                        + Bytes.format(schedule.copyBytesPerSecond()) + "/s (" + schedule.rateBasis() + ")"
                        + (window.isEmpty() ? "" : "; windows of " + window),
                width));
        if (schedule.windows().isEmpty()) {
            lines.add("  no guest goes down to move: nothing to copy offline");
            return lines;
        }
        TextTable table = new TextTable("WINDOW", "DOMAIN", "DATA", "DOWN (PREDICTED)");
        List<String> tooLong = new ArrayList<>();
        for (Schedule.Window each : schedule.windows()) {
            for (Schedule.Slot slot : each.domains()) {
                table.row(
                        Integer.toString(each.number()),
                        slot.domain(),
                        Bytes.format(slot.dataBytes()),
                        Durations.format(slot.seconds()));
                if (schedule.windowSeconds() > 0 && slot.seconds() > schedule.windowSeconds()) {
                    tooLong.add(slot.domain() + " is predicted down " + Durations.format(slot.seconds())
                            + ", longer than a " + window + " window: window " + each.number()
                            + " is its own; plan it live (--live) or give it a longer window");
                }
            }
        }
        lines.addAll(table.render("  ", width));
        for (Schedule.Window each : schedule.windows()) {
            lines.add("  window " + each.number() + ": " + each.domains().size() + " guest(s) down "
                    + Durations.format(each.seconds()) + (window.isEmpty() ? "" : " of " + window));
        }
        tooLong.forEach(text -> lines.addAll(WrappedText.lines("  ! ", text, width)));
        return lines;
    }
}
