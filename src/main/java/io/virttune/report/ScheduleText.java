package io.virttune.report;

import io.virttune.plan.Schedule;
import io.virttune.text.Bytes;
import io.virttune.text.Durations;
import io.virttune.text.WrappedText;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A plan's schedule as text: each shut-off guest's predicted downtime by window, each live guest's
 * copy and pause, and the host's night, each disk's time with its basis.
 */
final class ScheduleText {
    private ScheduleText() {}

    /** The schedule's lines, its tables aligned to {@code width}. */
    static List<String> lines(Schedule schedule, int width) {
        List<String> lines = new ArrayList<>(offline(schedule, width));
        if (!schedule.live().isEmpty()) {
            lines.addAll(live(schedule, width));
        }
        lines.addAll(WrappedText.lines("This host: ", host(schedule), width));
        return lines;
    }

    private static List<String> offline(Schedule schedule, int width) {
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
        boolean capped = schedule.windows().stream()
                .flatMap(w -> w.domains().stream())
                .flatMap(slot -> slot.disks().stream())
                .anyMatch(Schedule.DiskTime::capped);
        TextTable table = table(capped, "WINDOW", "DOMAIN / DISK", "DATA", "COPY+VERIFY", "DOWN (PREDICTED)", "BASIS");
        List<String> tooLong = new ArrayList<>();
        for (Schedule.Window each : schedule.windows()) {
            for (Schedule.Slot slot : each.domains()) {
                row(
                        table,
                        capped,
                        "",
                        Integer.toString(each.number()),
                        slot.domain(),
                        Bytes.format(slot.dataBytes()),
                        "",
                        Durations.format(slot.seconds()));
                slot.disks()
                        .forEach(disk -> row(
                                table,
                                capped,
                                disk.basis(),
                                "",
                                "  " + disk.disk(),
                                Bytes.format(disk.dataBytes()),
                                Durations.format(disk.seconds()),
                                ""));
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
                    + Durations.format(each.seconds()) + (window.isEmpty() ? "" : " of " + window) + ", "
                    + Bytes.format(each.dataBytes()) + " copied");
        }
        tooLong.forEach(text -> lines.addAll(WrappedText.lines("  ! ", text, width)));
        return lines;
    }

    private static List<String> live(Schedule schedule, int width) {
        List<String> lines = new ArrayList<>(WrappedText.lines(
                "Live: ",
                "guests that keep running, each disk copied while the guest runs, as its mirror writes it (each"
                        + " disk's basis; the copy rate " + Bytes.format(schedule.copyBytesPerSecond()) + "/s, "
                        + schedule.rateBasis()
                        + "; what the guest writes meanwhile, which the copy copies again, counted"
                        + " where plan sampled it), then paused for each switch",
                width));
        TextTable table =
                table(true, "DOMAIN / DISK", "DATA", "MIRROR WRITES", "COPY (PREDICTED)", "PAUSE (PREDICTED)", "BASIS");
        Map<String, List<String>> pauses = new LinkedHashMap<>();
        for (Schedule.LiveGuest guest : schedule.live()) {
            row(
                    table,
                    true,
                    "",
                    guest.domain(),
                    Bytes.format(guest.dataBytes()),
                    Bytes.format(guest.disks().stream()
                            .mapToLong(Schedule.DiskTime::writtenBytes)
                            .sum()),
                    Durations.format(guest.copySeconds()),
                    pause(guest));
            guest.disks()
                    .forEach(disk -> row(
                            table,
                            true,
                            disk.basis(),
                            "  " + disk.disk(),
                            Bytes.format(disk.dataBytes()),
                            Bytes.format(disk.writtenBytes()),
                            Durations.format(disk.seconds()),
                            ""));
            pauses.computeIfAbsent(guest.pauseBasis(), basis -> new ArrayList<>())
                    .add(guest.domain());
        }
        lines.addAll(table.render("  ", width));
        pauses.forEach((basis, guests) ->
                lines.addAll(WrappedText.lines("  pause of " + String.join(", ", guests) + ": ", basis, width)));
        return lines;
    }

    /**
     * A table whose last column, each disk's basis, is there only when a cap decides some disk's time:
     * otherwise the heading's rate is every disk's basis.
     */
    private static TextTable table(boolean withBasis, String... columns) {
        return withBasis
                ? new TextTable(columns).wrapLast()
                : new TextTable(Arrays.copyOf(columns, columns.length - 1));
    }

    private static void row(TextTable table, boolean withBasis, String basis, String... cells) {
        if (withBasis) {
            List<String> all = new ArrayList<>(List.of(cells));
            all.add(basis);
            table.row(all.toArray(String[]::new));
        } else {
            table.row(cells);
        }
    }

    /** A live guest's predicted pause: its paused compares' and its switches', each where known. */
    static String pause(Schedule.LiveGuest guest) {
        return pause(guest.pauseSeconds(), guest.switchMillis());
    }

    /**
     * A pause of {@code compareSeconds} of paused compares and {@code switchMillis} of switches, the
     * latter "unknown" when 0 (no earlier switch journaled).
     */
    static String pause(long compareSeconds, long switchMillis) {
        String switches = switchMillis > 0 ? switchMillis + " ms" : "unknown";
        return compareSeconds > 0 ? Durations.format(compareSeconds) + " + " + switches : switches;
    }

    private static String host(Schedule schedule) {
        Schedule.HostTotals host = schedule.host();
        String down = host.guestsDown() == 0
                ? "no guest goes down to move"
                : host.guestsDown() + " guest(s) down " + Durations.format(host.downSeconds()) + " in all, one"
                        + " after another over " + schedule.windows().size() + " window(s), "
                        + Bytes.format(host.downDataBytes()) + " copied";
        if (host.guestsLive() == 0) {
            return down;
        }
        return down + "; " + host.guestsLive() + " guest(s) moved live, their copies "
                + Durations.format(host.liveCopySeconds()) + " one after another, " + mirrorsWriting(host)
                + ", each pause as above";
    }

    /** What a host's live copies write, which their times are predicted by, beside the data they read. */
    static String mirrorsWriting(Schedule.HostTotals host) {
        return "their mirrors writing " + Bytes.format(host.liveWrittenBytes()) + " ("
                + Bytes.format(host.liveDataBytes()) + " of data)";
    }
}
